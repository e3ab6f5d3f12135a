import { encodeFunctionData, erc20Abi, toFunctionSelector } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  describeGrant,
  type Grant,
  GrantRequestError,
  matchCalls,
  parseGrantRequest,
  periodIndex,
  recordSpends,
  remainingAllowance,
} from './permissions.js'

const account = '0x1111111111111111111111111111111111111111'
const token = '0x2222222222222222222222222222222222222222'
const pool = '0x3333333333333333333333333333333333333333'
const bob = '0x4444444444444444444444444444444444444444'
const origin = 'http://127.0.0.1:5173'
const now = 1_800_000_000

function grant(overrides: Partial<Grant> = {}): Grant {
  return {
    id: '0xabc',
    account,
    chainId: 31337,
    origin,
    expiry: now + 3600,
    grantedAt: now,
    permissions: [
      { type: 'native-token-recurring-allowance', data: { allowance: '0x3e8', period: 86400 } },
      { type: 'erc20-token-recurring-allowance', data: { token, allowance: '0x64', period: 3600 } },
      { type: 'contract-call', data: { address: pool, functions: ['swap(uint256,uint256,address,bytes)'] } },
    ],
    spent: {},
    ...overrides,
  }
}
const at = { origin, account, chainId: 31337, now }
const transfer = (amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [bob, amount] })

describe('parseGrantRequest', () => {
  const request = {
    chainId: '0x7a69',
    expiry: now + 60,
    signer: { type: 'account', data: { id: account } },
    permissions: [{ type: 'native-token-recurring-allowance', data: { allowance: '0x10', start: now, period: 60 } }],
  }
  it('accepts the EIP-7715 shape (hex or number chain id, single `permission` too)', () => {
    expect(parseGrantRequest(request, now, 31337).list).toHaveLength(1)
    expect(parseGrantRequest({ ...request, chainId: 31337 }, now, 31337).list).toHaveLength(1)
    const { permissions, ...rest } = request
    expect(parseGrantRequest({ ...rest, permission: permissions[0] }, now, 31337).list[0]?.type).toBe(
      'native-token-recurring-allowance',
    )
  })
  it.each([
    ['an unknown permission type', { ...request, permissions: [{ type: 'everything', data: {} }] }],
    [
      'a decimal allowance',
      { ...request, permissions: [{ ...request.permissions[0], data: { allowance: '16', period: 60 } }] },
    ],
    [
      'a zero period',
      { ...request, permissions: [{ ...request.permissions[0], data: { allowance: '0x1', period: 0 } }] },
    ],
    ['no permissions', { ...request, permissions: [] }],
    [
      'a bad token address',
      {
        ...request,
        permissions: [
          { type: 'erc20-token-recurring-allowance', data: { token: '0x12', allowance: '0x1', period: 1 } },
        ],
      },
    ],
    [
      'a bad function signature',
      {
        ...request,
        permissions: [{ type: 'contract-call', data: { address: pool, functions: ['not a signature!!'] } }],
      },
    ],
    ['not an object', 'grant me'],
  ])('refuses %s', (_, raw) => {
    expect(() => parseGrantRequest(raw, now, 31337)).toThrow(GrantRequestError)
  })
  it('refuses another chain and a past expiry with their own messages', () => {
    expect(() => parseGrantRequest(request, now, 1)).toThrow('Permission request for another chain')
    expect(() => parseGrantRequest({ ...request, expiry: now }, now, 31337)).toThrow('Permission expiry is in the past')
  })
})

describe('allowance arithmetic', () => {
  it('counts periods from the start (or the grant time) and resets each period', () => {
    expect(periodIndex(100, 60, 99)).toBe(-1)
    expect(periodIndex(100, 60, 100)).toBe(0)
    expect(periodIndex(100, 60, 159)).toBe(0)
    expect(periodIndex(100, 60, 160)).toBe(1)
    let g = grant()
    expect(remainingAllowance(g, 0, now)).toBe(1000n)
    g = recordSpends(g, [{ index: 0, amount: 600n }], now + 10)
    expect(remainingAllowance(g, 0, now + 10)).toBe(400n)
    g = recordSpends(g, [{ index: 0, amount: 400n }], now + 20)
    expect(remainingAllowance(g, 0, now + 20)).toBe(0n)
    // next day: a fresh allowance
    expect(remainingAllowance(g, 0, now + 86400)).toBe(1000n)
    // a refund never goes below zero spent
    g = recordSpends(g, [{ index: 0, amount: -5000n }], now + 30)
    expect(remainingAllowance(g, 0, now + 30)).toBe(1000n)
  })
  it('handles amounts beyond 2^53 exactly', () => {
    const big = grant({
      permissions: [{ type: 'native-token-recurring-allowance', data: { allowance: '0xde0b6b3a7640000', period: 60 } }],
    })
    const spent = recordSpends(big, [{ index: 0, amount: 999_999_999_999_999_999n }], now)
    expect(remainingAllowance(spent, 0, now)).toBe(1n)
  })
  it('gives nothing before a future start', () => {
    const g = grant({
      permissions: [
        { type: 'native-token-recurring-allowance', data: { allowance: '0x10', start: now + 100, period: 60 } },
      ],
    })
    expect(remainingAllowance(g, 0, now)).toBe(0n)
    expect(matchCalls(g, [{ to: bob, value: 1n }], at)).toEqual({ ok: false, reason: 'over the allowance' })
  })
})

describe('matchCalls', () => {
  it('covers native sends within the allowance, summed over a batch', () => {
    expect(matchCalls(grant(), [{ to: bob, value: 400n }], at)).toEqual({
      ok: true,
      spends: [{ index: 0, amount: 400n }],
    })
    expect(
      matchCalls(
        grant(),
        [
          { to: bob, value: 600n },
          { to: bob, value: 400n },
        ],
        at,
      ).ok,
    ).toBe(true)
    expect(
      matchCalls(
        grant(),
        [
          { to: bob, value: 600n },
          { to: bob, value: 401n },
        ],
        at,
      ),
    ).toEqual({
      ok: false,
      reason: 'over the allowance',
    })
    const spent = recordSpends(grant(), [{ index: 0, amount: 900n }], now)
    expect(matchCalls(spent, [{ to: bob, value: 101n }], at).ok).toBe(false)
    expect(matchCalls(spent, [{ to: bob, value: 100n }], at).ok).toBe(true)
  })
  it('covers ERC-20 transfers of the granted token only, within its allowance', () => {
    expect(matchCalls(grant(), [{ to: token, data: transfer(100n) }], at)).toEqual({
      ok: true,
      spends: [{ index: 1, amount: 100n }],
    })
    expect(matchCalls(grant(), [{ to: token, data: transfer(101n) }], at).ok).toBe(false)
    // the same transfer on another token is a call outside the grant
    expect(matchCalls(grant(), [{ to: bob, data: transfer(1n) }], at)).toEqual({
      ok: false,
      reason: 'call outside the grant',
    })
    // approve() on the granted token is not a transfer and is not allowed
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [bob, 1n] })
    expect(matchCalls(grant(), [{ to: token, data: approve }], at).ok).toBe(false)
  })
  it('covers calls to an allowed contract and function only', () => {
    const selector = toFunctionSelector('swap(uint256,uint256,address,bytes)')
    expect(matchCalls(grant(), [{ to: pool, data: `${selector}00` }], at)).toEqual({ ok: true, spends: [] })
    expect(matchCalls(grant(), [{ to: pool, data: '0xdeadbeef' }], at).ok).toBe(false)
    const any = grant({ permissions: [{ type: 'contract-call', data: { address: pool } }] })
    expect(matchCalls(any, [{ to: pool, data: '0xdeadbeef' }], at).ok).toBe(true)
    // value sent along a contract call still needs a native allowance
    expect(matchCalls(any, [{ to: pool, data: '0xdeadbeef', value: 1n }], at)).toEqual({
      ok: false,
      reason: 'no native allowance',
    })
  })
  it('refuses other origins, accounts, chains, expired grants and contract creation', () => {
    const call = [{ to: bob, value: 1n }]
    expect(matchCalls(grant(), call, { ...at, origin: 'http://127.0.0.1:9999' })).toEqual({
      ok: false,
      reason: 'granted to another origin',
    })
    expect(matchCalls(grant(), call, { ...at, account: bob }).ok).toBe(false)
    expect(matchCalls(grant(), call, { ...at, chainId: 1 }).ok).toBe(false)
    expect(matchCalls(grant(), call, { ...at, now: now + 3600 })).toEqual({ ok: false, reason: 'expired' })
    expect(matchCalls(grant(), [{ value: 1n }], at)).toEqual({ ok: false, reason: 'contract creation' })
    expect(matchCalls(grant(), [{ to: bob }], at)).toEqual({ ok: false, reason: 'empty call' })
  })
})

describe('describeGrant', () => {
  it('spells out who, what, how much and until when', () => {
    const rows = describeGrant({ ...grant(), dappName: 'Demo' })
    const text = rows.map((r) => `${r.label}: ${r.value}`).join('\n')
    expect(text).toContain(`Granted to: Demo (${origin})`)
    expect(text).toContain('Spend native token: up to 1000 wei every 1 day(s)')
    expect(text).toContain(`Spend token: up to 100 base units of ${token} every 1 hour(s)`)
    expect(text).toContain(`Call contract: ${pool} · swap(uint256,uint256,address,bytes)`)
    expect(text).toContain(`Until: ${new Date((now + 3600) * 1000).toISOString()}`)
  })
})
