// `walletConnectors`: how the Connect and All Wallets views group connectors into one row per
// wallet app, and so which rows lead to WalletConnect (a row whose first connector pairs over it).
// The rows' order between groups is in connectRows.test.ts and allWalletsRows.test.ts; picking a
// row (`useSelectWallet`) is exercised through the views in ConnectOneRow and CustomWallets browser tests.
import type { SortedConnector } from '@portico/headless'
import { expect, test } from 'vitest'
import { pairsRemotely } from './connection.js'
import { walletConnectors } from './walletConnectors.js'

const connector = (id: string, chain: string, over: Partial<SortedConnector> = {}): SortedConnector =>
  ({
    id,
    uid: `${chain}:${id}`,
    name: id,
    chain,
    type: 'ANNOUNCED',
    group: 'injected',
    isRecent: false,
    isInstalled: true,
    isFeatured: false,
    ...over,
  }) as SortedConnector
const walletConnect = (chain: string) =>
  connector('walletConnect', chain, { name: 'WalletConnect', type: 'WALLET_CONNECT', group: 'walletConnect' })
const uids = (rows: ReturnType<typeof walletConnectors>) => rows.map((row) => row.map((c) => c.uid))

test('behavior: one app installed for several namespaces is one row, placed where its first connector sorts', () => {
  const rows = walletConnectors([
    connector('io.metamask', 'eip155', { name: 'MetaMask' }),
    connector('phantom', 'eip155', { name: 'Phantom' }),
    connector('phantom-sol', 'solana', { name: 'Phantom' }),
    connector('metamask-sol', 'solana', { name: 'MetaMask' }),
    connector('metamask-btc', 'bip122', { name: 'MetaMask' }),
  ])
  expect(uids(rows)).toEqual([
    ['eip155:io.metamask', 'solana:metamask-sol', 'bip122:metamask-btc'],
    ['eip155:phantom', 'solana:phantom-sol'],
  ])
})

test('edge: names match whatever their case and surrounding spaces; a different name is another app', () => {
  const rows = walletConnectors([
    connector('a', 'eip155', { name: 'Backpack' }),
    connector('b', 'solana', { name: '  bACKPACK ' }),
    connector('c', 'solana', { name: 'Backpack Wallet' }),
  ])
  expect(uids(rows)).toEqual([['eip155:a', 'solana:b'], ['solana:c']])
})

test('edge: two connectors of one namespace never share a row, even with the same name', () => {
  const rows = walletConnectors([
    connector('a', 'eip155', { name: 'Twin' }),
    connector('b', 'eip155', { name: 'Twin' }),
    connector('c', 'solana', { name: 'Twin' }),
  ])
  // The Solana one joins the first row; the second EVM one stays alone.
  expect(uids(rows)).toEqual([['eip155:a', 'solana:c'], ['eip155:b']])
})

test('behavior: directory ids decide when both connectors know one, whatever the names say', () => {
  const rows = walletConnectors([
    connector('a', 'eip155', { name: 'Same Name', explorerId: 'x1' }),
    connector('b', 'solana', { name: 'Same Name', explorerId: 'x2' }),
    connector('c', 'eip155', { name: 'Trust', explorerId: 'trust' }),
    connector('d', 'solana', { name: 'Trust Wallet', explorerId: 'trust' }),
    // Only one side knows its id: the names decide, against every connector of the row.
    connector('e', 'bip122', { name: 'trust' }),
    connector('f', 'eip155', { name: 'Solo', explorerId: 'solo' }),
    connector('g', 'solana', { name: 'solo' }),
  ])
  expect(uids(rows)).toEqual([
    ['eip155:a'],
    ['solana:b'],
    ['eip155:c', 'solana:d'],
    ['bip122:e'],
    ['eip155:f', 'solana:g'],
  ])
})

test('behavior: the WalletConnect row leads to WalletConnect alone; installed wallets keep rows of their own', () => {
  const rows = walletConnectors([walletConnect('eip155'), connector('io.metamask', 'eip155', { name: 'MetaMask' })])
  expect(rows.map(([first]) => pairsRemotely(first))).toEqual([true, false])
  expect(uids(rows)).toEqual([['eip155:walletConnect'], ['eip155:io.metamask']])
})

test('edge: no connectors, no rows; the input is left as it was', () => {
  expect(walletConnectors([])).toEqual([])
  const input = Object.freeze([connector('a', 'eip155'), connector('b', 'solana', { name: 'a' })])
  expect(uids(walletConnectors(input))).toEqual([['eip155:a', 'solana:b']])
  expect(input.map((c) => c.uid)).toEqual(['eip155:a', 'solana:b'])
})

// An installed wallet on another namespace announcing itself as "WalletConnect" would otherwise be
// folded into the WalletConnect row (the names match; the WalletConnect connector has no directory
// id): the row would keep WalletConnect's name, icon and badge, and picking Solana would connect the
// extension instead of pairing.
test('security: an installed wallet named "WalletConnect" on another namespace is not folded into the WalletConnect row', () => {
  const impostor = connector('fake-wc', 'solana', { name: 'WalletConnect' })
  const rows = walletConnectors([walletConnect('eip155'), impostor])
  const walletConnectRow = rows.find(([first]) => pairsRemotely(first))
  expect(walletConnectRow?.every((c) => pairsRemotely(c))).toBe(true)
  expect(uids(rows)).toEqual([['eip155:walletConnect'], ['solana:fake-wc']])
})
