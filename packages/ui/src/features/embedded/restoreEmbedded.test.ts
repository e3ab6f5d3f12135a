// restoreEmbedded, the paths that need no secure frame: a visitor who never logged in (nothing is
// asked, the modal stays on Connect), a login cache from storage that does not hold (refused as
// untrusted input), a restore that fails (a warning, false, and the modal left alone), and the once
// per modal rule. A login that does restore after a reload, through the real frame and the auth
// server, is in EmailLogin.browser.test.tsx ("after a reload, the Connect view restores…").
import { createPortico, eip155Adapter, eip155Network } from '@portico/headless'
import { afterEach, expect, test, vi } from 'vitest'
import { createModalController } from '../../modal/controller.js'
import { viewTable } from '../index.js'
import { embeddedMessages } from './messages.js'
import { restoreEmbedded } from './restoreEmbedded.js'

afterEach(() => {
  vi.restoreAllMocks()
})

/** A page's storage, kept in a map: what a previous visit left under the kit's prefix. */
function pageStorage(entries: Record<string, string> = {}) {
  const items = new Map(Object.entries(entries))
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

const makePortico = (storage: ReturnType<typeof pageStorage>) =>
  createPortico({
    projectId: 'restore-test',
    networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:9', testnet: true })],
    adapters: [eip155Adapter()],
    walletConnect: false,
    walletDirectory: false,
    blockchainApi: false,
    remoteConfig: false,
    storage,
    features: { analytics: false },
  })

/** A modal open on Connect, as `<PorticoUI>` drives it. */
function connectModal() {
  const modal = createModalController({ embedded: false, table: viewTable })
  let open = false
  const setOpen = (next: boolean) => {
    open = next
    modal.attach(next, setOpen)
  }
  modal.attach(false, setOpen)
  modal.open({ view: 'Connect' })
  expect(open).toBe(true)
  return modal
}

const view = (modal: ReturnType<typeof connectModal>) => modal.navigation.get().history.at(-1)?.view

test('default: a visitor who never logged in is not restored: false, no warning, the modal stays on Connect', async () => {
  const warn = vi.spyOn(console, 'warn')
  const portico = makePortico(pageStorage())
  const modal = connectModal()
  expect(await restoreEmbedded(portico, modal, embeddedMessages.en)).toBe(false)
  expect(view(modal)).toBe('Connect')
  expect(warn).not.toHaveBeenCalled()
})

test.each([
  ['not JSON', '{used:true', false],
  ['the wrong shape', JSON.stringify({ used: 'yes' }), false],
  ['used: false', JSON.stringify({ used: false, email: 'a@b.example' }), true],
])('security: a login cache in storage that is %s restores nothing and asks nothing', async (_, raw, kept) => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const storage = pageStorage({ '@portico/embedded-login': raw })
  const portico = makePortico(storage)
  const modal = connectModal()
  expect(await restoreEmbedded(portico, modal, embeddedMessages.en)).toBe(false)
  expect(view(modal)).toBe('Connect')
  // A value that does not hold is not left for the next load; a valid one is kept as it was.
  expect(storage.items.has('@portico/embedded-login')).toBe(kept)
  // Nothing reached the restore's own failure path (no frame was asked, so none could fail).
  expect(warn.mock.calls.some(([message]) => String(message).includes('Could not restore'))).toBe(false)
})

test('error: a restore that fails (here no frame is configured) warns once, gives false and leaves the modal on Connect', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const portico = makePortico(pageStorage({ '@portico/embedded-login': JSON.stringify({ used: true }) }))
  const modal = connectModal()
  expect(await restoreEmbedded(portico, modal, embeddedMessages.en)).toBe(false)
  expect(view(modal)).toBe('Connect')
  expect(warn).toHaveBeenCalledTimes(1)
  const [message, error] = warn.mock.calls[0] ?? []
  expect(message).toBe('[portico] Could not restore the email login.')
  expect((error as Error).name).toBe('EmbeddedWalletNotConfiguredError')
})

test('behavior: once per modal: the Connect view shown again gets the same answer, and the restore is not tried again', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const portico = makePortico(pageStorage({ '@portico/embedded-login': JSON.stringify({ used: true }) }))
  const modal = connectModal()
  const first = restoreEmbedded(portico, modal, embeddedMessages.en)
  const again = restoreEmbedded(portico, modal, embeddedMessages.en)
  expect(again).toBe(first)
  expect(await first).toBe(false)
  expect(await restoreEmbedded(portico, modal, embeddedMessages.en)).toBe(false)
  expect(warn).toHaveBeenCalledTimes(1)
  // Another modal (a second <PorticoUI>) has its own restore.
  const other = connectModal()
  const its = restoreEmbedded(portico, other, embeddedMessages.en)
  expect(its).not.toBe(first)
  expect(await its).toBe(false)
  expect(warn).toHaveBeenCalledTimes(2)
})
