// getBalance({ walletAssets }) when the wallet-assets code cannot arrive (offline, a deploy that
// replaced its chunk): the module's import fails here as a browser's dynamic import does, and the
// read still answers from anvil, with one warning; it never rejects with the raw import error.
import { createTestClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, expect, inject, test, vi } from 'vitest'
import { memoryStorage } from '../../test/fixtures.js'
import { eip155Adapter } from '../adapters/eip155/eip155Adapter.js'
import { createPortico } from '../createPortico.js'
import { BalanceUnavailableError } from '../errors/network.js'
import { eip155Network } from '../networks.js'
import { getBalance } from './getBalance.js'

vi.mock('../../features/calls/readWalletAssets.js', () => {
  throw new TypeError('Failed to fetch dynamically imported module: readWalletAssets.js')
})

const devnet = inject('devnet')
afterEach(() => vi.restoreAllMocks())

function setup(rpcUrl = devnet.evmRpcUrl) {
  return createPortico({
    projectId: 'p',
    walletConnect: false,
    blockchainApi: false,
    networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl, testnet: true })],
    adapters: [eip155Adapter()],
    storage: memoryStorage(),
  })
}

test('edge: the wallet-assets code failing to load falls back to the chain’s own read, with a warning', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const address = privateKeyToAccount(generatePrivateKey()).address
  await createTestClient({ mode: 'anvil', transport: http(devnet.evmRpcUrl) }).setBalance({
    address,
    value: parseEther('3'),
  })
  const [native] = await getBalance(setup(), { address, caipNetworkId: 'eip155:31337', walletAssets: true })
  expect(native).toMatchObject({ symbol: 'ETH', quantity: { numeric: '3' } })
  expect(warn).toHaveBeenCalledTimes(1)
  expect(String(warn.mock.calls[0]?.[0])).toContain('Could not load the wallet’s own balances')
})

test('edge: offline altogether (the code and the RPC both unreachable), the error is the typed BalanceUnavailableError', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  // A loopback port nothing listens on: the RPC refuses at once.
  const portico = setup('http://127.0.0.1:1')
  const address = privateKeyToAccount(generatePrivateKey()).address
  const read = getBalance(portico, { address, caipNetworkId: 'eip155:31337', walletAssets: true })
  await expect(read).rejects.toBeInstanceOf(BalanceUnavailableError)
  await expect(read).rejects.toMatchObject({ name: 'BalanceUnavailableError' })
})
