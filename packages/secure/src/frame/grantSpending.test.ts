// How a send is approved by a session grant (grantSpending.ts) over the real grant store: covered
// with no prompt only within what the grant allows (the allowance in one call and summed over the
// calls of a period, the period's boundary, the expiry's second, this origin, account and chain),
// refused with 4100 when the dapp insists, the prompt otherwise; two sends racing for one allowance;
// a failed send gives back its own spend and nothing else; a refusal leaves the store as it was.
// The matching rules themselves are in permissions.test.ts; the store's queue in grants.test.ts;
// the flow through the frame (grant, revoke, prompts) in tests/e2e/embeddedPermissions.test.ts.
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import type { ApprovalRequest } from './approval.js'
import { grantSpending } from './grantSpending.js'
import { readGrants, updateGrants } from './grants.js'
import { type Call, type Grant, remainingAllowance } from './permissions.js'
import type { RpcContext } from './rpcContext.js'
import { RpcError } from './rpcError.js'
import { memoryStore, useStore } from './vault.js'

const account = '0x1111111111111111111111111111111111111111'
const bob = '0x4444444444444444444444444444444444444444'
const origin = 'http://127.0.0.1:5173'
const t0 = 1_800_000_000
const id = `0x${'ab'.repeat(32)}` as Grant['id']

/** 1000 wei every 60 s from t0, for one hour. */
function grant(overrides: Partial<Grant> = {}): Grant {
  return {
    id,
    account,
    chainId: 31337,
    origin,
    expiry: t0 + 3600,
    grantedAt: t0,
    permissions: [{ type: 'native-token-recurring-allowance', data: { allowance: '0x3e8', period: 60 } }],
    spent: {},
    ...overrides,
  }
}

const store = (grants: Grant[]) => updateGrants(() => ({ grants, result: undefined }))
const stored = async () => (await readGrants()).find((g) => g.id === id)
const pay = (value: bigint): Call[] => [{ to: bob, value }]
const insisted = { permissions: { context: id, optional: false } }
const optional = { permissions: { context: id } }
const prompt = { title: 'Send transaction', rows: [{ label: 'To', value: bob }] }

/**
 * The frame's side for `hostOrigin` at the clock `clock.now`, with every prompt recorded; the user
 * approves unless `answer` is false.
 */
function frame({
  hostOrigin = origin,
  chainId = 31337 as number | string,
  evm = account,
  answer = true,
}: {
  hostOrigin?: string
  chainId?: number | string
  evm?: string
  answer?: boolean
} = {}) {
  const clock = { now: t0 }
  const prompts: Omit<ApprovalRequest, 'origin'>[] = []
  const unused = () => {
    throw new Error('not used by grant spending')
  }
  const context: RpcContext = {
    hostOrigin,
    chainId,
    rpcUrl: undefined,
    addresses: { eip155: evm, solana: '' } as RpcContext['addresses'],
    withSecret: unused,
    assertCanSign: unused,
    prompt: { show: unused, hidden: unused },
    log: () => undefined,
    now: () => clock.now,
  }
  const spending = grantSpending(context, evm, async (request) => {
    prompts.push(request)
    if (!answer) throw new RpcError('User rejected the request.', 4001)
  })
  return { ...spending, clock, prompts }
}

/** The 4100 refusal of an insisted send, or a failure if it went through. */
async function refusal(promise: Promise<unknown>): Promise<RpcError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(RpcError)
  expect((error as RpcError).code).toBe(4100)
  return error as RpcError
}

beforeEach(async () => {
  useStore(Promise.resolve(memoryStore()))
  await store([grant()])
})
afterAll(() => {
  useStore(Promise.resolve(undefined))
})

describe('a send within the grant', () => {
  test('behavior: goes with no prompt and its spend is recorded before the send', async () => {
    const { approveSend, prompts, clock } = frame()
    clock.now = t0 + 5
    expect(await approveSend(insisted, pay(400n), prompt)).toEqual({
      grant: id,
      spends: [{ index: 0, amount: 400n }],
      at: t0 + 5,
    })
    expect(prompts).toEqual([])
    expect((await stored())?.spent).toEqual({ 0: { period: 0, amount: '400' } })
  })

  test('edge: the whole allowance in one call goes; one wei more is refused (4100) and nothing is recorded', async () => {
    const { approveSend, prompts } = frame()
    const error = await refusal(approveSend(insisted, pay(1001n), prompt))
    expect(error.message).toBe('Permission does not cover this request: over the allowance')
    expect(await stored()).toEqual(grant())
    expect(await approveSend(insisted, pay(1000n), prompt)).toMatchObject({ grant: id })
    expect(prompts).toEqual([])
  })

  test('security: spends are summed over the calls of one period: 600 then 400 go, then 1 wei is refused', async () => {
    const { approveSend, clock } = frame()
    await approveSend(insisted, pay(600n), prompt)
    clock.now = t0 + 30
    await approveSend(insisted, pay(400n), prompt)
    clock.now = t0 + 59
    await refusal(approveSend(insisted, pay(1n), prompt))
    expect((await stored())?.spent).toEqual({ 0: { period: 0, amount: '1000' } })
  })

  test('security: a batch cannot split its way past the allowance after earlier spends', async () => {
    const { approveSend } = frame()
    await approveSend(insisted, pay(500n), prompt)
    await refusal(approveSend(insisted, [...pay(300n), ...pay(201n)], prompt))
    expect(await approveSend(insisted, [...pay(300n), ...pay(200n)], prompt)).toMatchObject({
      grant: id,
      spends: [{ index: 0, amount: 500n }],
    })
  })

  test('edge: the period rolls over exactly at its boundary: spent out at 59 s, a fresh allowance at 60 s', async () => {
    const { approveSend, clock } = frame()
    await approveSend(insisted, pay(1000n), prompt)
    clock.now = t0 + 59
    await refusal(approveSend(insisted, pay(1n), prompt))
    clock.now = t0 + 60
    expect(await approveSend(insisted, pay(1000n), prompt)).toMatchObject({ grant: id })
    // The new period's spend replaces the old one's; nothing carries over.
    expect((await stored())?.spent).toEqual({ 0: { period: 1, amount: '1000' } })
    clock.now = t0 + 119
    await refusal(approveSend(insisted, pay(1n), prompt))
  })

  test('edge: a grant with its own start gives nothing before it, and counts periods from it', async () => {
    await store([
      grant({
        permissions: [
          { type: 'native-token-recurring-allowance', data: { allowance: '0x64', start: t0 + 100, period: 60 } },
        ],
      }),
    ])
    const { approveSend, clock } = frame()
    clock.now = t0 + 99
    expect((await refusal(approveSend(insisted, pay(1n), prompt))).message).toMatch(/over the allowance$/)
    clock.now = t0 + 100
    await approveSend(insisted, pay(100n), prompt)
    clock.now = t0 + 159
    await refusal(approveSend(insisted, pay(1n), prompt))
    clock.now = t0 + 160
    await approveSend(insisted, pay(100n), prompt)
  })

  test('edge: the grant ends exactly at its expiry second: usable one second before, refused at it', async () => {
    const { approveSend, clock } = frame()
    clock.now = t0 + 3599
    expect(await approveSend(insisted, pay(1n), prompt)).toMatchObject({ grant: id })
    clock.now = t0 + 3600
    expect((await refusal(approveSend(insisted, pay(1n), prompt))).message).toBe(
      'Permission does not cover this request: expired',
    )
    expect((await stored())?.spent).toEqual({ 0: { period: 59, amount: '1' } })
  })
})

describe('a send the grant does not cover', () => {
  test.each([
    ['another origin', { hostOrigin: 'http://127.0.0.1:9999' }, 'granted to another origin'],
    [
      'another origin that only differs by scheme',
      { hostOrigin: 'https://127.0.0.1:5173' },
      'granted to another origin',
    ],
    ['another account', { evm: bob }, 'granted to another account'],
    ['another chain', { chainId: 1 }, 'granted on another chain'],
  ])('security: from %s is refused when insisted on, and the grant is untouched', async (_, options, reason) => {
    const { approveSend, prompts } = frame(options)
    expect((await refusal(approveSend(insisted, pay(1n), prompt))).message).toBe(
      `Permission does not cover this request: ${reason}`,
    )
    expect(prompts).toEqual([])
    expect(await stored()).toEqual(grant())
  })

  test('security: a non-eip155 chain never uses an eip155 grant', async () => {
    const { approveSend } = frame({ chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })
    expect((await refusal(approveSend(insisted, pay(1n), prompt))).message).toBe(
      'Permission does not cover this request: unknown permission',
    )
    expect(await stored()).toEqual(grant())
  })

  test('security: a revoked grant is unknown: refused when insisted on, prompted otherwise', async () => {
    const { approveSend, prompts } = frame()
    await updateGrants((grants) => ({ grants: grants.filter((g) => g.id !== id), result: undefined }))
    expect((await refusal(approveSend(insisted, pay(1n), prompt))).message).toBe(
      'Permission does not cover this request: unknown permission',
    )
    expect(await approveSend(optional, pay(1n), prompt)).toBeUndefined()
    expect(prompts).toEqual([
      { ...prompt, rows: [...prompt.rows, { label: 'Permission not used', value: 'unknown permission' }] },
    ])
    expect(await readGrants()).toEqual([])
  })

  test('security: a context forged by the host page matches nothing', async () => {
    const { approveSend } = frame()
    const forged = { permissions: { context: `0x${'ab'.repeat(31)}ac`, optional: false } }
    await refusal(approveSend(forged, pay(1n), prompt))
    expect(await stored()).toEqual(grant())
  })

  test('behavior: not insisted on: the prompt says why the permission was not used; the grant is untouched', async () => {
    const { approveSend, prompts } = frame()
    expect(await approveSend(optional, pay(1001n), prompt)).toBeUndefined()
    expect(prompts).toEqual([
      { ...prompt, rows: [...prompt.rows, { label: 'Permission not used', value: 'over the allowance' }] },
    ])
    expect(await stored()).toEqual(grant())
  })

  test('error: not insisted on and the user rejects: the rejection, nothing spent', async () => {
    const { approveSend } = frame({ answer: false })
    await expect(approveSend(optional, pay(1001n), prompt)).rejects.toMatchObject({ code: 4001 })
    expect(await stored()).toEqual(grant())
  })

  test('default: a send naming no permission is prompted as it is, and spends nothing of any grant', async () => {
    const { approveSend, prompts } = frame()
    expect(await approveSend(undefined, pay(1n), prompt)).toBeUndefined()
    expect(await approveSend({ permissions: { context: 42, optional: false } }, pay(1n), prompt)).toBeUndefined()
    expect(prompts).toEqual([prompt, prompt])
    expect(await stored()).toEqual(grant())
  })
})

describe('sends racing for one allowance', () => {
  test('security: two sends of 600 started together: one is covered, the other refused, 600 recorded', async () => {
    const { approveSend } = frame()
    const results = await Promise.allSettled([
      approveSend(insisted, pay(600n), prompt),
      approveSend(insisted, pay(600n), prompt),
    ])
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    expect((await stored())?.spent).toEqual({ 0: { period: 0, amount: '600' } })
  })

  test('security: ten sends of 100 and one of 1 wei on 1000: exactly ten pass, never more than the allowance', async () => {
    const { approveSend } = frame()
    const results = await Promise.allSettled(
      [...Array.from({ length: 10 }, () => 100n), 1n].map((v) => approveSend(insisted, pay(v), prompt)),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10)
    expect(remainingAllowance((await stored()) as Grant, 0, t0)).toBe(0n)
  })
})

describe('the send after the approval', () => {
  test('behavior: a send that goes keeps its spend and returns what the send returned', async () => {
    const { approveSend, sendWith } = frame()
    const used = await approveSend(insisted, pay(700n), prompt)
    expect(await sendWith(used, async () => '0xhash')).toBe('0xhash')
    expect(remainingAllowance((await stored()) as Grant, 0, t0)).toBe(300n)
  })

  test('error: a send that fails gives back its own spend only, and rethrows the same error', async () => {
    const { approveSend, sendWith } = frame()
    const first = await approveSend(insisted, pay(600n), prompt)
    await approveSend(insisted, pay(300n), prompt)
    const failure = new RpcError('nonce too low', -32000)
    await expect(
      sendWith(first, async () => {
        throw failure
      }),
    ).rejects.toBe(failure)
    expect(remainingAllowance((await stored()) as Grant, 0, t0)).toBe(700n)
    expect((await stored())?.spent).toEqual({ 0: { period: 0, amount: '300' } })
  })

  test('edge: a failed send without a grant touches no grant', async () => {
    const { approveSend, sendWith } = frame()
    await approveSend(insisted, pay(250n), prompt)
    await expect(
      sendWith(undefined, async () => {
        throw new Error('down')
      }),
    ).rejects.toThrow('down')
    expect(remainingAllowance((await stored()) as Grant, 0, t0)).toBe(750n)
  })

  test('edge: a send that fails after its grant was revoked refunds nothing and brings no grant back', async () => {
    const { approveSend, sendWith } = frame()
    const used = await approveSend(insisted, pay(250n), prompt)
    await updateGrants(() => ({ grants: [], result: undefined }))
    await expect(
      sendWith(used, async () => {
        throw new Error('down')
      }),
    ).rejects.toThrow('down')
    expect(await readGrants()).toEqual([])
  })

  test('edge: a send spent in one period that fails in the next does not lift the new period past its allowance', async () => {
    const { approveSend, sendWith, clock } = frame()
    clock.now = t0 + 59
    const used = await approveSend(insisted, pay(1000n), prompt)
    clock.now = t0 + 60
    await expect(
      sendWith(used, async () => {
        throw new Error('down')
      }),
    ).rejects.toThrow('down')
    expect(remainingAllowance((await stored()) as Grant, 0, t0 + 60)).toBe(1000n)
    expect(await approveSend(insisted, pay(1000n), prompt)).toMatchObject({ grant: id })
    await refusal(approveSend(insisted, pay(1n), prompt))
  })

  // A send reserved just before a boundary that fails just after it (a node rejecting a transaction
  // the dapp shaped to fail, a slow bundler) gives back nothing of the new period: 1000 wei per
  // 60 s; A reserves 1000 at 59 s, B 1000 at 60 s, A fails at 61 s: C's 1000 at 61 s is refused.
  test('security: a send that fails after the boundary does not give back what the new period spent', async () => {
    const { approveSend, sendWith, clock } = frame()
    clock.now = t0 + 59
    const a = await approveSend(insisted, pay(1000n), prompt)
    clock.now = t0 + 60
    await approveSend(insisted, pay(1000n), prompt)
    clock.now = t0 + 61
    await expect(
      sendWith(a, async () => {
        throw new Error('transaction rejected')
      }),
    ).rejects.toThrow('transaction rejected')
    await refusal(approveSend(insisted, pay(1000n), prompt))
  })
})
