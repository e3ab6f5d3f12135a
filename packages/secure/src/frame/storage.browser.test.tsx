// The frame's storage step in real Chromium: what the browser gives without asking (its own
// IndexedDB, a partitioned one, or nothing), the step shown in the frame when a login needs storage
// (Allow access, refused, Open the wallet's page, this visit only, Cancel) and where the vault's
// writes land for each outcome. The Storage Access API, permissions.query, window.open and the
// IndexedDB factory are the browser's, replaced per test to play each browser's answer; our modules
// run as they are. The vault's encryption and its store-less refusals are vault.test.ts; the
// whole frame in a third-party page (third-party cookies blocked) is the embedded-wallet e2e tests.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { askForStorage, frameStorage, openStorageSilently, storageNote } from './storage.js'
import { closePrompt, currentStorageNote } from './ui.js'
import { get, indexedDbStore, StorageBlockedError, set, useStore } from './vault.js'

const PAGE = 'http://127.0.0.1:5173'
const blockedText = 'This browser blocks the wallet’s storage on this site'
const memoryNote =
  'Nothing is kept after you leave this page: next time, this device must be approved again from the link in your mail.'
const partitionedNote =
  'This device’s key share is kept for 127.0.0.1:5173 only: on another site, or after this site’s data is cleared, approve this device again from the link in your mail.'

type Access = {
  has?: () => Promise<boolean>
  request?: (types?: { indexedDB?: boolean }) => Promise<{ indexedDB?: IDBFactory } | undefined>
}
const realIndexedDB = indexedDB

/** Plays the browser's Storage Access API (`undefined` members: the API is absent). */
function storageAccess(access: Access) {
  const request = vi.fn(access.request ?? (() => Promise.reject(new DOMException('refused', 'NotAllowedError'))))
  Object.defineProperty(document, 'hasStorageAccess', { configurable: true, value: access.has })
  Object.defineProperty(document, 'requestStorageAccess', {
    configurable: true,
    value: 'request' in access && access.request === undefined ? undefined : request,
  })
  return request
}
/** The storage-access permission as `navigator.permissions.query` reports it. */
function permission(state: PermissionState | 'throws') {
  return vi
    .spyOn(navigator.permissions, 'query')
    .mockImplementation(() =>
      state === 'throws' ? Promise.reject(new TypeError('unknown')) : Promise.resolve({ state } as PermissionStatus),
    )
}
/** An IndexedDB factory that refuses to open (a third-party frame with cookies blocked). */
const refusingFactory = (
  error = new DOMException('The user denied permission to access the database.', 'SecurityError'),
) =>
  ({
    open() {
      const request = { error } as { error: DOMException; onerror?: () => void }
      queueMicrotask(() => request.onerror?.())
      return request
    },
  }) as unknown as IDBFactory
/** The real factory, counting its opens (to tell which factory the vault was given). */
function countingFactory() {
  const factory = {
    opens: 0,
    open: (name: string, version?: number) => {
      factory.opens++
      return realIndexedDB.open(name, version)
    },
  }
  return factory as typeof factory & IDBFactory
}
function host() {
  const shown: boolean[] = []
  return { shown, show: (visible: boolean) => void shown.push(visible), hidden: () => {} }
}
/** What is stored under `key` in this origin's own (real) IndexedDB vault. */
const inIndexedDb = async (key: string) => (await indexedDbStore(realIndexedDB)).get(key)
const unique = (tag: string) => `${tag}-${crypto.randomUUID()}`

const dialog = () => page.getByRole('dialog')
const statusLine = () => page.getByRole('status')

beforeEach(() => {
  useStore(Promise.resolve(undefined))
})
afterEach(() => {
  closePrompt()
  delete (document as { hasStorageAccess?: unknown }).hasStorageAccess
  delete (document as { requestStorageAccess?: unknown }).requestStorageAccess
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('what the browser gives without asking', () => {
  test('behavior: with access the frame takes its own IndexedDB, from the Storage Access handle, as first-party', async () => {
    const handleFactory = countingFactory()
    const request = storageAccess({ has: async () => true, request: async () => ({ indexedDB: handleFactory }) })
    const found = await openStorageSilently()
    expect(found?.kind).toBe('first-party')
    expect(request).toHaveBeenCalledWith({ indexedDB: true })
    expect(handleFactory.opens).toBe(1)
    const key = unique('own')
    await found?.store.put(key, { v: 1 })
    expect(await inIndexedDb(key)).toEqual({ v: 1 })
  })

  test('default: without the Storage Access API (older browsers) the frame is first-party in its IndexedDB', async () => {
    storageAccess({ has: undefined, request: undefined })
    const found = await openStorageSilently()
    expect(found?.kind).toBe('first-party')
    const key = unique('no-api')
    await found?.store.put(key, 'x')
    expect(await inIndexedDb(key)).toBe('x')
  })

  test('behavior: no access and a permission still to ask: nothing is requested, the partitioned IndexedDB is used', async () => {
    const request = storageAccess({ has: async () => false, request: async () => ({ indexedDB: realIndexedDB }) })
    const query = permission('prompt')
    const found = await openStorageSilently()
    expect(query).toHaveBeenCalledWith({ name: 'storage-access' })
    // Requesting without the user's click would fail and could count against the site.
    expect(request).not.toHaveBeenCalled()
    expect(found?.kind).toBe('partitioned')
  })

  test('behavior: no access but an earlier grant: access is requested at once and its handle gives first-party storage', async () => {
    const handleFactory = countingFactory()
    storageAccess({ has: async () => false, request: async () => ({ indexedDB: handleFactory }) })
    permission('granted')
    const found = await openStorageSilently()
    expect(found?.kind).toBe('first-party')
    expect(handleFactory.opens).toBe(1)
  })

  test('edge: a grant without a handle (Firefox, Safari) opens the document’s own IndexedDB, said to be partitioned', async () => {
    storageAccess({ has: async () => false, request: async () => undefined })
    permission('granted')
    expect((await openStorageSilently())?.kind).toBe('partitioned')
  })

  test('edge: an earlier grant the browser now refuses falls back to the partitioned IndexedDB', async () => {
    const request = storageAccess({ has: async () => false })
    permission('granted')
    expect((await openStorageSilently())?.kind).toBe('partitioned')
    expect(request).toHaveBeenCalledTimes(1)
  })

  test('edge: hasStorageAccess or permissions.query that throw are read as no access, not as a crash', async () => {
    const request = storageAccess({ has: () => Promise.reject(new Error('boom')) })
    permission('throws')
    expect((await openStorageSilently())?.kind).toBe('partitioned')
    expect(request).not.toHaveBeenCalled()
  })

  test('error: an IndexedDB the browser refuses (cookies blocked) gives no storage, not an exception', async () => {
    storageAccess({ has: async () => false })
    permission('prompt')
    vi.stubGlobal('indexedDB', refusingFactory())
    await expect(openStorageSilently()).resolves.toBeUndefined()
  })

  test('error: an IndexedDB whose open throws at once gives no storage', async () => {
    storageAccess({ has: async () => true, request: async () => undefined })
    vi.stubGlobal('indexedDB', {
      open: () => {
        throw new DOMException('denied', 'SecurityError')
      },
    })
    await expect(openStorageSilently()).resolves.toBeUndefined()
  })

  test('error: a vault database left at a newer version (VersionError) gives no storage, and the step is asked', async () => {
    const name = unique('db')
    // The real browser's refusal: open(name, 1) of a database already at version 2.
    const newer = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = realIndexedDB.open(name, 2)
      r.onsuccess = () => resolve(r.result)
      r.onerror = () => reject(r.error)
    })
    newer.close()
    const renamed = { open: (_: string, version?: number) => realIndexedDB.open(name, version) } as IDBFactory
    storageAccess({ has: async () => true, request: async () => ({ indexedDB: renamed }) })
    vi.stubGlobal('indexedDB', renamed)
    await expect(openStorageSilently()).resolves.toBeUndefined()
    realIndexedDB.deleteDatabase(name)
  })

  test('edge: an open the browser reports blocked, then lets through, still gives the store', async () => {
    storageAccess({ has: async () => true, request: async () => undefined })
    let release: (() => void) | undefined
    vi.stubGlobal('indexedDB', {
      open(name: string, version?: number) {
        const real = realIndexedDB.open(name, version)
        const relay: Record<string, (() => void) | null | unknown> & { result?: IDBDatabase } = {
          onblocked: null,
          onupgradeneeded: null,
          onsuccess: null,
          onerror: null,
        }
        real.onupgradeneeded = () => {
          relay.result = real.result
          ;(relay.onupgradeneeded as () => void)()
        }
        real.onsuccess = () => {
          relay.result = real.result
          // The browser says blocked first (another connection holds the database), success after.
          ;(relay.onblocked as (() => void) | null)?.()
          release = () => (relay.onsuccess as () => void)()
        }
        return relay
      },
    })
    const opening = openStorageSilently()
    await vi.waitFor(() => expect(release).toBeTypeOf('function'))
    release?.()
    expect((await opening)?.kind).toBe('first-party')
  })
})

describe('the storage notes', () => {
  test('default: first-party says nothing; partitioned names the host site; memory says nothing is kept', () => {
    expect(storageNote('first-party', PAGE)).toBeUndefined()
    expect(storageNote('partitioned', PAGE)).toBe(partitionedNote)
    expect(storageNote('memory', PAGE)).toBe(memoryNote)
  })
})

/**
 * A frame whose browser refuses every storage without asking: the step will be shown. Once the
 * Storage Access request is granted, the document's own IndexedDB opens (as in Firefox and Safari).
 */
function blockedBrowser(
  requestAccess: Access['request'] = () => Promise.reject(new DOMException('no', 'NotAllowedError')),
) {
  let granted = false
  const request = storageAccess({
    has: async () => false,
    request: (types) =>
      requestAccess(types).then((handle) => {
        granted = true
        return handle
      }),
  })
  permission('prompt')
  const refusing = refusingFactory()
  vi.stubGlobal('indexedDB', {
    open: (name: string, version?: number) => (granted ? realIndexedDB : refusing).open(name, version),
  })
  return request
}
function startFrame() {
  const h = host()
  const logs: unknown[][] = []
  const storage = frameStorage({ origin: PAGE, host: h, log: (...args) => logs.push(args) })
  return { storage, host: h, logs }
}

describe('frameStorage: nothing given silently, a login asks', () => {
  test('behavior: Allow access granted with a handle: first-party store, no note, the frame hidden again, logged', async () => {
    const handleFactory = countingFactory()
    const request = blockedBrowser(async () => ({ indexedDB: handleFactory }))
    const { storage, host: h, logs } = startFrame()
    expect(await storage.silently).toBeUndefined()
    const ensured = storage.ensure()
    await expect.element(dialog()).toBeVisible()
    await expect.element(page.getByRole('heading', { name: 'Let the wallet remember this device' })).toBeVisible()
    await expect.element(page.getByText('Your browser keeps')).toHaveTextContent(PAGE)
    expect(h.shown).toEqual([true])
    await userEvent.click(page.getByRole('button', { name: 'Allow access' }))
    await ensured
    expect(request).toHaveBeenCalledTimes(1)
    expect(h.shown).toEqual([true, false])
    expect(currentStorageNote()).toBeUndefined()
    expect(logs).toContainEqual(['storage', 'first-party'])
    expect(document.querySelector('[role=dialog]')).toBeNull()
    const key = unique('granted')
    await set(key, 42)
    expect(handleFactory.opens).toBe(1)
    expect(await inIndexedDb(key)).toBe(42)
  })

  test('behavior: a grant without a handle keeps the partitioned note on every prompt', async () => {
    blockedBrowser(async () => undefined)
    const { storage } = startFrame()
    const ensured = storage.ensure()
    await userEvent.click(page.getByRole('button', { name: 'Allow access' }))
    await ensured
    expect(currentStorageNote()).toBe(partitionedNote)
  })

  test('behavior: refused, then allowed on a second click: the step is not stuck and storage is granted', async () => {
    let answers = 0
    const request = blockedBrowser(() =>
      ++answers === 1 ? Promise.reject(new DOMException('no', 'NotAllowedError')) : Promise.resolve(undefined),
    )
    const { storage, host: h } = startFrame()
    const ensured = storage.ensure()
    await userEvent.click(page.getByRole('button', { name: 'Allow access' }))
    await expect.element(statusLine()).toHaveTextContent('Your browser did not allow it.')
    await expect.element(page.getByRole('button', { name: 'Open the wallet’s page' })).toBeVisible()
    await expect.element(page.getByRole('button', { name: 'Use for this visit only' })).toBeVisible()
    await expect.element(page.getByRole('button', { name: 'Cancel' })).toBeVisible()
    await userEvent.click(page.getByRole('button', { name: 'Allow access' }))
    await ensured
    expect(request).toHaveBeenCalledTimes(2)
    expect(h.shown).toEqual([true, false])
  })

  test('behavior: refused, then "Use for this visit only": a memory store, the memory note, nothing in IndexedDB', async () => {
    blockedBrowser()
    const { storage, logs } = startFrame()
    const ensured = storage.ensure()
    await userEvent.click(page.getByRole('button', { name: 'Allow access' }))
    await expect.element(page.getByText(/Or use the wallet for this visit only/)).toBeVisible()
    await userEvent.click(page.getByRole('button', { name: 'Use for this visit only' }))
    await ensured
    expect(currentStorageNote()).toBe(memoryNote)
    expect(logs).toContainEqual(['storage', 'memory'])
    const key = unique('visit')
    await set(key, 'kept for now')
    expect(await get(key)).toBe('kept for now')
    vi.unstubAllGlobals()
    expect(await inIndexedDb(key)).toBeUndefined()
  })

  test('error: Cancel ends the login with StorageBlockedError (the spec’s text), and the next login asks again', async () => {
    blockedBrowser()
    const { storage, host: h } = startFrame()
    const first = storage.ensure().then(
      () => expect.unreachable('resolved'),
      (e: unknown) => e,
    )
    await userEvent.click(page.getByRole('button', { name: 'Cancel' }))
    const error = await first
    expect(error).toBeInstanceOf(StorageBlockedError)
    expect((error as Error).message).toBe(blockedText)
    expect(h.shown).toEqual([true, false])
    expect(document.querySelector('[role=dialog]')).toBeNull()
    // Nothing was chosen: the vault still refuses loudly, it never pretends to keep.
    await expect(set(unique('k'), 1)).rejects.toBeInstanceOf(StorageBlockedError)
    const second = storage.ensure()
    await expect.element(dialog()).toBeVisible()
    await userEvent.click(page.getByRole('button', { name: 'Allow access' }))
    await userEvent.click(page.getByRole('button', { name: 'Use for this visit only' }))
    await second
    expect(h.shown).toEqual([true, false, true, false])
  })

  test('behavior: logins asking at once share one storage step and its answer', async () => {
    const request = blockedBrowser(async () => undefined)
    const { storage, host: h } = startFrame()
    const all = Promise.all([storage.ensure(), storage.ensure(), storage.ensure()])
    await userEvent.click(page.getByRole('button', { name: 'Allow access' }))
    await all
    expect(request).toHaveBeenCalledTimes(1)
    expect(h.shown).toEqual([true, false])
    // Once chosen, later logins do not ask.
    await storage.ensure()
    expect(h.shown).toEqual([true, false])
  })

  test('error: closed from outside (an aborted request) the step rejects and hides the frame', async () => {
    blockedBrowser()
    const { storage, host: h } = startFrame()
    const ensured = storage.ensure().catch((e: unknown) => e)
    await expect.element(dialog()).toBeVisible()
    closePrompt()
    expect(await ensured).toBeInstanceOf(StorageBlockedError)
    expect(h.shown).toEqual([true, false])
  })

  test('security: a click the page script makes (untrusted) on Allow access asks nothing', async () => {
    const request = blockedBrowser(async () => undefined)
    const { storage } = startFrame()
    void storage.ensure().catch(() => {})
    await expect.element(dialog()).toBeVisible()
    const allow = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Allow access')
    allow?.click()
    allow?.dispatchEvent(new MouseEvent('click', { bubbles: true }))
    await Promise.resolve()
    expect(request).not.toHaveBeenCalled()
    await expect.element(dialog()).toBeVisible()
  })

  test('error: Open the wallet’s page with pop-ups blocked says so in the alert', async () => {
    blockedBrowser()
    vi.spyOn(window, 'open').mockReturnValue(null)
    const { storage } = startFrame()
    void storage.ensure().catch(() => {})
    await userEvent.click(page.getByRole('button', { name: 'Allow access' }))
    await userEvent.click(page.getByRole('button', { name: 'Open the wallet’s page' }))
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('Your browser blocked the wallet’s window: allow pop-ups for this site, then try again.')
  })

  test('behavior: after the wallet’s page was visited the step says to allow again, and allowing works', async () => {
    let answers = 0
    blockedBrowser(() =>
      ++answers === 1 ? Promise.reject(new DOMException('no', 'NotAllowedError')) : Promise.resolve(undefined),
    )
    // The wallet's window: a same-origin document that tells its opener it is done.
    const visit = document.createElement('iframe')
    document.documentElement.append(visit)
    const opened = visit.contentWindow as Window
    const open = vi.spyOn(window, 'open').mockReturnValue(opened)
    const { storage } = startFrame()
    const ensured = storage.ensure()
    await userEvent.click(page.getByRole('button', { name: 'Allow access' }))
    await userEvent.click(page.getByRole('button', { name: 'Open the wallet’s page' }))
    expect(open.mock.calls[0]?.[0]).toBe(`${location.origin}${location.pathname}#portico-storage`)
    // Posted from the window's own realm, so the message's source is that window.
    const inWindow = (opened as unknown as { Function: FunctionConstructor }).Function
    new inWindow(
      `parent.postMessage({ channel: 'portico-wallet-window', message: { type: 'done' } }, ${JSON.stringify(location.origin)})`,
    )()
    await expect.element(statusLine()).toHaveTextContent('Now allow access again.')
    await expect.element(page.getByRole('button', { name: 'Open the wallet’s page' })).not.toBeInTheDocument()
    await userEvent.click(page.getByRole('button', { name: 'Allow access' }))
    await ensured
    expect(currentStorageNote()).toBe(partitionedNote)
    visit.remove()
  })
})

describe('frameStorage: writes are never silently lost', () => {
  test('behavior: a write made before the silent step settles lands in the store it finds', async () => {
    storageAccess({ has: async () => true, request: async () => undefined })
    const { storage } = startFrame()
    const key = unique('early')
    const writing = set(key, 'early value')
    expect(await storage.silently).toMatchObject({ kind: 'first-party' })
    await writing
    expect(await inIndexedDb(key)).toBe('early value')
    await storage.ensure()
  })

  test('error: a write while the user is still choosing is refused (StorageBlockedError), one after the choice is kept', async () => {
    blockedBrowser(async () => ({ indexedDB: realIndexedDB }))
    const { storage } = startFrame()
    const ensured = storage.ensure()
    await expect.element(dialog()).toBeVisible()
    const key = unique('during')
    await expect(set(key, 1)).rejects.toBeInstanceOf(StorageBlockedError)
    await userEvent.click(page.getByRole('button', { name: 'Allow access' }))
    await ensured
    await set(key, 2)
    expect(await inIndexedDb(key)).toBe(2)
  })
})

describe('askForStorage on its own', () => {
  test('behavior: the error it rejects with on Cancel is the caller’s', async () => {
    blockedBrowser()
    const mine = new Error('mine')
    const asked = askForStorage({ origin: PAGE, host: host(), cancelled: () => mine }).catch((e: unknown) => e)
    await userEvent.click(page.getByRole('button', { name: 'Cancel' }))
    expect(await asked).toBe(mine)
  })
})
