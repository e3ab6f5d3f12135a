// Type only: the mapping (viem's) loads on the error path, so sending adds nothing to page start.
import type { NodeErrorType } from '../errors/nodeError.js'
import type { Portico } from '../portico.js'
import { getActiveConnection } from '../state/activeConnection.js'
import { isTransactionHash } from '../utils/validation.js'
import { type RequestErrorType, request, WalletRequestError } from './request.js'

export type SendTransactionParameters = {
  to: `0x${string}`
  /** In wei. */
  value?: bigint | undefined
  data?: `0x${string}` | undefined
  gas?: bigint | undefined
  /** Default: the wallet picks the account's next nonce. */
  nonce?: number | undefined
}
export type SendTransactionReturnType = `0x${string}`
export type SendTransactionErrorType = RequestErrorType | NodeErrorType

const hex = (value: bigint) => `0x${value.toString(16)}`

/**
 * Asks the connected eip155 wallet to sign and send a transaction (`eth_sendTransaction`) from
 * the active account on its current network; resolves with the transaction hash. Node and contract
 * errors the wallet passes on become typed errors ({@link NodeErrorType}: `NonceTooLowError`,
 * `InsufficientFundsError`, `ExecutionRevertedError`…); a user rejection stays `UserRejectedRequestError`.
 *
 * @example
 * const hash = await sendTransaction(portico, { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: 10n ** 15n })
 */
export async function sendTransaction(
  portico: Portico,
  { to, value, data, gas, nonce }: SendTransactionParameters,
): Promise<SendTransactionReturnType> {
  const { account } = getActiveConnection(portico, 'eip155')
  const transaction: Record<string, string> = { from: account.address, to }
  if (value !== undefined) transaction.value = hex(value)
  if (data !== undefined) transaction.data = data
  if (gas !== undefined) transaction.gas = hex(gas)
  if (nonce !== undefined) transaction.nonce = hex(BigInt(nonce))
  let hash: unknown
  try {
    hash = await request(portico, { namespace: 'eip155', method: 'eth_sendTransaction', params: [transaction] })
  } catch (error) {
    // Node and contract failures (nonce too low, insufficient funds, execution reverted…) reach
    // us as the wallet's JSON-RPC error; viem names them, and its code loads on this path only.
    const { toNodeError } = await import('../errors/nodeError.js')
    throw toNodeError(error)
  }
  if (!isTransactionHash(hash))
    throw new WalletRequestError({
      method: 'eth_sendTransaction',
      cause: new Error('The wallet returned no transaction hash'),
    })
  return hash
}
