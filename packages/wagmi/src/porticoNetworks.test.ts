import { base, mainnet } from 'viem/chains'
import { expect, test } from 'vitest'
import { porticoNetworks } from './porticoNetworks.js'

test('behavior: one Portico network per wagmi chain, same order, ids, names, currency and RPC URLs', () => {
  const networks = porticoNetworks([mainnet, base])
  expect(networks.map((n) => n.caipNetworkId)).toEqual(['eip155:1', 'eip155:8453'])
  expect(networks[1]).toMatchObject({
    id: 8453,
    chainNamespace: 'eip155',
    name: base.name,
    nativeCurrency: base.nativeCurrency,
    rpcUrls: { default: { http: base.rpcUrls.default.http } },
  })
})
