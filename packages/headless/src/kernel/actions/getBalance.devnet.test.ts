// The balance verb against the shared devnet's anvil (its tokens deployed by @portico/devnet), with
// the hosted balance API off so the adapter reads the chain itself.
import { createTestClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, expect, inject, test, vi } from 'vitest'
import { memoryStorage } from '../../test/fixtures.js'
import { hostConnector } from '../../test/hostConnector.js'
import { eip155Adapter } from '../adapters/eip155/eip155Adapter.js'
import type { Alert } from '../alerts.js'
import { createPortico } from '../createPortico.js'
import { eip155Network } from '../networks.js'
import type { ChainAdapter } from '../portico.js'
import { connect } from './connect.js'
import { getBalance } from './getBalance.js'
import { initialize } from './initialize.js'
import { watchAlerts } from './watchAlerts.js'

const devnet = inject('devnet')
const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  vi.restoreAllMocks()
})

/** A fresh account with exactly 3 ETH, so the read value is known whatever other tests spend. */
async function fundedAccount() {
  const address = privateKeyToAccount(generatePrivateKey()).address
  await createTestClient({ mode: 'anvil', transport: http(devnet.evmRpcUrl) }).setBalance({
    address,
    value: parseEther('3'),
  })
  return address
}

function setup(rpcUrl = devnet.evmRpcUrl) {
  const network = eip155Network({ id: 31337, name: 'Devnet', rpcUrl, tokens: devnet.evmTokens, testnet: true })
  const adapter = eip155Adapter()
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    blockchainApi: false,
    networks: [network],
    adapters: [adapter],
    storage: memoryStorage(),
  })
  return { portico, network, adapter }
}

test('reads the native balance of an address on anvil, in the spec’s display shape', async () => {
  const { portico } = setup()
  const address = await fundedAccount()
  const [native, ...tokens] = await getBalance(portico, { address, caipNetworkId: 'eip155:31337' })
  expect(native).toMatchObject({ symbol: 'ETH', quantity: { numeric: '3', decimals: '18' } })
  // The network's configured tokens follow, read from their contracts (zero for a fresh account).
  expect(tokens.map((t) => [t.symbol, t.quantity.numeric])).toEqual([
    ['USDC', '0'],
    ['PTK', '0'],
  ])
})

test('without an address it reads the connected account’s balance', async () => {
  const address = await fundedAccount()
  const { network } = setup()
  const wallet = hostConnector({
    connect: async () => [{ namespace: 'eip155', accounts: [address], caipNetworkId: network.caipNetworkId }],
  })
  const hostAdapter: ChainAdapter = {
    ...eip155Adapter(),
    watchConnectors(onChange) {
      onChange([wallet.connector])
      return () => {}
    },
  }
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    blockchainApi: false,
    networks: [network],
    adapters: [hostAdapter],
    storage: memoryStorage(),
  })
  stops.push(initialize(portico))
  await connect(portico, { connector: wallet.connector })
  const [native] = await getBalance(portico)
  expect(native).toMatchObject({ symbol: 'ETH', quantity: { numeric: '3' } })
})

test('no connected account and no address: NotConnectedError', async () => {
  const { portico } = setup()
  await expect(getBalance(portico)).rejects.toMatchObject({
    name: 'NotConnectedError',
    shortMessage: 'No ActiveCaipAddress found',
  })
})

test('a network the app does not configure: NetworkNotFoundError', async () => {
  const { portico } = setup()
  await expect(
    getBalance(portico, { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', caipNetworkId: 'eip155:424242' }),
  ).rejects.toMatchObject({ name: 'NetworkNotFoundError', shortMessage: 'Network not found' })
})

test('an RPC that cannot answer: the spec’s alert, BalanceUnavailableError, and no second request until the lockout ends', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const { portico, adapter } = setup('http://127.0.0.1:1')
  const alerts: Alert[] = []
  stops.push(watchAlerts(portico, { onAlert: (alert) => alerts.push(alert) }))
  const read = vi.spyOn(adapter, 'getBalance')
  const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  const error = await getBalance(portico, { address }).catch((e: unknown) => e)
  expect(error).toMatchObject({ name: 'BalanceUnavailableError', shortMessage: 'Token Balance Unavailable' })
  expect((error as { retryAt?: number }).retryAt).toBeGreaterThan(Date.now())
  expect(alerts.map((a) => a.message)).toContain('Token Balance Unavailable')
  expect(read).toHaveBeenCalledTimes(1)

  await expect(getBalance(portico, { address })).rejects.toMatchObject({ name: 'BalanceUnavailableError' })
  expect(read).toHaveBeenCalledTimes(1)
})
