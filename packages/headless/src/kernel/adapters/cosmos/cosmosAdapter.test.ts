import { cosmosCaipNetworkId, devnetKeys, verifyCosmosAmino, verifyCosmosDirect } from '@portico/devnet'
import { base64 } from '@scure/base'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { adr36SignDoc } from '../../../features/walletconnect/signing.js'
import { memoryStorage } from '../../../test/fixtures.js'
import { installTestWindow, removeTestWindow } from '../../../test/window.js'
import { createTestKeplrWallet } from '../../../testing/keplrWallet.js'
import { bytesToHex } from '../../../testing/testWalletPrompts.js'
import { connect } from '../../actions/connect.js'
import { disconnect } from '../../actions/disconnect.js'
import { getConnection } from '../../actions/getConnection.js'
import { getConnectors } from '../../actions/getConnectors.js'
import { initialize } from '../../actions/initialize.js'
import { reconnect } from '../../actions/reconnect.js'
import { request } from '../../actions/request.js'
import { signMessage } from '../../actions/signMessage.js'
import { createPortico } from '../../createPortico.js'
import { cosmosAdapter } from './cosmosAdapter.js'
import { cosmosNetwork } from './cosmosNetwork.js'
import { createKeplrConnector } from './keplrConnector.js'

const chainId = cosmosCaipNetworkId.slice('cosmos:'.length)
const network = cosmosNetwork({
  chainId,
  name: 'Cosmos Devnet',
  nativeCurrency: { name: 'Atom', symbol: 'ATOM', decimals: 6 },
})
const keys = [0, 1, 2].map((i) => devnetKeys(i).cosmos)
const stops: (() => void)[] = []

beforeAll(() => {
  installTestWindow()
})
afterAll(() => removeTestWindow())
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  vi.restoreAllMocks()
})

function setup({ storage = memoryStorage() } = {}) {
  const wallet = createTestKeplrWallet({ privateKeys: keys.map((k) => bytesToHex(k.privateKey)), chainIds: [chainId] })
  stops.push(wallet.inject())
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [network],
    adapters: [cosmosAdapter()],
    storage,
  })
  stops.push(initialize(portico))
  return { portico, wallet, storage }
}

test('discovery: window.keplr is listed as an installed Keplr connector', () => {
  const { portico } = setup()
  expect(getConnectors(portico, { namespace: 'cosmos' })).toMatchObject([
    { id: 'keplr', uid: 'cosmos:keplr', name: 'Keplr', chain: 'cosmos', type: 'INJECTED', isInstalled: true },
  ])
})

test('discovery: a malformed window.leap is ignored with one warning', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const target = window as unknown as Record<string, unknown>
  target.leap = { enable: () => {} }
  try {
    const { portico } = setup()
    expect(getConnectors(portico, { namespace: 'cosmos' }).map((c) => c.id)).toEqual(['keplr'])
    window.dispatchEvent(new Event('load'))
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0]?.[0])).toContain('window.leap')
  } finally {
    Reflect.deleteProperty(target, 'leap')
  }
})

test('connect: enable + getKey give the bech32 address on the chain', async () => {
  const { portico, wallet } = setup()
  await connect(portico, { connectorId: 'keplr', namespace: 'cosmos' })
  expect(getConnection(portico)).toMatchObject({
    namespace: 'cosmos',
    status: 'connected',
    address: keys[0]?.address,
    caipAddress: `${cosmosCaipNetworkId}:${keys[0]?.address}`,
  })
  expect(wallet.enabledChains).toEqual([chainId])
})

test('signMessage: ADR-36 through signArbitrary, verified independently', async () => {
  const { portico } = setup()
  await connect(portico, { connectorId: 'keplr', namespace: 'cosmos' })
  const address = keys[0]?.address as string
  const signature = await signMessage(portico, { message: 'hello cosmos' })
  expect(base64.decode(signature)).toHaveLength(64)
  const pub_key = { type: 'tendermint/PubKeySecp256k1', value: base64.encode(keys[0]?.publicKey as Uint8Array) }
  expect(
    verifyCosmosAmino({ address, signDoc: adr36SignDoc(address, 'hello cosmos'), signature: { pub_key, signature } }),
  ).toBe(true)
  expect(
    verifyCosmosAmino({ address, signDoc: adr36SignDoc(address, 'other'), signature: { pub_key, signature } }),
  ).toBe(false)
})

test('request: cosmos_getAccounts, cosmos_signAmino, cosmos_signDirect in the WalletConnect format', async () => {
  const { portico } = setup()
  await connect(portico, { connectorId: 'keplr', namespace: 'cosmos' })
  const address = keys[0]?.address as string
  expect(await request(portico, { method: 'cosmos_getAccounts', params: {} })).toEqual([
    { algo: 'secp256k1', address, pubkey: base64.encode(keys[0]?.publicKey as Uint8Array) },
  ])
  const signDoc = {
    chain_id: chainId,
    account_number: '7',
    sequence: '1',
    fee: { gas: '200000', amount: [{ denom: 'uatom', amount: '500' }] },
    msgs: [{ type: 'cosmos-sdk/MsgSend', value: { from_address: address, to_address: keys[1]?.address, amount: [] } }],
    memo: 'a <memo> & more',
  }
  const amino = await request<{
    signed: unknown
    signature: { pub_key: { type: string; value: string }; signature: string }
  }>(portico, { method: 'cosmos_signAmino', params: { signerAddress: address, signDoc } })
  expect(amino.signed).toEqual(signDoc)
  expect(verifyCosmosAmino({ address, signDoc, signature: amino.signature })).toBe(true)
  const directDoc = {
    chainId,
    accountNumber: '7',
    authInfoBytes: base64.encode(Uint8Array.of(1, 2, 3)),
    bodyBytes: base64.encode(Uint8Array.of(9, 8)),
  }
  const direct = await request<{
    signed: typeof directDoc
    signature: { pub_key: { type: string; value: string }; signature: string }
  }>(portico, { method: 'cosmos_signDirect', params: { signerAddress: address, signDoc: directDoc } })
  expect(direct.signed).toEqual(directDoc)
  expect(verifyCosmosDirect({ address, signDoc: directDoc, signature: direct.signature })).toBe(true)
  await expect(request(portico, { method: 'cosmos_sendTokens', params: {} })).rejects.toMatchObject({
    shortMessage: 'Requested RPC call is not allowed',
  })
})

test('rejections: connect → ConnectionRejectedError, sign → UserRejectedRequestError', async () => {
  const { portico, wallet } = setup()
  wallet.rejectNext('enable')
  await expect(connect(portico, { connectorId: 'keplr', namespace: 'cosmos' })).rejects.toMatchObject({
    name: 'ConnectionRejectedError',
  })
  expect(getConnection(portico, { namespace: 'cosmos' }).status).toBe('disconnected')
  await connect(portico, { connectorId: 'keplr', namespace: 'cosmos' })
  wallet.rejectNext('signArbitrary')
  await expect(signMessage(portico, { message: 'x' })).rejects.toMatchObject({ name: 'UserRejectedRequestError' })
})

test('account change in the wallet (keplr_keystorechange) updates the address', async () => {
  const { portico, wallet } = setup()
  await connect(portico, { connectorId: 'keplr', namespace: 'cosmos' })
  wallet.setAccount(2)
  await vi.waitFor(() => expect(getConnection(portico).address).toBe(keys[2]?.address), { timeout: 10_000 })
})

test('disconnect disables the chain; reload reconnects without a prompt', async () => {
  const first = setup()
  await connect(first.portico, { connectorId: 'keplr', namespace: 'cosmos' })
  const reloaded = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [network],
    adapters: [cosmosAdapter()],
    storage: first.storage,
    ssr: false,
  })
  stops.push(initialize(reloaded))
  // Any prompt now would be declined: the reconnect must not need one.
  first.wallet.setRejectAll(true)
  await reconnect(reloaded)
  first.wallet.setRejectAll(false)
  expect(getConnection(reloaded)).toMatchObject({ namespace: 'cosmos', status: 'connected', address: keys[0]?.address })
  await disconnect(reloaded, { namespace: 'cosmos' })
  expect(getConnection(reloaded).status).toBe('disconnected')
  expect(first.wallet.enabledChains).toEqual([])
  expect(first.storage.data.has('@portico/connected-connector:cosmos')).toBe(false)
})

test('a wallet answering a non-bech32 address or a malformed signature is refused, not listed as connected', async () => {
  const good = createTestKeplrWallet({ privateKeys: [bytesToHex(keys[0]?.privateKey as Uint8Array)] }).provider
  const lying = createKeplrConnector({
    key: 'liar',
    name: 'Liar',
    provider: {
      ...good,
      getKey: async () => ({ algo: 'secp256k1', pubKey: new Uint8Array(33), bech32Address: 'cosmos1notanaddress' }),
    },
  })
  await expect(lying.connect({ networks: { cosmos: network } })).rejects.toThrow('invalid bech32 address')
  const garbled = createKeplrConnector({
    key: 'garbled',
    name: 'Garbled',
    provider: { ...good, signArbitrary: async () => ({ pub_key: { type: 'x', value: '' }, signature: 'AAAA' }) },
  })
  await garbled.connect({ networks: { cosmos: network } })
  await expect(
    garbled.signMessage({ namespace: 'cosmos', address: keys[0]?.address as string, message: 'x', network }),
  ).rejects.toThrow('malformed cosmos signature')
})
