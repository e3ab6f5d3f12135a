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
import { getCapabilities, type WalletCapabilities } from './getCapabilities.js'

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
 * Gas sponsorship: when the host configured a paymaster for the active network
 * (`paymasterMap`) and the caller gave no `paymasterService`, the wallet is asked
 * (`wallet_getCapabilities`) whether it takes a paymaster on that chain; a smart wallet that
 * reports `paymasterService: { supported: true }` gets `paymasterService: { url }` (ERC-7677) and
 * the host's paymaster pays the gas. A wallet that does not report it gets no capability.
 *
 * @example
 * const { id } = await sendCalls(portico, {
 *   calls: [{ to: usdc, data: approveData }, { to: router, data: swapData }],
 * })
 * const status = await waitForCallsStatus(portico, { id })
 *
 * @example
 * // createPortico({ ..., paymasterMap: { 'eip155:8453': 'https://paymaster.example/base' } })
 * // A smart wallet reporting paymasterService on Base is sent { paymasterService: { url } }.
 * const { id } = await sendCalls(portico, { calls: [{ to: usdc, data: transferData }] })
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
  const reference = BigInt(account.caipNetworkId.split(':')[1] ?? '0')
  const chainId = hex(reference)
  const requested = await withHostPaymaster(portico, account.caipNetworkId, Number(reference), parameters.capabilities)
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
          ...(requested ? { capabilities: requested } : {}),
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

/**
 * The caller's capabilities, plus the host's paymaster (`paymasterMap`) for a wallet that reports
 * `paymasterService` on the chain. The caller's own `paymasterService` always wins. A wallet whose
 * capabilities cannot be read is treated as one without a paymaster: sending decides the rest.
 */
async function withHostPaymaster(
  portico: Portico,
  caipNetworkId: string,
  chainId: number,
  capabilities: WalletCapabilities | undefined,
): Promise<Record<string, unknown> | undefined> {
  const url = portico.options.paymasterMap[caipNetworkId]
  if (!url || capabilities?.paymasterService) return capabilities
  const reported = await getCapabilities(portico, { chainIds: [chainId] }).catch(() => undefined)
  if (reported?.[chainId]?.paymasterService?.supported !== true) return capabilities
  return { ...capabilities, paymasterService: { url } }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
