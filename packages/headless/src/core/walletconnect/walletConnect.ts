import type { Portico } from '../config/createPortico.js'
import { FailedToConnectError } from '../errors/connection.js'
import { SwitchChainNotApprovedError } from '../errors/network.js'
import { accountsAtom } from '../state/atoms.js'
import { isSafeImageUrl } from '../state/persistence.js'
import type { AdapterConnection, ChainAdapter, Connector, PorticoNetwork } from '../types.js'
import type { CaipNetworkId, ChainNamespace } from '../utils/caip.js'
import type { WalletConnectController } from './controller.js'
import type { ResolvedWalletConnectOptions } from './options.js'

/** How long restoring a saved session may take on page load (spec: 10 s time constant). */
const restoreTimeoutMs = 10_000

/** Connector id of WalletConnect in every namespace. */
export const walletConnectConnectorId = 'walletConnect'

/** Namespaces WalletConnect can connect (spec: eip155, solana, polkadot, bip122, cosmos). */
const walletConnectNamespaces: readonly ChainNamespace[] = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos']

/** @internal What createPortico keeps when WalletConnect is on. Nothing here imports the SDK. */
export type PorticoWalletConnect = {
  options: ResolvedWalletConnectOptions
  /** One connector per configured namespace WalletConnect can serve. */
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
  const connectors = [...namespaces]
    .filter((namespace) => walletConnectNamespaces.includes(namespace))
    .map(
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
        return session ? sessionConnection(session, connector.chain, network) : undefined
      } finally {
        clearTimeout(timer)
      }
    },
    async disconnect() {
      await (await load()).disconnect()
    },
    async switchNetwork({ connector, network }) {
      const wc = await load()
      const session = await wc.session()
      const approved = session?.namespaces[connector.chain]
      const chainApproved = Boolean(sessionConnectionFor(approved, network.caipNetworkId))
      const canSwitch = connector.chain === 'eip155' && approved?.methods.includes('wallet_switchEthereumChain')
      // Spec: only to approved chains, unless the wallet supports the switch method.
      if (canSwitch) {
        const current = portico.store.get(accountsAtom)[connector.chain]?.caipNetworkId
        await wc.request({
          chainId: (chainApproved ? network.caipNetworkId : current) ?? network.caipNetworkId,
          method: 'wallet_switchEthereumChain',
          params: [{ chainId: `0x${Number(network.id).toString(16)}` }],
        })
        return
      }
      if (!chainApproved) throw new SwitchChainNotApprovedError({ chainId: network.id })
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

type ApprovedNamespace = { chains?: string[] | undefined; accounts: string[]; methods: string[] }

function sessionConnectionFor(namespace: ApprovedNamespace | undefined, chain: CaipNetworkId) {
  const accounts: string[] = []
  for (const account of namespace?.accounts ?? []) {
    if (typeof account !== 'string' || !account.startsWith(`${chain}:`)) continue
    const address = account.slice(chain.length + 1)
    if (address && !address.includes(':') && !accounts.includes(address)) accounts.push(address)
  }
  return accounts.length ? accounts : undefined
}

/**
 * @internal
 * What a session gives one namespace: its accounts on `preferred` when the wallet approved that
 * chain, else on the first approved chain (the wallet's order), with the peer as the wallet shown.
 */
export function sessionConnection(
  session: {
    namespaces: Record<string, ApprovedNamespace>
    peer: { metadata: { name?: string; icons?: string[] } }
  },
  namespace: ChainNamespace,
  preferred: PorticoNetwork | undefined,
): AdapterConnection | undefined {
  const approved = session.namespaces[namespace]
  if (!approved) return undefined
  const chains: CaipNetworkId[] = []
  for (const account of approved.accounts ?? []) {
    const chain = typeof account === 'string' ? account.slice(0, account.lastIndexOf(':')) : ''
    if (chain.startsWith(`${namespace}:`) && !chains.includes(chain as CaipNetworkId))
      chains.push(chain as CaipNetworkId)
  }
  const chain =
    preferred && chains.includes(preferred.caipNetworkId) ? preferred.caipNetworkId : (chains[0] as CaipNetworkId)
  const accounts = chain ? sessionConnectionFor(approved, chain) : undefined
  if (!accounts) return undefined
  const name = session.peer.metadata.name
  const icon = session.peer.metadata.icons?.find((url) => isSafeImageUrl(url) && !url.startsWith('data:'))
  return {
    accounts,
    caipNetworkId: chain,
    walletInfo: {
      name: typeof name === 'string' && name.trim() ? name.trim().slice(0, 100) : 'WalletConnect',
      icon,
      identifier: walletConnectConnectorId,
    },
  }
}
