import { expect, test } from 'vitest'
import { offlinePortico } from '../../test/fixtures.js'
import { hostConnector } from '../../test/hostConnector.js'
import type { Connector } from '../types.js'
import type { ChainNamespace } from '../utils/caip.js'
import { findConnector, listConnectors, setConnectors, watchRegistry } from './registry.js'

// The instance's one connector registry, by source. How discovery and features feed it is tested
// with them (state/discovery, the adapters, the features' lifecycles); this is the list itself.

const wallet = (id: string, chain: ChainNamespace = 'eip155', name = id): Connector =>
  hostConnector({ id, chain, name }).connector
const uids = (connectors: readonly Connector[]) => connectors.map((c) => c.uid)

test('default: an instance without discovery or connector features lists nothing', () => {
  const portico = offlinePortico('p')
  expect(listConnectors(portico)).toEqual([])
  expect(listConnectors(portico, 'solana')).toEqual([])
  expect(findConnector(portico, 'eip155', 'io.metamask')).toBeUndefined()
})

test("behavior: a source's list replaces its previous one; sources stay in the order they first listed", () => {
  const portico = offlinePortico('p')
  setConnectors(portico, 'adapter:eip155', [wallet('io.metamask'), wallet('io.rabby')])
  setConnectors(portico, 'feature:walletConnect', [wallet('walletConnect'), wallet('walletConnect', 'solana')])
  setConnectors(portico, 'adapter:solana', [wallet('Phantom', 'solana')])
  // A new discovery round: the first source keeps its place, with only what it lists now.
  setConnectors(portico, 'adapter:eip155', [wallet('io.rabby'), wallet('app.phantom')])
  expect(uids(listConnectors(portico))).toEqual([
    'eip155:io.rabby',
    'eip155:app.phantom',
    'eip155:walletConnect',
    'solana:walletConnect',
    'solana:Phantom',
  ])
  expect(uids(listConnectors(portico, 'solana'))).toEqual(['solana:walletConnect', 'solana:Phantom'])
  expect(listConnectors(portico, 'cosmos')).toEqual([])
  // A source that now lists nothing still keeps its place for when it lists again.
  setConnectors(portico, 'adapter:eip155', [])
  setConnectors(portico, 'adapter:eip155', [wallet('io.metamask')])
  expect(uids(listConnectors(portico))[0]).toBe('eip155:io.metamask')
})

test('behavior: within a source a second connector with an id already listed in its namespace is dropped, the first kept', () => {
  const portico = offlinePortico('p')
  const first = wallet('io.metamask', 'eip155', 'MetaMask')
  const impostor = wallet('io.metamask', 'eip155', 'Not MetaMask')
  setConnectors(portico, 'adapter:eip155', [first, wallet('io.rabby'), impostor, wallet('io.metamask', 'solana')])
  expect(listConnectors(portico).map((c) => `${c.uid} ${c.name}`)).toEqual([
    'eip155:io.metamask MetaMask',
    'eip155:io.rabby io.rabby',
    'solana:io.metamask io.metamask',
  ])
  expect(findConnector(portico, 'eip155', 'io.metamask')).toBe(first)
})

test('behavior: findConnector looks in every source, in order, within the namespace asked for', () => {
  const portico = offlinePortico('p')
  const injected = wallet('walletConnect', 'eip155', 'Injected namesake')
  const feature = wallet('walletConnect', 'eip155', 'WalletConnect')
  const solana = wallet('walletConnect', 'solana')
  setConnectors(portico, 'adapter:eip155', [injected])
  setConnectors(portico, 'feature:walletConnect', [feature, solana])
  // Across sources nothing is dropped: the first source wins the lookup.
  expect(listConnectors(portico, 'eip155')).toEqual([injected, feature])
  expect(findConnector(portico, 'eip155', 'walletConnect')).toBe(injected)
  expect(findConnector(portico, 'solana', 'walletConnect')).toBe(solana)
  expect(findConnector(portico, 'polkadot', 'walletConnect')).toBeUndefined()
  expect(findConnector(portico, 'eip155', 'WalletConnect')).toBeUndefined()
})

test('behavior: watchRegistry calls back on each list a source gives, until unsubscribed', () => {
  const portico = offlinePortico('p')
  const seen: string[][] = []
  const unwatch = watchRegistry(portico, () => seen.push(uids(listConnectors(portico))))
  setConnectors(portico, 'adapter:eip155', [wallet('io.metamask')])
  setConnectors(portico, 'adapter:solana', [wallet('Phantom', 'solana')])
  // The same wallets again (a re-announcement) is still a new list.
  setConnectors(portico, 'adapter:eip155', [wallet('io.metamask')])
  expect(seen).toEqual([
    ['eip155:io.metamask'],
    ['eip155:io.metamask', 'solana:Phantom'],
    ['eip155:io.metamask', 'solana:Phantom'],
  ])
  unwatch()
  setConnectors(portico, 'adapter:eip155', [])
  expect(seen).toHaveLength(3)
  expect(uids(listConnectors(portico))).toEqual(['solana:Phantom'])
})

test('edge: two instances keep two registries', () => {
  const one = offlinePortico('p')
  const two = offlinePortico('p')
  setConnectors(one, 'adapter:eip155', [wallet('io.metamask')])
  expect(listConnectors(two)).toEqual([])
  expect(findConnector(one, 'eip155', 'io.metamask')?.id).toBe('io.metamask')
})
