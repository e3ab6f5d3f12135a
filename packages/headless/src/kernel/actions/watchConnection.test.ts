import { afterEach, expect, test } from 'vitest'
import { connectedHostWallet } from '../../test/hostConnector.js'
import { disconnect } from './disconnect.js'
import type { GetConnectionReturnType } from './getConnection.js'
import { switchNetwork } from './switchNetwork.js'
import { watchConnection } from './watchConnection.js'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

test('reports each change of the connection with the state before it, and nothing after unsubscribe', async () => {
  const { portico, stop } = await connectedHostWallet()
  stops.push(stop)
  const seen: [GetConnectionReturnType, GetConnectionReturnType][] = []
  const off = watchConnection(portico, { onChange: (next, previous) => seen.push([next, previous]) })

  await switchNetwork(portico, { caipNetworkId: 'eip155:31338' })
  expect(seen.at(-1)?.[0]).toMatchObject({ status: 'connected', caipNetworkId: 'eip155:31338' })
  expect(seen.at(-1)?.[1]).toMatchObject({ caipNetworkId: 'eip155:31337' })

  await disconnect(portico)
  expect(seen.at(-1)?.[0]).toMatchObject({ status: 'disconnected', isDisconnected: true })
  expect(seen.at(-1)?.[1]).toMatchObject({ status: 'connected' })

  const count = seen.length
  off()
  await switchNetwork(portico, { caipNetworkId: 'eip155:31337' })
  expect(seen).toHaveLength(count)
})

test('a change that leaves the watched namespace as it was is not reported', async () => {
  const { portico, stop } = await connectedHostWallet()
  stops.push(stop)
  const seen: GetConnectionReturnType[] = []
  stops.push(watchConnection(portico, { namespace: 'solana', onChange: (next) => seen.push(next) }))
  await switchNetwork(portico, { caipNetworkId: 'eip155:31338' })
  expect(seen).toEqual([])
})
