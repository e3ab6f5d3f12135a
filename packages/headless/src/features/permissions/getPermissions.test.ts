// Listing grants: what the wallet holds (the draft's list method), read defensively, gated by the
// feature flag. The hosted service's sessions are in permissions.hosted.test.ts.
import { expect, test } from 'vitest'
import { permissionsWallet } from '../../test/permissionsWallet.js'
import { getPermissions } from './getPermissions.js'
import { permissionsQueryOptions } from './query.js'

const allowance = { type: 'native-token-recurring-allowance', data: { allowance: '0x1', period: 60 } }
const later = (s: number) => Math.floor(Date.now() / 1000) + s

test('getPermissions: the wallet grants (both drafts shapes), expired and unreadable ones left out, soonest first', async () => {
  const { portico, account, requests, stop } = await permissionsWallet({
    request: async ({ method }) => {
      expect(method).toBe('wallet_getGrantedExecutionPermissions')
      return [
        { permissionsContext: '0x0a', chainId: '0x7a69', expiry: later(7200), permissions: [allowance] },
        {
          context: '0x0b',
          chainId: '0x7a69',
          from: account.address,
          permission: allowance,
          rules: [{ type: 'expiry', data: { timestamp: later(3600) } }],
        },
        { permissionsContext: '0x0c', chainId: '0x7a69', expiry: later(-10), permissions: [allowance] },
        { permissionsContext: '0x0d', chainId: '0x7a69', expiry: later(60) },
        'junk',
      ]
    },
  })
  try {
    expect(await getPermissions(portico)).toEqual([
      {
        context: '0x0b',
        chainId: 31337,
        address: account.address,
        expiry: expect.any(Number),
        permissions: [allowance],
        source: 'wallet',
      },
      {
        context: '0x0a',
        chainId: 31337,
        address: account.address,
        expiry: expect.any(Number),
        permissions: [allowance],
        source: 'wallet',
      },
    ])
    expect(requests()).toHaveLength(1)
  } finally {
    stop()
  }
})

test('a wallet without a list method lists nothing (not an error)', async () => {
  const { portico, stop } = await permissionsWallet()
  try {
    expect(await getPermissions(portico)).toEqual([])
  } finally {
    stop()
  }
})

test('a wallet failing otherwise passes its error on (WalletRequestError)', async () => {
  const { portico, stop } = await permissionsWallet({
    request: async () => {
      throw Object.assign(new Error('internal'), { code: -32603 })
    },
  })
  try {
    await expect(getPermissions(portico)).rejects.toMatchObject({ name: 'WalletRequestError' })
  } finally {
    stop()
  }
})

test('gating: smartSessions off is SmartSessionsDisabledError, and the query is idle', async () => {
  const { portico, account, requests, stop } = await permissionsWallet({
    options: { features: { smartSessions: false } },
    request: async () => [],
  })
  try {
    await expect(getPermissions(portico)).rejects.toMatchObject({ name: 'SmartSessionsDisabledError' })
    expect(permissionsQueryOptions(portico, { address: account.address, chainId: 31337 }).enabled).toBe(false)
    expect(requests()).toEqual([])
  } finally {
    stop()
  }
})

test('query options: keyed by lower-case address and chain, enabled with an address and the feature on', async () => {
  const { portico, account, stop } = await permissionsWallet({ request: async () => [] })
  try {
    const options = permissionsQueryOptions(portico, { address: account.address, chainId: 31337 })
    expect(options.queryKey).toEqual([
      'portico',
      'permissions',
      { address: account.address.toLowerCase(), chainId: 31337 },
    ])
    expect(options.enabled).toBe(true)
    expect(permissionsQueryOptions(portico, { address: undefined }).enabled).toBe(false)
    expect(await options.queryFn({})).toEqual([])
  } finally {
    stop()
  }
})
