// The frame origin's vault with its store in memory (the same interface IndexedDB is given through):
// the non-extractable wrapping key, what a stored secret looks like at rest, refusals of altered
// entries, and the storage-refused path (StorageBlockedError with the spec's text). The choice of
// store (own, partitioned, visit-only) is storage.ts's, exercised in Chromium by the embedded-wallet
// e2e tests; the key shares kept here are tested in keys.test.ts.
import { base64 } from '@scure/base'
import { bytesToHex } from 'viem'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { rejection } from '../test/rejection.js'
import {
  del,
  deviceId,
  get,
  getSecret,
  indexedDbStore,
  memoryStore,
  putSecret,
  StorageBlockedError,
  set,
  useStore,
  type VaultStore,
} from './vault.js'

const specText = 'This browser blocks the wallet’s storage on this site'

/** A memory store that also lists every key written, in order. */
function recordingStore() {
  const inner = memoryStore()
  const puts: string[] = []
  const store: VaultStore = {
    get: (key) => inner.get(key),
    put: async (key, value) => {
      puts.push(key)
      await inner.put(key, value)
    },
    delete: (key) => inner.delete(key),
  }
  return { store, puts }
}

let store: ReturnType<typeof recordingStore>
beforeEach(() => {
  store = recordingStore()
  useStore(Promise.resolve(store.store))
})

const secretBytes = () => Uint8Array.from({ length: 33 }, (_, i) => (i * 37 + 11) & 0xff)
const contains = (haystack: Uint8Array, needle: Uint8Array) =>
  bytesToHex(haystack).includes(bytesToHex(needle).slice(2))

describe('the wrapping key', () => {
  test('security: it is an AES-GCM CryptoKey created non-extractable, for encrypt and decrypt only', async () => {
    await putSecret('share:u:eip155', secretBytes())
    const key = await get<CryptoKey>('wrapping-key')
    expect(key).toBeInstanceOf(CryptoKey)
    expect(key?.extractable).toBe(false)
    expect(key?.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 })
    expect([...(key?.usages ?? [])].sort()).toEqual(['decrypt', 'encrypt'])
    // Even code running in the frame's origin cannot read its bytes, in any format.
    for (const format of ['raw', 'jwk'] as const) {
      const error = await rejection(crypto.subtle.exportKey(format, key as CryptoKey))
      expect(error).toBeInstanceOf(DOMException)
      // Browsers name it InvalidAccessError, Node InvalidAccessException.
      expect((error as DOMException).name).toMatch(/^InvalidAccess(Error|Exception)$/)
    }
  })

  test('behavior: it is created once and kept; every secret after the first is encrypted under it', async () => {
    await putSecret('a', secretBytes())
    await putSecret('b', Uint8Array.of(1, 2, 3))
    await putSecret('a', Uint8Array.of(9))
    expect(store.puts.filter((k) => k === 'wrapping-key')).toHaveLength(1)
    expect(await getSecret('a')).toEqual(Uint8Array.of(9))
    expect(await getSecret('b')).toEqual(Uint8Array.of(1, 2, 3))
  })

  test('edge: reading a secret that was never stored gives undefined and makes no key', async () => {
    expect(await getSecret('share:nobody:solana')).toBeUndefined()
    expect(store.puts).toEqual([])
    expect(await get('wrapping-key')).toBeUndefined()
  })
})

describe('a secret at rest', () => {
  test('security: the entry holds a 12-byte IV and AES-GCM ciphertext (length + 16-byte tag), never the bytes', async () => {
    const bytes = secretBytes()
    await putSecret('share:u:eip155', bytes)
    const entry = await get<{ iv: Uint8Array; cipher: Uint8Array }>('secret:share:u:eip155')
    expect(Object.keys(entry ?? {}).sort()).toEqual(['cipher', 'iv'])
    expect(entry?.iv).toBeInstanceOf(Uint8Array)
    expect(entry?.iv).toHaveLength(12)
    expect(entry?.cipher).toHaveLength(bytes.length + 16)
    expect(contains(entry?.cipher ?? new Uint8Array(), bytes.subarray(0, 8))).toBe(false)
    // Nothing else was stored under the secret's own name or elsewhere in clear.
    expect(await get('share:u:eip155')).toBeUndefined()
    expect(await getSecret('share:u:eip155')).toEqual(bytes)
  })

  test('security: the same bytes stored twice get a fresh IV and a different ciphertext', async () => {
    await putSecret('x', secretBytes())
    const first = await get<{ iv: Uint8Array; cipher: Uint8Array }>('secret:x')
    await putSecret('x', secretBytes())
    const second = await get<{ iv: Uint8Array; cipher: Uint8Array }>('secret:x')
    expect(bytesToHex(second?.iv ?? new Uint8Array())).not.toBe(bytesToHex(first?.iv ?? new Uint8Array()))
    expect(bytesToHex(second?.cipher ?? new Uint8Array())).not.toBe(bytesToHex(first?.cipher ?? new Uint8Array()))
  })

  test('behavior: the bytes handed to putSecret can be wiped afterwards; the stored secret is unaffected', async () => {
    const bytes = secretBytes()
    await putSecret('wiped', bytes)
    bytes.fill(0)
    expect(await getSecret('wiped')).toEqual(secretBytes())
  })

  test('behavior: del removes the secret', async () => {
    await putSecret('gone', secretBytes())
    await del('secret:gone')
    expect(await getSecret('gone')).toBeUndefined()
  })
})

describe('altered entries are refused', () => {
  type Entry = { iv: Uint8Array; cipher: Uint8Array }
  const alterations: [string, (entry: Entry) => Entry][] = [
    ['a flipped ciphertext byte', ({ iv, cipher }) => ({ iv, cipher: cipher.map((b, i) => (i === 0 ? b ^ 1 : b)) })],
    [
      'a flipped tag byte',
      ({ iv, cipher }) => ({ iv, cipher: cipher.map((b, i) => (i === cipher.length - 1 ? b ^ 0x80 : b)) }),
    ],
    ['another IV', ({ iv, cipher }) => ({ iv: iv.map((b, i) => (i === 11 ? b ^ 1 : b)), cipher })],
    ['a ciphertext cut short', ({ iv, cipher }) => ({ iv, cipher: cipher.slice(0, 10) })],
  ]
  for (const [name, alter] of alterations) {
    test(`error: ${name} is refused (OperationError), its message carries nothing of the secret`, async () => {
      const bytes = secretBytes()
      await putSecret('s', bytes)
      const entry = (await get<Entry>('secret:s')) as Entry
      await set('secret:s', alter(entry))
      const error = await rejection(getSecret('s'))
      expect((error as DOMException).name).toBe('OperationError')
      const message = String((error as Error).message)
      expect(message).not.toContain(bytesToHex(bytes).slice(2, 18))
      expect(message).not.toContain(base64.encode(bytes).slice(0, 12))
    })
  }

  test("error: another store's entry (another wrapping key) is refused", async () => {
    await putSecret('s', secretBytes())
    const entry = await get('secret:s')
    const other = recordingStore()
    useStore(Promise.resolve(other.store))
    await putSecret('unrelated', Uint8Array.of(1))
    await set('secret:s', entry)
    expect(((await rejection(getSecret('s'))) as DOMException).name).toBe('OperationError')
  })

  test("error: one secret's IV and ciphertext swapped with another's are refused", async () => {
    await putSecret('a', secretBytes())
    await putSecret('b', secretBytes())
    const a = (await get<{ iv: Uint8Array; cipher: Uint8Array }>('secret:a')) as { iv: Uint8Array; cipher: Uint8Array }
    const b = (await get<{ iv: Uint8Array; cipher: Uint8Array }>('secret:b')) as { iv: Uint8Array; cipher: Uint8Array }
    await set('secret:a', { iv: b.iv, cipher: a.cipher })
    expect(((await rejection(getSecret('a'))) as DOMException).name).toBe('OperationError')
  })
})

describe('no storage', () => {
  test('error: with storage refused, storing throws StorageBlockedError with the spec’s text', async () => {
    useStore(Promise.resolve(undefined))
    for (const attempt of [() => set('k', 1), () => putSecret('s', secretBytes()), () => deviceId()]) {
      const error = await rejection(attempt())
      expect(error).toBeInstanceOf(StorageBlockedError)
      expect(error).toBeInstanceOf(Error)
      expect(error).toMatchObject({ name: 'StorageBlockedError', message: specText })
    }
  })

  test('edge: with storage refused, reads find nothing and deleting is a no-op', async () => {
    useStore(Promise.resolve(undefined))
    expect(await get('k')).toBeUndefined()
    expect(await getSecret('s')).toBeUndefined()
    await expect(del('k')).resolves.toBeUndefined()
  })

  test('default: a frame that has not chosen its storage yet refuses to store', async () => {
    vi.resetModules()
    const fresh = await import('./vault.js')
    await expect(fresh.set('k', 1)).rejects.toMatchObject({ name: 'StorageBlockedError', message: specText })
    await expect(fresh.putSecret('s', secretBytes())).rejects.toBeInstanceOf(fresh.StorageBlockedError)
    expect(await fresh.get('k')).toBeUndefined()
  })

  test('behavior: a write made while the storage step is still running lands in the store it chooses', async () => {
    let choose: (store: VaultStore | undefined) => void = () => {}
    const chosen = recordingStore()
    useStore(new Promise((resolve) => (choose = resolve)))
    const writing = putSecret('early', secretBytes())
    choose(chosen.store)
    await writing
    expect(chosen.puts).toEqual(['wrapping-key', 'secret:early'])
    expect(await getSecret('early')).toEqual(secretBytes())
  })

  test('error: a storage step that ends with no storage refuses the write waiting on it', async () => {
    let choose: (store: VaultStore | undefined) => void = () => {}
    useStore(new Promise((resolve) => (choose = resolve)))
    const writing = putSecret('early', secretBytes())
    choose(undefined)
    await expect(writing).rejects.toBeInstanceOf(StorageBlockedError)
  })

  test("error: an IndexedDB the browser refuses to open rejects with the browser's error", async () => {
    const refusal = new DOMException('The user denied permission to access the database.', 'SecurityError')
    const factory = {
      open() {
        const request = { error: refusal, onerror: null as null | (() => void) } as unknown as IDBOpenDBRequest
        queueMicrotask(() => (request.onerror as unknown as () => void)())
        return request
      },
    } as unknown as IDBFactory
    await expect(indexedDbStore(factory)).rejects.toBe(refusal)
  })
})

describe('memoryStore and deviceId', () => {
  test('behavior: the memory store copies values in and out, as IndexedDB does', async () => {
    const value = { list: [1, 2] }
    await set('v', value)
    value.list.push(3)
    const read = await get<{ list: number[] }>('v')
    expect(read).toEqual({ list: [1, 2] })
    read?.list.push(4)
    expect(await get('v')).toEqual({ list: [1, 2] })
  })

  test('behavior: the device id is 24 random bytes in base64url, kept per store', async () => {
    const id = await deviceId()
    expect(id).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(await deviceId()).toBe(id)
    expect(store.puts).toEqual(['device-id'])
    useStore(Promise.resolve(memoryStore()))
    expect(await deviceId()).not.toBe(id)
  })
})
