import { FailedToConnectError } from '../../kernel/errors/connection.js'
import type { Portico } from '../../kernel/portico.js'
import type { Connector, ConnectorConnection } from '../../kernel/types.js'
import type { ChainNamespace } from '../../kernel/utils/caip.js'
import { walletConnectConnectorId } from '../../kernel/walletConnectOptions.js'
import type { WalletConnectController } from './controller.js'
import { walletConnectSession } from './session.js'
import { parseSignature, signMessageRequest } from './signing.js'

/** How long restoring a saved session may take on page load (spec: 10 s time constant). */
const restoreTimeoutMs = 10_000

/**
 * @internal
 * WalletConnect's connector for `namespace`. Every namespace's connector shares the instance's one
 * session: connecting any of them pairs once and returns a connection for every configured
 * namespace the wallet approved.
 *
 * @example
 * const connector = walletConnectConnector(portico, 'eip155')
 */
export function walletConnectConnector(portico: Portico, namespace: ChainNamespace): Connector {
  const configured = [...portico.adapters.keys()]
  let loaded: WalletConnectController | undefined
  const load = () =>
    walletConnectSession(portico)
      .load()
      .then((wc) => {
        loaded = wc
        return wc
      })

  const connectionsOf = (
    wc: WalletConnectController,
    session: Parameters<WalletConnectController['connection']>[0],
    networks: Parameters<Connector['connect']>[0]['networks'],
  ): ConnectorConnection[] =>
    configured.flatMap((ns) => {
      const connection = wc.connection(session, ns, networks[ns])
      return connection ? [connection] : []
    })

  return {
    id: walletConnectConnectorId,
    uid: `${namespace}:${walletConnectConnectorId}`,
    name: 'WalletConnect',
    chain: namespace,
    type: 'WALLET_CONNECT',
    provider: undefined,

    async connect({ networks, signal }) {
      const wc = await load()
      const approved = await wc.connect({ signal })
      const connections = connectionsOf(wc, approved, networks)
      if (connections.length === 0) {
        await wc.disconnect().catch(() => {})
        throw new FailedToConnectError({
          cause: new Error('The wallet approved none of the namespaces this app is configured for'),
        })
      }
      return connections
    },

    async reconnect({ networks }) {
      const wc = await load()
      // A client that cannot start (storage or relay trouble) must not leave the namespaces
      // 'reconnecting' forever: after 10 s the reconnect fails and they show disconnected.
      let timer: ReturnType<typeof setTimeout> | undefined
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('WalletConnect did not restore in time')), restoreTimeoutMs)
      })
      try {
        const restored = await Promise.race([wc.restore(), timeout])
        return restored ? connectionsOf(wc, restored, networks) : []
      } finally {
        clearTimeout(timer)
      }
    },

    async disconnect() {
      await (await load()).disconnect()
    },

    async switchNetwork({ namespace: ns, network, current }) {
      await (await load()).switchChain({ namespace: ns, network, current })
    },

    async signMessage({ namespace: ns, address, message, network }) {
      const wc = await load()
      const request = signMessageRequest(ns, { address, message })
      const result = await wc.request({ chainId: network.caipNetworkId, ...request })
      return parseSignature(ns, result)
    },

    async request({ chainId, method, params }) {
      return (await load()).request({ chainId, method, params })
    },

    subscribe(ns, listener) {
      let off: (() => void) | undefined
      let active = true
      if (loaded) off = loaded.subscribe(ns, listener)
      else
        void load().then((wc) => {
          if (active) off = wc.subscribe(ns, listener)
        })
      return () => {
        active = false
        off?.()
      }
    },
  }
}
