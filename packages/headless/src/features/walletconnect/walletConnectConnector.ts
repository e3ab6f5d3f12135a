import { FailedToConnectError } from '../../kernel/errors/connection.js'
import type { Portico } from '../../kernel/portico.js'
import type { Connector, ConnectorConnection } from '../../kernel/types.js'
import type { ChainNamespace } from '../../kernel/utils/caip.js'
import { type ResolvedWalletConnectOptions, walletConnectConnectorId } from '../../kernel/walletConnectOptions.js'
import type { WalletConnectController } from './controller.js'

/** How long restoring a saved session may take on page load (spec: 10 s time constant). */
const restoreTimeoutMs = 10_000

/** @internal What createPortico keeps when WalletConnect is on. Nothing here imports the SDK. */
export type PorticoWalletConnect = {
  options: ResolvedWalletConnectOptions
  /** One connector per configured namespace, all on one shared session. */
  connectors: readonly Connector[]
  /** Loads the controller chunk (and with it the SDK) on first use. */
  load(): Promise<WalletConnectController>
  /** Readies a pairing URI ahead of the user's pick (see `prepareWalletConnect`). */
  prepare(): Promise<void>
}

/**
 * @internal
 * WalletConnect as connectors: one entry per configured namespace, all sharing one lazily loaded
 * session controller. Connecting any of them pairs once and returns a connection for every
 * configured namespace the wallet approved.
 */
export function createWalletConnect(
  portico: Portico,
  options: ResolvedWalletConnectOptions,
  namespaces: Iterable<ChainNamespace>,
): PorticoWalletConnect {
  const configured = [...namespaces]
  let controller: Promise<WalletConnectController> | undefined
  let loaded: WalletConnectController | undefined
  const load = () => {
    controller ??= import('./controller.js').then(({ WalletConnectController }) => {
      loaded = new WalletConnectController(portico, options)
      return loaded
    })
    return controller
  }

  const connectionsOf = (
    wc: WalletConnectController,
    session: Parameters<WalletConnectController['connection']>[0],
    networks: Parameters<Connector['connect']>[0]['networks'],
  ): ConnectorConnection[] =>
    configured.flatMap((namespace) => {
      const connection = wc.connection(session, namespace, networks[namespace])
      return connection ? [connection] : []
    })

  const connectors = configured.map(
    (namespace): Connector => ({
      id: walletConnectConnectorId,
      uid: `${namespace}:${walletConnectConnectorId}`,
      name: 'WalletConnect',
      chain: namespace,
      type: 'WALLET_CONNECT',
      provider: undefined,

      async connect({ networks, signal }) {
        const wc = await load()
        const session = await wc.connect({ signal })
        const connections = connectionsOf(wc, session, networks)
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
          const session = await Promise.race([wc.restore(), timeout])
          return session ? connectionsOf(wc, session, networks) : []
        } finally {
          clearTimeout(timer)
        }
      },

      async disconnect() {
        await (await load()).disconnect()
      },

      async switchNetwork({ namespace, network, current }) {
        await (await load()).switchChain({ namespace, network, current })
      },

      async signMessage({ namespace, address, message, network }) {
        const { signMessageRequest, parseSignature } = await import('./signing.js')
        const wc = await load()
        const request = signMessageRequest(namespace, { address, message })
        const result = await wc.request({ chainId: network.caipNetworkId, ...request })
        return parseSignature(namespace, result)
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
    }),
  )
  const prepare = () =>
    load().then(
      (wc) => wc.prepare(),
      // The chunk failed to arrive (offline, a deploy replaced it): connecting will say so.
      () => {},
    )
  return { options, connectors, load, prepare }
}
