import { expect, test } from 'vitest'
import { viewTable } from '../features/index.js'
import { createModalController } from './controller.js'
import { createNavigation, type HomeInputs, shownView } from './navigation.js'
import type { ViewEntry } from './viewRegistry.js'

const disconnected: HomeInputs = { isConnected: false, showUnsupported: false }
const connected: HomeInputs = { isConnected: true, showUnsupported: false }
const unsupported: HomeInputs = { isConnected: true, showUnsupported: true }

/** The view shown on top of a history, for the connection given. */
const shown = (history: readonly ViewEntry[], home: HomeInputs) =>
  shownView(history[history.length - 1] ?? { view: 'Connect' }, home).view

function setup(embedded = false) {
  const modal = createModalController({ embedded, table: viewTable })
  const requests: boolean[] = []
  // What PorticoUI hands over: an uncontrolled open state (no React here).
  const setOpen = (open: boolean) => {
    requests.push(open)
    modal.attach(open, setOpen)
  }
  modal.attach(embedded, setOpen)
  const views = () => modal.navigation.get().history.map((e) => e.view)
  return { modal, requests, views }
}

test('default: opens on Connect when disconnected, Account when connected', () => {
  const navigation = createNavigation()
  navigation.start()
  expect(shown(navigation.get().history, disconnected)).toBe('Connect')
  expect(shown(navigation.get().history, connected)).toBe('Account')
})

test('behavior: back pops; at the first view back closes and resets to Connect', () => {
  const { modal, requests, views } = setup()
  modal.open()
  modal.push({ view: 'AllWallets' })
  modal.push({ view: 'ConnectingExternal', data: { connectorUid: 'eip155:x' } })
  modal.back()
  expect(views()).toEqual(['Connect', 'AllWallets'])
  expect(modal.navigation.get().direction).toBe('back')
  modal.back()
  modal.back()
  expect(requests).toEqual([true, false])
  expect(views()).toEqual(['Connect'])
})

test('behavior: connected, going back to Connect shows Account instead', () => {
  const navigation = createNavigation()
  navigation.start()
  navigation.push({ view: 'AllWallets' })
  navigation.back()
  expect(shown(navigation.get().history, connected)).toBe('Account')
})

test('behavior: opening Connect explicitly while connected shows Account', () => {
  const navigation = createNavigation()
  navigation.start({ view: 'Connect' })
  expect(shown(navigation.get().history, connected)).toBe('Account')
  navigation.start({ view: 'Networks' })
  expect(shown(navigation.get().history, connected)).toBe('Networks')
})

test('behavior: embedded never closes; close goes to Account if connected, else Connect', () => {
  const { modal, requests, views } = setup(true)
  expect(modal.isOpen()).toBe(true)
  modal.push({ view: 'AllWallets' })
  modal.close()
  expect([modal.isOpen(), ...views()]).toEqual([true, 'Connect'])
  expect(shown(modal.navigation.get().history, disconnected)).toBe('Connect')
  modal.push({ view: 'Networks' })
  modal.back()
  modal.back()
  expect([modal.isOpen(), shown(modal.navigation.get().history, connected)]).toEqual([true, 'Account'])
  expect(requests).toEqual([])
})

test('behavior: the unsupported-chain view shows while it applies, over any view, and leaves when it stops applying', () => {
  const navigation = createNavigation()
  navigation.start()
  expect(shown(navigation.get().history, unsupported)).toBe('UnsupportedChain')
  navigation.push({ view: 'Networks' })
  expect(shown(navigation.get().history, unsupported)).toBe('UnsupportedChain')
  expect(shown(navigation.get().history, connected)).toBe('Networks')
  // Opened on it (the account button on a wrong network), then the wallet switched: the home view.
  navigation.start({ view: 'UnsupportedChain' })
  expect(shown(navigation.get().history, connected)).toBe('Account')
  expect(shown(navigation.get().history, disconnected)).toBe('Connect')
})

test('behavior: disconnecting while on Account returns to Connect', () => {
  const navigation = createNavigation()
  navigation.start({ view: 'Account' })
  expect(shown(navigation.get().history, connected)).toBe('Account')
  expect(shown(navigation.get().history, disconnected)).toBe('Connect')
})

test('behavior: leaving a view is heard before the history changes, with why', () => {
  const { modal, views } = setup()
  const heard: string[] = []
  modal.onLeave((reason) => heard.push(`${reason}:${views().join('>')}`))
  modal.open({ view: 'Networks' })
  modal.push({ view: 'Account' })
  modal.back()
  modal.close()
  expect(heard).toEqual(['back:Networks>Account', 'close:Networks'])
})

test("behavior: a host's own close (its `open` turned false) resets the history like a close", () => {
  const { modal, views } = setup()
  modal.open({ view: 'Networks' })
  modal.committed(true)
  modal.committed(false)
  expect(views()).toEqual(['Connect'])
})

test('behavior: local state is made once per modal, never shared between two', () => {
  const a = createModalController({ embedded: false, table: viewTable })
  const b = createModalController({ embedded: false, table: viewTable })
  const form = () => ({ amount: '' })
  a.local(form).amount = '1'
  expect(a.local(form).amount).toBe('1')
  expect(b.local(form).amount).toBe('')
})
