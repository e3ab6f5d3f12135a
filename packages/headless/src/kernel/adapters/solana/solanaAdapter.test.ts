import { type Devnet, solanaTokens, startDevnet } from '@portico/devnet'
import {
  address,
  createSolanaRpc,
  getBase58Encoder,
  getPublicKeyFromAddress,
  type SignatureBytes,
  verifySignature,
} from '@solana/kit'
import { formatUnits } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { memoryStorage, testNetworks } from '../../../test/fixtures.js'
import { installTestWindow, removeTestWindow } from '../../../test/window.js'
import { createTestSolanaWallet } from '../../../testing/solanaWallet.js'
import { connect } from '../../actions/connect.js'
import { disconnect } from '../../actions/disconnect.js'
import { getBalance } from '../../actions/getBalance.js'
import { getConnection } from '../../actions/getConnection.js'
import { getConnectors } from '../../actions/getConnectors.js'
import { getNetwork } from '../../actions/getNetwork.js'
import { initialize } from '../../actions/initialize.js'
import { reconnect } from '../../actions/reconnect.js'
import { signMessage } from '../../actions/signMessage.js'
import { switchNetwork } from '../../actions/switchNetwork.js'
import { createPortico } from '../../createPortico.js'
import { eip155Adapter } from '../eip155/eip155Adapter.js'
import { solanaAdapter } from './solanaAdapter.js'

let devnet: Devnet
const stops: (() => void)[] = []

beforeAll(async () => {
  devnet = await startDevnet()
  installTestWindow()
})
afterAll(async () => {
  removeTestWindow()
  await devnet?.stop()
})
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  vi.restoreAllMocks()
})

const networks = () =>
  testNetworks({
    evmRpcUrl: devnet.evm.rpcUrl,
    solanaRpcUrl: devnet.solana.rpcUrl,
    genesisHash: devnet.solana.genesisHash,
    solanaTokens: devnet.solana.tokens.map((t) => ({ address: t.mint, symbol: t.symbol, name: t.name })),
  })

async function setup({ storage = memoryStorage(), account = 0 } = {}) {
  const wallet = await createTestSolanaWallet({
    seeds: devnet.solana.accounts.map((a) => a.seed),
    rpcUrl: devnet.solana.rpcUrl,
  })
  if (account) wallet.setAccount(account)
  stops.push(wallet.register())
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: networks().all,
    defaultNetwork: devnet.solana.caipNetworkId,
    adapters: [eip155Adapter(), solanaAdapter()],
    storage,
  })
  stops.push(initialize(portico))
  return { portico, wallet, storage }
}

test('discovery: Wallet Standard wallets with Solana chains are listed', async () => {
  const { portico } = await setup()
  expect(getConnectors(portico, { namespace: 'solana' })).toMatchObject([
    { id: 'Devnet Wallet', uid: 'solana:Devnet Wallet', chain: 'solana', type: 'ANNOUNCED', isInstalled: true },
  ])
})

test('connect: account state in CAIP terms, active namespace solana', async () => {
  const { portico, storage } = await setup()
  const [connector] = getConnectors(portico, { namespace: 'solana' })
  await connect(portico, { connector })
  const expected = devnet.solana.accounts[0].address
  expect(getConnection(portico)).toMatchObject({
    namespace: 'solana',
    status: 'connected',
    address: expected,
    caipAddress: `${devnet.solana.caipNetworkId}:${expected}`,
  })
  expect(getNetwork(portico).network.caipNetworkId).toBe(devnet.solana.caipNetworkId)
  expect(storage.data.get('@portico/connected-connector:solana')).toBe('"Devnet Wallet"')
  // The other namespace is untouched.
  expect(getConnection(portico, { namespace: 'eip155' }).status).toBe('disconnected')
})

test('balances: SOL and the SPL token, exactly as on chain', async () => {
  const { portico } = await setup({ account: 1 })
  await connect(portico, { connectorId: 'Devnet Wallet', namespace: 'solana' })
  const owner = address(devnet.solana.accounts[1].address)
  const rpc = createSolanaRpc(devnet.solana.rpcUrl)
  const { value: lamports } = await rpc.getBalance(owner).send()
  const [sol, usdc] = await getBalance(portico)
  expect(sol).toMatchObject({ symbol: 'SOL', chainId: devnet.solana.caipNetworkId, quantity: { decimals: '9' } })
  expect(sol?.quantity.numeric).toBe(formatUnits(lamports, 9))
  expect(usdc).toMatchObject({
    symbol: 'USDC',
    address: devnet.solana.tokens[0]!.mint,
    quantity: { decimals: '6', numeric: formatUnits(solanaTokens[0].initialBalance, 6) },
  })
})

test('sign message: solana:signMessage, verified with ed25519', async () => {
  const { portico } = await setup()
  await connect(portico, { connectorId: 'Devnet Wallet', namespace: 'solana' })
  const signature = await signMessage(portico, { message: 'hello solana' })
  const key = await getPublicKeyFromAddress(address(devnet.solana.accounts[0].address))
  const bytes = getBase58Encoder().encode(signature) as SignatureBytes
  expect(bytes.length).toBe(64)
  expect(await verifySignature(key, bytes, new TextEncoder().encode('hello solana'))).toBe(true)
  expect(await verifySignature(key, bytes, new TextEncoder().encode('something else'))).toBe(false)
})

test('reload: silent reconnect, no prompt', async () => {
  const first = await setup()
  await connect(first.portico, { connectorId: 'Devnet Wallet', namespace: 'solana' })
  const reloaded = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: networks().all,
    adapters: [eip155Adapter(), solanaAdapter()],
    storage: first.storage,
    ssr: false, // a client-only reload: storage is read while creating
  })
  expect(getConnection(reloaded)).toMatchObject({ namespace: 'solana', status: 'reconnecting' })
  stops.push(initialize(reloaded))
  await reconnect(reloaded)
  expect(getConnection(reloaded)).toMatchObject({ status: 'connected', address: devnet.solana.accounts[0].address })
  const connects = first.wallet.requests.filter((r) => r.feature === 'standard:connect')
  expect(connects.at(-1)?.input).toMatchObject({ silent: true })
})

test('account change and wallet-side disconnect update the state', async () => {
  const { portico, wallet, storage } = await setup()
  await connect(portico, { connectorId: 'Devnet Wallet', namespace: 'solana' })
  wallet.setAccount(2)
  expect(getConnection(portico).address).toBe(devnet.solana.accounts[2].address)
  wallet.disconnectFromWallet()
  expect(getConnection(portico).status).toBe('disconnected')
  expect(storage.data.has('@portico/connected-connector:solana')).toBe(false)
})

test('connect rejected: ConnectionRejectedError, clean state', async () => {
  const { portico, wallet, storage } = await setup()
  wallet.rejectNext('standard:connect')
  await expect(connect(portico, { connectorId: 'Devnet Wallet', namespace: 'solana' })).rejects.toMatchObject({
    name: 'ConnectionRejectedError',
  })
  expect(getConnection(portico, { namespace: 'solana' }).status).toBe('disconnected')
  expect(storage.data.has('@portico/connected-connector:solana')).toBe(false)
})

test('sign rejected: UserRejectedRequestError', async () => {
  const { portico, wallet } = await setup()
  await connect(portico, { connectorId: 'Devnet Wallet', namespace: 'solana' })
  wallet.rejectNext('solana:signMessage')
  await expect(signMessage(portico, { message: 'x' })).rejects.toMatchObject({ name: 'UserRejectedRequestError' })
})

test('disconnect calls standard:disconnect and forgets the connector', async () => {
  const { portico, wallet, storage } = await setup()
  await connect(portico, { connectorId: 'Devnet Wallet', namespace: 'solana' })
  await disconnect(portico, { namespace: 'solana' })
  expect(getConnection(portico).status).toBe('disconnected')
  expect(wallet.requests.map((r) => r.feature)).toContain('standard:disconnect')
  expect(storage.data.has('@portico/connected-connector:solana')).toBe(false)
})

describe('two namespaces at once', () => {
  test('switching to an EVM network makes eip155 active without touching the Solana connection', async () => {
    const { portico } = await setup()
    await connect(portico, { connectorId: 'Devnet Wallet', namespace: 'solana' })
    await switchNetwork(portico, { caipNetworkId: 'eip155:31337' })
    expect(getConnection(portico).namespace).toBe('eip155')
    expect(getConnection(portico, { namespace: 'solana' }).status).toBe('connected')
    await switchNetwork(portico, { caipNetworkId: devnet.solana.caipNetworkId })
    expect(getConnection(portico)).toMatchObject({ namespace: 'solana', status: 'connected' })
  })
})
