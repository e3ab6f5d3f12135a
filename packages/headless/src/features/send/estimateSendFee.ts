import type { NodeErrorType } from '../../kernel/errors/nodeError.js'
import type { Portico } from '../../kernel/portico.js'
import { formatUnits } from '../../kernel/utils/format.js'
import type { NameResolutionErrorType } from '../names/errors.js'
import { loadEvm, loadSolana } from './chainAccess.js'
import { assertFeeLeft } from './nativeFeeLeft.js'
import { prepareSendToken, type SendTokenParameters, type SendTokenValidationErrorType } from './prepareSendToken.js'
import { resolveReceiver } from './resolveReceiver.js'

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
 * units, as an exact decimal string, and in USD when the native price is known. The namespace's
 * chain code loads on the first quote.
 *
 * @example
 * const { formatted, symbol, usd } = await estimateSendFee(portico, { token: usdc, amount: '5', receiver })
 * // '0.000043' 'ETH' 0.12
 */
export async function estimateSendFee(
  portico: Portico,
  parameters: EstimateSendFeeParameters,
): Promise<EstimateSendFeeReturnType> {
  const prepared = prepareSendToken(portico, await resolveReceiver(portico, parameters))
  const { network, account } = prepared.connection
  const { symbol, decimals } = network.nativeCurrency
  const nativePrice =
    parameters.nativePrice ?? (parameters.token?.address === undefined ? parameters.token?.price : undefined)
  const result = (fee: bigint, extra: Partial<EstimateSendFeeReturnType>): EstimateSendFeeReturnType => {
    const formatted = formatUnits(fee, decimals)
    return {
      fee,
      formatted,
      symbol,
      decimals,
      usd:
        typeof nativePrice === 'number' && Number.isFinite(nativePrice) ? Number(formatted) * nativePrice : undefined,
      ...extra,
    }
  }
  const estimated = await estimate()
  // A native send must leave the fee: the same refusal `sendToken` makes, shown while the user types.
  assertFeeLeft({ token: prepared.token, units: prepared.units, fee: estimated.fee, symbol, decimals })
  return estimated

  async function estimate(): Promise<EstimateSendFeeReturnType> {
    try {
      if (prepared.namespace === 'eip155') {
        const evm = await loadEvm()
        const transaction = prepared.contract
          ? evm.erc20Transfer({ ...prepared, contract: prepared.contract })
          : { to: prepared.receiver, value: prepared.units }
        const { gas, feePerGas } = await evm.estimateEvmFee(evm.evmPublicClient(portico, network), {
          account: account.address as `0x${string}`,
          ...transaction,
        })
        return result(gas * feePerGas, { gas, feePerGas })
      }
      const solana = await loadSolana()
      const { fee, createsAccount, accountRent } = await solana.estimateSolanaTransfer({
        rpc: solana.solanaRpcFor(portico, network),
        from: account.address as never,
        to: prepared.receiver,
        amount: prepared.units,
        mint: prepared.mint,
        decimals: prepared.decimals,
      })
      // No fee: the cluster no longer knows the blockhash the message was built on (it expired meanwhile).
      if (fee === undefined) throw new Error('The cluster gave no fee for the message')
      return result(fee, { createsAccount, accountRent })
    } catch (error) {
      // viem's node errors name the failure; their code loads on this path only (as in sendTransaction).
      const { toNodeError } = await import('../../kernel/errors/nodeError.js')
      throw toNodeError(error)
    }
  }
}
