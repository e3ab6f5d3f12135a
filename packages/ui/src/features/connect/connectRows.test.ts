import type { ConnectorGroup, SortedConnector } from '@portico/headless'
import { expect, test } from 'vitest'
import { connectRows } from './connectRows.js'

const connector = (over: Partial<SortedConnector>): SortedConnector =>
  ({
    id: 'x',
    uid: `eip155:${over.id ?? 'x'}`,
    name: over.id ?? 'x',
    chain: 'eip155',
    type: 'ANNOUNCED',
    group: 'injected',
    isRecent: false,
    isInstalled: true,
    isFeatured: false,
    ...over,
  }) as SortedConnector
/** Spec: the connector order. */
const defaultConnectorOrder: ConnectorGroup[] = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
]
const walletConnect = connector({ id: 'walletConnect', type: 'WALLET_CONNECT', group: 'walletConnect' })
const wallet = (id: string, chains?: string[]) => ({ id, name: `${id} Wallet`, image_id: `img-${id}`, chains })
const label = (row: ReturnType<typeof connectRows>[number]) =>
  row.kind === 'connector' ? row.connectors[0].id : `${row.kind}:${row.wallet.id}`

test('lists groups in the spec’s connector order, featured after installed and 4 recommended last', () => {
  const rows = connectRows({
    connectors: [walletConnect, connector({ id: 'io.metamask', info: { rdns: 'io.metamask' } })],
    recent: [],
    directory: {
      featuredIds: ['f1', 'f2'],
      // The directory answers in its own order; the rows follow the host's.
      featured: [wallet('f2'), wallet('f1')],
      // The first page holds the featured ones too: they are not recommended again.
      firstPage: ['f1', 'r1', 'r2', 'f2', 'r3', 'r4', 'r5'].map((id) => wallet(id)),
    },
    namespace: undefined,
    order: defaultConnectorOrder,
  })
  expect(rows.map(label)).toEqual([
    'walletConnect',
    'io.metamask',
    'featured:f1',
    'featured:f2',
    'recommended:r1',
    'recommended:r2',
    'recommended:r3',
    'recommended:r4',
  ])
})

test('featured wallets: the first 4 the host lists that suit the view (spec default 4); the rest are neither featured nor recommended', () => {
  const featuredIds = ['f1', 'sol', 'f2', 'f3', 'f4', 'f5']
  const rows = connectRows({
    connectors: [walletConnect],
    recent: [],
    directory: {
      featuredIds,
      featured: featuredIds.map((id) => wallet(id, id === 'sol' ? ['solana:main'] : ['eip155:1'])),
      firstPage: ['f5', 'r1'].map((id) => wallet(id)),
    },
    namespace: 'eip155',
    order: defaultConnectorOrder,
  })
  expect(rows.map(label)).toEqual([
    'walletConnect',
    'featured:f1',
    'featured:f2',
    'featured:f3',
    'featured:f4',
    'recommended:r1',
  ])
})

test('a directory wallet already listed (installed, recent or featured) is not listed again', () => {
  const rows = connectRows({
    connectors: [walletConnect, connector({ id: 'io.metamask', explorerId: 'mm', info: { rdns: 'io.metamask' } })],
    recent: [{ id: 'rainbow', name: 'Rainbow', namespace: 'eip155', walletConnect: true }],
    directory: {
      featuredIds: ['mm', 'rainbow', 'f1'],
      featured: [wallet('mm'), wallet('rainbow'), wallet('f1')],
      firstPage: [wallet('f1'), { ...wallet('other'), rdns: 'io.metamask' }, wallet('r1')],
    },
    namespace: undefined,
    order: defaultConnectorOrder,
  })
  expect(rows.map(label)).toEqual(['walletConnect', 'recent:rainbow', 'io.metamask', 'featured:f1', 'recommended:r1'])
})

test('recent wallets keep their recency whether installed or over WalletConnect', () => {
  const installed = connector({ id: 'io.metamask', group: 'recent', isRecent: true })
  const rows = connectRows({
    connectors: [walletConnect, installed],
    recent: [
      { id: 'rainbow', name: 'Rainbow', namespace: 'eip155', walletConnect: true },
      { id: 'io.metamask', name: 'MetaMask', namespace: 'eip155' },
    ],
    directory: { featuredIds: [], featured: [], firstPage: [] },
    namespace: undefined,
    order: defaultConnectorOrder,
  })
  expect(rows.map(label)).toEqual(['walletConnect', 'recent:rainbow', 'io.metamask'])
})

test('a host’s connector order moves the directory rows; without WalletConnect there are none', () => {
  const directory = { featuredIds: ['f1'], featured: [wallet('f1')], firstPage: [wallet('r1')] }
  const reordered = connectRows({
    connectors: [walletConnect, connector({ id: 'io.metamask' })],
    recent: [],
    directory,
    namespace: undefined,
    order: ['featured', 'recommended', 'injected', 'walletConnect'],
  })
  expect(reordered.map(label)).toEqual(['featured:f1', 'recommended:r1', 'io.metamask', 'walletConnect'])
  const withoutWalletConnect = connectRows({
    connectors: [connector({ id: 'io.metamask' })],
    recent: [],
    directory,
    namespace: undefined,
    order: defaultConnectorOrder,
  })
  expect(withoutWalletConnect.map(label)).toEqual(['io.metamask'])
})

test('for a namespace, directory wallets that list other chains only are left out', () => {
  const rows = connectRows({
    connectors: [walletConnect],
    recent: [],
    directory: {
      featuredIds: ['evm'],
      featured: [wallet('evm', ['eip155:1'])],
      firstPage: [wallet('sol', ['solana:x']), wallet('any')],
    },
    namespace: 'solana',
    order: defaultConnectorOrder,
  })
  expect(rows.map(label)).toEqual(['walletConnect', 'recommended:sol', 'recommended:any'])
})

const acme = { id: 'acme', name: 'Acme Wallet', image_url: 'https://acme.example/icon.png', mobile_link: 'acme://' }
const beta = { id: 'beta', name: 'Beta Wallet' }

test('custom wallets: after featured and before external and recommended, in the host’s order', () => {
  const rows = connectRows({
    connectors: [
      walletConnect,
      connector({ id: 'io.metamask' }),
      connector({ id: 'host', type: 'EXTERNAL', group: 'external' }),
    ],
    recent: [],
    directory: { featuredIds: ['f1'], featured: [wallet('f1')], firstPage: [wallet('r1')] },
    custom: [beta, acme],
    namespace: undefined,
    order: defaultConnectorOrder,
  })
  expect(rows.map(label)).toEqual([
    'walletConnect',
    'io.metamask',
    'featured:f1',
    'custom:beta',
    'custom:acme',
    'host',
    'recommended:r1',
  ])
  expect(rows.find((row) => label(row) === 'custom:acme')).toEqual({
    kind: 'custom',
    wallet: { id: 'acme', name: 'Acme Wallet', icon: 'https://acme.example/icon.png' },
  })
})

test('custom wallets: a host’s connector order moves them; without WalletConnect or for a namespace', () => {
  const base = {
    recent: [],
    directory: { featuredIds: [], featured: [], firstPage: [] },
    custom: [acme],
  }
  const first = connectRows({
    ...base,
    connectors: [walletConnect, connector({ id: 'io.metamask' })],
    namespace: undefined,
    order: ['custom', 'injected', 'walletConnect'],
  })
  expect(first.map(label)).toEqual(['custom:acme', 'io.metamask', 'walletConnect'])
  // They pair through WalletConnect: nothing to offer without it.
  const offline = connectRows({
    ...base,
    connectors: [connector({ id: 'io.metamask' })],
    namespace: undefined,
    order: defaultConnectorOrder,
  })
  expect(offline.map(label)).toEqual(['io.metamask'])
  // A custom wallet names no chains: it is offered for any namespace.
  const solana = connectRows({
    ...base,
    connectors: [walletConnect],
    namespace: 'solana',
    order: defaultConnectorOrder,
  })
  expect(solana.map(label)).toEqual(['walletConnect', 'custom:acme'])
})

test('a custom wallet used last is listed once, as recent, with the host’s icon', () => {
  const rows = connectRows({
    connectors: [walletConnect],
    recent: [{ id: 'acme', name: 'Acme Wallet', namespace: 'eip155', walletConnect: true }],
    directory: { featuredIds: [], featured: [], firstPage: [] },
    custom: [acme, beta],
    namespace: undefined,
    order: defaultConnectorOrder,
  })
  expect(rows.map(label)).toEqual(['walletConnect', 'recent:acme', 'custom:beta'])
  expect(rows[1]).toEqual({
    kind: 'recent',
    wallet: { id: 'acme', name: 'Acme Wallet', icon: 'https://acme.example/icon.png' },
  })
})

const solana = (over: Partial<SortedConnector>) =>
  connector({ chain: 'solana', type: 'ANNOUNCED', uid: `solana:${over.id ?? 'x'}`, ...over })
const chains = (row: ReturnType<typeof connectRows>[number]) =>
  row.kind === 'connector' ? row.connectors.map((c) => c.uid) : []

test('a wallet installed for EVM and Solana is one row with both connectors, where its first one sorts', () => {
  const rows = connectRows({
    connectors: [
      walletConnect,
      connector({ id: 'io.metamask', name: 'MetaMask', info: { rdns: 'io.metamask' } }),
      connector({ id: 'app.phantom', name: 'Phantom', info: { rdns: 'app.phantom' } }),
      solana({ id: 'Phantom', name: 'Phantom' }),
      solana({ id: 'Solflare', name: 'Solflare' }),
    ],
    recent: [],
    directory: { featuredIds: [], featured: [], firstPage: [] },
    namespace: undefined,
    order: defaultConnectorOrder,
  })
  expect(rows.map(label)).toEqual(['walletConnect', 'io.metamask', 'app.phantom', 'Solflare'])
  expect(rows.map(chains)).toEqual([
    ['eip155:walletConnect'],
    ['eip155:io.metamask'],
    ['eip155:app.phantom', 'solana:Phantom'],
    ['solana:Solflare'],
  ])
})

test('grouping: the directory id decides when both connectors carry one; one connector per namespace', () => {
  const rows = connectRows({
    connectors: [
      connector({ id: 'a', name: 'Same', explorerId: 'one' }),
      solana({ id: 'b', name: 'Same', explorerId: 'two' }),
      connector({ id: 'c', name: 'Other', explorerId: 'three' }),
      solana({ id: 'd', name: 'Renamed', explorerId: 'three' }),
      // Two EVM providers that announce one name stay two rows (one connector per namespace).
      connector({ id: 'e', name: 'Twin' }),
      connector({ id: 'f', name: 'twin ' }),
      solana({ id: 'g', name: 'Twin' }),
    ],
    recent: [],
    directory: { featuredIds: [], featured: [], firstPage: [] },
    namespace: undefined,
    order: defaultConnectorOrder,
  })
  expect(rows.map(chains)).toEqual([
    ['eip155:a'],
    ['solana:b'],
    ['eip155:c', 'solana:d'],
    ['eip155:e', 'solana:g'],
    ['eip155:f'],
  ])
})

test('a wallet recent on one namespace and installed on another is one row among the recent ones', () => {
  const rows = connectRows({
    connectors: [
      walletConnect,
      solana({ id: 'Phantom', name: 'Phantom', group: 'recent', isRecent: true }),
      connector({ id: 'io.metamask', name: 'MetaMask', group: 'recent', isRecent: true }),
      connector({ id: 'app.phantom', name: 'Phantom' }),
      connector({ id: 'other', name: 'Other' }),
    ],
    recent: [
      { id: 'Phantom', name: 'Phantom', namespace: 'solana' },
      { id: 'rainbow', name: 'Rainbow', namespace: 'eip155', walletConnect: true },
      { id: 'io.metamask', name: 'MetaMask', namespace: 'eip155' },
    ],
    directory: { featuredIds: [], featured: [], firstPage: [] },
    namespace: undefined,
    order: defaultConnectorOrder,
  })
  expect(rows.map(label)).toEqual(['walletConnect', 'Phantom', 'recent:rainbow', 'io.metamask', 'other'])
  expect(chains(rows[1] as (typeof rows)[number])).toEqual(['solana:Phantom', 'eip155:app.phantom'])
})
