// The frame origin's vault with its store in memory (the same interface IndexedDB is given through):
// the non-extractable wrapping key (made once for callers at once, here without Web Locks; two
// documents with real Web Locks are vault.browser.test.tsx), what a stored secret looks like at
// rest, entries that do not decrypt (another key's, altered, cut short, not an entry at all: read
// as no secret, warned once, removed), a stored wrapping key that cannot wrap (replaced, warned
// once, its secrets then read as none), and the storage-refused path (StorageBlockedError with the
// spec's text). The choice of store (own, partitioned, visit-only) is storage.ts's, exercised in
// Chromium by the embedded-wallet e2e tests; the key shares kept here are tested in keys.test.ts.
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

describe('the wrapping key is made once, for callers at once', () => {
  // Without Web Locks (Node, older browsers, an insecure context) the sharing within the document
  // alone holds; two documents with real Web Locks are vault.browser.test.tsx.
  beforeEach(() => {
    vi.stubGlobal('navigator', {})
    return () => vi.unstubAllGlobals()
  })
  const bytesOf = (i: number) => Uint8Array.of(i, i + 1, i + 2)

  test('behavior: several putSecret calls at once on a fresh vault make one key, and every secret reads back', async () => {
    await Promise.all([0, 1, 2, 3, 4].map((i) => putSecret(`s${i}`, bytesOf(i))))
    expect(store.puts.filter((k) => k === 'wrapping-key')).toHaveLength(1)
    for (const i of [0, 1, 2, 3, 4]) expect(await getSecret(`s${i}`)).toEqual(bytesOf(i))
  })

  test('behavior: a getSecret and putSecret calls at once on a fresh vault share the one key', async () => {
    await set('secret:old', { iv: new Uint8Array(12), cipher: new Uint8Array(32) })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const [old] = await Promise.all([getSecret('old'), putSecret('a', bytesOf(1)), putSecret('b', bytesOf(2))])
      // The old entry was sealed under no key this vault has: discarded, as a lost key's entries are.
      expect(old).toBeUndefined()
    } finally {
      warn.mockRestore()
    }
    expect(store.puts.filter((k) => k === 'wrapping-key')).toHaveLength(1)
    expect(await getSecret('a')).toEqual(bytesOf(1))
    expect(await getSecret('b')).toEqual(bytesOf(2))
  })

  test('error: an unusable stored key met by several callers at once is replaced once, with one warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      await set('wrapping-key', 'not a key')
      await Promise.all([0, 1, 2].map((i) => putSecret(`s${i}`, bytesOf(i))))
      expect(warn.mock.calls).toEqual([['[portico] The stored wrapping key could not be used and was replaced']])
      expect(store.puts.filter((k) => k === 'wrapping-key')).toHaveLength(2) // the test's own, then one new
      for (const i of [0, 1, 2]) expect(await getSecret(`s${i}`)).toEqual(bytesOf(i))
      expect(warn).toHaveBeenCalledTimes(1)
    } finally {
      warn.mockRestore()
    }
  })

  test('error: storing the new key fails: every caller sharing it gets the failure as is; the next call makes the key', async () => {
    const inner = memoryStore()
    const failure = new DOMException('The transaction was aborted.', 'AbortError')
    let failNext = true
    const puts: string[] = []
    useStore(
      Promise.resolve({
        get: (key) => inner.get(key),
        put: (key, value) => {
          puts.push(key)
          if (failNext && key === 'wrapping-key') {
            failNext = false
            return Promise.reject(failure)
          }
          return inner.put(key, value)
        },
        delete: (key) => inner.delete(key),
      }),
    )
    const results = await Promise.allSettled([putSecret('a', bytesOf(1)), putSecret('b', bytesOf(2))])
    expect(results).toEqual([
      { status: 'rejected', reason: failure },
      { status: 'rejected', reason: failure },
    ])
    expect(puts).toEqual(['wrapping-key'])
    await putSecret('a', bytesOf(1))
    expect(await getSecret('a')).toEqual(bytesOf(1))
    expect(puts).toEqual(['wrapping-key', 'wrapping-key', 'secret:a'])
  })
})

describe('Web Locks refused by the browser', () => {
  // A frame whose site may not use storage: Chromium refuses the lock itself ('The request was
  // denied.'), and the vault is this visit's memory store, which no other document shares.
  const denied = () => Promise.reject(new DOMException('The request was denied.', 'SecurityError'))
  beforeEach(() => {
    vi.stubGlobal('navigator', { locks: { request: denied } })
    return () => vi.unstubAllGlobals()
  })

  test('edge: the key is still made once and every secret reads back; nothing is thrown', async () => {
    await Promise.all([0, 1, 2].map((i) => putSecret(`s${i}`, Uint8Array.of(i))))
    expect(store.puts.filter((k) => k === 'wrapping-key')).toHaveLength(1)
    for (const i of [0, 1, 2]) expect(await getSecret(`s${i}`)).toEqual(Uint8Array.of(i))
  })
})

describe('an unusable stored wrapping key is replaced', () => {
  const warning = '[portico] The stored wrapping key could not be used and was replaced'
  let warn: ReturnType<typeof vi.spyOn>
  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    return () => warn.mockRestore()
  })
  const aesKey = (usages: KeyUsage[]) => crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, usages)

  const unusable: [string, () => Promise<unknown>][] = [
    ['a string', async () => 'wrapping-key-as-text'],
    ['an empty string', async () => ''],
    ['null', async () => null],
    ['a plain object', async () => ({ algorithm: { name: 'AES-GCM' }, usages: ['encrypt', 'decrypt'] })],
    ['raw key bytes', async () => Uint8Array.from({ length: 32 }, (_, i) => i)],
    ['an AES-GCM key that may only encrypt', () => aesKey(['encrypt'])],
    ['an AES-GCM key that may only decrypt', () => aesKey(['decrypt'])],
    ['an AES-GCM key for wrapping keys only', () => aesKey(['wrapKey', 'unwrapKey'])],
    [
      'an AES-CBC key',
      () => crypto.subtle.generateKey({ name: 'AES-CBC', length: 256 }, false, ['encrypt', 'decrypt']),
    ],
    ['an HMAC key', () => crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])],
  ]
  for (const [name, stored] of unusable) {
    test(`error: ${name} under wrapping-key is replaced with one warning; secrets are kept again`, async () => {
      await set('wrapping-key', await stored())
      await putSecret('s', secretBytes())
      expect(await getSecret('s')).toEqual(secretBytes())
      expect(warn.mock.calls).toEqual([[warning]])
      // The new key is the one a first use makes: AES-GCM, non-extractable, encrypt and decrypt.
      const key = await get<CryptoKey>('wrapping-key')
      expect(key).toBeInstanceOf(CryptoKey)
      expect(key).toMatchObject({ extractable: false, algorithm: { name: 'AES-GCM', length: 256 } })
      expect([...(key?.usages ?? [])].sort()).toEqual(['decrypt', 'encrypt'])
      // Replaced once: the next secrets go under it without a word.
      await putSecret('t', Uint8Array.of(5))
      expect(await getSecret('t')).toEqual(Uint8Array.of(5))
      expect(await getSecret('s')).toEqual(secretBytes())
      expect(store.puts.filter((k) => k === 'wrapping-key')).toHaveLength(2)
      expect(warn).toHaveBeenCalledTimes(1)
    })
  }

  test('security: the warning names nothing of the stored entry', async () => {
    await set('wrapping-key', 'c2VjcmV0LWtleS1tYXRlcmlhbA')
    await putSecret('s', secretBytes())
    const logged = JSON.stringify(warn.mock.calls)
    expect(logged).not.toContain('c2VjcmV0LWtleS1tYXRlcmlhbA')
    expect(logged).not.toContain(bytesToHex(secretBytes()).slice(2, 18))
  })

  test('edge: a secret stored before its key became unusable reads as none (discarded, warned), then new ones are kept', async () => {
    await putSecret('s', secretBytes())
    await set('wrapping-key', 'not a key')
    expect(await getSecret('s')).toBeUndefined()
    expect(warn.mock.calls).toEqual([[warning], ['[portico] The stored key share could not be read and was discarded']])
    expect(await get('secret:s')).toBeUndefined()
    await putSecret('s', Uint8Array.of(7))
    expect(await getSecret('s')).toEqual(Uint8Array.of(7))
    expect(warn).toHaveBeenCalledTimes(2)
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

describe('an entry that does not decrypt reads as no secret', () => {
  type Entry = { iv: Uint8Array; cipher: Uint8Array }
  const warning = '[portico] The stored key share could not be read and was discarded'
  let warn: ReturnType<typeof vi.spyOn>
  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    return () => warn.mockRestore()
  })

  /** Reads `name`: no bytes, one warning of the fixed text, the entry gone; a second read says nothing. */
  const expectDiscarded = async (name: string) => {
    expect(await getSecret(name)).toBeUndefined()
    expect(warn.mock.calls).toEqual([[warning]])
    expect(await get(`secret:${name}`)).toBeUndefined()
    expect(await getSecret(name)).toBeUndefined()
    expect(warn).toHaveBeenCalledTimes(1)
  }

  test('edge: an entry encrypted under a wrapping key that was then replaced is discarded with one warning', async () => {
    await putSecret('s', secretBytes())
    await set(
      'wrapping-key',
      await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']),
    )
    await expectDiscarded('s')
  })

  test('edge: an entry whose wrapping key was lost is discarded; the next secret is kept under a new key', async () => {
    await putSecret('s', secretBytes())
    await del('wrapping-key')
    await expectDiscarded('s')
    await putSecret('s', Uint8Array.of(7))
    expect(await getSecret('s')).toEqual(Uint8Array.of(7))
    expect(warn).toHaveBeenCalledTimes(1)
  })

  const alterations: [string, (entry: Entry) => Entry][] = [
    ['a flipped ciphertext byte', ({ iv, cipher }) => ({ iv, cipher: cipher.map((b, i) => (i === 0 ? b ^ 1 : b)) })],
    [
      'a flipped tag byte',
      ({ iv, cipher }) => ({ iv, cipher: cipher.map((b, i) => (i === cipher.length - 1 ? b ^ 0x80 : b)) }),
    ],
    ['another IV', ({ iv, cipher }) => ({ iv: iv.map((b, i) => (i === 11 ? b ^ 1 : b)), cipher })],
    ['a ciphertext cut short by its last byte', ({ iv, cipher }) => ({ iv, cipher: cipher.slice(0, -1) })],
    ['a ciphertext cut shorter than a tag', ({ iv, cipher }) => ({ iv, cipher: cipher.slice(0, 10) })],
    ['an empty ciphertext', ({ iv }) => ({ iv, cipher: new Uint8Array() })],
    ['an IV cut short', ({ iv, cipher }) => ({ iv: iv.slice(0, 8), cipher })],
  ]
  for (const [name, alter] of alterations) {
    test(`security: ${name} gives no bytes, only the fixed warning (nothing of the secret), and is removed`, async () => {
      const bytes = secretBytes()
      await putSecret('s', bytes)
      await set('secret:s', alter((await get<Entry>('secret:s')) as Entry))
      await expectDiscarded('s')
      const logged = JSON.stringify(warn.mock.calls)
      expect(logged).not.toContain(bytesToHex(bytes).slice(2, 18))
      expect(logged).not.toContain(base64.encode(bytes).slice(0, 12))
    })
  }

  test("security: another store's entry (another wrapping key) gives no bytes and is removed", async () => {
    await putSecret('s', secretBytes())
    const entry = await get('secret:s')
    useStore(Promise.resolve(recordingStore().store))
    await putSecret('unrelated', Uint8Array.of(1))
    await set('secret:s', entry)
    await expectDiscarded('s')
    expect(await getSecret('unrelated')).toEqual(Uint8Array.of(1))
  })

  test("security: one secret's IV with another's ciphertext gives no bytes; the other secret is untouched", async () => {
    await putSecret('a', secretBytes())
    await putSecret('b', Uint8Array.of(4, 5, 6))
    const a = (await get<Entry>('secret:a')) as Entry
    const b = (await get<Entry>('secret:b')) as Entry
    await set('secret:a', { iv: b.iv, cipher: a.cipher })
    await expectDiscarded('a')
    expect(await getSecret('b')).toEqual(Uint8Array.of(4, 5, 6))
  })

  const shapes: [string, unknown][] = [
    ['a string', 'not an entry'],
    ['an empty string', ''],
    ['null', null],
    ['a number', 42],
    ['{ iv } only', { iv: new Uint8Array(12) }],
    ['{ cipher } only', { cipher: new Uint8Array(49) }],
    ['an entry of plain arrays', { iv: [...new Uint8Array(12)], cipher: [...new Uint8Array(49)] }],
    ['an entry of base64 strings', { iv: 'AAAAAAAAAAAAAAAA', cipher: 'AAAA' }],
  ]
  for (const [name, entry] of shapes) {
    test(`edge: ${name} stored as a secret is discarded with one warning, and makes no wrapping key`, async () => {
      await set('secret:s', entry)
      await expectDiscarded('s')
      expect(await get('wrapping-key')).toBeUndefined()
    })
  }

  test('behavior: beside a discarded entry, a good one still decrypts to exactly its bytes, with no warning, and stays', async () => {
    const bytes = secretBytes()
    await putSecret('good', bytes)
    await putSecret('bad', Uint8Array.of(1, 2))
    const bad = (await get<Entry>('secret:bad')) as Entry
    await set('secret:bad', { iv: bad.iv, cipher: bad.cipher.slice(0, -4) })
    const goodEntry = await get<Entry>('secret:good')
    await expectDiscarded('bad')
    expect(await getSecret('good')).toEqual(bytes)
    expect(await getSecret('good')).toEqual(bytes)
    expect(await get('secret:good')).toEqual(goodEntry)
    expect(warn).toHaveBeenCalledTimes(1)
  })

  test('error: storage that fails to answer is thrown as is and discards nothing; only an entry that answers and does not decrypt is', async () => {
    const inner = memoryStore()
    const failure = new DOMException('The transaction was aborted.', 'AbortError')
    let failNext = false
    useStore(
      Promise.resolve({
        get: (key) => {
          if (failNext && key === 'wrapping-key') {
            failNext = false
            return Promise.reject(failure)
          }
          return inner.get(key)
        },
        put: (key, value) => inner.put(key, value),
        delete: (key) => inner.delete(key),
      }),
    )
    await putSecret('good', secretBytes())
    await set('secret:bad', { iv: new Uint8Array(12) })
    failNext = true
    expect(await rejection(getSecret('good'))).toBe(failure)
    expect(warn).not.toHaveBeenCalled()
    expect(await getSecret('good')).toEqual(secretBytes())
    await expectDiscarded('bad')
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
