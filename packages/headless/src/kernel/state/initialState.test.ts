// withInitialState, what `<PorticoProvider initialState>` renders with: on the server a
// copy-on-write view of the shared instance's store holding one request's state (the instance and
// the next request untouched), in the browser the instance itself, restored before its first
// render unless it has read its storage already. Reading the state from a Cookie header is
// cookieToInitialState.test.ts; rendering with it on the server (the provider) is
// react/ssr.test.tsx; what a restored value means (reconnecting, the active network, the checks on
// each value) is hydrate.test.ts.
import { afterEach, expect, test, vi } from 'vitest'
import { memoryStorage, testAdapters, testNetworks } from '../../test/fixtures.js'
import { installTestWindow, removeTestWindow } from '../../test/window.js'
import { getConnection } from '../actions/getConnection.js'
import { getNetwork } from '../actions/getNetwork.js'
import { createPortico } from '../createPortico.js'
import { accountsAtom, activeNetworksAtom, recentWalletsAtom } from './atoms.js'
import { hydrate } from './hydrate.js'
import { type PorticoInitialState, withInitialState } from './initialState.js'

afterEach(() => {
  removeTestWindow()
  vi.restoreAllMocks()
})

const account0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const account1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** A request's state as cookieToInitialState gives it: stored values by key, JSON text. */
function stateOf(values: Record<string, unknown>): PorticoInitialState {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [`@portico/${key}`, JSON.stringify(value)]))
}

const restoring = (address: string, networkId = 'eip155:31338') =>
  stateOf({
    'connected-connector:eip155': 'dev.portico.devnet',
    'connected-address:eip155': address,
    'active-network': { namespace: 'eip155', networks: { eip155: networkId } },
  })

/** A shared instance as a server makes it (ssr: storage not read at creation). */
function sharedInstance(storage = memoryStorage()) {
  const portico = createPortico({
    projectId: 'p',
    networks: testNetworks().all,
    adapters: testAdapters(),
    walletConnect: false,
    remoteConfig: false,
    storage,
  })
  return { portico, storage }
}

test("behavior: on the server the view shows the request's restored account and network; the shared instance stays as it was", () => {
  const { portico, storage } = sharedInstance()
  const view = withInitialState(portico, restoring(account0))
  expect(view).not.toBe(portico)
  expect(getConnection(view)).toMatchObject({
    status: 'reconnecting',
    connectorId: 'dev.portico.devnet',
    address: account0,
    caipAddress: `eip155:31338:${account0}`,
  })
  expect(getNetwork(view).network.caipNetworkId).toBe('eip155:31338')
  // The shared instance: nothing restored, nothing read or written to its storage, not hydrated.
  expect(getConnection(portico).status).toBe('disconnected')
  expect(getNetwork(portico).network.caipNetworkId).toBe('eip155:31337')
  expect(portico._internal.hydrated).toBe(false)
  expect(storage.data.size).toBe(0)
  // The rest of the instance is the same: options, adapters, storage.
  expect(view.options).toBe(portico.options)
  expect(view.adapters).toBe(portico.adapters)
  expect(view.storage).toBe(portico.storage)
})

test("behavior: on the server two requests' views never see each other's state", () => {
  const { portico } = sharedInstance()
  const first = withInitialState(portico, restoring(account0, 'eip155:31338'))
  const second = withInitialState(portico, restoring(account1, 'eip155:31337'))
  const empty = withInitialState(portico, {})
  expect(getConnection(first)).toMatchObject({ address: account0, caipAddress: `eip155:31338:${account0}` })
  expect(getConnection(second)).toMatchObject({ address: account1, caipAddress: `eip155:31337:${account1}` })
  expect(getConnection(empty).status).toBe('disconnected')
  expect(getConnection(empty).address).toBeUndefined()
})

test("edge: on the server a view writes only to itself and reads the instance's values it has not written", () => {
  const { portico } = sharedInstance()
  const view = withInitialState(portico, restoring(account0))
  const recent = [{ id: 'w', namespace: 'eip155' as const, name: 'W' }]
  // Written after the view was made: the view still reads it (nothing of its own there)...
  portico.store.set(recentWalletsAtom, recent)
  expect(view.store.get(recentWalletsAtom)).toEqual(recent)
  // ...while the atoms the view restored stay its own.
  portico.store.set(accountsAtom, { eip155: { namespace: 'eip155', status: 'disconnected' } })
  expect(getConnection(view).status).toBe('reconnecting')
  view.store.set(activeNetworksAtom, {})
  expect(getNetwork(portico).network.caipNetworkId).toBe('eip155:31337')
  expect(portico.store.get(activeNetworksAtom)).not.toEqual({})
})

test('edge: on the server only own string entries are read: inherited keys and non-string values are absent, not corrupt', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const { portico } = sharedInstance()
  const inherited = Object.create(restoring(account0)) as PorticoInitialState
  expect(getConnection(withInitialState(portico, inherited)).status).toBe('disconnected')
  const notText = {
    '@portico/connected-connector:eip155': { id: 'dev.portico.devnet' },
    '@portico/active-network': 7,
  } as unknown as PorticoInitialState
  expect(getConnection(withInitialState(portico, notText)).status).toBe('disconnected')
  // Absent: nothing to discard, so no warning.
  expect(warn).not.toHaveBeenCalled()
})

test('edge: a corrupt value is ignored with a warning, and the initial state given is not changed', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const { portico } = sharedInstance()
  const initialState = { ...restoring(account0), '@portico/active-network': '{oops' }
  const copy = { ...initialState }
  const view = withInitialState(portico, initialState)
  // The account is restored; the network is the instance's default, its stored value discarded.
  expect(getConnection(view)).toMatchObject({ status: 'reconnecting', caipAddress: `eip155:31337:${account0}` })
  expect(warn).toHaveBeenCalledWith('[portico] Discarded the stored value of @portico/active-network: it is not JSON.')
  expect(initialState).toEqual(copy)
})

test('behavior: in the browser the instance itself is restored and returned, and its own storage is still read after', () => {
  installTestWindow()
  const storage = memoryStorage({
    '@portico/active-network': JSON.stringify({ namespace: 'eip155', networks: { eip155: 'eip155:31337' } }),
  })
  const { portico } = sharedInstance(storage)
  expect(withInitialState(portico, restoring(account0))).toBe(portico)
  expect(getConnection(portico)).toMatchObject({ status: 'reconnecting', caipAddress: `eip155:31338:${account0}` })
  // The once-only read of the storage is still to come (the provider's mount runs it).
  expect(portico._internal.hydrated).toBe(false)
  hydrate(portico)
  expect(portico._internal.hydrated).toBe(true)
  expect(getNetwork(portico).network.caipNetworkId).toBe('eip155:31337')
})

test('edge: in the browser an instance that has read its storage already keeps that state', () => {
  installTestWindow()
  const { portico } = sharedInstance()
  hydrate(portico)
  expect(withInitialState(portico, restoring(account0))).toBe(portico)
  expect(getConnection(portico).status).toBe('disconnected')
  expect(getNetwork(portico).network.caipNetworkId).toBe('eip155:31337')
})
