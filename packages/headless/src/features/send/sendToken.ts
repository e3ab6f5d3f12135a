import type { RequestErrorType } from '../../kernel/actions/request.js'
import type { NodeErrorType } from '../../kernel/errors/node.js'
import type { Portico } from '../../kernel/portico.js'
import type { NameResolutionErrorType } from '../names/errors.js'
import type {
  TooManyPendingTransactionsErrorType,
  TransactionConfirmationTimeoutErrorType,
  TransactionFailedErrorType,
} from './errors.js'
import type { SendTokenParameters, SendTokenValidationErrorType } from './prepareSendToken.js'

export type { SendTokenParameters, SendTokenValidationErrorType } from './prepareSendToken.js'
/** The EVM transaction hash or the Solana signature (base58). */
export type SendTokenReturnType = string
export type SendTokenErrorType =
  | SendTokenValidationErrorType
  | TooManyPendingTransactionsErrorType
  | RequestErrorType
  | NodeErrorType
  | TransactionFailedErrorType
  | TransactionConfirmationTimeoutErrorType
  | NameResolutionErrorType

/** The spec's limit on pending transactions. */
export const pendingTransactionsLimit = 99
/** How long an EVM transfer gets to be mined before the send gives up waiting. */
export const evmConfirmTimeoutMs = 120_000

/**
 * Sends a token from the connected wallet and waits until the chain confirms it, so balances read
 * afterwards include it. The input is validated before the wallet is asked (the spec's texts
 * 'An amount and receiver address are required' and 'A token is required', the receiver's format
 * for the namespace, the amount in exact base units against the token's decimals and balance, and
 * a receiver that is the token contract). Then, by the active namespace: eip155 sends the native
 * currency or calls the ERC20's `transfer`; solana sends SOL or an SPL `transferChecked`, creating
 * the receiver's associated token account when missing; anything else is 'Unsupported chain'.
 * Node and contract failures become typed errors ({@link toNodeError}); a user rejection is
 * `UserRejectedRequestError`. At most 99 sends may be pending at once (spec).
 *
 * @example
 * const [native, usdc] = await getBalance(portico)
 * const hash = await sendToken(portico, { token: usdc, amount: '12.5', receiver: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
 */
export async function sendToken(portico: Portico, parameters: SendTokenParameters): Promise<SendTokenReturnType> {
  // The body (viem's client, the Solana transaction kit) is its own chunk, loaded on the first
  // send: this module is reachable from every page through the package's entry.
  const { sendTokenNow } = await import('./sendTokenNow.js')
  return sendTokenNow(portico, parameters)
}
