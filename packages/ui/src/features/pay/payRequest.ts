import {
  balanceQueryOptions,
  getConnection,
  getFeatures,
  InvalidAddressError,
  isAddressForNamespace,
  NotConnectedError,
  type Portico,
  type TokenBalance,
} from '@portico/headless'
import { InvalidTokenError, parseAmount, SendParametersRequiredError, TokenRequiredError } from '@portico/headless/send'
import type { QueryClient } from '@tanstack/react-query'
import type { ModalController } from '../../modal/controller.js'
import { PayClosedError, PayDisabledError, PayInProgressError } from './errors.js'

/**
 * What a host asks the user to pay with `usePay()`: an amount of a token to a receiver, on the
 * connected network.
 */
export type PayRequest = {
  /** A plain decimal amount in whole tokens, as the Send form takes it, e.g. `'1.5'`. */
  amount: string
  /** `'native'` for the network's native currency, or a token's contract address. */
  token: string
  /** The receiver's address in the connected network's format. */
  receiver: string
}

/** What the host's `pay(request)` resolves with: the transaction, once the chain confirmed it. */
export type PayResult = {
  /** The transaction hash (EVM) or signature (Solana). */
  hash: string
}

/** The host's promise of the open pay panel, settled once by the panel or by closing the modal. */
type Pending = { resolve(result: PayResult): void; reject(error: unknown): void }

/**
 * @internal The balance a pay request's `token` names: `'native'` is the network's currency, an
 * address matches in any case. The request's check and the panel read it the same way.
 *
 * @example
 * findPayToken(balances, 'native') // the ETH row on an EVM network
 */
export function findPayToken(balances: readonly TokenBalance[], token: string): TokenBalance | undefined {
  const wanted = token.toLowerCase()
  return balances.find((b) => (wanted === 'native' ? b.address === undefined : b.address?.toLowerCase() === wanted))
}

/** @internal This modal's pay request still waiting for its outcome (one at a time). */
export const payState = () => ({
  pending: undefined as Pending | undefined,
  /**
   * Pay was pressed and the send has not settled: closing now would not stop the transfer, and
   * the send's outcome belongs to this request (see {@link PayInProgressError}).
   */
  sending: false,
})

/**
 * @internal
 * Checks a host's pay request, then opens the pay panel on it and returns the host's promise.
 * Refused before anything opens: the `pay` flag off ({@link PayDisabledError}), an earlier
 * payment the wallet still has ({@link PayInProgressError}), no wallet
 * connected, a missing amount or receiver ('An amount and receiver address are required'), a
 * missing token ('A token is required'), a receiver not in the network's address format
 * ('Address is invalid'), a token the connected network does not list (`InvalidTokenError`) and
 * an amount the token cannot represent (`InvalidAmountError`). The promise resolves with the hash
 * once the chain confirmed the transfer, rejects with the wallet's or the node's error when the
 * payment fails, and with {@link PayClosedError} when the modal closes before Pay is pressed
 * (closed while the wallet has the transfer, it settles with the transfer's outcome).
 *
 * @example
 * const { hash } = await startPay({ portico, queryClient, modal }, { amount: '5', token: usdc, receiver })
 */
export async function startPay(
  { portico, queryClient, modal }: { portico: Portico; queryClient: QueryClient; modal: ModalController },
  request: PayRequest,
): Promise<PayResult> {
  if (!getFeatures(portico).pay) throw new PayDisabledError()
  const state = modal.local(payState)
  // The wallet has an earlier payment: replacing its request would hand that transfer's outcome
  // to this one and report the earlier one as closed although it went out.
  if (state.sending) throw new PayInProgressError()
  const amount = typeof request?.amount === 'string' ? request.amount.trim() : ''
  const receiver = typeof request?.receiver === 'string' ? request.receiver.trim() : ''
  const token = typeof request?.token === 'string' ? request.token.trim() : ''
  if (!amount || !receiver) throw new SendParametersRequiredError()
  if (!token) throw new TokenRequiredError()
  const connection = getConnection(portico)
  if (!connection.address || !connection.caipNetworkId || !connection.namespace) throw new NotConnectedError()
  if (!isAddressForNamespace(connection.namespace, receiver))
    throw new InvalidAddressError({ address: receiver, namespace: connection.namespace })
  const balances = await queryClient.fetchQuery(
    balanceQueryOptions(portico, { address: connection.address, caipNetworkId: connection.caipNetworkId }),
  )
  const found = findPayToken(balances, token)
  if (!found)
    throw new InvalidTokenError({
      details: `${token} is not a token of ${connection.network?.name ?? connection.caipNetworkId}.`,
    })
  parseAmount(amount, Number(found.quantity.decimals))

  if (state.sending) throw new PayInProgressError()
  // A new request replaces one the host left waiting: that one is given up as closed.
  state.pending?.reject(new PayClosedError())
  return new Promise<PayResult>((resolve, reject) => {
    // The modal closing (the user, or the host's own `open` prop) gives the payment up, unless the
    // wallet already has it: then the send's outcome is the host's answer, the modal open or not.
    const stop = modal.subscribeOpen(() => {
      if (!modal.isOpen() && !state.sending) pending.reject(new PayClosedError())
    })
    const pending: Pending = {
      resolve(result) {
        stop()
        if (state.pending === pending) state.pending = undefined
        resolve(result)
      },
      reject(error) {
        stop()
        if (state.pending === pending) state.pending = undefined
        reject(error)
      },
    }
    state.pending = pending
    modal.open({ view: 'Pay', data: { amount, token: found.address ?? 'native', receiver } })
  })
}
