// The devnet web wallet's grants, by the embedded wallet's rules: a send within a grant is covered
// (no prompt), the batch is summed, over the allowance / expired / revoked / another origin is not;
// a failed send gives its reservation back; only the granting origin lists or revokes.
import { expect, test } from 'vitest'
import { createDevnetGrants, withoutPermissionsCapability } from './grants.js'

const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const origin = 'http://127.0.0.1:5173'
const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const request = (expiry: number, allowance = '0x3e8') => [
  {
    chainId: '0x7a69',
    expiry,
    permissions: [{ type: 'native-token-recurring-allowance', data: { allowance, period: 86400 } }],
  },
]
const send = (context: string, values: number[], optional?: boolean) => [
  {
    chainId: '0x7a69',
    calls: values.map((v) => ({ to, value: `0x${v.toString(16)}` })),
    capabilities: { permissions: { context, ...(optional === undefined ? {} : { optional }) } },
  },
]

function setup() {
  let now = 1_000_000
  const grants = createDevnetGrants(() => now)
  const granted = grants.grant({ params: request(now + 3600), origin, account, chainId: 31337 }) as {
    permissionsContext: string
  }
  return { grants, context: granted.permissionsContext, tick: (s: number) => (now += s), now: () => now }
}

test('a grant answers as the embedded wallet does and is listed for its origin only', () => {
  const { grants, context, now } = setup()
  expect(context).toMatch(/^0x[0-9a-f]{64}$/)
  expect(grants.list({ origin, account, chainId: 31337 })).toEqual([
    expect.objectContaining({ permissionsContext: context, context, expiry: now() + 3600, chainId: '0x7a69' }),
  ])
  expect(grants.list({ origin: 'http://evil.test', account, chainId: 31337 })).toEqual([])
})

test('sends within the allowance are covered; the batch is summed; over it is not', () => {
  const { grants, context } = setup()
  expect(grants.use({ params: send(context, [400]), origin, account, chainId: 31337 })).toMatchObject({
    used: { grant: context },
  })
  // 400 + 400 left 200: a batch of 150 + 150 is over, though each call alone is not.
  expect(grants.use({ params: send(context, [400]), origin, account, chainId: 31337 })).toMatchObject({ used: {} })
  expect(grants.use({ params: send(context, [150, 150]), origin, account, chainId: 31337 })).toEqual({
    reason: 'over the allowance',
    optional: true,
  })
  expect(grants.use({ params: send(context, [200], false), origin, account, chainId: 31337 })).toMatchObject({
    used: {},
  })
})

test('a failed send gives its reservation back', () => {
  const { grants, context } = setup()
  const first = grants.use({ params: send(context, [1000]), origin, account, chainId: 31337 })
  if (!first || !('used' in first)) throw new Error('not covered')
  grants.refund(first.used)
  expect(grants.use({ params: send(context, [1000]), origin, account, chainId: 31337 })).toMatchObject({ used: {} })
})

test('expired, another origin, a forged context, and after revoke: not covered', () => {
  const { grants, context } = setup()
  expect(grants.use({ params: send(context, [1]), origin: 'http://evil.test', account, chainId: 31337 })).toEqual({
    reason: 'granted to another origin',
    optional: true,
  })
  expect(grants.use({ params: send(`0x${'ab'.repeat(32)}`, [1], false), origin, account, chainId: 31337 })).toEqual({
    reason: 'unknown permission',
    optional: false,
  })
  expect(() => grants.revoke({ params: [{ permissionsContext: context }], origin: 'http://evil.test' })).toThrow(
    'Unknown permissions context',
  )
  expect(grants.revoke({ params: [{ permissionsContext: context }], origin })).toEqual({})
  expect(grants.use({ params: send(context, [1]), origin, account, chainId: 31337 })).toEqual({
    reason: 'unknown permission',
    optional: true,
  })
  const again = setup()
  again.tick(3600)
  expect(again.grants.use({ params: send(again.context, [1]), origin, account, chainId: 31337 })).toEqual({
    reason: 'expired',
    optional: true,
  })
})

test('bad requests are JSON-RPC invalid params; a send naming no grant is not the grants business', () => {
  const { grants } = setup()
  expect(() => grants.grant({ params: request(1), origin, account, chainId: 31337 })).toThrow(
    'Permission expiry is in the past',
  )
  expect(() => grants.grant({ params: [{}], origin, account, chainId: 31337 })).toThrow('Invalid permission request')
  expect(() => grants.grant({ params: request(2_000_000), origin, account, chainId: 1 })).toThrow(
    'Permission request for another chain',
  )
  expect(grants.use({ params: [{ chainId: '0x7a69', calls: [{ to }] }], origin, account, chainId: 31337 })).toBe(
    undefined,
  )
  expect(withoutPermissionsCapability(send('0x01', [1]))).toEqual([
    { chainId: '0x7a69', calls: [{ to, value: '0x1' }], capabilities: {} },
  ])
})
