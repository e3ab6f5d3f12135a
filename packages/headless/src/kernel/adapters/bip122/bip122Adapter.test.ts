import { bip122CaipNetworkId, devnetKeys, verifyBip122Message } from '@portico/devnet'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { memoryStorage } from '../../../test/fixtures.js'
import { installTestWindow, removeTestWindow } from '../../../test/window.js'
import { createTestBitcoinWallet } from '../../../testing/bitcoinWallet.js'
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
import { isBitcoinAddress } from '../../utils/namespaceAddress.js'
import { bip122Adapter } from './bip122Adapter.js'
import { bip122Network } from './bip122Network.js'
import { createSatsConnectConnector } from './satsConnectConnector.js'

const network = bip122Network({
  genesisHash: bip122CaipNetworkId.slice('bip122:'.length),
  name: 'Bitcoin Regtest',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  testnet: true,
})
const keys = [0, 1].map((i) => devnetKeys(i).bip122)
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
  const wallet = createTestBitcoinWallet({ privateKeys: keys.map((k) => bytesToHex(k.privateKey)) })
  stops.push(wallet.register())
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [network],
    adapters: [bip122Adapter()],
    storage,
  })
  stops.push(initialize(portico))
  return { portico, wallet, storage }
}

test('discovery: Wallet Standard Bitcoin wallets are listed; a malformed registration is ignored with a warning', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const { portico } = setup()
  // A registration whose features lack any connect: checked before listing, never called.
  const malformed = { name: 'Bad', version: '1.0.0', icon: '', chains: ['bitcoin:regtest'], accounts: [], features: {} }
  window.dispatchEvent(
    new CustomEvent('wallet-standard:register-wallet', {
      detail: ({ register }: { register: (w: unknown) => () => void }) => stops.push(register(malformed)),
    }),
  )
  expect(getConnectors(portico, { namespace: 'bip122' })).toMatchObject([
    { id: 'Devnet Wallet', uid: 'bip122:Devnet Wallet', chain: 'bip122', type: 'ANNOUNCED', isInstalled: true },
  ])
  expect(warn).toHaveBeenCalledTimes(1)
})

test('connect: payment address first (the default account type), then ordinals; all valid', async () => {
  const { portico, wallet } = setup()
  await connect(portico, { connectorId: 'Devnet Wallet', namespace: 'bip122' })
  const { payment, ordinals } = wallet.addresses
  expect(payment).toBe(keys[0]?.address)
  expect(ordinals).toMatch(/^bcrt1p/)
  expect(getConnection(portico)).toMatchObject({
    namespace: 'bip122',
    status: 'connected',
    address: payment,
    addresses: [payment, ordinals],
    caipAddress: `${bip122CaipNetworkId}:${payment}`,
  })
  expect([payment, ordinals].every(isBitcoinAddress)).toBe(true)
  expect(wallet.requests[0]).toMatchObject({ method: 'bitcoin:connect', input: { purposes: ['payment', 'ordinals'] } })
})

test('signMessage and the signMessage request: BIP-137, verified independently', async () => {
  const { portico, wallet } = setup()
  await connect(portico, { connectorId: 'Devnet Wallet', namespace: 'bip122' })
  const address = wallet.addresses.payment
  const signature = await signMessage(portico, { message: 'hello bitcoin' })
  expect(verifyBip122Message({ address, message: 'hello bitcoin', signature })).toBe(true)
  expect(verifyBip122Message({ address, message: 'hello', signature })).toBe(false)
  const result = await request<{ address: string; signature: string }>(portico, {
    method: 'signMessage',
    params: { account: address, address, message: 'again', protocol: 'ecdsa' },
  })
  expect(result.address).toBe(address)
  expect(verifyBip122Message({ address, message: 'again', signature: result.signature })).toBe(true)
  expect(await request(portico, { method: 'getAccountAddresses', params: { intentions: ['payment'] } })).toMatchObject([
    { address, intention: 'payment' },
  ])
  await expect(request(portico, { method: 'sendTransfer', params: {} })).rejects.toMatchObject({
    shortMessage: 'Requested RPC call is not allowed',
  })
})

test('rejections: connect → ConnectionRejectedError, sign → UserRejectedRequestError', async () => {
  const { portico, wallet } = setup()
  wallet.rejectNext('bitcoin:connect')
  await expect(connect(portico, { connectorId: 'Devnet Wallet', namespace: 'bip122' })).rejects.toMatchObject({
    name: 'ConnectionRejectedError',
  })
  await connect(portico, { connectorId: 'Devnet Wallet', namespace: 'bip122' })
  wallet.rejectNext('bitcoin:signMessage')
  await expect(signMessage(portico, { message: 'x' })).rejects.toMatchObject({ name: 'UserRejectedRequestError' })
})

test('account change and wallet-side disconnect update the state', async () => {
  const { portico, wallet } = setup()
  await connect(portico, { connectorId: 'Devnet Wallet', namespace: 'bip122' })
  wallet.setAccount(1)
  expect(getConnection(portico).address).toBe(keys[1]?.address)
  wallet.disconnectFromWallet()
  expect(getConnection(portico).status).toBe('disconnected')
})

test('reload reconnects silently; disconnect calls standard:disconnect', async () => {
  const first = setup()
  await connect(first.portico, { connectorId: 'Devnet Wallet', namespace: 'bip122' })
  const reloaded = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [network],
    adapters: [bip122Adapter()],
    storage: first.storage,
    ssr: false,
  })
  stops.push(initialize(reloaded))
  await reconnect(reloaded)
  expect(getConnection(reloaded)).toMatchObject({ status: 'connected', address: keys[0]?.address })
  expect(first.wallet.requests.at(-1)).toMatchObject({ method: 'bitcoin:connect', input: { silent: true } })
  await disconnect(reloaded, { namespace: 'bip122' })
  expect(getConnection(reloaded).status).toBe('disconnected')
  expect(first.wallet.requests.map((r) => r.method)).toContain('standard:disconnect')
  expect(first.storage.data.has('@portico/connected-connector:bip122')).toBe(false)
})

describe('sats-connect providers (window.btc_providers)', () => {
  function setupSats({ storage = memoryStorage() } = {}) {
    const wallet = createTestBitcoinWallet({
      privateKeys: keys.map((k) => bytesToHex(k.privateKey)),
      name: 'Sats Wallet',
    })
    stops.push(wallet.injectSatsConnect())
    const portico = createPortico({
      projectId: 'p',
      walletConnect: false,
      networks: [network],
      adapters: [bip122Adapter()],
      storage,
    })
    stops.push(initialize(portico))
    return { portico, wallet, storage }
  }

  test('discovery lists the announced provider; an entry without a provider is ignored with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    ;(window as unknown as { btc_providers: unknown[] }).btc_providers = [
      { id: 'Missing.BitcoinProvider', name: 'Ghost' },
    ]
    const { portico } = setupSats()
    expect(getConnectors(portico, { namespace: 'bip122' })).toMatchObject([
      { id: 'DevnetWallet.BitcoinProvider', name: 'Sats Wallet', type: 'INJECTED', isInstalled: true },
    ])
    expect(warn).toHaveBeenCalledTimes(1)
    Reflect.deleteProperty(window, 'btc_providers')
  })

  test('connect, signMessage (verified), sendTransfer forwarded, rejection, reload, disconnect', async () => {
    const { portico, wallet, storage } = setupSats()
    await connect(portico, { connectorId: 'DevnetWallet.BitcoinProvider', namespace: 'bip122' })
    const { payment, ordinals } = wallet.addresses
    expect(getConnection(portico)).toMatchObject({
      status: 'connected',
      address: payment,
      addresses: [payment, ordinals],
    })
    const signature = await signMessage(portico, { message: 'sats' })
    expect(verifyBip122Message({ address: payment, message: 'sats', signature })).toBe(true)
    wallet.rejectNext('signMessage')
    await expect(signMessage(portico, { message: 'x' })).rejects.toMatchObject({ name: 'UserRejectedRequestError' })
    // No Bitcoin chain here: the wallet gets the transfer in its own format, then fails to broadcast.
    await expect(
      request(portico, {
        method: 'sendTransfer',
        params: { account: payment, recipientAddress: keys[1]?.address, amount: '1500' },
      }),
    ).rejects.toThrow()
    expect(wallet.requests.at(-1)).toMatchObject({
      method: 'sendTransfer',
      input: { recipients: [{ address: keys[1]?.address, amount: 1500 }] },
    })
    const reloaded = createPortico({
      projectId: 'p',
      walletConnect: false,
      networks: [network],
      adapters: [bip122Adapter()],
      storage,
      ssr: false,
    })
    stops.push(initialize(reloaded))
    await reconnect(reloaded)
    expect(getConnection(reloaded)).toMatchObject({ status: 'connected', address: payment })
    expect(wallet.requests.at(-1)?.method).toBe('wallet_getAccount')
    await disconnect(reloaded, { namespace: 'bip122' })
    expect(wallet.requests.at(-1)?.method).toBe('wallet_renouncePermissions')
    expect(storage.data.has('@portico/connected-connector:bip122')).toBe(false)
  })
})

test('sats-connect: invalid addresses are dropped, payment first whatever the wallet order', async () => {
  const { wallet } = {
    wallet: createTestBitcoinWallet({ privateKeys: [bytesToHex(keys[0]?.privateKey as Uint8Array)] }),
  }
  const connector = createSatsConnectConnector({
    id: 'odd',
    name: 'Odd',
    provider: {
      async request(method, params) {
        const answer = await wallet.satsProvider.request(method, params)
        if (method !== 'getAccounts' || !Array.isArray(answer.result)) return answer
        return { result: [{ address: 'bc1notvalid', purpose: 'payment' }, ...[...answer.result].reverse()] }
      },
    },
  })
  const [connection] = await connector.connect({ networks: { bip122: network } })
  expect(connection?.accounts).toEqual([wallet.addresses.payment, wallet.addresses.ordinals])
})
