// polkadotNetwork and polkadot (polkadotNetwork.ts): the CAIP-2 reference cut from the genesis hash
// (its 0x dropped, lower case whatever case it was written in), a hash that is not one refused, the
// fields passed through, the adapter the network carries, and the predefined Polkadot relay chain.
// How getDefaultConfig adds the carried adapter is kernel/getDefaultConfig.test.ts;
// walletConnectNetwork's common fields are kernel/networks.test.ts.
import { expect, test } from 'vitest'
import { InvalidCaipNetworkIdError } from '../../errors/validation.js'
import { networkAdapter } from '../../networks.js'
import { parseOptions } from '../../options.js'
import { networkCheck } from '../../optionsChecks.js'
import { polkadotAdapter } from './polkadotAdapter.js'
import { polkadot, polkadotNetwork } from './polkadotNetwork.js'

const westendGenesis = '0xe143f23803ac50e8f6f8e62695d1ce9e4e1d68aa36c1cd2cfd15340213f3423e'
const nativeCurrency = { name: 'Westend', symbol: 'WND', decimals: 12 }
// Westend's CAIP-2 id as wallets send it in sessions (the devnet wallet's polkadot chain too), in
// lower case. Written out, not imported from the devnet package: this file starts nothing.
const westendCaipNetworkId = 'polkadot:e143f23803ac50e8f6f8e62695d1ce9e'

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

test('behavior: a hash in upper case or with 0X gives the lower-case CAIP-2 id wallets use', () => {
  const upper = `0x${westendGenesis.slice(2).toUpperCase()}`
  for (const genesisHash of [upper, `0X${westendGenesis.slice(2)}`, upper.replace('0x', '0X'), upper.slice(2)]) {
    const network = polkadotNetwork({ genesisHash, name: 'Westend', nativeCurrency })
    expect(network.id).toBe('e143f23803ac50e8f6f8e62695d1ce9e')
    expect(network.caipNetworkId).toBe(westendCaipNetworkId)
  }
})

test('behavior: a network from an upper-case hash is found by the lower-case CAIP-2 id', () => {
  const westend = polkadotNetwork({ genesisHash: westendGenesis.toUpperCase(), name: 'Westend', nativeCurrency })
  const { defaultNetwork } = parseOptions({
    networks: [polkadot, westend],
    adapters: [polkadotAdapter()],
    defaultNetwork: westendCaipNetworkId,
  })
  expect(defaultNetwork).toBe(westend)
})

test('edge: the 32-character reference alone, with or without 0x, gives the same network id', () => {
  const reference = westendCaipNetworkId.slice('polkadot:'.length)
  expect(polkadotNetwork({ genesisHash: reference, name: 'Westend', nativeCurrency }).caipNetworkId).toBe(
    westendCaipNetworkId,
  )
  expect(
    polkadotNetwork({ genesisHash: `0x${reference.toUpperCase()}`, name: 'Westend', nativeCurrency }).caipNetworkId,
  ).toBe(westendCaipNetworkId)
})

test("error: a genesis hash that is not 64 hex characters is refused with 'Invalid CAIP-2 network id'", () => {
  const hex = westendGenesis.slice(2)
  for (const genesisHash of [
    '',
    '0x',
    'ab0xcd',
    '0x0x12',
    `0x0x${hex.slice(4)}`,
    `0x${hex.slice(0, 63)}`,
    `0x${hex}0`,
    `0x${hex.slice(0, 40)}`,
    `0x${hex.slice(0, 63)}g`,
    ` ${westendGenesis}`,
    `${westendGenesis}\n`,
    `polkadot:${hex.slice(0, 32)}`,
  ]) {
    const build = () => polkadotNetwork({ genesisHash, name: 'P', nativeCurrency })
    expect(build, genesisHash).toThrow(InvalidCaipNetworkIdError)
    expect(build).toThrow(
      expect.objectContaining({
        shortMessage: 'Invalid CAIP-2 network id',
        details: expect.stringContaining('a Polkadot genesis hash is 64 hex characters'),
      }),
    )
  }
})

test('error: a genesis hash that is not a string (an untyped caller) is refused, not a crash', () => {
  for (const genesisHash of [undefined, null, 42, { hash: westendGenesis }])
    expect(() => polkadotNetwork({ genesisHash: genesisHash as unknown as string, name: 'P', nativeCurrency })).toThrow(
      InvalidCaipNetworkIdError,
    )
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
