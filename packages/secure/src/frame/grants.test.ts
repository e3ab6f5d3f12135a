// The frame's grant store (grants.ts): one queue for every read-modify-write, so two sends racing for
// the last of an allowance never both see it, a failed change leaves the store as it was and does not
// stall the queue, and a frame without storage keeps no grant. The vault is the real one, over its
// in-memory store (IndexedDB's copy semantics). What a grant allows is in permissions.test.ts; how a
// send spends from it is in grantSpending.test.ts; the flow through the frame in tests/e2e/embeddedPermissions.test.ts.
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import { readGrants, updateGrants } from './grants.js'
import type { Grant } from './permissions.js'
import { memoryStore, StorageBlockedError, useStore } from './vault.js'

const origin = 'http://127.0.0.1:5173'

function grant(id: string, overrides: Partial<Grant> = {}): Grant {
  return {
    id: id as Grant['id'],
    account: '0x1111111111111111111111111111111111111111',
    chainId: 31337,
    origin,
    expiry: 1_800_003_600,
    grantedAt: 1_800_000_000,
    permissions: [{ type: 'native-token-recurring-allowance', data: { allowance: '0x3e8', period: 60 } }],
    spent: {},
    ...overrides,
  }
}

/** Appends `id` to the stored grants; resolves with how many grants the change saw before it. */
const append = (id: string) => updateGrants((grants) => ({ grants: [...grants, grant(id)], result: grants.length }))

beforeEach(() => {
  useStore(Promise.resolve(memoryStore()))
})
afterAll(() => {
  // The vault's state before this file: no storage chosen yet.
  useStore(Promise.resolve(undefined))
})

describe('the grant store', () => {
  test('default: a frame that has stored nothing reads no grants', async () => {
    expect(await readGrants()).toEqual([])
  })

  test('behavior: a change sees the stored grants, stores what it returns and resolves with its result', async () => {
    expect(await append('0x01')).toBe(0)
    expect(await updateGrants((grants) => ({ grants, result: grants.map((g) => g.id) }))).toEqual(['0x01'])
    expect(await readGrants()).toEqual([grant('0x01')])
  })

  test('security: changes started together run one after another, so none is lost', async () => {
    // Started in the same tick: without the queue each would read the same empty list.
    const seen = await Promise.all(Array.from({ length: 8 }, (_, i) => append(`0x0${i}`)))
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
    expect((await readGrants()).map((g) => g.id)).toEqual([
      '0x00',
      '0x01',
      '0x02',
      '0x03',
      '0x04',
      '0x05',
      '0x06',
      '0x07',
    ])
  })

  test('security: two spends racing for the last of an allowance: exactly one gets it', async () => {
    await updateGrants(() => ({ grants: [grant('0xaa')], result: undefined }))
    const spendAll = () =>
      updateGrants((grants) => {
        const g = grants[0] as Grant
        if (g.spent[0]) return { grants, result: 'refused' }
        return { grants: [{ ...g, spent: { 0: { period: 0, amount: '1000' } } }], result: 'spent' }
      })
    expect((await Promise.all([spendAll(), spendAll()])).sort()).toEqual(['refused', 'spent'])
  })

  test('behavior: a read waits for the write in flight', async () => {
    const writing = append('0x01')
    const read = readGrants()
    expect((await read).map((g) => g.id)).toEqual(['0x01'])
    await writing
  })

  test('error: a change that throws rejects its caller, stores nothing, and the next change still runs', async () => {
    await append('0x01')
    const failing = updateGrants<void>((grants) => {
      grants.push(grant('0xbad'))
      throw new Error('broken change')
    })
    const next = append('0x02')
    await expect(failing).rejects.toThrow('broken change')
    expect(await next).toBe(1)
    expect((await readGrants()).map((g) => g.id)).toEqual(['0x01', '0x02'])
  })

  test('behavior: what a change is given is a copy: editing it without returning it stores nothing', async () => {
    await append('0x01')
    await updateGrants((grants) => {
      ;(grants[0] as Grant).spent = { 0: { period: 0, amount: '999' } }
      return { grants: [], result: undefined }
    })
    expect(await readGrants()).toEqual([])
    await append('0x02')
    const [read] = await readGrants()
    ;(read as Grant).expiry = 0
    expect((await readGrants())[0]?.expiry).toBe(grant('0x02').expiry)
  })

  test('error: without storage a grant cannot be kept (StorageBlockedError) and none is read; the queue goes on', async () => {
    useStore(Promise.resolve(undefined))
    await expect(append('0x01')).rejects.toBeInstanceOf(StorageBlockedError)
    expect(await readGrants()).toEqual([])
    useStore(Promise.resolve(memoryStore()))
    expect(await append('0x02')).toBe(0)
  })

  test('edge: a store that fails to open rejects the change and the read, and does not stall the queue', async () => {
    const refused = Promise.reject(new Error('IndexedDB refused'))
    refused.catch(() => undefined)
    useStore(refused)
    const change = append('0x01')
    const read = readGrants()
    await expect(change).rejects.toThrow('IndexedDB refused')
    await expect(read).rejects.toThrow('IndexedDB refused')
    useStore(Promise.resolve(memoryStore()))
    expect(await append('0x02')).toBe(0)
    expect((await readGrants()).map((g) => g.id)).toEqual(['0x02'])
  })
})
