// Revoking a grant the wallet keeps: the original method, the draft's newer one, and failures.
// Hosted sessions (signed pci to the service) are in permissions.hosted.test.ts.
import { expect, test } from 'vitest'
import { permissionsWallet } from '../../test/permissionsWallet.js'
import { revokePermissions } from './revokePermissions.js'

test('revokePermissions: wallet_revokePermissions with the permissions context', async () => {
  const { portico, requests, stop } = await permissionsWallet({ request: async () => ({}) })
  try {
    expect(await revokePermissions(portico, { context: '0xc0ffee' })).toEqual({ context: '0xc0ffee' })
    expect(requests()).toEqual([
      expect.objectContaining({ method: 'wallet_revokePermissions', params: [{ permissionsContext: '0xc0ffee' }] }),
    ])
  } finally {
    stop()
  }
})

test('a wallet with only the newer name is asked wallet_revokeExecutionPermission', async () => {
  const { portico, requests, stop } = await permissionsWallet({
    request: async ({ method }) => {
      if (method === 'wallet_revokePermissions') throw Object.assign(new Error('nope'), { code: 4200 })
      return null
    },
  })
  try {
    await revokePermissions(portico, { context: '0x01' })
    expect(requests().map((r) => [r.method, r.params])).toEqual([
      ['wallet_revokePermissions', [{ permissionsContext: '0x01' }]],
      ['wallet_revokeExecutionPermission', [{ permissionContext: '0x01' }]],
    ])
  } finally {
    stop()
  }
})

test('neither method: PermissionsNotSupportedError', async () => {
  const { portico, stop } = await permissionsWallet()
  try {
    await expect(revokePermissions(portico, { context: '0x01' })).rejects.toMatchObject({
      name: 'PermissionsNotSupportedError',
    })
  } finally {
    stop()
  }
})

test('the wallet refusing (an unknown context) is RevokeSmartSessionError with the wallet reason', async () => {
  const { portico, requests, stop } = await permissionsWallet({
    request: async () => {
      throw Object.assign(new Error('Unknown permissions context'), { code: -32602 })
    },
  })
  try {
    const error = await revokePermissions(portico, { context: '0x01' }).catch((e) => e)
    expect(error).toMatchObject({ name: 'RevokeSmartSessionError', shortMessage: 'Error revoking smart session' })
    expect(String(error.details)).toContain('Unknown permissions context')
    expect(requests()).toHaveLength(1)
  } finally {
    stop()
  }
})

test('bad input: no context is RevokeSmartSessionError before the wallet is asked', async () => {
  const { portico, requests, stop } = await permissionsWallet({ request: async () => ({}) })
  try {
    await expect(revokePermissions(portico, { context: '' })).rejects.toMatchObject({ name: 'RevokeSmartSessionError' })
    expect(requests()).toEqual([])
  } finally {
    stop()
  }
})

test('gating: smartSessions off is SmartSessionsDisabledError', async () => {
  const { portico, requests, stop } = await permissionsWallet({
    options: { features: { smartSessions: false } },
    request: async () => ({}),
  })
  try {
    await expect(revokePermissions(portico, { context: '0x01' })).rejects.toMatchObject({
      name: 'SmartSessionsDisabledError',
    })
    expect(requests()).toEqual([])
  } finally {
    stop()
  }
})
