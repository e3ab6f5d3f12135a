// The vault's wrapping key made once per origin, in real Chromium: two documents of this origin
// (two same-origin frames, each running its own copy of the module, as the wallet's frame in two host
// pages does) share one IndexedDB database and the browser's real Web Locks. Each test has a database
// of its own. The key itself, secrets at rest and the single flight without Web Locks are
// vault.test.ts.
import { afterEach, expect, test, vi } from 'vitest'
import type { VaultStore } from './vault.js'

type VaultModule = typeof import('./vault.js')
/** A frame's own globals (its console, IndexedDB and Function are not this document's). */
type Realm = typeof globalThis

const moduleUrl = new URL('./vault.ts', import.meta.url).href
const frames: HTMLIFrameElement[] = []
const databases: string[] = []

afterEach(async () => {
  for (const frame of frames.splice(0)) frame.remove()
  // The frames' connections closed with them; the delete may say `blocked` first, then succeeds.
  for (const name of databases.splice(0)) {
    await new Promise((resolve, reject) => {
      const request = indexedDB.deleteDatabase(name)
      request.onsuccess = resolve
      request.onerror = () => reject(request.error)
    })
  }
})

/** A new document of this origin (a same-origin frame) with its own copy of the vault module. */
async function anotherDocument(): Promise<{ vault: VaultModule; realm: Realm }> {
  const frame = document.createElement('iframe')
  document.body.append(frame)
  frames.push(frame)
  const realm = frame.contentWindow as unknown as Realm
  const vault = (await new realm.Function('url', 'return import(url)')(moduleUrl)) as VaultModule
  return { vault, realm }
}

/**
 * Gives each document's vault the same IndexedDB database (a name for this test only, opened through
 * each document's own factory, as the real frame's is); every key written, by any of them, is listed.
 */
function shareOneDatabase(documents: { vault: VaultModule; realm: Realm }[]): string[] {
  const name = `portico-secure-test-${crypto.randomUUID()}`
  databases.push(name)
  const puts: string[] = []
  for (const { vault, realm } of documents) {
    const factory = { open: (_: string, version?: number) => realm.indexedDB.open(name, version) } as IDBFactory
    vault.useStore(
      vault.indexedDbStore(factory).then(
        (store): VaultStore => ({
          get: (key) => store.get(key),
          put: (key, value) => {
            puts.push(key)
            return store.put(key, value)
          },
          delete: (key) => store.delete(key),
        }),
      ),
    )
  }
  return puts
}

/** The bytes `vault` reads under `name`, as a plain array (the frame's Uint8Array is its realm's). */
const readBack = async (vault: VaultModule, name: string) => {
  const bytes = await vault.getSecret(name)
  return bytes && [...bytes]
}

test('behavior: two documents of this origin making the key at once end with one key, and each reads both secrets', async () => {
  expect(navigator.locks).toBeDefined()
  const documents = [await anotherDocument(), await anotherDocument()]
  const puts = shareOneDatabase(documents)
  const [first, second] = documents.map((d) => d.vault) as [VaultModule, VaultModule]
  await Promise.all([first.putSecret('first', Uint8Array.of(1, 2, 3)), second.putSecret('second', Uint8Array.of(4, 5))])
  expect(puts.filter((key) => key === 'wrapping-key')).toHaveLength(1)
  for (const vault of [first, second]) {
    expect(await readBack(vault, 'first')).toEqual([1, 2, 3])
    expect(await readBack(vault, 'second')).toEqual([4, 5])
  }
})

test('error: an unusable stored key met by two documents at once is replaced once, with one warning in all', async () => {
  const documents = [await anotherDocument(), await anotherDocument()]
  const puts = shareOneDatabase(documents)
  const warnings = documents.map(({ realm }) => vi.spyOn(realm.console, 'warn').mockImplementation(() => {}))
  const [first, second] = documents.map((d) => d.vault) as [VaultModule, VaultModule]
  await first.set('wrapping-key', 'not a key')
  await Promise.all([first.putSecret('first', Uint8Array.of(1)), second.putSecret('second', Uint8Array.of(2))])
  expect(warnings.flatMap((warn) => warn.mock.calls)).toEqual([
    ['[portico] The stored wrapping key could not be used and was replaced'],
  ])
  expect(puts.filter((key) => key === 'wrapping-key')).toHaveLength(2) // the test's own, then one new
  for (const vault of [first, second]) {
    expect(await readBack(vault, 'first')).toEqual([1])
    expect(await readBack(vault, 'second')).toEqual([2])
  }
})

test('behavior: with Web Locks, several putSecret calls at once in one document make one key', async () => {
  const only = await anotherDocument()
  const puts = shareOneDatabase([only])
  await Promise.all([0, 1, 2].map((i) => only.vault.putSecret(`s${i}`, Uint8Array.of(i))))
  expect(puts.filter((key) => key === 'wrapping-key')).toHaveLength(1)
  for (const i of [0, 1, 2]) expect(await readBack(only.vault, `s${i}`)).toEqual([i])
})
