/**
 * The frame origin's own storage: an IndexedDB database that only this origin can open. Key shares
 * are kept encrypted with an AES-GCM key created as non-extractable, so even a script running in
 * this origin can use it but never read its bytes; the CryptoKey object itself is stored (browsers
 * store it by structured clone without exposing the key material).
 */

const dbName = 'portico-secure'
const storeName = 'vault'

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(dbName, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(storeName)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

let database: Promise<IDBDatabase> | undefined

async function run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  database ??= open()
  const db = await database
  return new Promise<T>((resolve, reject) => {
    const request = action(db.transaction(storeName, mode).objectStore(storeName))
    request.onsuccess = () => resolve(request.result as T)
    request.onerror = () => reject(request.error)
  })
}

export function get<T>(key: string): Promise<T | undefined> {
  return run<T | undefined>('readonly', (store) => store.get(key))
}
export function set(key: string, value: unknown): Promise<void> {
  return run<void>('readwrite', (store) => store.put(value, key))
}
export function del(key: string): Promise<void> {
  return run<void>('readwrite', (store) => store.delete(key))
}

/** The origin's wrapping key, created once, non-extractable. */
async function wrappingKey(): Promise<CryptoKey> {
  const existing = await get<CryptoKey>('wrapping-key')
  if (existing) return existing
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
  await set('wrapping-key', key)
  return key
}

/** Stores `bytes` under `name`, encrypted with the origin's non-extractable key. */
export async function putSecret(name: string, bytes: Uint8Array): Promise<void> {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const cipher = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await wrappingKey(), bytes as BufferSource)
  await set(`secret:${name}`, { iv, cipher: new Uint8Array(cipher) })
}

/** The bytes stored under `name`, or `undefined`. */
export async function getSecret(name: string): Promise<Uint8Array | undefined> {
  const entry = await get<{ iv: Uint8Array; cipher: Uint8Array }>(`secret:${name}`)
  if (!entry) return undefined
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: entry.iv as BufferSource },
    await wrappingKey(),
    entry.cipher as BufferSource,
  )
  return new Uint8Array(plain)
}

/** This browser's device id for the auth server, random and kept in the frame origin. */
export async function deviceId(): Promise<string> {
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
