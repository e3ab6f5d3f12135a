import { getFeatures } from '../../kernel/actions/getFeatures.js'
import type { Portico } from '../../kernel/portico.js'
import { SmartSessionsDisabledError } from './errors.js'

/**
 * One permission of an ERC-7715 request or grant: its type (`native-token-recurring-allowance`,
 * `erc20-token-recurring-allowance`, `contract-call`, or a wallet's own) and that type's data.
 */
export type PermissionItem = {
  type: string
  data: Record<string, unknown>
}

/** Where a grant lives: the connected wallet keeps and enforces it, or the hosted session service. */
export type PermissionSource = 'wallet' | 'hosted'

/**
 * A granted permission as the kit returns it, whichever method name or service it came from.
 * `context` is what a send names (`capabilities.permissions.context`) to act within the grant
 * without a prompt, and what revoking names.
 */
export type GrantedPermission = {
  /** The permissions context (the hosted service's `pci`): opaque, hex in practice. */
  context: string
  chainId: number
  /** The granting account. */
  address: string
  /** Unix seconds. */
  expiry: number
  permissions: readonly PermissionItem[]
  source: PermissionSource
}

/** @internal Every verb of the feature starts here: off (the spec's default) means nothing is asked. */
export function assertSmartSessions(portico: Portico): void {
  if (!getFeatures(portico).smartSessions) throw new SmartSessionsDisabledError()
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function readChainId(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{1,16}$/.test(value)) return Number(BigInt(value))
  if (typeof value === 'string' && /^eip155:\d{1,16}$/.test(value)) return Number(value.slice(7))
  return undefined
}

function readItems(value: unknown): PermissionItem[] | undefined {
  if (!Array.isArray(value)) return undefined
  const items: PermissionItem[] = []
  for (const entry of value.slice(0, 32)) {
    if (!isRecord(entry) || typeof entry.type !== 'string' || !entry.type) return undefined
    items.push({ type: entry.type, data: isRecord(entry.data) ? entry.data : {} })
  }
  return items.length ? items : undefined
}

/**
 * @internal
 * A grant as a wallet or the hosted service describes it, read defensively: the original draft's
 * shape (`permissionsContext`, `permissions[]`, `expiry`), the newer one (`context`, one
 * `permission`, an `expiry` rule) and the hosted service's (`pci`). Anything without a context,
 * chain, expiry or permission is `undefined` (the caller says why).
 */
export function readGrant(
  raw: unknown,
  fallback: { chainId: number | undefined; address: string; source: PermissionSource },
): GrantedPermission | undefined {
  if (!isRecord(raw)) return undefined
  const context = [raw.permissionsContext, raw.context, raw.pci].find(
    (v): v is string => typeof v === 'string' && v.length > 0 && v.length <= 4096,
  )
  if (!context) return undefined
  const chainId = readChainId(raw.chainId) ?? fallback.chainId
  const expiryRule = Array.isArray(raw.rules)
    ? (raw.rules as unknown[]).find((r) => isRecord(r) && r.type === 'expiry')
    : undefined
  const expiryValue =
    raw.expiry ?? (isRecord(expiryRule) && isRecord(expiryRule.data) ? expiryRule.data.timestamp : undefined)
  const expiry = typeof expiryValue === 'number' && Number.isFinite(expiryValue) ? expiryValue : undefined
  const permissions =
    readItems(raw.permissions) ??
    readItems(raw.grantedPermissions) ??
    (isRecord(raw.permission) ? readItems([raw.permission]) : undefined)
  const address = [raw.address, raw.from].find(
    (v): v is string => typeof v === 'string' && /^0x[0-9a-fA-F]{40}$/.test(v),
  )
  if (chainId === undefined || expiry === undefined || !permissions) return undefined
  return { context, chainId, address: address ?? fallback.address, expiry, permissions, source: fallback.source }
}
