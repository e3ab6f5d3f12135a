import { type Devnet, startDevnet } from '@portico/devnet'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { testAdapters, testNetworks } from '../../test/fixtures.js'
import { createPortico } from '../createPortico.js'
import { fetchFungiblePrices, fetchGasPrice, fetchIdentity } from './blockchainApi.js'
import { imageUrl } from './imageUrls.js'

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet()
})
afterAll(() => devnet?.stop())

const portico = (blockchain = devnet.api.url) =>
  createPortico({
    projectId: 'p1',
    networks: testNetworks().all,
    adapters: testAdapters(),
    storage: null,
    apiUrls: { blockchain, api: devnet.api.url },
  })

test('identity: a name from the identity table, none for others', async () => {
  expect(await fetchIdentity(portico(), { address: devnet.evm.accounts[0].address })).toEqual({
    name: 'alice.portico',
    avatar: undefined,
  })
  expect((await fetchIdentity(portico(), { address: devnet.evm.accounts[3].address })).name).toBeUndefined()
  await expect(fetchIdentity(portico('http://127.0.0.1:9'), { address: '0x0' })).rejects.toMatchObject({
    name: 'BlockchainApiError',
    shortMessage: 'Error resolving name',
  })
})

test('prices by CAIP-10 address', async () => {
  const usdc = `eip155:31337:${devnet.evm.tokens[0]?.address}`
  const [price] = await fetchFungiblePrices(portico(), { addresses: [usdc] })
  expect(price).toMatchObject({ symbol: 'USDC', price: 1 })
})

test("gas price from the chain; other namespaces: 'Network not supported for Gas Price'", async () => {
  const gas = await fetchGasPrice(portico(), { caipNetworkId: 'eip155:31337' })
  expect(gas.standard).toBeGreaterThan(0n)
  expect(gas.fast).toBeGreaterThanOrEqual(gas.standard)
  await expect(fetchGasPrice(portico(), { caipNetworkId: devnet.solana.caipNetworkId })).rejects.toMatchObject({
    shortMessage: 'Network not supported for Gas Price',
  })
  await expect(fetchGasPrice(portico(), { caipNetworkId: 'eip155:1' })).rejects.toMatchObject({
    shortMessage: 'Network not supported for Gas Price',
  })
})

test('image URLs per kind, cached, and only for plain ids', async () => {
  const instance = portico()
  const token = imageUrl(instance, 'token', 'USDC')
  expect(token).toBe(`${devnet.api.url}/public/getTokenImage/USDC?projectId=p1&st=portico&sv=react-portico-0.1.0`)
  expect(imageUrl(instance, 'token', 'USDC')).toBe(token)
  expect(imageUrl(instance, 'currency', 'usd')).toContain('/public/getCurrencyImage/usd?')
  expect(imageUrl(instance, 'network', '../../x')).toBeUndefined()
  expect((await fetch(token as string)).status).toBe(200)
})
