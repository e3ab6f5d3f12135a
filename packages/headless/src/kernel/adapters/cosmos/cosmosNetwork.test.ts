// cosmosNetwork and cosmosHub (cosmosNetwork.ts): the chain id as the CAIP-2 reference, the fields
// passed through, the adapter the network carries, and the predefined Cosmos Hub. How
// getDefaultConfig adds the carried adapter is kernel/getDefaultConfig.test.ts; walletConnectNetwork's
// common fields are kernel/networks.test.ts.
import { expect, test } from 'vitest'
import { networkAdapter } from '../../networks.js'
import { networkCheck } from '../../optionsChecks.js'
import { cosmosHub, cosmosNetwork } from './cosmosNetwork.js'

const nativeCurrency = { name: 'Osmosis', symbol: 'OSMO', decimals: 6 }

test('behavior: the chain id is the CAIP-2 reference, whole', () => {
  const osmosis = cosmosNetwork({
    chainId: 'osmosis-1',
    name: 'Osmosis',
    nativeCurrency,
    rpcUrl: 'http://127.0.0.1:26657',
    blockExplorer: { name: 'Local', url: 'http://127.0.0.1:4002' },
  })
  expect(osmosis).toMatchObject({
    id: 'osmosis-1',
    caipNetworkId: 'cosmos:osmosis-1',
    chainNamespace: 'cosmos',
    name: 'Osmosis',
    nativeCurrency,
    rpcUrls: { default: { http: ['http://127.0.0.1:26657'] } },
    blockExplorers: { default: { name: 'Local', url: 'http://127.0.0.1:4002' } },
  })
  expect(networkCheck().safeParse(osmosis).success).toBe(true)
})

test('error: a chain id a CAIP-2 reference cannot hold gives a network the options check refuses', () => {
  for (const chainId of ['osmosis:1', 'a'.repeat(33), 'has space']) {
    const network = cosmosNetwork({ chainId, name: 'Bad', nativeCurrency })
    const result = networkCheck().safeParse(network)
    expect(result.success, chainId).toBe(false)
    if (!result.success) expect(result.issues.map((i) => i.path)).toEqual(['caipNetworkId'])
  }
})

test('default: cosmosHub is cosmoshub-4, ATOM with 6 decimals, no RPC, the Mintscan explorer', () => {
  expect(cosmosHub.caipNetworkId).toBe('cosmos:cosmoshub-4')
  expect(cosmosHub).toMatchObject({
    name: 'Cosmos Hub',
    nativeCurrency: { name: 'Cosmos', symbol: 'ATOM', decimals: 6 },
    rpcUrls: { default: { http: [] } },
    blockExplorers: { default: { name: 'Mintscan', url: 'https://www.mintscan.io/cosmos' } },
  })
  expect(networkCheck().safeParse(cosmosHub).success).toBe(true)
})

test('behavior: the network carries a cosmos adapter', () => {
  expect(networkAdapter(cosmosHub)?.().namespace).toBe('cosmos')
  expect(networkAdapter(cosmosNetwork({ chainId: 'osmosis-1', name: 'O', nativeCurrency }))?.().namespace).toBe(
    'cosmos',
  )
})
