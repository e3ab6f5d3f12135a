import { BaseError, useConnection, useNetwork } from '@portico/headless'
import { useCallback, useMemo, useSyncExternalStore } from 'react'
import { usePorticoUI } from './context.js'
import type { viewTable } from './features/index.js'
import type { SwapViewData } from './features/swap/swapForm.js'
import { preloadModal } from './modal/loadModal.js'
import { shownView } from './modal/navigation.js'
import { useStore } from './utils/store.js'

export type { SwapViewData }

/** Names of the modal's views. */
export type ViewName = keyof typeof viewTable.views

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
  const { modal } = usePorticoUI('useModal')
  const isOpen = useSyncExternalStore(modal.subscribeOpen, modal.isOpen, modal.isOpen)
  const { history } = useStore(modal.navigation)
  const { isConnected } = useConnection()
  const { showUnsupportedView } = useNetwork()
  const top = history[history.length - 1] ?? { view: 'Connect' }
  const view = shownView(top, { isConnected, showUnsupported: showUnsupportedView }).view
  const open = useCallback(
    (options: { view?: ModalView } | ModalViewWithData = {}) => {
      // A name the modal does not have (a JavaScript host, a typo the types did not see) fails here,
      // as a Portico error, not deep inside the kit. No class of its own: it would be page start.
      if (options.view !== undefined && !Object.hasOwn(modal.table.views, options.view))
        throw new BaseError(`The modal has no view "${options.view}".`)
      void preloadModal(modal.table, options.view)
      if (options.view === 'Swap') {
        // Only the documented fields reach the view (its `step` is the flow's own).
        const { fromToken, toToken, amount } = options.data ?? {}
        return modal.open({ view: 'Swap', data: { fromToken, toToken, amount } })
      }
      modal.open(options.view ? { view: options.view } : undefined)
    },
    [modal],
  )
  return useMemo(() => ({ isOpen, view, open, close: modal.close }), [isOpen, view, open, modal])
}
