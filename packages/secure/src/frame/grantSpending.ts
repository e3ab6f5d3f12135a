import type { ApprovalRequest } from './approval.js'
import { updateGrants } from './grants.js'
import { type Call, matchCalls, recordSpends, refundSpends, type Spend } from './permissions.js'
import { nowOf, type RpcContext } from './rpcContext.js'
import { RpcError } from './rpcError.js'

/** A send's reservation on a grant: the grant, what the send spends of it, and when (seconds). */
export type GrantUse = { grant: string; spends: Spend[]; at: number }

/** The `capabilities.permissions` of a send: the grant's context and whether the dapp insists on it. */
function permissionsCapability(capabilities: unknown): { context: string; optional: boolean } | undefined {
  const permissions = (capabilities as { permissions?: { context?: unknown; optional?: unknown } } | undefined)
    ?.permissions
  if (typeof permissions?.context !== 'string') return undefined
  return { context: permissions.context, optional: permissions.optional !== false }
}

/**
 * How a send is approved when the dapp names a permission (ERC-7715 grants this origin holds for
 * the account `evm`): by the grant, with no prompt, when the send falls within it; else by the
 * user's approval (`approveOrThrow`), or refused when the dapp insisted on the grant. A send that
 * fails after its spend was reserved gives the spend back.
 */
export function grantSpending(
  context: RpcContext,
  evm: string,
  approveOrThrow: (request: Omit<ApprovalRequest, 'origin'>) => Promise<void>,
) {
  /**
   * Reserves the spend of `calls` from the grant named by `capability` when they fall within it
   * (recorded before sending so a racing send sees it); otherwise says why not. Unknown contexts
   * (forged by a host script, or another origin's) simply do not match.
   */
  const useGrant = async (
    capability: { context: string } | undefined,
    calls: readonly Call[],
  ): Promise<GrantUse | { reason: string } | undefined> => {
    if (!capability || typeof context.chainId !== 'number') return undefined
    const chainId = context.chainId
    type Used = GrantUse | { reason: string }
    return updateGrants<Used>((grants) => {
      const at = nowOf(context)
      const index = grants.findIndex((g) => g.id === capability.context)
      const grant = grants[index]
      if (!grant) return { grants, result: { reason: 'unknown permission' } }
      const match = matchCalls(grant, calls, { origin: context.hostOrigin, account: evm, chainId, now: at })
      if (!match.ok) return { grants, result: { reason: match.reason } }
      const next = grants.slice()
      next[index] = recordSpends(grant, match.spends, at)
      return { grants: next, result: { grant: grant.id, spends: match.spends, at } }
    })
  }
  const refund = (used: GrantUse) =>
    updateGrants((grants) => ({
      grants: grants.map((g) => (g.id === used.grant ? refundSpends(g, used.spends, used.at) : g)),
      result: undefined,
    }))
  /** Approval for a send: none when a grant covers it; the prompt (or a refusal when insisted) otherwise. */
  const approveSend = async (
    capabilities: unknown,
    calls: readonly Call[],
    prompt: Omit<ApprovalRequest, 'origin'>,
  ): Promise<GrantUse | undefined> => {
    const capability = permissionsCapability(capabilities)
    const used = await useGrant(capability, calls)
    if (used && 'grant' in used) return used
    if (capability && !capability.optional)
      throw new RpcError(`Permission does not cover this request: ${used?.reason ?? 'unknown permission'}`, 4100)
    await approveOrThrow(
      used ? { ...prompt, rows: [...prompt.rows, { label: 'Permission not used', value: used.reason }] } : prompt,
    )
    return undefined
  }
  const sendWith = async <T>(used: GrantUse | undefined, send: () => Promise<T>) => {
    try {
      return await send()
    } catch (error) {
      if (used) await refund(used)
      throw error
    }
  }
  return { approveSend, sendWith }
}
