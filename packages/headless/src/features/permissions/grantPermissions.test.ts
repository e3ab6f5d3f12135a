// Granting through the connector contract: what the wallet is asked, under which method name, and
// how its answers (good, odd, refused, missing) come back.
import { expect, test } from 'vitest'
import { permissionsWallet } from '../../test/permissionsWallet.js'
import { grantPermissions } from './grantPermissions.js'
import { grantPermissionsMutationOptions } from './query.js'

const allowance = { type: 'native-token-recurring-allowance', data: { allowance: '0x2386f26fc10000', period: 86400 } }
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600

test('grantPermissions: asks wallet_grantPermissions with the account, chain and request; returns the grant by its context', async () => {
  const expiry = inAnHour()
  const { portico, account, requests, stop } = await permissionsWallet({
    request: async ({ method, params }) => {
      expect(method).toBe('wallet_grantPermissions')
      const [asked] = params as [Record<string, unknown>]
      // The embedded wallet's answer: both context names, the permissions as granted.
      return { ...asked, chainId: '0x7a69', permissionsContext: '0xc0ffee', context: '0xc0ffee' }
    },
  })
  try {
    const grant = await grantPermissions(portico, { expiry, permissions: [allowance] })
    expect(grant).toEqual({
      context: '0xc0ffee',
      chainId: 31337,
      address: account.address,
      expiry,
      permissions: [allowance],
      source: 'wallet',
    })
    expect(requests()).toEqual([
      expect.objectContaining({
        namespace: 'eip155',
        chainId: 'eip155:31337',
        method: 'wallet_grantPermissions',
        params: [{ chainId: '0x7a69', address: account.address, expiry, permissions: [allowance] }],
      }),
    ])
  } finally {
    stop()
  }
})

test('gating: with smartSessions off it is SmartSessionsDisabledError and the wallet is not asked', async () => {
  const { portico, requests, stop } = await permissionsWallet({
    options: { features: { smartSessions: false } },
    request: async () => ({}),
  })
  try {
    await expect(grantPermissions(portico, { expiry: inAnHour(), permissions: [allowance] })).rejects.toMatchObject({
      name: 'SmartSessionsDisabledError',
      shortMessage: 'Smart sessions are not enabled',
    })
    expect(requests()).toEqual([])
  } finally {
    stop()
  }
})

test.each([
  ['no permissions', { expiry: 4102444800, permissions: [] }],
  ['an expiry in the past', { expiry: 1000, permissions: [allowance] }],
  ['an expiry in milliseconds that is not an integer', { expiry: 1.5, permissions: [allowance] }],
  ['a permission without a type', { expiry: 4102444800, permissions: [{ data: {} }] }],
  ['a permission without data', { expiry: 4102444800, permissions: [{ type: 'contract-call' }] }],
])('bad input (%s): InvalidPermissionRequestError before the wallet is asked', async (_, parameters) => {
  const { portico, requests, stop } = await permissionsWallet({ request: async () => ({}) })
  try {
    await expect(grantPermissions(portico, parameters as never)).rejects.toMatchObject({
      name: 'InvalidPermissionRequestError',
      shortMessage: 'Invalid permission request',
    })
    expect(requests()).toEqual([])
  } finally {
    stop()
  }
})

test('a wallet with only the draft newer names is asked wallet_requestExecutionPermissions (one permission, an expiry rule)', async () => {
  const expiry = inAnHour()
  const { portico, account, requests, stop } = await permissionsWallet({
    request: async ({ method, params }) => {
      if (method === 'wallet_grantPermissions')
        throw Object.assign(new Error('The method does not exist'), { code: -32601 })
      const [[asked]] = params as [[Record<string, unknown>]]
      return [{ ...asked, context: '0xbeef', chainId: '0x7a69' }]
    },
  })
  try {
    const grant = await grantPermissions(portico, {
      expiry,
      permissions: [allowance],
      signer: { type: 'account', data: { id: '0x00000000000000000000000000000000000000aa' } },
    })
    expect(grant).toMatchObject({ context: '0xbeef', chainId: 31337, address: account.address, expiry })
    expect(grant.permissions).toEqual([{ type: allowance.type, data: allowance.data }])
    expect(requests().map((r) => r.method)).toEqual(['wallet_grantPermissions', 'wallet_requestExecutionPermissions'])
    expect(requests()[1]?.params).toEqual([
      [
        {
          chainId: '0x7a69',
          from: account.address,
          to: '0x00000000000000000000000000000000000000aa',
          permission: { ...allowance, isAdjustmentAllowed: false },
          rules: [{ type: 'expiry', data: { timestamp: expiry } }],
        },
      ],
    ])
  } finally {
    stop()
  }
})

test('a wallet with neither name gives PermissionsNotSupportedError', async () => {
  const { portico, requests, stop } = await permissionsWallet({
    request: async () => {
      throw Object.assign(new Error('Unsupported method'), { code: 4200 })
    },
  })
  try {
    await expect(grantPermissions(portico, { expiry: inAnHour(), permissions: [allowance] })).rejects.toMatchObject({
      name: 'PermissionsNotSupportedError',
      shortMessage: 'The wallet does not support permissions',
    })
    expect(requests()).toHaveLength(2)
  } finally {
    stop()
  }
})

test('the user declining stays UserRejectedRequestError; the newer name is not tried', async () => {
  const { portico, requests, stop } = await permissionsWallet({
    request: async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    },
  })
  try {
    await expect(grantPermissions(portico, { expiry: inAnHour(), permissions: [allowance] })).rejects.toMatchObject({
      name: 'UserRejectedRequestError',
    })
    expect(requests()).toHaveLength(1)
  } finally {
    stop()
  }
})

test.each([
  ['nothing', null],
  ['a grant without a context', { expiry: 4102444800, permissions: [allowance] }],
  ['a grant without permissions', { permissionsContext: '0x01', expiry: 4102444800 }],
  ['a string', 'ok'],
])('a wallet answering %s gives PermissionResponseError', async (_, answer) => {
  const { portico, stop } = await permissionsWallet({ request: async () => answer })
  try {
    await expect(grantPermissions(portico, { expiry: inAnHour(), permissions: [allowance] })).rejects.toMatchObject({
      name: 'PermissionResponseError',
    })
  } finally {
    stop()
  }
})

test('not connected: NotConnectedError', async () => {
  const { portico, stop } = await permissionsWallet({ request: async () => ({}) })
  try {
    const { disconnect } = await import('../../kernel/actions/disconnect.js')
    await disconnect(portico)
    await expect(grantPermissions(portico, { expiry: inAnHour(), permissions: [allowance] })).rejects.toMatchObject({
      name: 'NotConnectedError',
    })
  } finally {
    stop()
  }
})

test('mutation options: a double click joins the request in flight (one prompt)', async () => {
  let release!: () => void
  const answered = new Promise<void>((resolve) => {
    release = resolve
  })
  const { portico, requests, stop } = await permissionsWallet({
    request: async ({ params }) => {
      await answered
      return { ...(params as [object])[0], permissionsContext: '0x02' }
    },
  })
  try {
    const { mutationFn } = grantPermissionsMutationOptions(portico)
    const parameters = { expiry: inAnHour(), permissions: [allowance] }
    const first = mutationFn(parameters)
    const second = mutationFn(parameters)
    release()
    expect((await first).context).toBe('0x02')
    expect((await second).context).toBe('0x02')
    expect(requests()).toHaveLength(1)
  } finally {
    stop()
  }
})
