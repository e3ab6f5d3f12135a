import { type Devnet, startDevnet } from '@portico/devnet'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { testAdapters, testNetworks } from '../../test/fixtures.js'
import { getBalance } from '../actions/getBalance.js'
import { watchAlerts } from '../actions/watchAlerts.js'
import type { Alert } from '../alerts.js'
import { createPortico } from '../createPortico.js'
import type { PorticoNetwork } from '../types.js'
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

// The devnet's chains are test networks; `testnet: false` stands in for a main network the API
// prices (the same chain id, so the emulator answers for it).
function setup({ testnet = true, ...options }: { blockchainApi?: boolean; testnet?: boolean } = {}) {
  const [first, ...rest] = testNetworks({ evmRpcUrl: devnet.evm.rpcUrl, solanaRpcUrl: devnet.solana.rpcUrl }).all
  const flag = (n: PorticoNetwork) => (n.caipNetworkId === 'eip155:31337' ? { ...n, testnet } : n)
  const portico = createPortico({
    projectId: 'p1',
    networks: [flag(first), ...rest.map(flag)],
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
  const { portico } = setup({ testnet: false })
  expect((await fetchSupportedChains(portico)).has('eip155:31337')).toBe(true)
  const balances = await getBalance(portico, { address: address(), caipNetworkId: 'eip155:31337' })
  const eth = balances.find((b) => b.address === undefined)
  expect(eth).toMatchObject({ symbol: 'ETH', chainId: 'eip155:31337', price: 3000 })
  expect(eth?.value).toBeCloseTo(Number(eth?.quantity.numeric) * 3000, 2)
  expect(balances.find((b) => b.symbol === 'USDC')?.address).toBe(devnet.evm.tokens[0]?.address)
})

test('parameters: blockchainApi false reads the chain instead (no price)', async () => {
  const { portico } = setup({ blockchainApi: false, testnet: false })
  const [eth] = await getBalance(portico, { address: address(), caipNetworkId: 'eip155:31337' })
  expect(eth?.price).toBeUndefined()
})

test('a test network shows 0.00: the amounts as read, every price and value 0, from the API or the chain', async () => {
  const priced = await getBalance(setup({ testnet: false }).portico, {
    address: address(),
    caipNetworkId: 'eip155:31337',
  })
  // The emulator does price this chain: the zeros below come from the network being a test one.
  expect(priced.find((b) => b.address === undefined)?.price).toBe(3000)
  for (const blockchainApi of [true, false]) {
    const balances = await getBalance(setup({ blockchainApi }).portico, {
      address: address(),
      caipNetworkId: 'eip155:31337',
    })
    const eth = balances.find((b) => b.address === undefined)
    expect(eth?.symbol).toBe('ETH')
    expect(Number(eth?.quantity.numeric)).toBeGreaterThan(0)
    if (blockchainApi) expect(balances.map((b) => b.symbol)).toContain('USDC') // the tokens too
    for (const b of balances) expect([b.symbol, b.price, b.value]).toEqual([b.symbol, 0, 0])
  }
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
