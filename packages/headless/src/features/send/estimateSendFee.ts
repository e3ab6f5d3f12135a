import type { NodeErrorType } from '../../kernel/errors/node.js'
import type { Portico } from '../../kernel/portico.js'
import type { NameResolutionErrorType } from '../names/errors.js'
import type { SendTokenParameters, SendTokenValidationErrorType } from './prepareSendToken.js'

export type EstimateSendFeeParameters = SendTokenParameters & {
  /**
   * USD price of the native currency, for `usd`. Default: `token.price` when the token is the
   * native currency (balances from the blockchain API carry prices).
   */
  nativePrice?: number | undefined
}
export type EstimateSendFeeReturnType = {
  /** The network fee in the native currency's base units (wei, lamports). */
  fee: bigint
  /** `fee` as a decimal string in whole native units (exact). */
  formatted: string
  /** The native currency's symbol. */
  symbol: string
  decimals: number
  /** The fee in USD, when a native price is known. */
  usd: number | undefined
  /** EVM: the estimated gas and the fee per gas it was multiplied by. */
  gas?: bigint | undefined
  feePerGas?: bigint | undefined
  /** Solana: whether the send creates the receiver's token account. */
  createsAccount?: boolean | undefined
  /** Solana: the rent-exempt deposit (lamports) the sender pays for that account; not part of `fee`. */
  accountRent?: bigint | undefined
}
export type EstimateSendFeeErrorType = SendTokenValidationErrorType | NodeErrorType | NameResolutionErrorType

/**
 * Estimates the network fee of a {@link sendToken} with the same inputs, validated the same way:
 * on eip155 the gas the node estimates for the transfer times the current gas price; on solana the
 * cluster's fee for the transfer message (`getFeeForMessage`). The fee is given in native base
 * units, as an exact decimal string, and in USD when the native price is known.
 *
 * @example
 * const { formatted, symbol, usd } = await estimateSendFee(portico, { token: usdc, amount: '5', receiver })
 * // '0.000043' 'ETH' 0.12
 */
export async function estimateSendFee(
  portico: Portico,
  parameters: EstimateSendFeeParameters,
): Promise<EstimateSendFeeReturnType> {
  // The body is its own chunk (see sendToken): loaded on the first quote.
  const { estimateSendFeeNow } = await import('./estimateSendFeeNow.js')
  return estimateSendFeeNow(portico, parameters)
}
