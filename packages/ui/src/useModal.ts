import { useCallback, useMemo, useSyncExternalStore } from 'react'
import { usePorticoUI } from './context.js'
import { preloadModal } from './modal/loadModal.js'
import type { ViewName } from './state/modalStore.js'

export type { ViewName }

/** Views a host may open directly. `view` in the result is any {@link ViewName}. */
export type ModalView = Extract<ViewName, 'Connect' | 'AllWallets' | 'Account' | 'Networks' | 'Send' | 'Receive'>

/**
 * Opens and closes the prebuilt modal, optionally at a given view.
 *
 * @example
 * const { open, isOpen } = useModal()
 * <button onClick={() => open({ view: 'Networks' })}>Networks</button>
 */
export function useModal() {
  const { store } = usePorticoUI('useModal')
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState)
  const open = useCallback(
    (options: { view?: ModalView } = {}) => {
      void preloadModal(options.view)
      store.open(options.view ? { view: options.view } : undefined)
    },
    [store],
  )
  return useMemo(
    () => ({
      isOpen: state.open,
      view: state.history[state.history.length - 1]?.view ?? 'Connect',
      open,
      close: store.close,
    }),
    [state, open, store],
  )
}
