// polkadotNetwork and polkadot (polkadotNetwork.ts): the CAIP-2 reference cut from the genesis hash
// (its 0x dropped), the fields passed through, the adapter the network carries, and the predefined
// Polkadot relay chain. How getDefaultConfig adds the carried adapter is
// kernel/getDefaultConfig.test.ts; walletConnectNetwork's common fields are kernel/networks.test.ts.
import { expect, test } from 'vitest'
import { networkAdapter } from '../../networks.js'
import { networkCheck } from '../../optionsChecks.js'
import { polkadot, polkadotNetwork } from './polkadotNetwork.js'

const westendGenesis = '0xe143f23803ac50e8f6f8e62695d1ce9e4e1d68aa36c1cd2cfd15340213f3423e'
const nativeCurrency = { name: 'Westend', symbol: 'WND', decimals: 12 }

test('behavior: the reference is the first 32 hex characters of the genesis hash, without 0x', () => {
  const westend = polkadotNetwork({ genesisHash: westendGenesis, name: 'Westend', nativeCurrency, testnet: true })
  expect(westend.id).toBe('e143f23803ac50e8f6f8e62695d1ce9e')
  expect(westend.caipNetworkId).toBe('polkadot:e143f23803ac50e8f6f8e62695d1ce9e')
  expect(westend).toMatchObject({ chainNamespace: 'polkadot', name: 'Westend', nativeCurrency, testnet: true })
  expect(networkCheck().safeParse(westend).success).toBe(true)
})

test('behavior: a hash given without 0x gives the same network id', () => {
  const bare = polkadotNetwork({ genesisHash: westendGenesis.slice(2), name: 'Westend', nativeCurrency })
  expect(bare.caipNetworkId).toBe('polkadot:e143f23803ac50e8f6f8e62695d1ce9e')
})

test('edge: only a leading 0x is dropped, not a 0x further in', () => {
  const network = polkadotNetwork({ genesisHash: 'ab0xcd', name: 'P', nativeCurrency })
  expect(network.id).toBe('ab0xcd')
  expect(polkadotNetwork({ genesisHash: '0x0x12', name: 'P', nativeCurrency }).id).toBe('0x12')
})

test('default: polkadot is the relay chain under its CAIP-2 id, DOT with 10 decimals, the Subscan explorer', () => {
  expect(polkadot.caipNetworkId).toBe('polkadot:91b171bb158e2d3848fa23a9f1c25182')
  expect(polkadot).toMatchObject({
    name: 'Polkadot',
    nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
    rpcUrls: { default: { http: [] } },
    blockExplorers: { default: { name: 'Subscan', url: 'https://polkadot.subscan.io' } },
  })
  expect(networkCheck().safeParse(polkadot).success).toBe(true)
})

test('behavior: the network carries a polkadot adapter', () => {
  expect(networkAdapter(polkadot)?.().namespace).toBe('polkadot')
})
