/**
 * Permission grants (ERC-7715) in the devnet web wallet, by the embedded wallet's rules (the same
 * module from `@portico/secure`: the request's schema, recurring allowances, calls matched against a
 * grant, all of a batch summed): a dapp granted an allowance sends within it with no prompt; beyond
 * it, after the expiry or once revoked, the send is prompted like any other. Grants are kept per
 * wallet (in memory) and per dapp origin: only the origin a grant was made to can use, list or
 * revoke it.
 */
import {
  type Grant,
  type Call as GrantCall,
  GrantRequestError,
  type Spend as GrantSpend,
  matchCalls,
  parseGrantRequest,
  recordSpends,
} from '@portico/secure/permissions'
import { bytesToHex } from 'viem'
import { DevnetWalletError } from './signers.js'

/** Permission types the wallet grants and enforces (advertised in `wallet_getCapabilities`). */
export const devnetPermissionTypes = [
  'native-token-recurring-allowance',
  'erc20-token-recurring-allowance',
  'contract-call',
] as const

/** What a send names: `capabilities.permissions` with a context, and whether the dapp insists. */
export function permissionsCapability(params: unknown): { context: string; optional: boolean } | undefined {
  const batch = (Array.isArray(params) ? params[0] : undefined) as { capabilities?: unknown } | undefined
  const permissions = (batch?.capabilities as { permissions?: { context?: unknown; optional?: unknown } } | undefined)
    ?.permissions
  if (typeof permissions?.context !== 'string') return undefined
  return { context: permissions.context, optional: permissions.optional !== false }
}

/** The batch without its `permissions` capability (the wallet acted on it; the send itself has none). */
export function withoutPermissionsCapability(params: unknown): unknown {
  if (!Array.isArray(params) || typeof params[0] !== 'object' || params[0] === null) return params
  const [batch, ...rest] = params as [Record<string, unknown>, ...unknown[]]
  const { permissions: _used, ...capabilities } = (batch.capabilities ?? {}) as Record<string, unknown>
  return [{ ...batch, capabilities }, ...rest]
}

/** The calls of a `wallet_sendCalls` batch, for matching. */
export function callsOf(params: unknown): GrantCall[] {
  const batch = (Array.isArray(params) ? params[0] : undefined) as { calls?: unknown } | undefined
  if (!Array.isArray(batch?.calls)) return []
  return batch.calls.map((raw) => {
    const call = (raw ?? {}) as { to?: unknown; value?: unknown; data?: unknown }
    let value: bigint | undefined
    try {
      value = typeof call.value === 'string' || typeof call.value === 'number' ? BigInt(call.value) : undefined
    } catch {
      value = undefined
    }
    return {
      to: typeof call.to === 'string' ? call.to : undefined,
      value,
      data: typeof call.data === 'string' ? (call.data as `0x${string}`) : undefined,
    }
  })
}

const grantResponse = (grant: Grant, signer: unknown) => ({
  chainId: `0x${grant.chainId.toString(16)}`,
  address: grant.account,
  expiry: grant.expiry,
  signer,
  permissions: grant.permissions,
  grantedPermissions: grant.permissions,
  permissionsContext: grant.id,
  context: grant.id,
})

/** The spend a covered send reserved from a grant. */
export type GrantUse = { grant: string; spends: GrantSpend[] }

/**
 * One wallet's grants.
 *
 * @example
 * ```ts
 * const grants = createDevnetGrants()
 * const response = grants.grant({ params, origin, account, chainId })
 * ```
 */
export interface DevnetGrants {
  /** Stores an approved `wallet_grantPermissions` request; answers as the embedded wallet does. */
  grant(request: { params: unknown; origin: string; account: string; chainId: number }): unknown
  /** `wallet_revokePermissions` [{ permissionsContext }]: only the origin it was granted to. */
  revoke(request: { params: unknown; origin: string }): Record<string, never>
  /** This origin's running grants for the account and chain (`wallet_getGrantedExecutionPermissions`). */
  list(request: { origin: string; account: string; chainId: number }): unknown[]
  /**
   * Reserves the spend of a send that names a grant and falls within it (no prompt); says why not
   * otherwise. `undefined` when the send names no grant.
   */
  use(request: {
    params: unknown
    origin: string
    account: string
    chainId: number
  }): { used: { grant: string; spends: GrantSpend[] } } | { reason: string; optional: boolean } | undefined
  /** Gives back what a failed send reserved. */
  refund(used: { grant: string; spends: GrantSpend[] }): void
}

/** @internal Grants of one wallet, with `now` in unix seconds (a test moves it). */
export function createDevnetGrants(now: () => number = () => Math.floor(Date.now() / 1000)): DevnetGrants {
  let grants: Grant[] = []
  return {
    grant({ params, origin, account, chainId }) {
      const at = now()
      const raw = Array.isArray(params) ? (Array.isArray(params[0]) ? params[0][0] : params[0]) : undefined
      let parsed: ReturnType<typeof parseGrantRequest>
      try {
        parsed = parseGrantRequest(raw, at, chainId)
      } catch (error) {
        throw new DevnetWalletError(-32602, error instanceof GrantRequestError ? error.message : 'Invalid params')
      }
      if (parsed.address !== undefined && parsed.address.toLowerCase() !== account.toLowerCase())
        throw new DevnetWalletError(-32602, 'Invalid params')
      const grant: Grant = {
        id: bytesToHex(crypto.getRandomValues(new Uint8Array(32))),
        account,
        chainId,
        origin,
        expiry: parsed.expiry,
        grantedAt: at,
        permissions: parsed.list,
        spent: {},
      }
      // Expired grants are dropped whenever a new one is stored.
      grants = [...grants.filter((g) => g.expiry > at), grant]
      return grantResponse(grant, parsed.signer ?? { type: 'account', data: { id: account } })
    },
    revoke({ params, origin }) {
      const request = (Array.isArray(params) ? params[0] : undefined) as
        | { permissionsContext?: unknown; context?: unknown }
        | undefined
      const id = request?.permissionsContext ?? request?.context
      if (typeof id !== 'string') throw new DevnetWalletError(-32602, 'Invalid params')
      const keep = grants.filter((g) => !(g.id === id && g.origin === origin))
      if (keep.length === grants.length) throw new DevnetWalletError(-32602, 'Unknown permissions context')
      grants = keep
      return {}
    },
    list({ origin, account, chainId }) {
      const at = now()
      return grants
        .filter(
          (g) =>
            g.origin === origin &&
            g.account.toLowerCase() === account.toLowerCase() &&
            g.chainId === chainId &&
            g.expiry > at,
        )
        .map((g) => grantResponse(g, { type: 'account', data: { id: g.account } }))
    },
    use({ params, origin, account, chainId }) {
      const capability = permissionsCapability(params)
      if (!capability) return undefined
      const at = now()
      const index = grants.findIndex((g) => g.id === capability.context)
      const grant = grants[index]
      if (!grant) return { reason: 'unknown permission', optional: capability.optional }
      const match = matchCalls(grant, callsOf(params), { origin, account, chainId, now: at })
      if (!match.ok) return { reason: match.reason, optional: capability.optional }
      grants = grants.map((g, i) => (i === index ? recordSpends(g, match.spends, at) : g))
      return { used: { grant: grant.id, spends: match.spends } }
    },
    refund({ grant, spends }) {
      grants = grants.map((g) =>
        g.id === grant
          ? recordSpends(
              g,
              spends.map((s) => ({ ...s, amount: -s.amount })),
              now(),
            )
          : g,
      )
    },
  }
}
