import { afterEach, expect, test, vi } from 'vitest'
import { createModalStore, toastReplaceDelayMs } from './modalStore.js'

function setup({ connected = false, unsupported = false, embedded = false } = {}) {
  const flags = { connected, unsupported }
  const store = createModalStore({
    isConnected: () => flags.connected,
    showUnsupported: () => flags.unsupported,
    embedded,
  })
  const views = () => store.getState().history.map((e) => e.view)
  return { store, flags, views }
}

afterEach(() => vi.useRealTimers())

test('default: opens on Connect when disconnected, Account when connected', () => {
  const a = setup()
  a.store.open()
  expect(a.views()).toEqual(['Connect'])
  const b = setup({ connected: true })
  b.store.open()
  expect(b.views()).toEqual(['Account'])
})

test('behavior: back pops; at the first view back closes and resets to Connect', () => {
  const { store, views } = setup()
  store.open()
  store.push({ view: 'AllWallets' })
  store.push({ view: 'ConnectingExternal', data: { connectorUid: 'eip155:x' } })
  store.back()
  expect(views()).toEqual(['Connect', 'AllWallets'])
  expect(store.getState().direction).toBe('back')
  store.back()
  store.back()
  expect(store.getState().open).toBe(false)
  expect(views()).toEqual(['Connect'])
})

test('behavior: connected, going back to Connect shows Account instead', () => {
  const { store, flags, views } = setup()
  store.open()
  store.push({ view: 'AllWallets' })
  flags.connected = true
  store.back()
  expect(views()).toEqual(['Account'])
})

test('behavior: opening Connect explicitly while connected shows Account', () => {
  const { store, views } = setup({ connected: true })
  store.open({ view: 'Connect' })
  expect(views()).toEqual(['Account'])
  store.open({ view: 'Networks' })
  expect(views()).toEqual(['Networks'])
})

test('behavior: close clears loading', () => {
  const { store } = setup()
  store.open()
  store.setLoading(true)
  store.close()
  expect(store.getState()).toMatchObject({ open: false, loading: false })
})

test('behavior: embedded never closes; close goes to Account if connected, else Connect', () => {
  const { store, flags, views } = setup({ embedded: true })
  expect(store.getState().open).toBe(true)
  store.push({ view: 'AllWallets' })
  store.close()
  expect([store.getState().open, ...views()]).toEqual([true, 'Connect'])
  flags.connected = true
  store.push({ view: 'Networks' })
  store.back()
  store.back()
  expect([store.getState().open, ...views()]).toEqual([true, 'Account'])
})

test('behavior: the unsupported-chain view opens when it applies, and leaves when it stops applying', () => {
  const { store, flags, views } = setup({ connected: true, unsupported: true })
  store.open()
  expect(views()).toEqual(['UnsupportedChain'])
  flags.unsupported = false
  const other = setup({ connected: true })
  other.store.open()
  other.flags.unsupported = true
  other.store.syncConnection()
  expect(other.views()).toEqual(['Account', 'UnsupportedChain'])
  other.flags.unsupported = false
  other.store.syncConnection()
  expect(other.views()).toEqual(['Account'])
  expect(flags.unsupported).toBe(false)
})

test('behavior: disconnecting while on Account returns to Connect', () => {
  const { store, flags, views } = setup({ connected: true })
  store.open()
  flags.connected = false
  store.syncConnection()
  expect(views()).toEqual(['Connect'])
})

test('behavior: a new toast replaces the open one after 150 ms', () => {
  vi.useFakeTimers()
  const { store } = setup()
  store.showToast('loading', 'Authenticating...')
  expect(store.getState().toast).toMatchObject({ variant: 'loading', message: 'Authenticating...' })
  store.showToast('success', 'Address copied')
  expect(store.getState()).toMatchObject({ toastLeaving: true, toast: { message: 'Authenticating...' } })
  vi.advanceTimersByTime(toastReplaceDelayMs - 1)
  expect(store.getState().toast?.message).toBe('Authenticating...')
  vi.advanceTimersByTime(1)
  expect(store.getState()).toMatchObject({
    toastLeaving: false,
    toast: { variant: 'success', message: 'Address copied' },
  })
})

test('behavior: success and error toasts dismiss themselves; loading toasts stay', () => {
  vi.useFakeTimers()
  const { store } = setup()
  store.showToast('loading', 'x')
  vi.advanceTimersByTime(60_000)
  expect(store.getState().toast).toBeDefined()
  store.dismissToast()
  store.showToast('error', 'Failed')
  vi.advanceTimersByTime(10_000)
  expect(store.getState().toast).toBeUndefined()
})

test('behavior: a connection attempt is given up when the modal closes, on back, or by the next attempt', () => {
  const { store } = setup()
  store.open()
  const first = store.beginConnection()
  const second = store.beginConnection()
  expect(first.aborted).toBe(true)
  expect(second.aborted).toBe(false)
  store.push({ view: 'ConnectingExternal', data: { connectorUid: 'eip155:x' } })
  store.back()
  expect(second.aborted).toBe(true)
  const third = store.beginConnection()
  store.close()
  expect(third.aborted).toBe(true)
})

test('behavior: controlled, open and close are requests to onOpenChange; only sync changes the state', () => {
  const requests: boolean[] = []
  const store = createModalStore({
    isConnected: () => false,
    showUnsupported: () => false,
    control: { controlled: true, onOpenChange: (open) => requests.push(open) },
  })
  store.open({ view: 'AllWallets' })
  expect(requests).toEqual([true])
  expect(store.getState().open).toBe(false)
  store.sync(true)
  // The view asked for arrives with the host's `open`.
  expect(store.getState()).toMatchObject({ open: true, history: [{ view: 'AllWallets' }] })
  const attempt = store.beginConnection()
  store.close()
  expect(requests).toEqual([true, false])
  expect(store.getState().open).toBe(true)
  // Closing gave the attempt up even before the host answered.
  expect(attempt.aborted).toBe(true)
  store.sync(false)
  expect(store.getState().open).toBe(false)
  expect(requests).toEqual([true, false])
})

test('behavior: uncontrolled, onOpenChange hears every change once', () => {
  const changes: boolean[] = []
  const store = createModalStore({
    isConnected: () => false,
    showUnsupported: () => false,
    control: { controlled: false, onOpenChange: (open) => changes.push(open) },
  })
  store.open()
  store.open({ view: 'AllWallets' })
  store.close()
  store.close()
  expect(changes).toEqual([true, false])
})
