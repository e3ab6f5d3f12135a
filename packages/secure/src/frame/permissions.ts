import { type Address, decodeFunctionData, erc20Abi, type Hex, isAddress, isHex, toFunctionSelector } from 'viem'
import * as z from 'zod/mini'

/**
 * ERC-7715-style permission grants, kept and enforced by the frame (the key never leaves it).
 * This module is pure (no storage, no DOM): the schema of a `wallet_grantPermissions` request, the
 * allowance arithmetic of recurring periods (bigint) and the matching of calls against a grant.
 * Also the package's `@portico/secure/permissions` entry: the devnet's web wallet enforces grants
 * by these same rules.
 */

const hexQuantity = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/, 'Expected a hex quantity'))
const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'Expected an address'))
const seconds = z.int().check(z.nonnegative())
const period = z.int().check(z.positive())

const nativeAllowance = z.object({
  type: z.literal('native-token-recurring-allowance'),
  data: z.object({ allowance: hexQuantity, start: z.optional(seconds), period }),
})
const erc20Allowance = z.object({
  type: z.literal('erc20-token-recurring-allowance'),
  data: z.object({ token: address, allowance: hexQuantity, start: z.optional(seconds), period }),
})
const contractCall = z.object({
  type: z.literal('contract-call'),
  data: z.object({
    address,
    /** Function signatures (`transfer(address,uint256)`) or 4-byte selectors; none = any function. */
    functions: z.optional(z.array(z.string().check(z.minLength(10), z.maxLength(256))).check(z.maxLength(32))),
    abi: z.optional(z.array(z.unknown()).check(z.maxLength(64))),
  }),
})
const permission = z.union([nativeAllowance, erc20Allowance, contractCall])

/** One EIP-7715 `wallet_grantPermissions` request (the `permissions[]` form; a single `permission` is accepted too). */
export const grantRequestSchema = z.object({
  chainId: z.union([hexQuantity, z.int().check(z.positive())]),
  address: z.optional(address),
  expiry: z.int().check(z.positive()),
  signer: z.optional(z.object({ type: z.string().check(z.maxLength(64)), data: z.optional(z.unknown()) })),
  permissions: z.optional(z.array(permission).check(z.minLength(1), z.maxLength(8))),
  permission: z.optional(permission),
})

export type Permission = z.infer<typeof permission>
export type GrantRequest = z.infer<typeof grantRequestSchema>

/** A grant as the frame stores it (per account, chain and host origin). */
export type Grant = {
  /** The opaque `permissionsContext`: 32 random bytes, hex. */
  id: Hex
  account: string
  chainId: number
  origin: string
  dappName?: string
  /** Unix seconds. */
  expiry: number
  /** Unix seconds when granted; the default start of the recurring periods. */
  grantedAt: number
  permissions: Permission[]
  /** Per permission index: the period it was last spent in and the amount spent (decimal string). */
  spent: Record<number, { period: number; amount: string }>
}

export class GrantRequestError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'GrantRequestError'
  }
}

/** Validates a request; returns its permissions (throws GrantRequestError with a short message). */
export function parseGrantRequest(raw: unknown, now: number, chainId: number): GrantRequest & { list: Permission[] } {
  const result = grantRequestSchema.safeParse(raw)
  if (!result.success) throw new GrantRequestError('Invalid permission request')
  const request = result.data
  const list = request.permissions ?? (request.permission ? [request.permission] : [])
  if (list.length === 0) throw new GrantRequestError('Invalid permission request')
  const requested = typeof request.chainId === 'number' ? request.chainId : Number(BigInt(request.chainId))
  if (requested !== chainId) throw new GrantRequestError('Permission request for another chain')
  if (request.expiry <= now) throw new GrantRequestError('Permission expiry is in the past')
  for (const p of list) if (p.type === 'contract-call') selectorsOf(p)
  return { ...request, list }
}

/** The allowed selectors of a contract-call permission (undefined = any function). */
export function selectorsOf(p: Extract<Permission, { type: 'contract-call' }>): Set<Hex> | undefined {
  const out = new Set<Hex>()
  try {
    for (const fn of p.data.functions ?? [])
      out.add((/^0x[0-9a-fA-F]{8}$/.test(fn) ? fn.toLowerCase() : toFunctionSelector(fn)) as Hex)
    for (const item of p.data.abi ?? [])
      if ((item as { type?: unknown })?.type === 'function') out.add(toFunctionSelector(item as never))
  } catch {
    throw new GrantRequestError('Invalid permission request')
  }
  return out.size ? out : undefined
}

/** Index of the recurring period `now` falls in, or -1 before the start. */
export function periodIndex(start: number, periodSeconds: number, now: number): number {
  if (now < start) return -1
  return Math.floor((now - start) / periodSeconds)
}

/** What is left of permission `index` of `grant` in the period `now` falls in (0n before its start). */
export function remainingAllowance(grant: Grant, index: number, now: number): bigint {
  const p = grant.permissions[index]
  if (!p || p.type === 'contract-call') return 0n
  const current = periodIndex(p.data.start ?? grant.grantedAt, p.data.period, now)
  if (current < 0) return 0n
  const spent = grant.spent[index]
  const used = spent && spent.period === current ? BigInt(spent.amount) : 0n
  const left = BigInt(p.data.allowance) - used
  return left > 0n ? left : 0n
}

export type Call = { to?: string; value?: bigint; data?: Hex }
export type Spend = { index: number; amount: bigint }
export type Match = { ok: true; spends: Spend[] } | { ok: false; reason: string }

const transferSelector = toFunctionSelector('transfer(address,uint256)')

/**
 * Whether `calls` fall within `grant` for `origin` at `now`: native value within the remaining
 * native allowance, ERC-20 `transfer` within the token's allowance, any other call to an allowed
 * contract and function. All calls are summed before comparing, so a batch cannot split past a limit.
 */
export function matchCalls(
  grant: Grant,
  calls: readonly Call[],
  context: { origin: string; account: string; chainId: number; now: number },
): Match {
  if (grant.origin !== context.origin) return { ok: false, reason: 'granted to another origin' }
  if (grant.account.toLowerCase() !== context.account.toLowerCase())
    return { ok: false, reason: 'granted to another account' }
  if (grant.chainId !== context.chainId) return { ok: false, reason: 'granted on another chain' }
  if (context.now >= grant.expiry) return { ok: false, reason: 'expired' }
  if (calls.length === 0) return { ok: false, reason: 'no calls' }
  const totals = new Map<number, bigint>()
  const add = (index: number, amount: bigint) => totals.set(index, (totals.get(index) ?? 0n) + amount)
  const find = <T extends Permission['type']>(type: T, test: (p: Extract<Permission, { type: T }>) => boolean) =>
    grant.permissions.findIndex((p) => p.type === type && test(p as Extract<Permission, { type: T }>))
  for (const call of calls) {
    if (!call.to || !isAddress(call.to, { strict: false })) return { ok: false, reason: 'contract creation' }
    const to = call.to.toLowerCase()
    const value = call.value ?? 0n
    if (value > 0n) {
      const index = find('native-token-recurring-allowance', () => true)
      if (index < 0) return { ok: false, reason: 'no native allowance' }
      add(index, value)
    }
    const data = call.data && call.data !== '0x' ? call.data : undefined
    if (!data) {
      if (value === 0n) return { ok: false, reason: 'empty call' }
      continue
    }
    if (!isHex(data) || data.length < 10) return { ok: false, reason: 'malformed call data' }
    const selector = data.slice(0, 10).toLowerCase() as Hex
    const tokenIndex =
      selector === transferSelector
        ? find('erc20-token-recurring-allowance', (p) => p.data.token.toLowerCase() === to)
        : -1
    if (tokenIndex >= 0) {
      let amount: bigint
      try {
        const decoded = decodeFunctionData({ abi: erc20Abi, data })
        amount = (decoded.args as readonly [Address, bigint])[1]
      } catch {
        return { ok: false, reason: 'malformed transfer' }
      }
      add(tokenIndex, amount)
      continue
    }
    const contractIndex = find('contract-call', (p) => {
      if (p.data.address.toLowerCase() !== to) return false
      const allowed = selectorsOf(p)
      return !allowed || allowed.has(selector)
    })
    if (contractIndex < 0) return { ok: false, reason: 'call outside the grant' }
  }
  const spends: Spend[] = []
  for (const [index, amount] of totals) {
    if (amount > remainingAllowance(grant, index, context.now)) return { ok: false, reason: 'over the allowance' }
    spends.push({ index, amount })
  }
  return { ok: true, spends }
}

/** `grant` with `spends` recorded in the period of `now` (negative amounts refund a failed send). */
export function recordSpends(grant: Grant, spends: readonly Spend[], now: number): Grant {
  const spent = { ...grant.spent }
  for (const { index, amount } of spends) {
    const p = grant.permissions[index]
    if (!p || p.type === 'contract-call') continue
    const current = periodIndex(p.data.start ?? grant.grantedAt, p.data.period, now)
    const before = spent[index] && spent[index].period === current ? BigInt(spent[index].amount) : 0n
    const after = before + amount
    spent[index] = { period: current, amount: (after > 0n ? after : 0n).toString() }
  }
  return { ...grant, spent }
}

/**
 * Gives back `spends` reserved at `reservedAt` (a send that failed). Only in the period they were
 * reserved in: once another period began, its record is that period's spends, which a late refund
 * must not lower (a send failing just after a boundary would otherwise free the new period's
 * allowance a second time).
 */
export function refundSpends(grant: Grant, spends: readonly Spend[], reservedAt: number): Grant {
  const spent = { ...grant.spent }
  for (const { index, amount } of spends) {
    const p = grant.permissions[index]
    const record = spent[index]
    if (!p || p.type === 'contract-call' || !record) continue
    if (record.period !== periodIndex(p.data.start ?? grant.grantedAt, p.data.period, reservedAt)) continue
    const after = BigInt(record.amount) - amount
    spent[index] = { period: record.period, amount: (after > 0n ? after : 0n).toString() }
  }
  return { ...grant, spent }
}

/** Rows for the approval prompt: who, what, how much, until when. */
export function describeGrant(grant: Omit<Grant, 'id' | 'spent'>): { label: string; value: string }[] {
  const rows = [
    { label: 'Granted to', value: grant.dappName ? `${grant.dappName} (${grant.origin})` : grant.origin },
    { label: 'Account', value: grant.account },
    { label: 'Network', value: `eip155:${grant.chainId}` },
  ]
  const every = (s: number) =>
    s % 86400 === 0 ? `${s / 86400} day(s)` : s % 3600 === 0 ? `${s / 3600} hour(s)` : `${s} s`
  for (const p of grant.permissions) {
    if (p.type === 'native-token-recurring-allowance')
      rows.push({
        label: 'Spend native token',
        value: `up to ${BigInt(p.data.allowance)} wei every ${every(p.data.period)}`,
      })
    else if (p.type === 'erc20-token-recurring-allowance')
      rows.push({
        label: 'Spend token',
        value: `up to ${BigInt(p.data.allowance)} base units of ${p.data.token} every ${every(p.data.period)}`,
      })
    else
      rows.push({
        label: 'Call contract',
        value: `${p.data.address}${p.data.functions?.length ? ` · ${p.data.functions.join(', ')}` : ' · any function'}`,
      })
  }
  rows.push({ label: 'Until', value: new Date(grant.expiry * 1000).toISOString() })
  return rows
}
