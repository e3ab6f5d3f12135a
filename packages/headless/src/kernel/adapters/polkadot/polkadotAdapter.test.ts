import { devnetKeys, polkadotCaipNetworkId, verifyPolkadotMessage, verifyPolkadotPayload } from '@portico/devnet'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { memoryStorage } from '../../../test/fixtures.js'
import { installTestWindow, removeTestWindow } from '../../../test/window.js'
import { createTestPolkadotExtension } from '../../../testing/polkadotExtension.js'
import { bytesToHex, hexToBytes } from '../../../testing/testWalletPrompts.js'
import { connect } from '../../actions/connect.js'
import { disconnect } from '../../actions/disconnect.js'
import { getConnection } from '../../actions/getConnection.js'
import { getConnectors } from '../../actions/getConnectors.js'
import { initialize } from '../../actions/initialize.js'
import { reconnect } from '../../actions/reconnect.js'
import { request } from '../../actions/request.js'
import { signMessage } from '../../actions/signMessage.js'
import { createPortico } from '../../createPortico.js'
import { createInjectedWeb3Connector } from './injectedWeb3Connector.js'
import { polkadotAdapter } from './polkadotAdapter.js'
import { polkadotNetwork } from './polkadotNetwork.js'

const genesisHash = `0x${polkadotCaipNetworkId.slice('polkadot:'.length)}${'00'.repeat(16)}`
const network = polkadotNetwork({
  genesisHash,
  name: 'Westend',
  nativeCurrency: { name: 'Westend', symbol: 'WND', decimals: 12 },
})
const keys = [0, 1, 2].map((i) => devnetKeys(i).polkadot)
const stops: (() => void)[] = []

beforeAll(() => {
  installTestWindow()
})
afterAll(() => removeTestWindow())
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  Reflect.deleteProperty(window, 'injectedWeb3')
  vi.restoreAllMocks()
})

function setup({ storage = memoryStorage() } = {}) {
  const wallet = createTestPolkadotExtension({ seeds: keys.map((k) => bytesToHex(k.secretKey)) })
  stops.push(wallet.inject())
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [network],
    adapters: [polkadotAdapter({ appName: 'Portico tests' })],
    storage,
  })
  stops.push(initialize(portico))
  return { portico, wallet, storage }
}

test('discovery: injectedWeb3 entries are listed; one without enable() is ignored with a warning', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  ;(window as unknown as { injectedWeb3: Record<string, unknown> }).injectedWeb3 = { broken: { version: '1' } }
  const { portico } = setup()
  expect(getConnectors(portico, { namespace: 'polkadot' })).toMatchObject([
    { id: 'devnet-wallet', uid: 'polkadot:devnet-wallet', name: 'Devnet Wallet', type: 'INJECTED', isInstalled: true },
  ])
  window.dispatchEvent(new Event('load'))
  expect(warn).toHaveBeenCalledTimes(1)
  expect(String(warn.mock.calls[0]?.[0])).toContain('broken')
})

test('connect: enable(appName) and the SS58 accounts, selected first', async () => {
  const { portico, wallet } = setup()
  await connect(portico, { connectorId: 'devnet-wallet', namespace: 'polkadot' })
  expect(getConnection(portico)).toMatchObject({
    namespace: 'polkadot',
    status: 'connected',
    address: keys[0]?.address,
    addresses: keys.map((k) => k.address),
    caipAddress: `${polkadotCaipNetworkId}:${keys[0]?.address}`,
  })
  expect(wallet.requests[0]).toEqual({ method: 'enable', input: { appName: 'Portico tests' } })
})

test('signMessage and polkadot_signMessage: signRaw over <Bytes>, verified independently', async () => {
  const { portico } = setup()
  await connect(portico, { connectorId: 'devnet-wallet', namespace: 'polkadot' })
  const address = keys[0]?.address as string
  const signature = await signMessage(portico, { message: 'hello polkadot' })
  expect(verifyPolkadotMessage({ address, message: 'hello polkadot', signature })).toBe(true)
  expect(verifyPolkadotMessage({ address, message: 'hello', signature })).toBe(false)
  const result = await request<{ signature: string }>(portico, {
    method: 'polkadot_signMessage',
    params: { address, message: '0x010203' },
  })
  expect(verifyPolkadotMessage({ address, message: '0x010203', signature: result.signature })).toBe(true)
})

test('polkadot_signTransaction: signPayload, a MultiSignature over the SCALE payload', async () => {
  const { portico } = setup()
  await connect(portico, { connectorId: 'devnet-wallet', namespace: 'polkadot' })
  const address = keys[0]?.address as string
  const transactionPayload = {
    address,
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
  const result = await request<{ id: number; signature: string }>(portico, {
    method: 'polkadot_signTransaction',
    params: { address, transactionPayload },
  })
  expect(result.signature.startsWith('0x00')).toBe(true)
  // Independently SCALE-encoded: call ‖ era ‖ compact(5) ‖ compact(0) ‖ u32 spec ‖ u32 tx ‖ genesis ‖ block.
  const signedBytes = new Uint8Array([
    0x04,
    0x03,
    0x00,
    5 << 2,
    0,
    0x40,
    0x42,
    0x0f,
    0x00,
    0x1a,
    0,
    0,
    0,
    ...hexToBytes(genesisHash),
    ...hexToBytes(genesisHash),
  ])
  expect(verifyPolkadotPayload({ address, signedBytes, signature: result.signature })).toBe(true)
  await expect(request(portico, { method: 'polkadot_transfer', params: {} })).rejects.toMatchObject({
    shortMessage: 'Requested RPC call is not allowed',
  })
})

test('rejections: connect → ConnectionRejectedError, sign → UserRejectedRequestError', async () => {
  const { portico, wallet } = setup()
  wallet.rejectNext('enable')
  await expect(connect(portico, { connectorId: 'devnet-wallet', namespace: 'polkadot' })).rejects.toMatchObject({
    name: 'ConnectionRejectedError',
  })
  await connect(portico, { connectorId: 'devnet-wallet', namespace: 'polkadot' })
  wallet.rejectNext('signRaw')
  await expect(signMessage(portico, { message: 'x' })).rejects.toMatchObject({ name: 'UserRejectedRequestError' })
})

test('account selection in the extension updates the active address', async () => {
  const { portico, wallet } = setup()
  await connect(portico, { connectorId: 'devnet-wallet', namespace: 'polkadot' })
  wallet.setAccount(2)
  await vi.waitFor(() => expect(getConnection(portico).address).toBe(keys[2]?.address), { timeout: 10_000 })
})

test('reload reconnects without a prompt; disconnect forgets the connector', async () => {
  const first = setup()
  await connect(first.portico, { connectorId: 'devnet-wallet', namespace: 'polkadot' })
  const reloaded = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [network],
    adapters: [polkadotAdapter({ appName: 'Portico tests' })],
    storage: first.storage,
    ssr: false,
  })
  stops.push(initialize(reloaded))
  first.wallet.setRejectAll(true)
  await reconnect(reloaded)
  first.wallet.setRejectAll(false)
  expect(getConnection(reloaded)).toMatchObject({
    namespace: 'polkadot',
    status: 'connected',
    address: keys[0]?.address,
  })
  await disconnect(reloaded, { namespace: 'polkadot' })
  expect(getConnection(reloaded).status).toBe('disconnected')
  expect(first.storage.data.has('@portico/connected-connector:polkadot')).toBe(false)
})

test('only SS58 addresses are listed; a malformed signature is refused', async () => {
  const real = createTestPolkadotExtension({ seeds: [bytesToHex(keys[0]?.secretKey as Uint8Array)] })
  const connector = createInjectedWeb3Connector({
    key: 'odd',
    name: 'Odd',
    appName: 'Portico tests',
    entry: {
      async enable(appName) {
        const injected = await real.entry.enable(appName)
        return {
          accounts: {
            get: async () => [{ address: '0x1234' }, { address: 'not ss58' }, ...(await injected.accounts.get())],
          },
          signer: { signRaw: async () => ({ id: 1, signature: '0x1234' }) },
        }
      },
    },
  })
  expect(await connector.connect({ networks: { polkadot: network } })).toEqual([
    { namespace: 'polkadot', accounts: [keys[0]?.address], caipNetworkId: polkadotCaipNetworkId },
  ])
  await expect(
    connector.signMessage({ namespace: 'polkadot', address: keys[0]?.address as string, message: 'x', network }),
  ).rejects.toThrow('malformed polkadot signature')
})
