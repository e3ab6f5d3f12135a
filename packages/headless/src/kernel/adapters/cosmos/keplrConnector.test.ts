import { secp256k1 } from '@noble/curves/secp256k1.js'
import { base64 } from '@scure/base'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { installTestWindow, removeTestWindow } from '../../../test/window.js'
import { createTestKeplrWallet } from '../../../testing/keplrWallet.js'
import { hexToBytes } from '../../../testing/testWalletPrompts.js'
import { RequestNotApprovedError } from '../../errors/walletConnect.js'
import type { ConnectorEvent } from '../../types.js'
import { cosmosNetwork } from './cosmosNetwork.js'
import { createKeplrConnector, type KeplrLikeProvider } from './keplrConnector.js'

// The connector over a Keplr-style provider, driven directly. Discovery, the actions' error
// translation and independent signature checks are in cosmosAdapter.test.ts.

const privateKeys = ['01', '02', '03'].map((b) => b.repeat(32))
const chainId = 'portico-devnet-1'
const otherChainId = 'portico-devnet-2'
const nativeCurrency = { name: 'Atom', symbol: 'ATOM', decimals: 6 }
const network = cosmosNetwork({ chainId, name: 'Cosmos Devnet', nativeCurrency })
const otherNetwork = cosmosNetwork({ chainId: otherChainId, name: 'Cosmos Devnet 2', nativeCurrency })
const keystoreEvent = 'keplr_keystorechange'
const stops: (() => void)[] = []

/** Puts the wallet on `window.keplr`, where its account switch fires the keystore event. */
function onWindow(wallet: ReturnType<typeof createTestKeplrWallet>) {
  stops.push(wallet.inject())
}

beforeAll(() => {
  installTestWindow()
})
afterAll(() => removeTestWindow())
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

/** The Keplr test wallet on `window.keplr` (its account switch fires the keystore event there) and a connector over it. */
function setup({ provider }: { provider?: (real: KeplrLikeProvider) => KeplrLikeProvider } = {}) {
  const wallet = createTestKeplrWallet({ privateKeys, chainIds: [chainId, otherChainId] })
  onWindow(wallet)
  const connector = createKeplrConnector({
    key: 'keplr',
    name: 'Keplr',
    icon: 'data:image/png;base64,AA==',
    provider: provider ? provider(wallet.provider) : wallet.provider,
    keystoreEvent,
  })
  const methods = () => wallet.requests.map((r) => r.method)
  return { wallet, connector, methods }
}

/** The connector's next event, as a promise the test awaits (no timer). */
function events(connector: ReturnType<typeof setup>['connector']) {
  const queue: ConnectorEvent[] = []
  let wake: (() => void) | undefined
  const off = connector.subscribe('cosmos', (event) => {
    queue.push(event)
    wake?.()
  })
  stops.push(off)
  const next = async () => {
    while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve))
    return queue.shift() as ConnectorEvent
  }
  return { next, queue, off }
}

const request = (connector: ReturnType<typeof setup>['connector'], address: string, method: string, params: unknown) =>
  connector.request({ namespace: 'cosmos', chainId: network.caipNetworkId, address, method, params })

test('default: an installed connector named by its key, with the provider it wraps', () => {
  const { connector, wallet } = setup()
  expect(connector).toMatchObject({
    id: 'keplr',
    uid: 'cosmos:keplr',
    name: 'Keplr',
    imageUrl: 'data:image/png;base64,AA==',
    chain: 'cosmos',
    type: 'INJECTED',
  })
  expect(connector.provider).toBe(wallet.provider)
})

test("behavior: connect enables the network's chain and answers the selected bech32 account; with no cosmos network it asks nothing", async () => {
  const { connector, wallet, methods } = setup()
  expect(await connector.connect({ networks: {} })).toEqual([])
  expect(methods()).toEqual([])
  expect(await connector.connect({ networks: { cosmos: network } })).toEqual([
    { namespace: 'cosmos', accounts: [wallet.address], caipNetworkId: 'cosmos:portico-devnet-1' },
  ])
  expect(wallet.requests).toEqual([
    { method: 'enable', input: { chainIds: [chainId] } },
    { method: 'getKey', input: { chainId } },
  ])
  expect(wallet.enabledChains).toEqual([chainId])
})

test('behavior: reconnect answers no connection, never an error, when the wallet refuses', async () => {
  const { connector, wallet } = setup()
  wallet.setRejectAll(true)
  await expect(connector.connect({ networks: { cosmos: network } })).rejects.toMatchObject({ code: 4001 })
  expect(await connector.reconnect({ networks: { cosmos: network } })).toEqual([])
  const unknownChain = cosmosNetwork({ chainId: 'not-in-wallet', name: 'Elsewhere', nativeCurrency })
  expect(await connector.reconnect({ networks: { cosmos: unknownChain } })).toEqual([])
  // Allowed once, the same enable no longer prompts: reconnect then answers the account.
  wallet.setRejectAll(false)
  await connector.connect({ networks: { cosmos: network } })
  wallet.setRejectAll(true)
  expect(await connector.reconnect({ networks: { cosmos: network } })).toEqual([
    { namespace: 'cosmos', accounts: [wallet.address], caipNetworkId: network.caipNetworkId },
  ])
})

test('behavior: disconnect disables the connected chain once; a wallet without disable() is simply forgotten', async () => {
  const { connector, wallet, methods } = setup()
  await connector.disconnect()
  expect(methods()).toEqual([])
  await connector.connect({ networks: { cosmos: network } })
  await connector.disconnect()
  await connector.disconnect()
  expect(methods().filter((m) => m === 'disable')).toEqual(['disable'])
  expect(wallet.requests.at(-1)).toEqual({ method: 'disable', input: { chainIds: chainId } })
  expect(wallet.enabledChains).toEqual([])
  const bare = setup({ provider: ({ disable: _, ...rest }) => rest })
  await bare.connector.connect({ networks: { cosmos: network } })
  await expect(bare.connector.disconnect()).resolves.toBeUndefined()
  expect(bare.wallet.enabledChains).toEqual([chainId])
})

test('behavior: a keystore change reads the account again: accountsChanged, or disconnect when the wallet stops answering', async () => {
  const { connector, wallet, methods } = setup()
  const { next, queue, off } = events(connector)
  // Not connected yet: the event is not the connector's business.
  wallet.setAccount(1)
  expect(methods()).toEqual([])
  await connector.connect({ networks: { cosmos: network } })
  const second = wallet.address
  wallet.setAccount(2)
  expect(await next()).toEqual({ type: 'accountsChanged', accounts: [wallet.address] })
  expect(wallet.address).not.toBe(second)
  // The user revoked the site in the wallet: getKey now fails.
  await wallet.provider.disable?.()
  wallet.setAccount(0)
  expect(await next()).toEqual({ type: 'disconnect' })
  off()
  const before = wallet.requests.length
  wallet.setAccount(1)
  expect(wallet.requests.length).toBe(before)
  expect(queue).toEqual([])
})

test('behavior: switchNetwork enables the new chain, and account changes are then read on it', async () => {
  const { connector, wallet } = setup()
  const { next } = events(connector)
  await connector.connect({ networks: { cosmos: network } })
  await connector.switchNetwork({
    namespace: 'cosmos',
    network: otherNetwork,
    networks: [network, otherNetwork],
    current: network.caipNetworkId,
  })
  expect(wallet.enabledChains).toEqual([chainId, otherChainId])
  // Only the new chain stays allowed: a read on the old one would fail (and report a disconnect).
  await wallet.provider.disable?.(chainId)
  wallet.setAccount(1)
  expect(await next()).toEqual({ type: 'accountsChanged', accounts: [wallet.address] })
  expect(wallet.requests.at(-1)).toEqual({ method: 'getKey', input: { chainId: otherChainId } })
  // disconnect forgets the chain it switched to.
  await connector.disconnect()
  expect(wallet.enabledChains).toEqual([])
})

test('edge: without a keystore event name, or without a window, subscribe listens to nothing', async () => {
  const wallet = createTestKeplrWallet({ privateKeys })
  onWindow(wallet)
  const quiet = createKeplrConnector({ key: 'quiet', name: 'Quiet', provider: wallet.provider })
  await quiet.connect({ networks: { cosmos: cosmosNetwork({ chainId, name: 'Cosmos', nativeCurrency }) } })
  const unsubscribe = quiet.subscribe('cosmos', () => expect.unreachable('no event expected'))
  const before = wallet.requests.length
  wallet.setAccount(1)
  expect(wallet.requests.length).toBe(before)
  unsubscribe()
  const { connector } = setup()
  removeTestWindow()
  try {
    expect(() => connector.subscribe('cosmos', () => {})()).not.toThrow()
  } finally {
    installTestWindow()
  }
})

test('behavior: cosmos_getAccounts answers the account in the WalletConnect format (pubkey base64)', async () => {
  const { connector, wallet } = setup()
  await connector.connect({ networks: { cosmos: network } })
  const publicKey = secp256k1.getPublicKey(hexToBytes(privateKeys[0] as string), true)
  expect(await request(connector, wallet.address, 'cosmos_getAccounts', undefined)).toEqual([
    { algo: 'secp256k1', address: wallet.address, pubkey: base64.encode(publicKey) },
  ])
})

test('behavior: cosmos_signAmino signs as the connected address unless another signer is named, answering the wallet signature', async () => {
  const { connector, wallet } = setup()
  await connector.connect({ networks: { cosmos: network } })
  const signDoc = {
    chain_id: chainId,
    account_number: '7',
    sequence: '1',
    fee: { gas: '1', amount: [] },
    msgs: [],
    memo: '',
  }
  const answer = (await request(connector, wallet.address, 'cosmos_signAmino', { signDoc })) as {
    signed: unknown
    signature: { signature: string }
  }
  // The wallet's own answer for the same document (deterministic ECDSA), passed through.
  expect(answer).toEqual(await wallet.provider.signAmino(chainId, wallet.address, signDoc))
  expect(base64.decode(answer.signature.signature)).toHaveLength(64)
  // A named signer the wallet does not hold is the wallet's refusal, not the connector's.
  const other = createTestKeplrWallet({ privateKeys: [privateKeys[1] as string] }).address
  await expect(
    request(connector, wallet.address, 'cosmos_signAmino', { signerAddress: other, signDoc }),
  ).rejects.toMatchObject({ code: 4100 })
  expect(
    wallet.requests.filter((r) => r.method === 'signAmino').map((r) => (r.input as { signer: string }).signer),
  ).toEqual([wallet.address, wallet.address])
})

test('behavior: cosmos_signDirect sends the base64 fields as bytes, the chain as default, and answers the signed doc in base64', async () => {
  const { connector, wallet } = setup()
  await connector.connect({ networks: { cosmos: network } })
  const bodyBytes = Uint8Array.of(9, 8, 7)
  const authInfoBytes = Uint8Array.of(1, 2)
  const answer = await request(connector, wallet.address, 'cosmos_signDirect', {
    signDoc: { bodyBytes: base64.encode(bodyBytes), authInfoBytes: base64.encode(authInfoBytes), accountNumber: '42' },
  })
  const sent = wallet.requests.at(-1)
  expect(sent).toEqual({
    method: 'signDirect',
    input: {
      chainId,
      signer: wallet.address,
      signDoc: { bodyBytes, authInfoBytes, chainId, accountNumber: 42n },
    },
  })
  expect(answer).toMatchObject({
    signed: {
      chainId,
      accountNumber: '42',
      bodyBytes: base64.encode(bodyBytes),
      authInfoBytes: base64.encode(authInfoBytes),
    },
    signature: { pub_key: { type: 'tendermint/PubKeySecp256k1' } },
  })
})

test.each([
  [
    'cosmos_signAmino',
    { signerAddress: 'cosmos1notanaddress', signDoc: {} },
    '`signerAddress` must be a bech32 address',
  ],
  ['cosmos_signAmino', { signerAddress: 42, signDoc: {} }, '`signerAddress` must be a bech32 address'],
  ['cosmos_signAmino', {}, '`signDoc` must be an amino sign doc'],
  ['cosmos_signAmino', { signDoc: null }, '`signDoc` must be an amino sign doc'],
  ['cosmos_signDirect', { signDoc: 'CgE=' }, '`signDoc` must be a direct sign doc'],
  ['cosmos_signDirect', undefined, '`signDoc` must be a direct sign doc'],
  ['cosmos_signDirect', { signDoc: { bodyBytes: '!!!' } }, '`bodyBytes` must be base64'],
  ['cosmos_signDirect', { signDoc: { bodyBytes: [9, 8] } }, '`bodyBytes` must be base64'],
  ['cosmos_signDirect', { signDoc: { bodyBytes: 'CgE=', authInfoBytes: 'CgE' } }, '`authInfoBytes` must be base64'],
  ['cosmos_signDirect', { signDoc: { accountNumber: 'abc' } }, '`accountNumber` must be an unsigned integer'],
  ['cosmos_signDirect', { signDoc: { accountNumber: '-1' } }, '`accountNumber` must be an unsigned integer'],
  ['cosmos_signDirect', { signDoc: { accountNumber: 1.5 } }, '`accountNumber` must be an unsigned integer'],
  ['cosmos_signDirect', { signDoc: { accountNumber: '0x10' } }, '`accountNumber` must be an unsigned integer'],
])(
  'error: %s with malformed params (%j) is refused with a TypeError before the wallet is asked',
  async (method, params, message) => {
    const { connector, wallet, methods } = setup()
    await connector.connect({ networks: { cosmos: network } })
    const before = methods()
    const error = await request(connector, wallet.address, method, params).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TypeError)
    expect((error as Error).message).toBe(message)
    expect(methods()).toEqual(before)
  },
)

test('error: a method the wallet interface has no call for is refused with RequestNotApprovedError', async () => {
  const { connector, wallet, methods } = setup()
  const error = await request(connector, wallet.address, 'cosmos_sendTokens', {}).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(RequestNotApprovedError)
  expect(error).toMatchObject({
    shortMessage: 'Requested RPC call is not allowed',
    details: 'The wallet did not approve cosmos_sendTokens on cosmos:portico-devnet-1.',
  })
  expect(methods()).toEqual([])
})

test('behavior: signMessage is ADR-36 through signArbitrary on the network chain, answering the base64 signature', async () => {
  const { connector, wallet } = setup()
  await connector.connect({ networks: { cosmos: network } })
  const message = Uint8Array.of(0, 1, 2, 255)
  const signature = await connector.signMessage({ namespace: 'cosmos', address: wallet.address, message, network })
  expect(base64.decode(signature)).toHaveLength(64)
  expect(wallet.requests.at(-1)).toEqual({
    method: 'signArbitrary',
    input: { chainId, signer: wallet.address, data: message },
  })
  expect(signature).toBe((await wallet.provider.signArbitrary(chainId, wallet.address, message)).signature)
})

test.each([
  [
    'a key without public key',
    (p: KeplrLikeProvider): KeplrLikeProvider => ({
      ...p,
      getKey: async (c) => ({ ...(await p.getKey(c)), pubKey: 'AAAA' as unknown as Uint8Array }),
    }),
    'connect',
    'Keplr returned no public key',
  ],
  [
    'an uppercase (invalid bech32) address',
    (p: KeplrLikeProvider): KeplrLikeProvider => ({
      ...p,
      getKey: async (c) => {
        const key = await p.getKey(c)
        return { ...key, bech32Address: key.bech32Address.toUpperCase() }
      },
    }),
    'connect',
    'Keplr returned an invalid bech32 address',
  ],
  [
    'a 63-byte amino signature',
    (p: KeplrLikeProvider): KeplrLikeProvider => ({
      ...p,
      signAmino: async (...args) => {
        const answer = await p.signAmino(...args)
        return { ...answer, signature: { ...answer.signature, signature: base64.encode(new Uint8Array(63)) } }
      },
    }),
    'cosmos_signAmino',
    'The wallet returned a malformed cosmos signature',
  ],
  [
    'a direct signature that is not base64',
    (p: KeplrLikeProvider): KeplrLikeProvider => ({
      ...p,
      signDirect: async (...args) => {
        const answer = await p.signDirect(...args)
        return { ...answer, signature: { ...answer.signature, signature: '!'.repeat(88) } }
      },
    }),
    'cosmos_signDirect',
    'The wallet returned a malformed cosmos signature',
  ],
  [
    'no signature at all',
    (p: KeplrLikeProvider): KeplrLikeProvider => ({
      ...p,
      signArbitrary: async () => undefined as unknown as Awaited<ReturnType<KeplrLikeProvider['signArbitrary']>>,
    }),
    'signMessage',
    'The wallet returned a malformed cosmos signature',
  ],
] as const)('error: a wallet answering %s is refused with a TypeError', async (_, provider, call, message) => {
  const { connector, wallet } = setup({ provider })
  if (call === 'connect') {
    await expect(connector.connect({ networks: { cosmos: network } })).rejects.toThrow(new TypeError(message))
    // Nor is it connected by a reconnect.
    expect(await connector.reconnect({ networks: { cosmos: network } })).toEqual([])
    return
  }
  await connector.connect({ networks: { cosmos: network } })
  const signing =
    call === 'signMessage'
      ? connector.signMessage({ namespace: 'cosmos', address: wallet.address, message: 'hi', network })
      : request(connector, wallet.address, call, {
          signDoc: call === 'cosmos_signAmino' ? { memo: '' } : { bodyBytes: 'CgE=', authInfoBytes: '' },
        })
  await expect(signing).rejects.toThrow(new TypeError(message))
})
