import { expect, test } from 'vitest'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { hostConnector } from '../../test/hostConnector.js'
import { createPortico } from '../createPortico.js'
import type { ChainAdapter } from '../portico.js'
import type { Connector } from '../types.js'
import type { GetConnectorsReturnType } from './getConnectors.js'
import { initialize } from './initialize.js'
import { watchConnectors } from './watchConnectors.js'

/** An adapter whose wallets announce themselves later, as EIP-6963 wallets do. */
function announcingAdapter() {
  let publish: (connectors: readonly Connector[]) => void = () => {}
  const adapter: ChainAdapter = {
    namespace: 'eip155',
    watchConnectors(onChange) {
      publish = onChange
      onChange([])
      return () => {}
    },
    getBalance: async () => [],
  }
  return { adapter, announce: (connectors: readonly Connector[]) => publish(connectors) }
}

test('reports a wallet announced after start, and nothing after unsubscribe', () => {
  const { devnet } = testNetworks()
  const { adapter, announce } = announcingAdapter()
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [devnet],
    adapters: [adapter],
    storage: memoryStorage(),
  })
  const stop = initialize(portico)
  const seen: GetConnectorsReturnType[] = []
  const off = watchConnectors(portico, { onChange: (connectors) => seen.push(connectors) })
  announce([hostConnector({ id: 'late', name: 'Late' }).connector])
  expect(seen.at(-1)?.map((c) => c.id)).toEqual(['late'])
  const count = seen.length
  off()
  announce([hostConnector({ id: 'later', name: 'Later' }).connector])
  expect(seen).toHaveLength(count)
  stop()
})
