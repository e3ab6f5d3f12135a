// viewSlot/watcherSlot: what a feature hands the modal's table (a lazy chunk and its title), and how
// the shell's lookups by name (views.ts) read the composed table, including a name it does not hold.
// Rendering a view from its slot is tested in the browser (Modal.browser.test.tsx, useModal.browser.test.tsx).
import { createPortico, eip155Adapter, eip155Network } from '@portico/headless'
import type { ComponentType } from 'react'
import { expect, test, vi } from 'vitest'
import { viewTable } from '../features/index.js'
import { en, type Messages } from '../i18n/messages.js'
import { type ViewComponent, viewSlot, watcherSlot } from './viewSlot.js'
import { type ViewEntry, type ViewName, viewTitle } from './views.js'

const portico = (name?: string) =>
  createPortico({
    projectId: 'view-slot-test',
    walletConnect: false,
    storage: null,
    networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:9' })],
    adapters: [eip155Adapter()],
    ...(name ? { metadata: { name, description: '', url: 'http://127.0.0.1', icons: [] } } : {}),
  })

const View: ViewComponent<{ view: 'Sample' }> = () => null
const Watch: ComponentType = () => null

test('behavior: a slot fetches nothing until its view is wanted, then loads its component once for every caller', async () => {
  const load = vi.fn(() => Promise.resolve(View))
  const slot = viewSlot(load)
  expect(load).not.toHaveBeenCalled()
  expect(slot.chunk.current).toBeUndefined()
  const loads = [slot.chunk.load(), slot.chunk.load(), slot.chunk.load()]
  expect(await Promise.all(loads)).toEqual([View, View, View])
  expect(load).toHaveBeenCalledTimes(1)
  expect(slot.chunk.current).toBe(View)
})

test('behavior: a slot keeps the title it was given, and has none when given none', () => {
  const title = (text: Messages) => text.titleNetworks
  expect(viewSlot(() => Promise.resolve(View), title).title).toBe(title)
  expect(viewSlot(() => Promise.resolve(View)).title).toBeUndefined()
})

test('error: a view whose chunk failed is fetched again when it is next wanted', async () => {
  const load = vi
    .fn<() => Promise<ViewComponent<{ view: 'Sample' }>>>()
    .mockRejectedValueOnce(new Error('chunk gone'))
    .mockResolvedValueOnce(View)
  const slot = viewSlot(load)
  await expect(slot.chunk.load()).rejects.toThrow('chunk gone')
  expect(slot.chunk.current).toBeUndefined()
  await expect(slot.chunk.load()).resolves.toBe(View)
  expect(load).toHaveBeenCalledTimes(2)
})

test('behavior: a watcher slot names itself, loads lazily, and applies only when its rule says so', async () => {
  const load = vi.fn(() => Promise.resolve(Watch))
  const watcher = watcherSlot(load, 'the sample watcher', (instance) => Boolean(instance.options.metadata?.name))
  expect(watcher.what).toBe('the sample watcher')
  expect(load).not.toHaveBeenCalled()
  expect(watcher.applies(portico('Shop'), {} as never)).toBe(true)
  expect(watcher.applies(portico(), {} as never)).toBe(false)
  await expect(watcher.chunk.load()).resolves.toBe(Watch)
})

/** The views a host may open by name (useModal's `ModalView`, and Swap with data). */
const hostViews = ['Connect', 'AllWallets', 'Account', 'Networks', 'OnRampProviders', 'Send', 'Receive', 'Swap']

test('behavior: every view a host may open has a slot in the table, and no chunk is fetched by composing it', () => {
  for (const name of hostViews) {
    const slot = viewTable.views[name as keyof typeof viewTable.views]
    expect(slot, name).toBeDefined()
    expect(slot.chunk.current, name).toBeUndefined()
    expect(typeof slot.chunk.load, name).toBe('function')
  }
  // The siwx and embedded features watch from outside any view.
  expect(viewTable.watchers.map((watcher) => watcher.what)).toEqual(
    expect.arrayContaining([expect.stringMatching(/sign-in/)]),
  )
})

test('behavior: each slot titles its own view from the page-start catalogue', () => {
  const instance = portico()
  const titled: [ViewName, string][] = [
    ['Connect', en.titleConnect],
    ['AllWallets', en.titleAllWallets],
    ['Account', en.titleAccount],
    ['Networks', en.titleNetworks],
    ['UnsupportedChain', en.titleUnsupported],
  ]
  for (const [view, title] of titled) {
    expect(viewTitle(viewTable, { view } as ViewEntry, en, instance), view).toBe(title)
  }
  // A host's text wins: the title is read from the catalogue given, not from English.
  const text = { ...en, titleNetworks: 'Réseaux' }
  expect(viewTitle(viewTable, { view: 'Networks' }, text, instance)).toBe('Réseaux')
})

test("behavior: the sign-in view is titled with the app's name, else Connect's title", () => {
  expect(viewTitle(viewTable, { view: 'SIWXSignMessage' }, en, portico('Shop'))).toBe('Shop')
  expect(viewTitle(viewTable, { view: 'SIWXSignMessage' }, en, portico())).toBe(en.titleConnect)
})

test('edge: a name the table does not hold has no slot (a lookup by it fails loudly, never with a wrong view)', () => {
  const unknown = 'NoSuchView' as ViewName
  expect(Object.hasOwn(viewTable.views, unknown)).toBe(false)
  expect(() => viewTitle(viewTable, { view: unknown } as ViewEntry, en, portico())).toThrow(TypeError)
})
