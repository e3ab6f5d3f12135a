import { frameTexts } from '../protocol/texts.js'

/**
 * The frame origin's own storage: an IndexedDB database that only this origin can open. Key shares
 * are kept encrypted with an AES-GCM key created as non-extractable, so even a script running in
 * this origin can use it but never read its bytes; the CryptoKey object itself is stored (browsers
 * store it by structured clone without exposing the key material).
 *
 * Which IndexedDB (this origin's own, a partitioned one, or none: memory for this visit) is chosen
 * by the frame's storage step (`storage.ts`) and given here with {@link useStore}.
 */

const dbName = 'portico-secure'
const storeName = 'vault'

/** Where the vault keeps its entries. */
export type VaultStore = {
  get(key: string): Promise<unknown>
  put(key: string, value: unknown): Promise<void>
  delete(key: string): Promise<void>
}

/** Thrown when something must be stored and the browser gives the frame no storage on this site. */
export class StorageBlockedError extends Error {
  constructor() {
    super(frameTexts.storageBlocked)
    this.name = 'StorageBlockedError'
  }
}

/** The vault in `factory` (an origin's IndexedDB); rejects when the browser refuses to open it. */
export function indexedDbStore(factory: IDBFactory): Promise<VaultStore> {
  return new Promise<IDBDatabase>((resolve, reject) => {
    const request = factory.open(dbName, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(storeName)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  }).then((db) => {
    const run = <T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest) =>
      new Promise<T>((resolve, reject) => {
        const request = action(db.transaction(storeName, mode).objectStore(storeName))
        request.onsuccess = () => resolve(request.result as T)
        request.onerror = () => reject(request.error)
      })
    return {
      get: (key) => run('readonly', (store) => store.get(key)),
      put: (key, value) => run('readwrite', (store) => store.put(value, key)),
      delete: (key) => run('readwrite', (store) => store.delete(key)),
    }
  })
}

/** A vault that lasts as long as this document (entries are copied in and out, as IndexedDB does). */
export function memoryStore(): VaultStore {
  const entries = new Map<string, unknown>()
  return {
    get: async (key) => structuredClone(entries.get(key)),
    put: async (key, value) => {
      entries.set(key, structuredClone(value))
    },
    delete: async (key) => {
      entries.delete(key)
    },
  }
}

let current: Promise<VaultStore | undefined> = Promise.resolve(undefined)

/** Sets where the vault keeps its entries from now on (`undefined`: nowhere, storage is refused). */
export function useStore(store: Promise<VaultStore | undefined>): void {
  current = store
  deviceIdReading = undefined // another store holds its own id
}

/** The entry under `key`; `undefined` when there is none, or no storage to have one in. */
export async function get<T>(key: string): Promise<T | undefined> {
  return (await current)?.get(key) as Promise<T | undefined>
}
/** Stores `value` under `key`; throws {@link StorageBlockedError} when the frame has no storage. */
export async function set(key: string, value: unknown): Promise<void> {
  const store = await current
  if (!store) throw new StorageBlockedError()
  await store.put(key, value)
}
/** Removes the entry under `key` (nothing to do without storage). */
export async function del(key: string): Promise<void> {
  await (await current)?.delete(key)
}

/** Whether `key` can wrap secrets: an AES-GCM secret key allowed to encrypt and to decrypt. */
const isWrappingKey = (key: unknown): key is CryptoKey =>
  key instanceof CryptoKey &&
  key.type === 'secret' &&
  key.algorithm.name === 'AES-GCM' &&
  key.usages.includes('encrypt') &&
  key.usages.includes('decrypt')

/** The one warning an unusable wrapping key gives before it is replaced (it names no key material). */
const unusableKeyWarning = '[portico] The stored wrapping key could not be used and was replaced'

/**
 * The name under which one document of this origin at a time may make the wrapping key (Web Locks
 * are per origin, as the vault's IndexedDB is, so every frame and tab of the wallet's origin waits
 * on the same lock).
 */
const wrappingKeyLock = '@portico/secure/wrapping-key'

/** The wrapping key being read or made for one store, shared by every caller that asks meanwhile. */
let keyFlight: { store: Promise<VaultStore | undefined>; key: Promise<CryptoKey> } | undefined

/**
 * The origin's wrapping key, created once, non-extractable. Made once per origin: a second key,
 * made beside the first and stored over it, would leave every secret sealed with the first (a key
 * share) unreadable for good. So callers at once in this document share one read and, on a fresh
 * vault, one creation; and across the origin's documents (the frame in two host pages, the wallet's
 * own window) the create-if-missing step runs under a Web Lock, reading the entry again inside it,
 * where the browser has Web Locks (without them: the sharing within this document alone).
 *
 * A stored entry that is not a usable one (not a CryptoKey, another algorithm, a key that may not
 * encrypt or decrypt) could never wrap a secret: every new share would be lost on it until site
 * data is cleared. It is replaced with one warning; the secrets stored under it (if any) then read
 * as none, the path {@link getSecret} documents for a key that was replaced. A failure to reach
 * storage is thrown as is (to every caller sharing it; the next call reads again).
 */
function wrappingKey(): Promise<CryptoKey> {
  // A flight for the store in use only: a vault given another store makes (or finds) its own key.
  if (keyFlight?.store === current) return keyFlight.key
  const flight = { store: current, key: findOrMakeWrappingKey(current) }
  keyFlight = flight
  // Not kept once settled: the entry may change (replaced, lost, another store) and is read again.
  const settled = () => {
    if (keyFlight === flight) keyFlight = undefined
  }
  flight.key.then(settled, settled)
  return flight.key
}

async function findOrMakeWrappingKey(store: Promise<VaultStore | undefined>): Promise<CryptoKey> {
  const read = async () => (await store)?.get('wrapping-key')
  const existing = await read()
  // The usual case (a key is there) takes no lock.
  if (isWrappingKey(existing)) return existing
  // Absent outside a secure context and in older browsers (and in Node).
  const locks = typeof navigator === 'undefined' ? undefined : (navigator.locks as LockManager | undefined)
  if (!locks) return makeWrappingKey(store, existing)
  let locked = false
  try {
    // Read again under the lock: another document may have made the key while this one waited.
    return await locks.request(wrappingKeyLock, async () => {
      locked = true
      return makeWrappingKey(store, await read())
    })
  } catch (error) {
    if (locked) throw error
    // The browser refused the lock itself ('The request was denied': a frame whose site may not
    // use storage, where the vault is this visit's memory, which no other document shares).
    return makeWrappingKey(store, existing)
  }
}

async function makeWrappingKey(store: Promise<VaultStore | undefined>, existing: unknown): Promise<CryptoKey> {
  if (isWrappingKey(existing)) return existing
  // Only what the entry is not is said: nothing of the entry itself is logged.
  if (existing !== undefined) console.warn(unusableKeyWarning)
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
  const target = await store
  if (!target) throw new StorageBlockedError()
  await target.put('wrapping-key', key)
  return key
}

/** Stores `bytes` under `name`, encrypted with the origin's non-extractable key. */
export async function putSecret(name: string, bytes: Uint8Array): Promise<void> {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const cipher = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await wrappingKey(), bytes as BufferSource)
  await set(`secret:${name}`, { iv, cipher: new Uint8Array(cipher) })
}

/** What {@link putSecret} stores: a 12-byte IV and the AES-GCM ciphertext with its 16-byte tag. */
type SecretEntry = { iv: Uint8Array; cipher: Uint8Array }

const isSecretEntry = (entry: unknown): entry is SecretEntry =>
  typeof entry === 'object' &&
  entry !== null &&
  (entry as SecretEntry).iv instanceof Uint8Array &&
  (entry as SecretEntry).iv.length === 12 &&
  (entry as SecretEntry).cipher instanceof Uint8Array &&
  (entry as SecretEntry).cipher.length >= 16

/** The one warning an unreadable entry gives before it is removed (it names no entry and no bytes). */
const unreadableSecretWarning = '[portico] The stored key share could not be read and was discarded'

/**
 * The bytes stored under `name`, or `undefined` when there are none, or none that can be read.
 *
 * An entry that does not decrypt under this origin's wrapping key (the key was replaced or lost
 * while the entry stayed; the entry was altered, cut short, or is not the shape {@link putSecret}
 * writes) can never give its bytes back: AES-GCM refuses it whole, never with other bytes. It is
 * removed with one warning and reads as no secret, so the callers take the path of a device that
 * never had one (for a key share: recovery, or `ShareMissingError`) instead of failing on it
 * until site data is cleared. A failure to reach storage itself is thrown as is: it says nothing
 * about the entry, which may well be good.
 *
 * @example
 * await putSecret('share:user-1:eip155', deviceShare)
 * const share = await getSecret('share:user-1:eip155') // the same bytes, or undefined
 */
export async function getSecret(name: string): Promise<Uint8Array | undefined> {
  const entryKey = `secret:${name}`
  const entry = await get<unknown>(entryKey)
  if (entry === undefined) return undefined
  const discard = async () => {
    // The same text whatever the cause: nothing of the entry or of WebCrypto's error is logged.
    console.warn(unreadableSecretWarning)
    await del(entryKey)
    return undefined
  }
  if (!isSecretEntry(entry)) return discard()
  const key = await wrappingKey()
  let plain: ArrayBuffer
  try {
    plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: entry.iv as BufferSource },
      key,
      entry.cipher as BufferSource,
    )
  } catch {
    // OperationError (the tag does not verify: another key, altered or cut bytes) or a refusal of
    // the IV or key: decrypting does no I/O, so every failure here is this entry under this key.
    return discard()
  }
  return new Uint8Array(plain)
}

/**
 * This browser's device id for the auth server, random and kept in the frame origin. Calls made at
 * once share one read (and, on a new device, one new id): two ids made side by side would leave the
 * server knowing this browser by one it no longer sends.
 */
export function deviceId(): Promise<string> {
  deviceIdReading ??= readDeviceId()
  const reading = deviceIdReading
  // A failed read (no storage yet) is asked again next time.
  reading.catch(() => {
    if (deviceIdReading === reading) deviceIdReading = undefined
  })
  return reading
}
let deviceIdReading: Promise<string> | undefined

async function readDeviceId(): Promise<string> {
  const existing = await get<string>('device-id')
  if (existing) return existing
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  const id = btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '')
  await set('device-id', id)
  return id
}
