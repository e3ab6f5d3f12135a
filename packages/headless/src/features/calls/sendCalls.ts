import { type RequestErrorType, request, WalletRequestError } from '../../kernel/actions/request.js'
import type { Portico } from '../../kernel/portico.js'
import { getActiveConnection } from '../../kernel/state/activeConnection.js'
import {
  CallsNotSupportedError,
  type CallsNotSupportedErrorType,
  type CallsRejectedErrorType,
  InvalidCallError,
  type InvalidCallErrorType,
  toCallsError,
} from './errors.js'
import type { WalletCapabilities } from './getCapabilities.js'

/** One call of a batch. */
export type Call = {
  /** Starts with 0x (the spec): a 20-byte address. */
  to: `0x${string}`
  /** Starts with 0x when present (the spec). */
  data?: `0x${string}` | undefined
  /** In wei. */
  value?: bigint | undefined
}
export type SendCallsParameters = {
  calls: readonly Call[]
  /** Ask the wallet to run every call or none (EIP-5792 `atomicRequired`). Default `false`. */
  atomicRequired?: boolean | undefined
  /** Capabilities for the whole batch, e.g. `{ paymasterService: { url } }`. */
  capabilities?: WalletCapabilities | undefined
}
export type SendCallsReturnType = {
  /** The batch id to pass to `getCallsStatus`. */
  id: string
  capabilities?: Record<string, unknown> | undefined
}
export type SendCallsErrorType =
  | InvalidCallErrorType
  | CallsNotSupportedErrorType
  | CallsRejectedErrorType
  | RequestErrorType

const hex = (value: bigint) => `0x${value.toString(16)}`

/**
 * Sends a batch of calls from the connected eip155 account on its current network
 * (`wallet_sendCalls`, EIP-5792 version 2.0.0) and resolves with the wallet's batch id. Each call is
 * checked before the wallet is asked ('to' and data start with 0x, the spec's rule). A wallet
 * without EIP-5792 (or a session that did not approve it) gives `CallsNotSupportedError`; the
 * wallet's EIP-5792 refusals (e.g. 5760, atomicity not supported) give `CallsRejectedError`.
 *
 * @example
 * const { id } = await sendCalls(portico, {
 *   calls: [{ to: usdc, data: approveData }, { to: router, data: swapData }],
 * })
 * const status = await waitForCallsStatus(portico, { id })
 */
export async function sendCalls(portico: Portico, parameters: SendCallsParameters): Promise<SendCallsReturnType> {
  const { account } = getActiveConnection(portico, 'eip155')
  const calls = parameters.calls
  if (!Array.isArray(calls) || calls.length === 0) throw new InvalidCallError({ index: 0, field: 'calls' })
  const encoded = calls.map((call, index) => {
    if (typeof call?.to !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(call.to))
      throw new InvalidCallError({ index, field: 'to' })
    if (call.data !== undefined && (typeof call.data !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(call.data)))
      throw new InvalidCallError({ index, field: 'data' })
    if (call.value !== undefined && (typeof call.value !== 'bigint' || call.value < 0n))
      throw new InvalidCallError({ index, field: 'value' })
    const out: Record<string, string> = { to: call.to }
    if (call.data !== undefined) out.data = call.data
    if (call.value !== undefined) out.value = hex(call.value)
    return out
  })
  const chainId = hex(BigInt(account.caipNetworkId.split(':')[1] ?? '0'))
  let result: unknown
  try {
    result = await request(portico, {
      namespace: 'eip155',
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          from: account.address,
          chainId,
          atomicRequired: parameters.atomicRequired ?? false,
          calls: encoded,
          ...(parameters.capabilities ? { capabilities: parameters.capabilities } : {}),
        },
      ],
    })
  } catch (error) {
    throw toCallsError(error, (cause) => new CallsNotSupportedError({ method: 'wallet_sendCalls', cause }))
  }
  // Version 1 wallets answer with the id itself.
  if (typeof result === 'string' && result) return { id: result }
  const id = (result as { id?: unknown } | null)?.id
  if (typeof id !== 'string' || !id)
    throw new WalletRequestError({ method: 'wallet_sendCalls', cause: new Error('The wallet returned no batch id') })
  const capabilities = (result as { capabilities?: unknown }).capabilities
  return isRecord(capabilities) ? { id, capabilities } : { id }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
