// The hosted session calls against the devnet's emulator: GET /v1/sessions/{account} lists the
// account's sessions beside the wallet's grants, and revoking a hosted one sends the pci signed by
// the account's real key, which the emulator checks; a refused or failing service is a typed error.
import { expect, inject, test } from 'vitest'
import { permissionsWallet } from '../../test/permissionsWallet.js'
import { getPermissions } from './getPermissions.js'
import { revokePermissions } from './revokePermissions.js'

const devnet = inject('devnet')
const permission = { type: 'native-token-recurring-allowance', data: { allowance: '0x10', period: 3600 } }
const later = (s: number) => Math.floor(Date.now() / 1000) + s

async function addSession(address: string, expiry: number): Promise<string> {
  const response = await fetch(`${devnet.apiUrl}/__devnet/sessions/${encodeURIComponent(`eip155:31337:${address}`)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ expiry, permissions: [permission] }),
  })
  return ((await response.json()) as { pci: string }).pci
}

test('getPermissions: hosted sessions (expired left out) beside the wallet grants, one per context', async () => {
  const { portico, account, stop } = await permissionsWallet({
    apiUrl: devnet.apiUrl,
    request: async () => [
      { permissionsContext: '0x0a', chainId: '0x7a69', expiry: later(60), permissions: [permission] },
    ],
  })
  try {
    const pci = await addSession(account.address, later(3600))
    await addSession(account.address, later(-5))
    expect(await getPermissions(portico)).toEqual([
      {
        context: '0x0a',
        chainId: 31337,
        address: account.address,
        expiry: expect.any(Number),
        permissions: [permission],
        source: 'wallet',
      },
      {
        context: pci,
        chainId: 31337,
        address: account.address,
        expiry: expect.any(Number),
        permissions: [permission],
        source: 'hosted',
      },
    ])
  } finally {
    stop()
  }
})

test('revokePermissions (hosted): the wallet signs the pci, the service checks it; the session is gone from the list', async () => {
  const { portico, account, wallet, stop } = await permissionsWallet({ apiUrl: devnet.apiUrl })
  try {
    const pci = await addSession(account.address, later(3600))
    expect((await getPermissions(portico)).map((p) => p.context)).toEqual([pci])
    expect(await revokePermissions(portico, { context: pci, source: 'hosted' })).toEqual({ context: pci })
    expect(wallet.callsOf('signMessage')).toEqual([expect.objectContaining({ message: pci, namespace: 'eip155' })])
    expect(await getPermissions(portico)).toEqual([])
    // Again: the service has no active session with that pci any more.
    await expect(revokePermissions(portico, { context: pci, source: 'hosted' })).rejects.toMatchObject({
      name: 'RevokeSmartSessionError',
      shortMessage: 'Error revoking smart session',
    })
  } finally {
    stop()
  }
})

test('revokePermissions (hosted): a signature by another key is refused by the service (RevokeSmartSessionError)', async () => {
  const { privateKeyToAccount, generatePrivateKey } = await import('viem/accounts')
  const other = privateKeyToAccount(generatePrivateKey())
  const { portico, account, stop } = await permissionsWallet({ apiUrl: devnet.apiUrl })
  try {
    const pci = await addSession(account.address, later(3600))
    // The connector signs with the wrong key: the emulator's check, not the kit, refuses it.
    const connector = portico.store.get((await import('../../kernel/state/atoms.js')).accountsAtom).eip155?.connector
    if (!connector) throw new Error('not connected')
    connector.signMessage = async ({ message }) => other.signMessage({ message: String(message) })
    await expect(revokePermissions(portico, { context: pci, source: 'hosted' })).rejects.toMatchObject({
      name: 'RevokeSmartSessionError',
    })
    expect((await getPermissions(portico)).map((p) => p.context)).toEqual([pci])
  } finally {
    stop()
  }
})

test('the service failing is FetchSmartSessionsError', async () => {
  const { portico, stop } = await permissionsWallet({
    apiUrl: devnet.apiUrl,
    options: { projectId: 'hosted-fault-permissions' },
  })
  await fetch(`${devnet.apiUrl}/__devnet/switches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ hostedFor: { 'hosted-fault-permissions': 500 } }),
  })
  try {
    await expect(getPermissions(portico)).rejects.toMatchObject({
      name: 'FetchSmartSessionsError',
      shortMessage: 'Error fetching smart sessions',
    })
  } finally {
    await fetch(`${devnet.apiUrl}/__devnet/switches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hostedFor: { 'hosted-fault-permissions': 'ok' } }),
    })
    stop()
  }
})
