// The smart-session routes against the running emulator: an account's sessions are listed by its
// CAIP-10 id; revoking needs the account's signature over the pci (checked for real), and a
// forged, missing or replayed revocation changes nothing.
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startApiEmulator } from './server.js'

let api: Awaited<ReturnType<typeof startApiEmulator>>
const Q = 'projectId=p&st=appkit&sv=1'
beforeAll(async () => {
  // No chain needed: sessions are the emulator's own data.
  api = await startApiEmulator({ evmRpcUrl: 'http://127.0.0.1:9', solanaRpcUrl: 'http://127.0.0.1:9' })
})
afterAll(() => api.stop())

const permission = { type: 'native-token-recurring-allowance', data: { allowance: '0x10', period: 3600 } }
const expiry = () => Math.floor(Date.now() / 1000) + 3600
const list = async (id: string) => {
  const response = await fetch(`${api.url}/v1/sessions/${encodeURIComponent(id)}?${Q}`)
  return { status: response.status, json: (await response.json()) as { pcis?: Record<string, unknown>[] } }
}
const revoke = async (id: string, body: unknown) => {
  const response = await fetch(`${api.url}/v1/sessions/${encodeURIComponent(id)}/revoke?${Q}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, json: (await response.json()) as Record<string, unknown> }
}
function owner() {
  const account = privateKeyToAccount(generatePrivateKey())
  return { account, id: `eip155:31337:${account.address}` }
}

test('GET lists the sessions added for the account (any address case), none for another', async () => {
  const { account, id } = owner()
  const added = await fetch(`${api.url}/__devnet/sessions/${encodeURIComponent(id)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ expiry: expiry(), permissions: [permission] }),
  })
  const session = (await added.json()) as { pci: string }
  expect(session.pci).toMatch(/^0x[0-9a-f]{64}$/)
  const lower = `eip155:31337:${account.address.toLowerCase()}`
  expect(await list(lower)).toEqual({
    status: 200,
    json: {
      pcis: [
        {
          pci: session.pci,
          chainId: 31337,
          expiry: expect.any(Number),
          createdAt: expect.any(Number),
          permissions: [permission],
          project: { id: 'devnet', name: 'Portico Devnet' },
        },
      ],
    },
  })
  expect((await list(owner().id)).json).toEqual({ pcis: [] })
})

test('revoke: the account signing the pci revokes it (revokedAt set); again is 404', async () => {
  const { account, id } = owner()
  const { pci } = api.sessions.add(id, { expiry: expiry(), permissions: [permission] })
  const signature = await account.signMessage({ message: pci })
  expect(await revoke(id, { pci, signature })).toEqual({ status: 200, json: { success: true } })
  expect((await list(id)).json.pcis?.[0]).toMatchObject({ pci, revokedAt: expect.any(Number) })
  expect((await revoke(id, { pci, signature })).status).toBe(404)
})

test('revoke refuses a signature by another key (401), an unknown pci (404), a bad body or account (400); nothing changes', async () => {
  const { id } = owner()
  const { pci } = api.sessions.add(id, { expiry: expiry(), permissions: [permission] })
  const forged = await privateKeyToAccount(generatePrivateKey()).signMessage({ message: pci })
  expect((await revoke(id, { pci, signature: forged })).status).toBe(401)
  expect((await revoke(id, { pci: `0x${'00'.repeat(32)}`, signature: forged })).status).toBe(404)
  expect((await revoke(id, { pci })).status).toBe(400)
  expect((await revoke(id, { pci, signature: 'not hex' })).status).toBe(400)
  expect((await revoke('0xabc', { pci, signature: forged })).status).toBe(400)
  expect((await list('eip155:31337:nope')).status).toBe(400)
  expect((await list(id)).json.pcis?.[0]?.revokedAt).toBeUndefined()
})

test('hosted parameters are required on the session routes (400 without projectId)', async () => {
  const { id } = owner()
  const response = await fetch(`${api.url}/v1/sessions/${encodeURIComponent(id)}?st=appkit&sv=1`)
  expect(response.status).toBe(400)
})
