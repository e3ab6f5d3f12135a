import type { PromptHost } from './approval.js'
import { button, setStorageNote, showAlert, showPrompt } from './ui.js'
import { indexedDbStore, memoryStore, StorageBlockedError, useStore, type VaultStore } from './vault.js'
import { openWalletWindow } from './walletWindow.js'

/**
 * Where the frame keeps this device's key share, session and grants, when it runs inside another
 * site. Browsers treat that frame as third-party: Chrome (and Playwright's Chromium) gives it its
 * own storage only with third-party cookies allowed; with them blocked (private windows, Brave,
 * the setting) its IndexedDB is refused ("The user denied permission to access the database");
 * Firefox and Safari give it storage partitioned by the top-level site. The chain, best first:
 *
 * 1. `first-party`: the origin's own IndexedDB, shared by every site that embeds the frame. Same-site
 *    pages and browsers that allow it get it without asking (Chrome's Storage Access API hands an
 *    unpartitioned IndexedDB to a frame that may use cookies, or that the user let before);
 * 2. `partitioned`: an IndexedDB of this frame on this site only (Firefox, Safari): it works, and
 *    every prompt says what it means (another site, or clearing this one's data, is a new device);
 * 3. asked for: the frame shows its storage step and the user clicks "Allow access" in it (the
 *    Storage Access API needs that click, in the frame); where the browser wants a first-party visit
 *    first (Chrome, Safari), "Open the wallet's page" opens one in a window, then access is asked
 *    again;
 * 4. `memory`: where the browser still refuses, "Use for this visit only" keeps everything in this
 *    document: login and signing work, nothing is kept, and the next visit is a new device (approved
 *    from the link in the mail; the key itself is safe with the auth server's recovery share).
 *    "Cancel" ends the login with 'This browser blocks the wallet’s storage on this site'.
 */

export type StorageKind = 'first-party' | 'partitioned' | 'memory'
export type FrameStorage = { kind: StorageKind; store: VaultStore }

type StorageAccessHandle = { indexedDB?: IDBFactory }
type StorageAccessDocument = Document & {
  hasStorageAccess?: () => Promise<boolean>
  requestStorageAccess?: (types?: { indexedDB?: boolean }) => Promise<StorageAccessHandle | undefined>
}
const storageDocument = document as StorageAccessDocument

/** The Storage Access API's grant, then the unpartitioned IndexedDB where the browser hands one (Chrome). */
async function requestAccess(): Promise<FrameStorage> {
  if (!storageDocument.requestStorageAccess) throw new Error('No Storage Access API')
  const handle = await storageDocument.requestStorageAccess({ indexedDB: true })
  const factory = handle?.indexedDB
  // Firefox and Safari grant access to this document without a handle: its own IndexedDB then
  // opens (unpartitioned in Firefox, still per site in Safari, so the partitioned note stays true).
  return { kind: factory ? 'first-party' : 'partitioned', store: await indexedDbStore(factory ?? indexedDB) }
}

/** What the browser gives the frame without asking the user; `undefined` when it refuses any storage. */
export async function openStorageSilently(): Promise<FrameStorage | undefined> {
  // Without the API (older browsers) a frame is treated as first-party.
  const hasAccess = (await storageDocument.hasStorageAccess?.().catch(() => false)) ?? true
  const permission = hasAccess
    ? 'granted'
    : await navigator.permissions
        ?.query({ name: 'storage-access' as PermissionName })
        .then((status) => status.state)
        .catch(() => undefined)
  // With access (or the user's earlier grant) no click is needed to ask.
  if (permission === 'granted') {
    const granted = await requestAccess().catch(() => undefined)
    if (granted) return { ...granted, kind: hasAccess ? 'first-party' : granted.kind }
  }
  const store = await indexedDbStore(indexedDB).catch(() => undefined)
  return store && { kind: hasAccess ? 'first-party' : 'partitioned', store }
}

/** The texts of the storage step. */
const texts = {
  title: 'Let the wallet remember this device',
  allow: 'Allow access',
  refused: 'Your browser did not allow it.',
  visit: 'Browsers allow it once you have opened the wallet’s own page: open it, then allow access again.',
  open: 'Open the wallet’s page',
  again: 'Now allow access again.',
  visitOnly: 'Use for this visit only',
  visitOnlyMeans:
    'Or use the wallet for this visit only: nothing is kept after you leave this page, and next time this device must be approved again from the link in your mail.',
  windowBlocked: 'Your browser blocked the wallet’s window: allow pop-ups for this site, then try again.',
} as const

/** What each storage kind means for this device, as every prompt shows it (none for first-party). */
export function storageNote(kind: StorageKind, hostOrigin: string): string | undefined {
  if (kind === 'memory')
    return 'Nothing is kept after you leave this page: next time, this device must be approved again from the link in your mail.'
  if (kind === 'partitioned')
    return `This device’s key share is kept for ${new URL(hostOrigin).host} only: on another site, or after this site’s data is cleared, approve this device again from the link in your mail.`
  return undefined
}

/**
 * The storage step, in the frame's own document (the page shows the frame for it): the user grants
 * access, or chooses this visit only, or cancels (rejects with `cancelled`, which the caller turns
 * into its error). Closed from outside (an aborted request) it rejects the same way.
 */
export function askForStorage(options: {
  origin: string
  host: PromptHost
  cancelled: () => Error
}): Promise<FrameStorage> {
  return new Promise<FrameStorage>((resolve, reject) => {
    let chosen: FrameStorage | undefined
    showPrompt(
      {
        title: texts.title,
        origin: options.origin,
        onClose: () => {
          options.host.show(false)
          if (chosen) resolve(chosen)
          else reject(options.cancelled())
        },
      },
      ({ body, alert, actions }, close) => {
        const intro = document.createElement('p')
        intro.className = 'note'
        intro.textContent = `Your browser keeps ${location.host} from storing anything while it is shown inside ${options.origin}. The wallet keeps this device’s key share there, so that you stay signed in.`
        const status = document.createElement('p')
        status.className = 'note'
        status.setAttribute('role', 'status')
        const steps = document.createElement('div')
        steps.className = 'body'
        body.append(intro, status, steps)
        const cancel = button('Cancel', 'reject')
        const allow = button(texts.allow, 'approve')
        const visitOnly = button(texts.visitOnly, 'reject')
        cancel.addEventListener('click', close)
        visitOnly.addEventListener('click', () => {
          chosen = { kind: 'memory', store: memoryStore() }
          close()
        })
        let visited = false
        let busy = false
        const refused = () => {
          status.textContent = texts.refused
          const parts: HTMLElement[] = []
          if (!visited) {
            const visit = document.createElement('p')
            visit.className = 'note'
            visit.textContent = texts.visit
            const open = button(texts.open, 'reject')
            open.classList.add('link')
            open.addEventListener('click', (event) => {
              if (!event.isTrusted) return
              const opened = openWalletWindow('storage', {
                onDone: () => {
                  visited = true
                },
                onClosed: () => {
                  if (!visited) return
                  status.textContent = texts.again
                  steps.replaceChildren(means())
                  allow.focus()
                },
              })
              if (!opened) showAlert(alert, texts.windowBlocked)
            })
            parts.push(visit, open)
          }
          parts.push(means())
          steps.replaceChildren(...parts)
          actions.replaceChildren(cancel, visitOnly, allow)
        }
        const means = () => {
          const text = document.createElement('p')
          text.className = 'note'
          text.textContent = texts.visitOnlyMeans
          return text
        }
        allow.addEventListener('click', (event) => {
          if (!event.isTrusted || busy) return
          busy = true
          // Called at once, inside the click: the browser requires the user's gesture in this frame.
          requestAccess().then(
            (granted) => {
              chosen = granted
              close()
            },
            () => {
              busy = false
              refused()
            },
          )
        })
        actions.append(cancel, allow)
        return allow
      },
    )
    options.host.show(true)
  })
}

/**
 * The frame's storage for its host page (`origin`), chosen down the chain above: what the browser
 * gives without asking is opened at once (`silently`; the vault waits on it), the rest is asked for
 * in the frame when a login needs it (`ensure`: one storage step, however many logins ask at once;
 * cancelled, it rejects with {@link StorageBlockedError}). The storage chosen becomes the vault's
 * store, and the prompts say what it means.
 *
 * @example
 * const storage = frameStorage({ origin: hostOrigin, host, log })
 * await storage.ensure() // before a login keeps its session and key share
 */
export function frameStorage(options: { origin: string; host: PromptHost; log: (...args: unknown[]) => void }) {
  let storage: FrameStorage | undefined
  const use = (chosen: FrameStorage) => {
    storage = chosen
    useStore(Promise.resolve(chosen.store))
    setStorageNote(storageNote(chosen.kind, options.origin))
    options.log('storage', chosen.kind)
  }
  const silently = openStorageSilently().then((found) => {
    if (found) use(found)
    return found
  })
  useStore(silently.then((found) => found?.store))
  let asking: Promise<void> | undefined
  return {
    /** What the browser gave without asking (`undefined`: nothing yet, a login will ask). */
    silently,
    /** Storage for a login: asks the user in the frame when the browser gave none by itself. */
    async ensure(): Promise<void> {
      await silently
      if (storage) return
      asking ??= askForStorage({
        origin: options.origin,
        host: options.host,
        cancelled: () => new StorageBlockedError(),
      })
        .then(use)
        .finally(() => {
          asking = undefined
        })
      await asking
    },
  }
}
