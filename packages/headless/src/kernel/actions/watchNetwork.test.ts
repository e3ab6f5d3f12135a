import { afterEach, expect, test } from 'vitest'
import { connectedHostWallet } from '../../test/hostConnector.js'
import type { GetNetworkReturnType } from './getNetwork.js'
import { switchNetwork } from './switchNetwork.js'
import { watchNetwork } from './watchNetwork.js'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

test('reports a switch once, and nothing after unsubscribe', async () => {
  const { portico, stop, networks } = await connectedHostWallet()
  stops.push(stop)
  const seen: GetNetworkReturnType[] = []
  const off = watchNetwork(portico, { onChange: (network) => seen.push(network) })
  await switchNetwork(portico, { caipNetworkId: networks.devnet2.caipNetworkId })
  expect(seen.map((s) => s.network)).toEqual([networks.devnet2])
  off()
  await switchNetwork(portico, { caipNetworkId: networks.devnet.caipNetworkId })
  expect(seen).toHaveLength(1)
})

test('a switch to the network already active is not reported', async () => {
  const { portico, stop, networks } = await connectedHostWallet()
  stops.push(stop)
  const seen: GetNetworkReturnType[] = []
  stops.push(watchNetwork(portico, { onChange: (network) => seen.push(network) }))
  await switchNetwork(portico, { caipNetworkId: networks.devnet.caipNetworkId })
  expect(seen).toEqual([])
})
