import { usePortico } from '@portico/headless'
import { useCallback } from 'react'
import { usePorticoUI } from './context.js'
import type { PayRequest, PayResult } from './features/pay/payRequest.js'
import { PayUnavailableError } from './features/pay/unavailable.js'
import { preloadView } from './modal/views.js'

export type { PayRequest, PayResult }

/**
 * Asks the user to pay: `pay({ amount, token, receiver })` opens the pay panel (feature flag
 * `pay`, off by default) showing the amount, token, receiver and network fee read-only, with the
 * Send feature's balance check and wallet prompt. It resolves with `{ hash }` once the chain
 * confirmed the transfer. It rejects, without opening anything, with `PayDisabledError` when the
 * flag is off and with the Send feature's typed errors for bad input ('An amount and receiver
 * address are required', 'A token is required', 'Address is invalid', `InvalidTokenError`,
 * `InvalidAmountError`) and with `PayInProgressError` while the wallet still has an earlier
 * payment (that one keeps its own outcome) and with `PayUnavailableError` when the panel's code
 * could not be loaded (offline; a later call fetches it anew); once open, with `PayClosedError` when the modal is closed before Pay is pressed and with
 * the wallet's or the node's error (e.g. `UserRejectedRequestError`) when paying fails. Tell them
 * apart by `error.name`. The panel's code loads on the first call, not at page start.
 *
 * @example
 * const pay = usePay()
 * const onClick = async () => {
 *   try {
 *     const { hash } = await pay({ amount: '5', token: '0xA0b8…eB48', receiver: '0x7099…79C8' })
 *     console.log('paid in', hash)
 *   } catch (error) {
 *     if ((error as Error).name === 'PayClosedError') return // the user changed their mind
 *     throw error
 *   }
 * }
 */
export function usePay(): (request: PayRequest) => Promise<PayResult> {
  const { modal } = usePorticoUI('usePay')
  const { portico, queryClient } = usePortico('usePay')
  return useCallback(
    async (request: PayRequest) => {
      // The panel's chunk carries the request's checks (`PayView.pay`): page start holds only this
      // hook and the view's slot, not a second chunk name of its own.
      const view = (await preloadView(modal.table, 'Pay').catch((cause: unknown) => {
        throw new PayUnavailableError({ cause })
      })) as unknown as typeof import('./features/pay/PayView.js').PayView
      return view.pay({ portico, queryClient, modal }, request)
    },
    [modal, portico, queryClient],
  )
}
