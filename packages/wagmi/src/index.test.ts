// The package entry: its public surface (an added or removed export shows up in review) and the
// connector id hosts and wagmi's storage know it by. Behaviour is tested beside each module.
import { http } from 'viem'
import { mainnet } from 'viem/chains'
import { expect, test } from 'vitest'
import { offlinePortico } from '../../headless/src/test/fixtures.js'
import * as entry from './index.js'

test('default: the entry exports exactly the public API', () => {
  expect(Object.keys(entry).sort()).toEqual([
    'createWagmiConfig',
    'porticoConnector',
    'porticoConnectorId',
    'porticoNetworks',
  ])
})

test("default: the connector id is 'portico', the id a config built through the entry uses", () => {
  expect(entry.porticoConnectorId).toBe('portico')
  const config = entry.createWagmiConfig({
    portico: offlinePortico('p'),
    chains: [mainnet],
    // Never called: the test reads the config only.
    transports: { [mainnet.id]: http('http://127.0.0.1:8545') },
  })
  expect(config.connectors.map((c) => c.id)).toEqual([entry.porticoConnectorId])
})
