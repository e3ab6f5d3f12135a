import { type RequestErrorType, request } from '../../kernel/actions/request.js'
import type { Portico } from '../../kernel/portico.js'
import { getActiveConnection } from '../../kernel/state/activeConnection.js'
import {
  CallsNotSupportedError,
  type CallsNotSupportedErrorType,
  CapabilitiesAddressRequiredError,
  type CapabilitiesAddressRequiredErrorType,
  toCallsError,
} from './errors.js'

/** The capability keys the spec names. */
export const capabilityKeys = ['atomic', 'flow-control', 'paymasterService', 'sessionKeys', 'auxiliaryFunds'] as const

/** What a wallet can do on one chain (EIP-5792 capabilities); wallets may add their own keys. */
export type WalletCapabilities = {
  /** EIP-5792: whether a batch can run atomically (`ready`: after an account upgrade the wallet offers). */
  atomic?: { status: 'supported' | 'ready' | 'unsupported' } | undefined
  /** ERC-7867: what happens to later calls when one fails. */
  'flow-control'?: { supported: boolean; [key: string]: unknown } | undefined
  /** ERC-7677: gas paid by a paymaster. */
  paymasterService?: { supported: boolean; [key: string]: unknown } | undefined
  /** ERC-7715 style session keys. */
  sessionKeys?: { supported: boolean; [key: string]: unknown } | undefined
  /** ERC-7682: the wallet has funds beyond the visible balance. */
  auxiliaryFunds?: { supported: boolean; [key: string]: unknown } | undefined
  [key: string]: unknown
}
export type GetCapabilitiesParameters = {
  /** Default: the connected eip155 account. The spec: a capabilities request needs an address. */
  address?: string | undefined
  /** Numeric chain ids to ask about. Default: every chain the wallet reports. */
  chainIds?: readonly number[] | undefined
}
/** Capabilities per numeric chain id. */
export type GetCapabilitiesReturnType = Record<number, WalletCapabilities>
export type GetCapabilitiesErrorType =
  | CapabilitiesAddressRequiredErrorType
  | CallsNotSupportedErrorType
  | RequestErrorType

/**
 * Asks the connected eip155 wallet what it can do per chain (`wallet_getCapabilities`, EIP-5792):
 * atomic batches, flow control, paymasters, session keys, auxiliary funds. The wallet's answer is
 * read defensively: chain ids must be hex, entries objects, and known keys of the right shape
 * (others are dropped). A wallet without EIP-5792 gives `CallsNotSupportedError`.
 *
 * @example
 * const capabilities = await getCapabilities(portico, { chainIds: [8453] })
 * if (capabilities[8453]?.atomic?.status === 'supported') await sendCalls(portico, { calls, atomicRequired: true })
 */
export async function getCapabilities(
  portico: Portico,
  parameters: GetCapabilitiesParameters = {},
): Promise<GetCapabilitiesReturnType> {
  const { account } = getActiveConnection(portico, 'eip155')
  const address = parameters.address ?? account.address
  if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address))
    throw new CapabilitiesAddressRequiredError({ address })
  const chainIds = parameters.chainIds?.map((id) => `0x${id.toString(16)}`)
  let result: unknown
  try {
    result = await request(portico, {
      namespace: 'eip155',
      method: 'wallet_getCapabilities',
      params: chainIds ? [address, chainIds] : [address],
    })
  } catch (error) {
    throw toCallsError(error, (cause) => new CallsNotSupportedError({ method: 'wallet_getCapabilities', cause }))
  }
  const capabilities: GetCapabilitiesReturnType = {}
  if (!isRecord(result)) return capabilities
  for (const [key, value] of Object.entries(result)) {
    if (!/^0x[0-9a-fA-F]+$/.test(key) || !isRecord(value)) continue
    capabilities[Number(BigInt(key))] = readCapabilities(value)
  }
  return capabilities
}

function readCapabilities(value: Record<string, unknown>): WalletCapabilities {
  const out: WalletCapabilities = {}
  for (const [key, entry] of Object.entries(value)) {
    if (!isRecord(entry)) continue
    if (key === 'atomic') {
      if (entry.status === 'supported' || entry.status === 'ready' || entry.status === 'unsupported')
        out.atomic = { status: entry.status }
      continue
    }
    if ((capabilityKeys as readonly string[]).includes(key) && typeof entry.supported !== 'boolean') continue
    out[key] = entry
  }
  return out
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
