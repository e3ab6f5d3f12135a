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
  row.kind === 'connector' ? row.connector.id : `${row.kind}:${row.wallet.id}`

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
