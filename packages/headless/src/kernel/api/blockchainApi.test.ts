import { type Devnet, startDevnet } from '@portico/devnet'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { testAdapters, testNetworks } from '../../test/fixtures.js'
import { getBalance } from '../actions/getBalance.js'
import { watchAlerts } from '../actions/watchAlerts.js'
import type { Alert } from '../alerts.js'
import { createPortico } from '../createPortico.js'
import { balanceRetryLockoutMs, fetchSupportedChains } from './blockchainApi.js'

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet()
})
afterAll(() => devnet?.stop())
afterEach(() => {
  vi.useRealTimers()
  devnet.api.switches.balance = 'ok'
})

function setup(options: { blockchainApi?: boolean } = {}) {
  const portico = createPortico({
    projectId: 'p1',
    networks: testNetworks({ evmRpcUrl: devnet.evm.rpcUrl, solanaRpcUrl: devnet.solana.rpcUrl }).all,
    adapters: testAdapters(),
    storage: null,
    apiUrls: { blockchain: devnet.api.url },
    ...options,
  })
  const alerts: Alert[] = []
  watchAlerts(portico, { onAlert: (a) => alerts.push(a), replay: false })
  return { portico, alerts }
}

const address = () => devnet.evm.accounts[0].address

test('default: balances with prices come from the blockchain API for the chains it serves', async () => {
  const { portico } = setup()
  expect((await fetchSupportedChains(portico)).has('eip155:31337')).toBe(true)
  const balances = await getBalance(portico, { address: address(), caipNetworkId: 'eip155:31337' })
  const eth = balances.find((b) => b.address === undefined)
  expect(eth).toMatchObject({ symbol: 'ETH', chainId: 'eip155:31337', price: 3000 })
  expect(eth?.value).toBeCloseTo(Number(eth?.quantity.numeric) * 3000, 2)
  expect(balances.find((b) => b.symbol === 'USDC')?.address).toBe(devnet.evm.tokens[0]?.address)
})

test('parameters: blockchainApi false reads the chain instead (no price)', async () => {
  const { portico } = setup({ blockchainApi: false })
  const [eth] = await getBalance(portico, { address: address(), caipNetworkId: 'eip155:31337' })
  expect(eth?.price).toBeUndefined()
})

test("behavior: a failing endpoint raises 'Token Balance Unavailable' and locks retries for 30 s", async () => {
  const { portico, alerts } = setup()
  vi.useFakeTimers({ toFake: ['Date'] })
  devnet.api.switches.balance = 500
  await expect(getBalance(portico, { address: address(), caipNetworkId: 'eip155:31337' })).rejects.toMatchObject({
    name: 'BalanceUnavailableError',
    shortMessage: 'Token Balance Unavailable',
  })
  expect(alerts.map((a) => a.message)).toEqual(['Token Balance Unavailable'])

  // The endpoint recovers, but within the lockout no request is made and no new alert shows.
  devnet.api.switches.balance = 'ok'
  vi.advanceTimersByTime(balanceRetryLockoutMs - 1)
  await expect(getBalance(portico, { address: address(), caipNetworkId: 'eip155:31337' })).rejects.toMatchObject({
    name: 'BalanceUnavailableError',
  })
  expect(alerts).toHaveLength(1)

  vi.advanceTimersByTime(1)
  const balances = await getBalance(portico, { address: address(), caipNetworkId: 'eip155:31337' })
  expect(balances[0]?.symbol).toBe('ETH')
})
