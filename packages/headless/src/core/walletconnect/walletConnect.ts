import type { Portico } from '../config/createPortico.js'
import { FailedToConnectError } from '../errors/connection.js'
import { accountsAtom } from '../state/atoms.js'
import type { ChainAdapter, Connector } from '../types.js'
import type { ChainNamespace } from '../utils/caip.js'
import type { WalletConnectController } from './controller.js'
import { type ResolvedWalletConnectOptions, walletConnectConnectorId } from './options.js'

/** How long restoring a saved session may take on page load (spec: 10 s time constant). */
const restoreTimeoutMs = 10_000

/** @internal What createPortico keeps when WalletConnect is on. Nothing here imports the SDK. */
export type PorticoWalletConnect = {
  options: ResolvedWalletConnectOptions
  /** One connector per configured namespace (WalletConnect serves all five). */
  connectors: readonly Connector[]
  /** Routes the adapter contract of WalletConnect connectors to the shared session. */
  adapter: ChainAdapter
  /** Loads the controller chunk (and with it the SDK) on first use. */
  load(): Promise<WalletConnectController>
}

/** @internal */
export function createWalletConnect(
  portico: Portico,
  options: ResolvedWalletConnectOptions,
  namespaces: Iterable<ChainNamespace>,
): PorticoWalletConnect {
  let controller: Promise<WalletConnectController> | undefined
  let loaded: WalletConnectController | undefined
  const load = () => {
    controller ??= import('./controller.js').then(({ WalletConnectController }) => {
      loaded = new WalletConnectController(portico, options)
      return loaded
    })
    return controller
  }
  const connectors = [...namespaces].map(
    (namespace): Connector => ({
      id: walletConnectConnectorId,
      uid: `${namespace}:${walletConnectConnectorId}`,
      name: 'WalletConnect',
      chain: namespace,
      type: 'WALLET_CONNECT',
      provider: undefined,
    }),
  )

  const adapter: ChainAdapter = {
    namespace: 'eip155',
    watchConnectors: (onChange) => {
      onChange(connectors)
      return () => {}
    },
    async connect() {
      // The connect action pairs through `connectWalletConnect`, which connects every namespace at once.
      throw new FailedToConnectError({ cause: new Error('Connect WalletConnect through the connect action') })
    },
    async reconnect({ connector, network }) {
      const wc = await load()
      // A client that cannot start (storage or relay trouble) must not leave the namespace
      // 'reconnecting' forever: after 10 s the reconnect fails and the namespace shows disconnected.
      let timer: ReturnType<typeof setTimeout> | undefined
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('WalletConnect did not restore in time')), restoreTimeoutMs)
      })
      try {
        const session = await Promise.race([wc.restore(), timeout])
        return session ? wc.connection(session, connector.chain, network) : undefined
      } finally {
        clearTimeout(timer)
      }
    },
    async disconnect() {
      await (await load()).disconnect()
    },
    async switchNetwork({ connector, network }) {
      const current = portico.store.get(accountsAtom)[connector.chain]?.caipNetworkId
      await (await load()).switchChain({ namespace: connector.chain, network, current })
    },
    async signMessage({ connector, address, message, network }) {
      const { signMessageRequest, parseSignature } = await import('./signing.js')
      const wc = await load()
      const request = signMessageRequest(connector.chain, { address, message })
      const result = await wc.request({ chainId: network.caipNetworkId, ...request })
      return parseSignature(connector.chain, result)
    },
    async getBalance() {
      return []
    },
    subscribe(connector, listener) {
      let off: (() => void) | undefined
      let active = true
      if (loaded) off = loaded.subscribe(connector.chain, listener)
      else
        void load().then((wc) => {
          if (active) off = wc.subscribe(connector.chain, listener)
        })
      return () => {
        active = false
        off?.()
      }
    },
  }
  return { options, connectors, adapter, load }
}
