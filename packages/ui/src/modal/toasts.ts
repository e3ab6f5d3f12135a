import { usePorticoUI } from '../context.js'
import { createStore, useStore } from '../utils/store.js'

export type ToastVariant = 'loading' | 'success' | 'error'
export type Toast = { id: number; variant: ToastVariant; message: string }
export type ToastState = {
  toast: Toast | undefined
  /** While a replacement waits out the exit of the toast shown. */
  leaving: boolean
}

/** Spec: a new toast replaces an open one after 150 ms. */
export const toastReplaceDelayMs = 150
/** How long success and error toasts stay. Loading toasts stay until replaced or dismissed. */
export const toastDurationMs = 2_500

/**
 * @internal
 * One modal's toasts (the spec: one at a time; a new one replaces the one shown after 150 ms).
 * Made per modal on first use (`modal.local(createToasts)`, see {@link useToasts}).
 *
 * @example
 * const toasts = createToasts()
 * toasts.show('success', 'Address copied')
 */
export function createToasts() {
  const { get, set, subscribe } = createStore<ToastState>({ toast: undefined, leaving: false })
  let timer: ReturnType<typeof setTimeout> | undefined
  let nextId = 1
  const toasts = {
    get,
    subscribe,
    /** Id of the last alert shown as a toast: replays (remounts, StrictMode) must not show it again. */
    lastAlertShown: 0,
    show(variant: ToastVariant, message: string) {
      clearTimeout(timer)
      const toast: Toast = { id: nextId++, variant, message }
      const show = () => {
        set({ toast, leaving: false })
        if (variant !== 'loading') timer = setTimeout(() => toasts.dismiss(toast.id), toastDurationMs)
      }
      const shown = get()
      if (!shown.toast && !shown.leaving) return show()
      if (!shown.leaving) set({ toast: shown.toast, leaving: true })
      timer = setTimeout(show, toastReplaceDelayMs)
    },
    /** Dismisses the toast `id` (any toast when omitted). */
    dismiss(id?: number) {
      if (id !== undefined && get().toast?.id !== id) return
      clearTimeout(timer)
      set({ toast: undefined, leaving: false })
    },
  }
  return toasts
}

export type Toasts = ReturnType<typeof createToasts>

/**
 * @internal This modal's toasts, to show one from a view.
 *
 * @example
 * const toasts = useToasts()
 * toasts.show('error', messages.copyFailed)
 */
export function useToasts(): Toasts {
  return usePorticoUI('useToasts').modal.local(createToasts)
}

/** @internal The toast shown now, re-rendering on change (the Toaster). */
export function useToastState(): ToastState {
  return useStore(useToasts())
}
