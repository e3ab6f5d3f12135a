import { type Devnet, startDevnet } from '@portico/devnet'
import { createPublicClient, erc20Abi, formatEther, formatUnits, http, parseEther, verifyMessage } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { memoryStorage, testNetworks } from '../../../test/fixtures.js'
import { installTestWindow, removeTestWindow } from '../../../test/window.js'
import { createTestEip1193Wallet } from '../../../testing/eip1193Wallet.js'
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
import { watchAlerts } from '../../actions/watchAlerts.js'
import type { Alert } from '../../alerts.js'
import { createPortico } from '../../createPortico.js'
import { recentWalletsAtom } from '../../state/atoms.js'
import { solanaAdapter } from '../solana/solanaAdapter.js'
import { eip155Adapter } from './eip155Adapter.js'

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
beforeEach(() => {
  Reflect.deleteProperty(window, 'ethereum')
})
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  vi.restoreAllMocks()
})

function setup({ storage = memoryStorage(), account = 0 } = {}) {
  const { all, devnet: network } = testNetworks({
    evmRpcUrl: devnet.evm.rpcUrl,
    evmTokens: devnet.evm.tokens.map((t) => ({ address: t.address })),
  })
  const wallet = createTestEip1193Wallet({
    accounts: devnet.evm.accounts.map((a) => a.privateKey),
    // The wallet knows the devnet and chain 5 (a chain the app does not configure), not 31338.
    chains: [
      { id: 31337, rpcUrl: devnet.evm.rpcUrl },
      { id: 5, rpcUrl: devnet.evm.rpcUrl },
    ],
  })
  if (account) wallet.setAccount(account)
  stops.push(wallet.announce())
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: all,
    adapters: [eip155Adapter(), solanaAdapter()],
    storage,
  })
  stops.push(initialize(portico))
  const alerts: Alert[] = []
  watchAlerts(portico, { onAlert: (a) => alerts.push(a), replay: false })
  return { portico, wallet, storage, network, alerts }
}

const client = () => createPublicClient({ transport: http(devnet.evm.rpcUrl) })

describe('discovery', () => {
  test('EIP-6963 wallets are discovered and listed as installed', () => {
    const { portico } = setup()
    expect(getConnectors(portico, { namespace: 'eip155' })).toMatchObject([
      { id: 'dev.portico.devnet', name: 'Devnet Wallet', type: 'ANNOUNCED', group: 'injected', isInstalled: true },
    ])
    expect(getConnectors(portico, { namespace: 'eip155' })[0]?.imageUrl).toMatch(/^data:image\/svg\+xml/)
  })

  test('legacy window.ethereum is offered when no announced wallet owns it', () => {
    const legacy = createTestEip1193Wallet({
      accounts: [devnet.evm.accounts[1].privateKey],
      chains: [{ id: 31337, rpcUrl: devnet.evm.rpcUrl }],
    })
    stops.push(legacy.injectAsWindowEthereum())
    const { portico } = setup()
    expect(getConnectors(portico, { namespace: 'eip155' }).map((c) => [c.id, c.type])).toEqual([
      ['dev.portico.devnet', 'ANNOUNCED'],
      ['injected', 'INJECTED'],
    ])
  })

  test('a wallet that both announces and injects is listed once', () => {
    const { wallet } = setup()
    stops.push(wallet.injectAsWindowEthereum())
    // Discovery that starts with window.ethereum already set.
    const fresh = createPortico({
      projectId: 'p',
      walletConnect: false,
      networks: [testNetworks().devnet],
      adapters: [eip155Adapter()],
      storage: null,
    })
    stops.push(initialize(fresh))
    expect(getConnectors(fresh).map((c) => c.id)).toEqual(['dev.portico.devnet'])
  })
})

describe('connect, balances, reload, disconnect', () => {
  test('connect sets the account state and persists connector and recent wallet', async () => {
    const { portico, storage } = setup()
    const [connector] = getConnectors(portico, { namespace: 'eip155' })
    const statuses: string[] = []
    portico.store.sub(recentWalletsAtom, () => {})
    const result = connect(portico, { connector })
    statuses.push(getConnection(portico).status)
    await result
    statuses.push(getConnection(portico).status)
    expect(statuses).toEqual(['connecting', 'connected'])
    expect(getConnection(portico)).toMatchObject({
      address: devnet.evm.accounts[0].address,
      caipAddress: `eip155:31337:${devnet.evm.accounts[0].address}`,
      caipNetworkId: 'eip155:31337',
      connectorId: 'dev.portico.devnet',
      connectedWalletInfo: { name: 'Devnet Wallet' },
      isConnected: true,
    })
    expect(storage.data.get('@portico/connected-connector:eip155')).toBe('"dev.portico.devnet"')
    expect(portico.store.get(recentWalletsAtom)).toMatchObject([{ id: 'dev.portico.devnet', namespace: 'eip155' }])
  })

  test('balances: native and both ERC20s, exactly as on chain', async () => {
    const { portico } = setup({ account: 2 })
    await connect(portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
    const owner = devnet.evm.accounts[2].address
    const [native, usdc, ptk] = await getBalance(portico)
    expect(native).toMatchObject({ symbol: 'ETH', chainId: 'eip155:31337' })
    expect(native?.address).toBeUndefined()
    expect(native?.quantity.numeric).toBe(formatEther(await client().getBalance({ address: owner })))
    const usdcRaw = await client().readContract({
      address: devnet.evm.tokens[0]!.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
    })
    expect(usdc).toMatchObject({ symbol: 'USDC', name: 'USD Coin (Devnet)', quantity: { decimals: '6' } })
    expect(usdc?.quantity.numeric).toBe(formatUnits(usdcRaw, 6))
    expect(ptk).toMatchObject({ symbol: 'PTK', quantity: { decimals: '18' } })
    expect(Number(ptk?.quantity.numeric)).toBeGreaterThan(0)
  })

  test('balances follow a transfer made outside Portico', async () => {
    const { portico, wallet } = setup({ account: 3 })
    await connect(portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
    const [before] = await getBalance(portico)
    const hash = (await wallet.provider.request({
      method: 'eth_sendTransaction',
      params: [
        {
          from: devnet.evm.accounts[3].address,
          to: devnet.evm.accounts[4].address,
          value: `0x${parseEther('1').toString(16)}`,
        },
      ],
    })) as `0x${string}`
    // anvil may answer with the hash before the block is mined: wait for the receipt.
    await client().waitForTransactionReceipt({ hash, pollingInterval: 20 })
    const [after] = await getBalance(portico)
    expect(Number(before?.quantity.numeric) - Number(after?.quantity.numeric)).toBeGreaterThanOrEqual(1)
  })

  test('reload: a new instance on the same storage reconnects silently', async () => {
    const first = setup()
    await connect(first.portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
    const prompts = first.wallet.requests.filter((r) => r.method === 'eth_requestAccounts').length

    const reloaded = createPortico({
      projectId: 'p',
      walletConnect: false,
      networks: testNetworks({ evmRpcUrl: devnet.evm.rpcUrl }).all,
      adapters: [eip155Adapter(), solanaAdapter()],
      storage: first.storage,
      ssr: false, // a client-only reload: storage is read while creating
    })
    expect(getConnection(reloaded).status).toBe('reconnecting')
    stops.push(initialize(reloaded))
    await reconnect(reloaded)
    expect(getConnection(reloaded)).toMatchObject({ status: 'connected', address: devnet.evm.accounts[0].address })
    // Silent: no new connection prompt.
    expect(first.wallet.requests.filter((r) => r.method === 'eth_requestAccounts').length).toBe(prompts)
  })

  test('reload after the wallet revoked the site ends disconnected and forgets it', async () => {
    const first = setup()
    await connect(first.portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
    first.wallet.disconnectFromWallet()
    expect(getConnection(first.portico).status).toBe('disconnected')
    const reloaded = createPortico({
      projectId: 'p',
      walletConnect: false,
      networks: testNetworks().all,
      adapters: [eip155Adapter(), solanaAdapter()],
      storage: first.storage,
    })
    // The wallet-side disconnect already cleared storage: nothing to restore.
    expect(getConnection(reloaded).status).toBe('disconnected')
  })

  test('disconnect resets state, revokes, forgets the connector; reload stays disconnected', async () => {
    const { portico, wallet, storage } = setup()
    await connect(portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
    await switchNetwork(portico, { caipNetworkId: 'eip155:31338' }).catch(() => {})
    await disconnect(portico)
    const state = getConnection(portico)
    expect([state.status, state.address, state.caipAddress, state.connectorId]).toEqual([
      'disconnected',
      undefined,
      undefined,
      undefined,
    ])
    expect(wallet.requests.map((r) => r.method)).toContain('wallet_revokePermissions')
    expect(storage.data.has('@portico/connected-connector:eip155')).toBe(false)
    const reloaded = createPortico({
      projectId: 'p',
      walletConnect: false,
      networks: testNetworks().all,
      adapters: [eip155Adapter(), solanaAdapter()],
      storage,
    })
    expect(getConnection(reloaded).status).toBe('disconnected')
  })

  test('sign message: personal_sign, verified with viem', async () => {
    const { portico } = setup()
    await connect(portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
    const signature = await signMessage(portico, { message: 'hello portico' })
    expect(
      await verifyMessage({
        address: devnet.evm.accounts[0].address,
        message: 'hello portico',
        signature: signature as `0x${string}`,
      }),
    ).toBe(true)
  })
})

describe('networks', () => {
  test('switch to a chain the wallet lacks: 4902, then wallet_addEthereumChain', async () => {
    const { portico, wallet } = setup()
    await connect(portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
    const network = await switchNetwork(portico, { caipNetworkId: 'eip155:31338' })
    expect(network.name).toBe('Devnet 2')
    const methods = wallet.requests.map((r) => r.method)
    expect(methods.slice(methods.indexOf('wallet_switchEthereumChain'))).toEqual([
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ])
    expect(wallet.chainId).toBe(31338)
    expect(getConnection(portico)).toMatchObject({
      caipNetworkId: 'eip155:31338',
      caipAddress: `eip155:31338:${devnet.evm.accounts[0].address}`,
    })
  })

  test('switch to a known chain: one request, no add', async () => {
    const { portico, wallet } = setup()
    await connect(portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
    await switchNetwork(portico, { caipNetworkId: 'eip155:31338' })
    const count = wallet.requests.length
    await switchNetwork(portico, { caipNetworkId: 'eip155:31337' })
    expect(wallet.requests.slice(count).map((r) => r.method)).toEqual(['wallet_switchEthereumChain'])
    expect(getNetwork(portico).network.caipNetworkId).toBe('eip155:31337')
  })

  test('a network not configured: alert and SwitchNetworkNotFoundError, no wallet call', async () => {
    const { portico, wallet, alerts } = setup()
    await connect(portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
    const count = wallet.requests.length
    await expect(switchNetwork(portico, { caipNetworkId: 'eip155:999' })).rejects.toMatchObject({
      name: 'SwitchNetworkNotFoundError',
      shortMessage: 'switch network not found',
    })
    expect(alerts).toMatchObject([{ code: 'SWITCH_NETWORK_NOT_FOUND', message: 'switch network not found' }])
    expect(wallet.requests.length).toBe(count)
  })

  test('switching while disconnected only changes the selected network, which survives a reload', async () => {
    const { portico, wallet, storage } = setup()
    await switchNetwork(portico, { caipNetworkId: 'eip155:31338' })
    expect(getNetwork(portico).network.caipNetworkId).toBe('eip155:31338')
    expect(wallet.requests).toEqual([])
    const reloaded = createPortico({
      projectId: 'p',
      walletConnect: false,
      networks: testNetworks().all,
      adapters: [eip155Adapter(), solanaAdapter()],
      storage,
      ssr: false, // a client-only reload: storage is read while creating
    })
    expect(getNetwork(reloaded).network.caipNetworkId).toBe('eip155:31338')
  })

  test('the wallet moving to a chain the app lacks: Unknown Network, flagged unsupported', async () => {
    const { portico, wallet } = setup()
    await connect(portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
    wallet.setChain(5)
    expect(getNetwork(portico)).toMatchObject({
      network: { name: 'Unknown Network', caipNetworkId: 'eip155:5', unsupported: true },
      isUnsupported: true,
      showUnsupportedView: true,
    })
    expect(getConnection(portico).caipAddress).toBe(`eip155:5:${devnet.evm.accounts[0].address}`)
    await expect(getBalance(portico)).rejects.toMatchObject({
      name: 'BalanceUnavailableError',
      shortMessage: 'Token Balance Unavailable',
    })
    // Switching back from the unsupported chain works.
    await switchNetwork(portico, { caipNetworkId: 'eip155:31337' })
    expect(getNetwork(portico).isUnsupported).toBe(false)
  })

  test('allowUnsupportedChain hides the unsupported-chain view', async () => {
    const { wallet } = setup()
    const portico = createPortico({
      projectId: 'p',
      walletConnect: false,
      networks: [testNetworks({ evmRpcUrl: devnet.evm.rpcUrl }).devnet],
      adapters: [eip155Adapter()],
      storage: null,
      allowUnsupportedChain: true,
    })
    stops.push(initialize(portico))
    await connect(portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
    wallet.setChain(5)
    expect(getNetwork(portico)).toMatchObject({ isUnsupported: true, showUnsupportedView: false })
  })

  test('account change from the wallet updates the state', async () => {
    const { portico, wallet } = setup()
    await connect(portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
    wallet.setAccount(1)
    expect(getConnection(portico)).toMatchObject({
      status: 'connected',
      address: devnet.evm.accounts[1].address,
      caipAddress: `eip155:31337:${devnet.evm.accounts[1].address}`,
    })
  })
})

describe('rejections', () => {
  test('connect rejected: ConnectionRejectedError and clean state', async () => {
    const { portico, wallet, storage } = setup()
    wallet.rejectNext('eth_requestAccounts')
    const error = await connect(portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' }).catch((e) => e)
    expect(error).toMatchObject({ name: 'ConnectionRejectedError', shortMessage: 'Connection rejected' })
    expect(getConnection(portico).status).toBe('disconnected')
    expect(getConnection(portico).address).toBeUndefined()
    expect(storage.data.has('@portico/connected-connector:eip155')).toBe(false)
    expect(portico.store.get(recentWalletsAtom)).toEqual([])
  })

  test('switch rejected: UserRejectedRequestError, network unchanged', async () => {
    const { portico, wallet } = setup()
    await connect(portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
    wallet.rejectNext('wallet_addEthereumChain')
    await expect(switchNetwork(portico, { caipNetworkId: 'eip155:31338' })).rejects.toMatchObject({
      name: 'UserRejectedRequestError',
    })
    expect(getNetwork(portico).network.caipNetworkId).toBe('eip155:31337')
    expect(getConnection(portico).status).toBe('connected')
  })

  test('sign rejected: UserRejectedRequestError', async () => {
    const { portico, wallet } = setup()
    await connect(portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
    wallet.rejectNext('personal_sign')
    await expect(signMessage(portico, { message: 'x' })).rejects.toMatchObject({ name: 'UserRejectedRequestError' })
  })

  test('an unknown connector id: ConnectorNotFoundError', async () => {
    const { portico } = setup()
    await expect(connect(portico, { connectorId: 'nope', namespace: 'eip155' })).rejects.toMatchObject({
      name: 'ConnectorNotFoundError',
      shortMessage: 'No connector found for connection',
    })
  })
})
