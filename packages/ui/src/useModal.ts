import { useCallback, useMemo, useSyncExternalStore } from 'react'
import { usePorticoUI } from './context.js'
import { preloadModal } from './modal/loadModal.js'
import type { SwapViewData, ViewName } from './state/modalStore.js'

export type { SwapViewData, ViewName }

/** Views a host may open directly. `view` in the result is any {@link ViewName}. */
export type ModalView = Extract<
  ViewName,
  'Connect' | 'AllWallets' | 'Account' | 'Networks' | 'OnRampProviders' | 'Send' | 'Receive'
>

/** Views a host may open with data (the spec's "Swap can be opened with data"). */
export type ModalViewWithData = { view: 'Swap'; data?: SwapViewData | undefined }

/**
 * Opens and closes the prebuilt modal, optionally at a given view.
 *
 * @example
 * const { open, isOpen } = useModal()
 * <button onClick={() => open({ view: 'Networks' })}>Networks</button>
 * <button onClick={() => open({ view: 'OnRampProviders' })}>Buy crypto</button>
 * <button onClick={() => open({ view: 'Swap', data: { fromToken: 'ETH', toToken: 'USDC', amount: '0.1' } })}>Swap</button>
 */
export function useModal() {
  const { store } = usePorticoUI('useModal')
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState)
  const open = useCallback(
    (options: { view?: ModalView } | ModalViewWithData = {}) => {
      void preloadModal(options.view)
      if (options.view === 'Swap') {
        // Only the documented fields reach the view (its `step` is the flow's own).
        const { fromToken, toToken, amount } = options.data ?? {}
        return store.open({ view: 'Swap', data: { fromToken, toToken, amount } })
      }
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
