// The in-memory SIWX session store on its own, with a fake clock: a session lives until its
// `expiresAt` (the boundary exactly), one browser never sees or revokes another's, and filters by
// network and address compare exactly (the handlers normalise addresses first; that and the cookie
// are tested in createSiwxHandlers.test.ts and mounting.test.ts).
import type { CaipNetworkId } from '@portico/headless/core'
import { describe, expect, test } from 'vitest'
import { createMemorySessionStore, type SiwxSessionRecord } from './sessionStore.js'

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const T0 = 1_700_000_000_000
const HOUR = 60 * 60_000

let ids = 0
function record(
  fields: Partial<SiwxSessionRecord> & { ownerId: string; chainId?: CaipNetworkId; address?: string },
): SiwxSessionRecord {
  const chainId = fields.chainId ?? 'eip155:1'
  const address = fields.address ?? ALICE
  ids += 1
  return {
    id: `session-${ids}`,
    message: `message ${ids}`,
    signature: `0x${ids.toString(16).padStart(4, '0')}`,
    data: {
      domain: 'app.test',
      accountAddress: address,
      chainId,
      uri: 'https://app.test',
      version: '1',
      nonce: `nonce${ids}`,
    },
    createdAt: T0,
    expiresAt: T0 + HOUR,
    ...fields,
    chainId,
    address,
  }
}

function store() {
  const clock = { now: T0 }
  return { sessions: createMemorySessionStore({ now: () => clock.now }), clock }
}

const idsOf = (records: SiwxSessionRecord[]) => records.map((r) => r.id)

describe('expiry', () => {
  test('edge: listed 1 ms before `expiresAt`, gone at `expiresAt` exactly', async () => {
    const { sessions, clock } = store()
    const s = record({ ownerId: 'browser-a' })
    await sessions.add(s)
    clock.now = s.expiresAt - 1
    expect(idsOf(await sessions.list({ ownerId: 'browser-a' }))).toEqual([s.id])
    clock.now = s.expiresAt
    expect(await sessions.list({ ownerId: 'browser-a' })).toEqual([])
    expect(await sessions.list({ ownerId: 'browser-a', chainId: 'eip155:1', address: ALICE })).toEqual([])
  })

  test('behavior: an expired session stays gone when a new one is added, and the new one is listed', async () => {
    const { sessions, clock } = store()
    const old = record({ ownerId: 'browser-a', expiresAt: T0 + 10 })
    await sessions.add(old)
    clock.now = T0 + 10
    const fresh = record({ ownerId: 'browser-a', createdAt: clock.now, expiresAt: clock.now + HOUR })
    await sessions.add(fresh)
    expect(idsOf(await sessions.list({ ownerId: 'browser-a' }))).toEqual([fresh.id])
    // Dropped at the add: revoking finds only the live one.
    expect(await sessions.revoke({ ownerId: 'browser-a' })).toBe(1)
  })

  test('edge: a session added already expired is never listed', async () => {
    const { sessions } = store()
    await sessions.add(record({ ownerId: 'browser-a', expiresAt: T0 }))
    await sessions.add(record({ ownerId: 'browser-a', expiresAt: T0 - 1 }))
    expect(await sessions.list({ ownerId: 'browser-a' })).toEqual([])
  })

  test('behavior: sessions of one browser expire one by one, oldest first in the list', async () => {
    const { sessions, clock } = store()
    const first = record({ ownerId: 'b', chainId: 'eip155:1', expiresAt: T0 + 100 })
    const second = record({ ownerId: 'b', chainId: 'eip155:10', expiresAt: T0 + 200 })
    const third = record({ ownerId: 'b', address: BOB, expiresAt: T0 + 300 })
    for (const s of [first, second, third]) await sessions.add(s)
    expect(idsOf(await sessions.list({ ownerId: 'b' }))).toEqual([first.id, second.id, third.id])
    clock.now = T0 + 100
    expect(idsOf(await sessions.list({ ownerId: 'b' }))).toEqual([second.id, third.id])
    clock.now = T0 + 299
    expect(idsOf(await sessions.list({ ownerId: 'b' }))).toEqual([third.id])
    clock.now = T0 + 300
    expect(await sessions.list({ ownerId: 'b' })).toEqual([])
  })
})

describe('isolation', () => {
  test('security: one browser never lists another browser sessions, even for the same address and network', async () => {
    const { sessions } = store()
    const a = record({ ownerId: 'browser-a' })
    const b = record({ ownerId: 'browser-b' })
    await sessions.add(a)
    await sessions.add(b)
    expect(idsOf(await sessions.list({ ownerId: 'browser-a', chainId: 'eip155:1', address: ALICE }))).toEqual([a.id])
    expect(idsOf(await sessions.list({ ownerId: 'browser-b' }))).toEqual([b.id])
    // An owner id that is a prefix, a case variant or empty matches nothing.
    for (const ownerId of ['browser', 'BROWSER-A', 'browser-a ', '', '__proto__'])
      expect(await sessions.list({ ownerId })).toEqual([])
  })

  test('security: revoking one browser leaves every other browser signed in', async () => {
    const { sessions } = store()
    const a = record({ ownerId: 'browser-a' })
    const b = record({ ownerId: 'browser-b' })
    await sessions.add(a)
    await sessions.add(b)
    expect(await sessions.revoke({ ownerId: 'browser-a', chainId: 'eip155:1', address: ALICE })).toBe(1)
    expect(await sessions.list({ ownerId: 'browser-a' })).toEqual([])
    expect(idsOf(await sessions.list({ ownerId: 'browser-b' }))).toEqual([b.id])
    // Revoking what is not there changes nothing.
    expect(await sessions.revoke({ ownerId: 'browser-c' })).toBe(0)
    expect(await sessions.revoke({ ownerId: 'browser-a' })).toBe(0)
    expect(idsOf(await sessions.list({ ownerId: 'browser-b' }))).toEqual([b.id])
  })

  test('behavior: per-address filters: one address of a browser is listed and revoked without the other', async () => {
    const { sessions } = store()
    const alice1 = record({ ownerId: 'b', address: ALICE, chainId: 'eip155:1' })
    const alice10 = record({ ownerId: 'b', address: ALICE, chainId: 'eip155:10' })
    const bob1 = record({ ownerId: 'b', address: BOB, chainId: 'eip155:1' })
    for (const s of [alice1, alice10, bob1]) await sessions.add(s)
    expect(idsOf(await sessions.list({ ownerId: 'b', address: ALICE }))).toEqual([alice1.id, alice10.id])
    expect(idsOf(await sessions.list({ ownerId: 'b', chainId: 'eip155:1' }))).toEqual([alice1.id, bob1.id])
    expect(idsOf(await sessions.list({ ownerId: 'b', chainId: 'eip155:10', address: BOB }))).toEqual([])
    expect(await sessions.revoke({ ownerId: 'b', address: ALICE, chainId: 'eip155:10' })).toBe(1)
    expect(idsOf(await sessions.list({ ownerId: 'b' }))).toEqual([alice1.id, bob1.id])
    expect(await sessions.revoke({ ownerId: 'b', address: ALICE })).toBe(1)
    expect(idsOf(await sessions.list({ ownerId: 'b' }))).toEqual([bob1.id])
  })

  test('edge: addresses and networks compare exactly: case variants match nothing', async () => {
    const { sessions } = store()
    const s = record({ ownerId: 'b', address: ALICE })
    await sessions.add(s)
    expect(await sessions.list({ ownerId: 'b', address: ALICE.toLowerCase() })).toEqual([])
    expect(await sessions.list({ ownerId: 'b', address: `${ALICE} ` })).toEqual([])
    expect(await sessions.list({ ownerId: 'b', chainId: 'EIP155:1' as CaipNetworkId })).toEqual([])
    expect(await sessions.revoke({ ownerId: 'b', address: ALICE.toUpperCase() })).toBe(0)
    expect(idsOf(await sessions.list({ ownerId: 'b' }))).toEqual([s.id])
  })

  test('behavior: changing the list a caller got back changes nothing in the store', async () => {
    const { sessions } = store()
    await sessions.add(record({ ownerId: 'b' }))
    const listed = await sessions.list({ ownerId: 'b' })
    listed.push(record({ ownerId: 'b' }))
    listed.splice(0, 1)
    expect(await sessions.list({ ownerId: 'b' })).toHaveLength(1)
  })

  test('behavior: concurrent adds for two browsers keep both', async () => {
    const { sessions } = store()
    const a = record({ ownerId: 'a' })
    const b = record({ ownerId: 'b' })
    await Promise.all([sessions.add(a), sessions.add(b), sessions.revoke({ ownerId: 'c' })])
    expect(idsOf(await sessions.list({ ownerId: 'a' }))).toEqual([a.id])
    expect(idsOf(await sessions.list({ ownerId: 'b' }))).toEqual([b.id])
  })
})
