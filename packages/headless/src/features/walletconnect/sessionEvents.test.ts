// The session's wallet events as each namespace's connector hears them. The inputs are what the
// sign client hands the controller: `session_update`'s namespaces and `session_event`'s params
// ({ event: { name, data }, chainId }), built here as a wallet sends them.
import type { SessionTypes } from '@walletconnect/types'
import { expect, test } from 'vitest'
import type { ConnectorEvent } from '../../kernel/types.js'
import type { ChainNamespace } from '../../kernel/utils/caip.js'
import { createSessionEvents } from './sessionEvents.js'

const evmAddress = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const otherEvmAddress = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const solanaAddress = '7ZtbGkvqyRoTPJ1MWy4nb2nY6NWBvtjJrNSebfyWp3ha'
const solanaMainnet = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

/** Subscribes a recorder to each namespace; `heard[namespace]` lists what it was told. */
function record(events: ReturnType<typeof createSessionEvents>, namespaces: ChainNamespace[]) {
  const heard: Partial<Record<ChainNamespace, ConnectorEvent[]>> = {}
  const off = namespaces.map((namespace) => {
    const list: ConnectorEvent[] = []
    heard[namespace] = list
    return events.subscribe(namespace, (event) => list.push(event))
  })
  return { heard, off }
}

const sessionNamespace = (accounts: string[], chains?: string[]): SessionTypes.Namespace => ({
  accounts,
  methods: ['personal_sign'],
  events: ['chainChanged', 'accountsChanged'],
  ...(chains ? { chains } : {}),
})

test('default: the session ending tells every subscribed namespace to disconnect, once each', () => {
  const events = createSessionEvents()
  const { heard } = record(events, ['eip155', 'solana'])
  events.ended()
  expect(heard).toEqual({ eip155: [{ type: 'disconnect' }], solana: [{ type: 'disconnect' }] })
})

test('behavior: an unsubscribed listener hears nothing more; the other listeners of its namespace still do', () => {
  const events = createSessionEvents()
  const kept: ConnectorEvent[] = []
  const dropped: ConnectorEvent[] = []
  events.subscribe('eip155', (event) => kept.push(event))
  const off = events.subscribe('eip155', (event) => dropped.push(event))
  off()
  events.ended()
  expect(kept).toEqual([{ type: 'disconnect' }])
  expect(dropped).toEqual([])
})

test('behavior: a listener unsubscribing another while an event is told does not keep that event from it (the next one does)', () => {
  const events = createSessionEvents()
  const second: ConnectorEvent[] = []
  let offSecond = () => {}
  events.subscribe('eip155', () => offSecond())
  offSecond = events.subscribe('eip155', (event) => second.push(event))
  events.ended()
  events.ended()
  expect(second).toEqual([{ type: 'disconnect' }])
})

test("behavior: a session update tells each subscribed namespace its accounts now: the address of each CAIP-10 account, once, in the wallet's order", () => {
  const events = createSessionEvents()
  const { heard } = record(events, ['eip155', 'solana'])
  events.updated({
    eip155: sessionNamespace(
      [`eip155:31337:${evmAddress}`, `eip155:1:${evmAddress}`, `eip155:1:${otherEvmAddress}`],
      ['eip155:31337', 'eip155:1'],
    ),
    solana: sessionNamespace([`${solanaMainnet}:${solanaAddress}`]),
  })
  expect(heard.eip155).toEqual([{ type: 'accountsChanged', accounts: [evmAddress, otherEvmAddress] }])
  expect(heard.solana).toEqual([{ type: 'accountsChanged', accounts: [solanaAddress] }])
})

test('behavior: a namespace the updated session no longer has is told it has no accounts', () => {
  const events = createSessionEvents()
  const { heard } = record(events, ['eip155', 'solana'])
  events.updated({ eip155: sessionNamespace([`eip155:1:${evmAddress}`]) })
  expect(heard.solana).toEqual([{ type: 'accountsChanged', accounts: [] }])
})

test.each([
  [1, 'eip155:1'],
  [137, 'eip155:137'],
  ['0x89', 'eip155:137'],
  ['10', 'eip155:10'],
  ['eip155:8453', 'eip155:8453'],
] as const)('behavior: an eip155 chainChanged with %o moves the namespace to %s', (data, caipNetworkId) => {
  const events = createSessionEvents()
  const { heard } = record(events, ['eip155', 'solana'])
  events.event({ event: { name: 'chainChanged', data }, chainId: 'eip155:31337' })
  expect(heard.eip155).toEqual([{ type: 'chainChanged', caipNetworkId }])
  expect(heard.solana).toEqual([]) // only the namespace of the event's chain hears it
})

test.each([0, -1, 1.5, 2 ** 53, 'mainnet', '', null, undefined, { chainId: 1 }])(
  'edge: an eip155 chainChanged whose chain is not a positive safe integer (%o) is dropped',
  (data) => {
    const events = createSessionEvents()
    const { heard } = record(events, ['eip155'])
    events.event({ event: { name: 'chainChanged', data }, chainId: 'eip155:1' })
    expect(heard.eip155).toEqual([])
  },
)

test('behavior: another namespace takes the chain reference as it comes, with or without its namespace prefix', () => {
  const events = createSessionEvents()
  const { heard } = record(events, ['solana'])
  events.event({ event: { name: 'chainChanged', data: solanaMainnet }, chainId: solanaMainnet })
  events.event({ event: { name: 'chainChanged', data: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1' }, chainId: solanaMainnet })
  expect(heard.solana).toEqual([
    { type: 'chainChanged', caipNetworkId: solanaMainnet },
    { type: 'chainChanged', caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' },
  ])
})

test.each([42, '', 'solana:', 'a b', 'x'.repeat(33), 'solana:<script>'])(
  'edge: a chainChanged outside eip155 whose reference is not CAIP-2 (%o) is dropped',
  (data) => {
    const events = createSessionEvents()
    const { heard } = record(events, ['solana'])
    events.event({ event: { name: 'chainChanged', data }, chainId: solanaMainnet })
    expect(heard.solana).toEqual([])
  },
)

test('behavior: accountsChanged takes plain addresses, CAIP-10 accounts and { address } entries, dropping what is none of these', () => {
  const events = createSessionEvents()
  const { heard } = record(events, ['eip155'])
  const data = [
    `eip155:1:${evmAddress}`,
    otherEvmAddress,
    { address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906' },
    { address: 'eip155:1:0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65' },
    '',
    42,
    null,
    { name: 'no address' },
    `0x${'a'.repeat(199)}`,
  ]
  events.event({ event: { name: 'accountsChanged', data }, chainId: 'eip155:1' })
  expect(heard.eip155).toEqual([
    {
      type: 'accountsChanged',
      accounts: [
        evmAddress,
        otherEvmAddress,
        '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
        '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
      ],
    },
  ])
})

test("behavior: bip122's bip122_addressesChanged is an accounts change of the bip122 namespace", () => {
  const events = createSessionEvents()
  const { heard } = record(events, ['bip122'])
  const address = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'
  events.event({
    event: { name: 'bip122_addressesChanged', data: [{ address, path: "m/84'/1'/0'/0/0" }] },
    chainId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
  })
  expect(heard.bip122).toEqual([{ type: 'accountsChanged', accounts: [address] }])
})

test('edge: accountsChanged whose data is not a list is dropped', () => {
  const events = createSessionEvents()
  const { heard } = record(events, ['eip155'])
  for (const data of [evmAddress, { accounts: [evmAddress] }, null])
    events.event({ event: { name: 'accountsChanged', data }, chainId: 'eip155:1' })
  expect(heard.eip155).toEqual([])
})

test('edge: an event on a chain of a namespace Portico does not know, without a namespace, or of another name is dropped', () => {
  const events = createSessionEvents()
  const { heard } = record(events, ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'])
  events.event({ event: { name: 'accountsChanged', data: ['TXYZ'] }, chainId: 'tron:0x2b6653dc' })
  events.event({ event: { name: 'chainChanged', data: 1 }, chainId: 'eip155' })
  events.event({ event: { name: 'message', data: [evmAddress] }, chainId: 'eip155:1' })
  events.event({ event: { name: 'disconnect', data: null }, chainId: 'eip155:1' })
  expect(Object.values(heard).flat()).toEqual([])
})

test('edge: with nobody subscribed the session ending, an update and an event tell nobody and do not throw', () => {
  const events = createSessionEvents()
  expect(() => {
    events.ended()
    events.updated({ eip155: sessionNamespace([`eip155:1:${evmAddress}`]) })
    events.event({ event: { name: 'chainChanged', data: 1 }, chainId: 'eip155:1' })
  }).not.toThrow()
})
