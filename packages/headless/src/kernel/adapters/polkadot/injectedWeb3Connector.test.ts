import { ed25519 } from '@noble/curves/ed25519.js'
import { expect, test } from 'vitest'
import { createTestPolkadotExtension } from '../../../testing/polkadotExtension.js'
import { hexToBytes } from '../../../testing/testWalletPrompts.js'
import { RequestNotApprovedError } from '../../errors/walletConnect.js'
import type { ConnectorEvent } from '../../types.js'
import {
  createInjectedWeb3Connector,
  type InjectedPolkadotExtension,
  type InjectedWeb3Entry,
} from './injectedWeb3Connector.js'
import { polkadotNetwork } from './polkadotNetwork.js'

// The connector over one `window.injectedWeb3` entry, driven directly. Discovery, the actions'
// error translation and the SCALE payload check are in polkadotAdapter.test.ts.

const seeds = ['01', '02', '03'].map((b) => b.repeat(32))
const genesisHash = `0x${'e1'.repeat(32)}`
const network = polkadotNetwork({
  genesisHash,
  name: 'Westend',
  nativeCurrency: { name: 'Westend', symbol: 'WND', decimals: 12 },
})
const appName = 'Portico tests'

/** The input of the wallet's last recorded call. */
const lastInput = <T>(requests: readonly { readonly input: unknown }[]) => requests.at(-1)?.input as T

/** The polkadot.js-style test extension and a connector over its entry (optionally altered). */
function setup({ entry }: { entry?: (real: InjectedWeb3Entry) => InjectedWeb3Entry } = {}) {
  const extension = createTestPolkadotExtension({ seeds })
  const connector = createInjectedWeb3Connector({
    key: 'devnet-wallet',
    name: 'Devnet Wallet',
    appName,
    icon: 'data:image/svg+xml,<svg/>',
    entry: entry ? entry(extension.entry) : extension.entry,
  })
  const methods = () => extension.requests.map((r) => r.method)
  const [address, second, third] = extension.addresses as [string, string, string]
  return { extension, connector, methods, address, second, third }
}

/** An entry whose `enable` answers what `change` makes of the real extension. */
const altered =
  (change: (injected: InjectedPolkadotExtension) => unknown) =>
  (real: InjectedWeb3Entry): InjectedWeb3Entry => ({
    enable: async (name) => change(await real.enable(name)) as InjectedPolkadotExtension,
  })

const request = (connector: ReturnType<typeof setup>['connector'], address: string, method: string, params: unknown) =>
  connector.request({ namespace: 'polkadot', chainId: network.caipNetworkId, address, method, params })

const utf8Hex = (text: string) => `0x${Buffer.from(text, 'utf8').toString('hex')}`
const bytesWrapped = (hex: string) =>
  new Uint8Array([...Buffer.from('<Bytes>'), ...hexToBytes(hex), ...Buffer.from('</Bytes>')])

test('default: an installed connector named by its injectedWeb3 key, with the entry it wraps', () => {
  const { connector, extension } = setup()
  expect(connector).toMatchObject({
    id: 'devnet-wallet',
    uid: 'polkadot:devnet-wallet',
    name: 'Devnet Wallet',
    imageUrl: 'data:image/svg+xml,<svg/>',
    chain: 'polkadot',
    type: 'INJECTED',
  })
  expect(connector.provider).toBe(extension.entry)
})

test('behavior: connect enables the extension with the app name and lists its SS58 accounts, selected first', async () => {
  const { connector, extension, address, second, third } = setup()
  expect(await connector.connect({ networks: { polkadot: network } })).toEqual([
    { namespace: 'polkadot', accounts: [address, second, third], caipNetworkId: network.caipNetworkId },
  ])
  expect(extension.requests.slice(0, 2)).toEqual([
    { method: 'enable', input: { appName } },
    { method: 'accounts.get', input: undefined },
  ])
  // Polkadot accounts are not bound to a chain: with no polkadot network the accounts still connect.
  expect(await connector.connect({ networks: {} })).toEqual([
    { namespace: 'polkadot', accounts: [address, second, third], caipNetworkId: undefined },
  ])
})

test('behavior: accounts that are not SS58 addresses are dropped; none left is no connection', async () => {
  const { connector, address } = setup({
    entry: altered((injected) => ({
      ...injected,
      accounts: {
        get: async () => [
          { address: `0x${'ab'.repeat(20)}` },
          { address: 42 },
          null,
          { address: `${address.slice(0, -1)}${address.endsWith('a') ? 'b' : 'a'}` },
          ...(await injected.accounts.get()).slice(0, 1),
        ],
      },
    })),
  })
  expect(await connector.connect({ networks: { polkadot: network } })).toEqual([
    { namespace: 'polkadot', accounts: [address], caipNetworkId: network.caipNetworkId },
  ])
  const empty = setup({ entry: altered((injected) => ({ ...injected, accounts: { get: async () => 'none' } })) })
  expect(await empty.connector.connect({ networks: { polkadot: network } })).toEqual([])
})

test.each([
  ['nothing', () => undefined],
  ['no accounts', (injected: InjectedPolkadotExtension) => ({ signer: injected.signer })],
  ['accounts without get()', (injected: InjectedPolkadotExtension) => ({ ...injected, accounts: { get: 'x' } })],
  ['no signer', (injected: InjectedPolkadotExtension) => ({ accounts: injected.accounts })],
])('error: an extension whose enable() answers %s is refused with a TypeError', async (_, change) => {
  const { connector } = setup({ entry: altered(change) })
  await expect(connector.connect({ networks: { polkadot: network } })).rejects.toThrow(
    new TypeError('Devnet Wallet returned no accounts or signer'),
  )
  expect(await connector.reconnect({ networks: { polkadot: network } })).toEqual([])
})

test('behavior: reconnect answers no connection, never an error, when the extension refuses', async () => {
  const { connector, extension, address } = setup()
  extension.setRejectAll(true)
  await expect(connector.connect({ networks: { polkadot: network } })).rejects.toMatchObject({ code: 4001 })
  expect(await connector.reconnect({ networks: { polkadot: network } })).toEqual([])
  extension.setRejectAll(false)
  await connector.connect({ networks: { polkadot: network } })
  // The site is allowed now: enable no longer prompts, so a refusing user is never asked.
  extension.setRejectAll(true)
  const [connection] = await connector.reconnect({ networks: { polkadot: network } })
  expect(connection?.accounts[0]).toBe(address)
})

test('behavior: disconnect forgets the extension; the next signature enables it again', async () => {
  const { connector, methods, address } = setup()
  await connector.connect({ networks: { polkadot: network } })
  await connector.signMessage({ namespace: 'polkadot', address, message: 'one', network })
  expect(methods().filter((m) => m === 'enable')).toHaveLength(1)
  await connector.disconnect()
  await connector.signMessage({ namespace: 'polkadot', address, message: 'two', network })
  expect(methods()).toEqual(['enable', 'accounts.get', 'signRaw', 'enable', 'signRaw'])
})

test('behavior: signMessage sends text as its UTF-8 hex, hex text as is, bytes as hex; the extension signs <Bytes>…</Bytes>', async () => {
  const { connector, extension, address } = setup()
  await connector.connect({ networks: { polkadot: network } })
  const publicKey = ed25519.getPublicKey(hexToBytes(seeds[0] as string))
  const cases = [
    ['héllo', utf8Hex('héllo')],
    ['0x0102ff', '0x0102ff'],
    [Uint8Array.of(0, 16, 255), '0x0010ff'],
    // Odd-length "hex" is text.
    ['0x123', utf8Hex('0x123')],
  ] as const
  for (const [message, data] of cases) {
    const signature = await connector.signMessage({ namespace: 'polkadot', address, message, network })
    expect(extension.requests.at(-1)).toEqual({ method: 'signRaw', input: { address, data, type: 'bytes' } })
    expect(signature).toMatch(/^0x[0-9a-f]{128}$/)
    expect(ed25519.verify(hexToBytes(signature), bytesWrapped(data), publicKey)).toBe(true)
  }
})

test('behavior: signing before connect enables the extension first', async () => {
  const { connector, methods, address } = setup()
  const { signature } = (await request(connector, address, 'polkadot_signMessage', { message: 'early' })) as {
    signature: string
  }
  expect(signature).toMatch(/^0x[0-9a-f]{128}$/)
  expect(methods()).toEqual(['enable', 'signRaw'])
})

test('behavior: polkadot_signMessage signs as params.address or the connected address, answering {signature}', async () => {
  const { connector, extension, address, second } = setup()
  await connector.connect({ networks: { polkadot: network } })
  expect(await request(connector, address, 'polkadot_signMessage', { message: 'a' })).toEqual({
    signature: expect.stringMatching(/^0x[0-9a-f]{128}$/),
  })
  await request(connector, address, 'polkadot_signMessage', { address: second, message: 'b' })
  expect(
    extension.requests.filter((r) => r.method === 'signRaw').map((r) => (r.input as { address: string }).address),
  ).toEqual([address, second])
})

test('behavior: polkadot_signTransaction signs the payload as params.address, else the payload or connected address, answering {id, signature}', async () => {
  const { connector, extension, address, second } = setup()
  await connector.connect({ networks: { polkadot: network } })
  const transactionPayload = {
    address: second,
    method: '0x0403',
    era: '0x00',
    nonce: '0x05',
    tip: '0x00',
    specVersion: '0x000f4240',
    transactionVersion: '0x1a',
    genesisHash,
    blockHash: genesisHash,
    signedExtensions: [],
    version: 4,
  }
  const answer = (await request(connector, address, 'polkadot_signTransaction', { transactionPayload })) as {
    id: number
    signature: string
  }
  expect(answer).toEqual({ id: expect.any(Number), signature: expect.stringMatching(/^0x00[0-9a-f]{128}$/) })
  expect(lastInput<{ address: string }>(extension.requests).address).toBe(second)
  await request(connector, address, 'polkadot_signTransaction', { address, transactionPayload })
  expect(lastInput<{ address: string }>(extension.requests).address).toBe(address)
  const { address: _, ...withoutAddress } = transactionPayload
  await request(connector, address, 'polkadot_signTransaction', { transactionPayload: withoutAddress })
  expect(extension.requests.at(-1)?.input).toEqual({ ...withoutAddress, address })
})

test.each([
  ['polkadot_signMessage', { message: 42 }, '`message` must be a string'],
  ['polkadot_signMessage', { message: 'x', address: '0x1234' }, '`address` must be an SS58 address'],
  [
    'polkadot_signTransaction',
    { transactionPayload: '0x00' },
    '`transactionPayload` must be a SignerPayloadJSON object',
  ],
  ['polkadot_signTransaction', {}, '`transactionPayload` must be a SignerPayloadJSON object'],
  ['polkadot_signTransaction', { transactionPayload: { address: 'nope' } }, '`address` must be an SS58 address'],
])(
  'error: %s with malformed params (%j) is refused with a TypeError before the extension signs',
  async (method, params, message) => {
    const { connector, methods, address } = setup()
    await connector.connect({ networks: { polkadot: network } })
    const error = await request(connector, address, method, params).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TypeError)
    expect((error as Error).message).toBe(message)
    expect(methods()).toEqual(['enable', 'accounts.get'])
  },
)

test('error: a method the extension interface has no call for is refused with RequestNotApprovedError', async () => {
  const { connector, methods, address } = setup()
  const error = await request(connector, address, 'polkadot_transfer', {}).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(RequestNotApprovedError)
  expect(error).toMatchObject({
    shortMessage: 'Requested RPC call is not allowed',
    details: `The wallet did not approve polkadot_transfer on ${network.caipNetworkId}.`,
  })
  expect(methods()).toEqual([])
})

test.each([
  [
    'a signer without signRaw',
    { signPayload: async () => ({ id: 1, signature: `0x${'00'.repeat(65)}` }) },
    'message',
    'Devnet Wallet cannot sign raw messages',
  ],
  ['a signer without signPayload', undefined, 'transaction', 'Devnet Wallet cannot sign transactions'],
  [
    'a short signature',
    { signRaw: async () => ({ id: 1, signature: '0x1234' }) },
    'message',
    'The wallet returned a malformed polkadot signature',
  ],
  [
    'a signature that is not hex',
    { signRaw: async () => ({ id: 1, signature: `0x${'zz'.repeat(64)}` }) },
    'message',
    'The wallet returned a malformed polkadot signature',
  ],
  [
    'no signature',
    { signPayload: async () => ({ id: 3 }) },
    'transaction',
    'The wallet returned a malformed polkadot signature',
  ],
] as const)('error: an extension with %s is refused with a TypeError', async (_, signer, call, message) => {
  const { connector, address } = setup({
    entry: altered((injected) => ({
      ...injected,
      signer: signer ?? { signRaw: injected.signer.signRaw },
    })),
  })
  await connector.connect({ networks: { polkadot: network } })
  const signing =
    call === 'message'
      ? connector.signMessage({ namespace: 'polkadot', address, message: 'x', network })
      : request(connector, address, 'polkadot_signTransaction', { transactionPayload: { address, method: '0x00' } })
  await expect(signing).rejects.toThrow(new TypeError(message))
})

test('behavior: account changes in the extension arrive as accountsChanged (its first, current list is no change); a revoke is a disconnect', async () => {
  const { connector, extension, third } = setup()
  const events: ConnectorEvent[] = []
  // Before connect there is no extension to listen to.
  connector.subscribe('polkadot', (event) => events.push(event))()
  await connector.connect({ networks: { polkadot: network } })
  const off = connector.subscribe('polkadot', (event) => events.push(event))
  expect(events).toEqual([])
  extension.setAccount(2)
  expect(events).toEqual([{ type: 'accountsChanged', accounts: extension.addresses }])
  expect(extension.addresses[0]).toBe(third)
  extension.revoke()
  expect(events.at(-1)).toEqual({ type: 'disconnect' })
  off()
  extension.setAccount(0)
  expect(events).toHaveLength(2)
})

test('edge: an extension without accounts.subscribe is connected without account events', async () => {
  const { connector, extension } = setup({
    entry: altered((injected) => ({ ...injected, accounts: { get: injected.accounts.get } })),
  })
  await connector.connect({ networks: { polkadot: network } })
  const events: ConnectorEvent[] = []
  const off = connector.subscribe('polkadot', (event) => events.push(event))
  extension.setAccount(1)
  off()
  expect(events).toEqual([])
})
