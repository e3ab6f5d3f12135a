// bip122Network and bitcoin (bip122Network.ts): the CAIP-2 reference cut from the genesis hash,
// the fields passed through, the adapter the network carries, and the predefined Bitcoin mainnet.
// How getDefaultConfig adds the carried adapter (and loses it through JSON) is
// kernel/getDefaultConfig.test.ts; walletConnectNetwork's common fields are kernel/networks.test.ts.
import { expect, test } from 'vitest'
import { networkAdapter } from '../../networks.js'
import { networkCheck } from '../../optionsChecks.js'
import { bip122Network, bitcoin } from './bip122Network.js'

const nativeCurrency = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }
const regtestGenesis = '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206'

test('behavior: the CAIP-2 reference is the first 32 characters of the genesis hash', () => {
  const regtest = bip122Network({ genesisHash: regtestGenesis, name: 'Bitcoin Regtest', nativeCurrency, testnet: true })
  expect(regtest.id).toBe('0f9188f13cb7b2c71f2a335e3a4fc328')
  expect(regtest.caipNetworkId).toBe('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')
  expect(regtest.chainNamespace).toBe('bip122')
  expect(regtest).toMatchObject({ name: 'Bitcoin Regtest', nativeCurrency, testnet: true })
  expect(networkCheck().safeParse(regtest).success).toBe(true)
})

test('edge: a hash of 32 characters or fewer is the reference as it is', () => {
  expect(bip122Network({ genesisHash: regtestGenesis.slice(0, 32), name: 'B', nativeCurrency }).id).toBe(
    regtestGenesis.slice(0, 32),
  )
  expect(bip122Network({ genesisHash: 'abc', name: 'B', nativeCurrency }).caipNetworkId).toBe('bip122:abc')
})

test('default: bitcoin is Bitcoin mainnet under its CAIP-2 id, with no RPC and the Mempool explorer', () => {
  expect(bitcoin.caipNetworkId).toBe('bip122:000000000019d6689c085ae165831e93')
  expect(bitcoin).toMatchObject({
    name: 'Bitcoin',
    nativeCurrency,
    rpcUrls: { default: { http: [] } },
    blockExplorers: { default: { name: 'Mempool', url: 'https://mempool.space' } },
  })
  expect(bitcoin.testnet).toBeUndefined()
  expect(networkCheck().safeParse(bitcoin).success).toBe(true)
})

test('behavior: the network carries a bip122 adapter, a new one each time it is asked', () => {
  const make = networkAdapter(bitcoin)
  expect(make).toBeTypeOf('function')
  const one = make?.()
  expect(one?.namespace).toBe('bip122')
  expect(make?.()).not.toBe(one)
  expect(networkAdapter(bip122Network({ genesisHash: regtestGenesis, name: 'R', nativeCurrency }))?.().namespace).toBe(
    'bip122',
  )
})
