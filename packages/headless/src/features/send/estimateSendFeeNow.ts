import { createPublicClient, formatUnits, http } from 'viem'
import { rpcTimeoutMs } from '../../kernel/adapters/rpcDefaults.js'
import { buildSolanaTransfer } from '../../kernel/adapters/solana/solanaTransfer.js'
import { rpcUrlFor } from '../../kernel/api/rpcUrl.js'
import { toNodeError, UnknownNodeError } from '../../kernel/errors/node.js'
import type { Portico } from '../../kernel/portico.js'
import type { EstimateSendFeeParameters, EstimateSendFeeReturnType } from './estimateSendFee.js'
import { prepareSendToken } from './prepareSendToken.js'
import { resolveReceiver } from './resolveReceiver.js'
import { solanaRpc } from './sendTokenNow.js'

/** Bytes of an SPL token account (what its rent-exempt deposit is computed for). */
const tokenAccountSize = 165n

/**
 * @internal The body of {@link estimateSendFee}, loaded on the first quote (viem's client and the
 * Solana transaction builders stay off the page until then).
 */
export async function estimateSendFeeNow(
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
  try {
    if (prepared.namespace === 'eip155') {
      const url = rpcUrlFor(portico, network)
      const client = createPublicClient({ transport: http(url, { timeout: rpcTimeoutMs }) })
      const [gas, feePerGas] = await Promise.all([
        client.estimateGas({ account: account.address as `0x${string}`, ...prepared.transaction }),
        client.getGasPrice(),
      ])
      return result(gas * feePerGas, { gas, feePerGas })
    }
    const rpc = solanaRpc(portico, network)
    const { message, createsAccount } = await buildSolanaTransfer({
      rpc,
      from: account.address as never,
      to: prepared.receiver,
      amount: prepared.units,
      mint: prepared.mint,
      decimals: prepared.decimals,
    })
    const abortSignal = AbortSignal.timeout(rpcTimeoutMs)
    const [{ value }, accountRent] = await Promise.all([
      rpc.getFeeForMessage(message).send({ abortSignal }),
      createsAccount ? rpc.getMinimumBalanceForRentExemption(tokenAccountSize).send({ abortSignal }) : undefined,
    ])
    // null: the cluster no longer knows the blockhash the message was built on (it expired meanwhile).
    if (value === null) throw new UnknownNodeError({ cause: new Error('The cluster gave no fee for the message') })
    return result(BigInt(value), {
      createsAccount,
      accountRent: accountRent === undefined ? undefined : BigInt(accountRent),
    })
  } catch (error) {
    throw toNodeError(error)
  }
}
