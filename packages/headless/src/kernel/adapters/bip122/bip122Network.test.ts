// bip122Network and bitcoin (bip122Network.ts): the CAIP-2 reference cut from the genesis hash (its
// rule, shared with Polkadot, is genesisReference.ts),
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

test('edge: the 32-character reference alone gives the same network id', () => {
  expect(bip122Network({ genesisHash: regtestGenesis.slice(0, 32), name: 'B', nativeCurrency }).id).toBe(
    regtestGenesis.slice(0, 32),
  )
})

test('behavior: a hash in upper case or with 0x gives the lower-case CAIP-2 id wallets use', () => {
  for (const genesisHash of [regtestGenesis.toUpperCase(), `0x${regtestGenesis}`, `0X${regtestGenesis.toUpperCase()}`])
    expect(bip122Network({ genesisHash, name: 'B', nativeCurrency }).caipNetworkId).toBe(
      'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
    )
})

test("error: a genesis hash that is not 64 hex characters is refused with 'Invalid CAIP-2 network id'", () => {
  for (const genesisHash of [
    'abc',
    '',
    regtestGenesis.slice(0, 40),
    `${regtestGenesis}00`,
    `zz${regtestGenesis.slice(2)}`,
    42,
  ])
    expect(() => bip122Network({ genesisHash: genesisHash as string, name: 'B', nativeCurrency })).toThrow(
      expect.objectContaining({ name: 'InvalidCaipNetworkIdError', shortMessage: 'Invalid CAIP-2 network id' }),
    )
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
