import { connect } from '../kernel/actions/connect.js'
import { initialize } from '../kernel/actions/initialize.js'
import { createPortico } from '../kernel/createPortico.js'
import type { ChainAdapter } from '../kernel/portico.js'
import type { Connector, ConnectorConnection, ConnectorConnectParameters, ConnectorEvent } from '../kernel/types.js'
import type { ChainNamespace } from '../kernel/utils/caip.js'
import { memoryStorage, testNetworks } from './fixtures.js'

/** @internal One call a host connector received, in order. */
export type HostConnectorCall = { method: keyof Connector & string; parameters: unknown }

/** @internal What a test may override on a host connector; every other method answers plainly. */
export type HostConnectorBehaviour = Partial<
  Pick<Connector, 'connect' | 'reconnect' | 'disconnect' | 'switchNetwork' | 'signMessage' | 'request' | 'subscribe'>
>

/**
 * @internal
 * A connector a host app writes itself against the public `Connector` contract (as a hardware or
 * in-house wallet would): it records every call so a test can check what the actions handed it,
 * and lets the test decide each answer. `emit` plays wallet-side events to its subscribers.
 */
export function hostConnector({
  id = 'host',
  name = 'Host Wallet',
  chain = 'eip155',
  accountNames,
  ...behaviour
}: HostConnectorBehaviour & { id?: string; name?: string; chain?: ChainNamespace; accountNames?: boolean } = {}) {
  const calls: HostConnectorCall[] = []
  const listeners = new Set<{ namespace: ChainNamespace; listener: (event: ConnectorEvent) => void }>()
  const record = (method: HostConnectorCall['method'], parameters: unknown) => calls.push({ method, parameters })
  const connector: Connector = {
    id,
    uid: `${chain}:${id}`,
    name,
    imageUrl: 'data:image/svg+xml,<svg/>',
    chain,
    type: 'EXTERNAL',
    accountNames,
    provider: undefined,
    async connect(parameters: ConnectorConnectParameters): Promise<readonly ConnectorConnection[]> {
      record('connect', parameters)
      if (!behaviour.connect) throw new Error('connect not scripted')
      return behaviour.connect(parameters)
    },
    async reconnect(parameters) {
      record('reconnect', parameters)
      return behaviour.reconnect ? behaviour.reconnect(parameters) : []
    },
    async disconnect() {
      record('disconnect', undefined)
      await behaviour.disconnect?.()
    },
    async switchNetwork(parameters) {
      record('switchNetwork', parameters)
      await behaviour.switchNetwork?.(parameters)
    },
    async signMessage(parameters) {
      record('signMessage', parameters)
      if (!behaviour.signMessage) throw new Error('signMessage not scripted')
      return behaviour.signMessage(parameters)
    },
    async request(parameters) {
      record('request', parameters)
      if (!behaviour.request) throw new Error('request not scripted')
      return behaviour.request(parameters)
    },
    subscribe(namespace, listener) {
      if (behaviour.subscribe) return behaviour.subscribe(namespace, listener)
      const entry = { namespace, listener }
      listeners.add(entry)
      return () => listeners.delete(entry)
    },
  }
  return {
    connector,
    calls,
    /** Calls of one method, in order. */
    callsOf: (method: HostConnectorCall['method']) => calls.filter((c) => c.method === method).map((c) => c.parameters),
    emit(namespace: ChainNamespace, event: ConnectorEvent) {
      for (const entry of [...listeners]) if (entry.namespace === namespace) entry.listener(event)
    },
    subscribers: () => listeners.size,
  }
}

/**
 * @internal
 * A host-written adapter for `namespace` that discovers exactly `connectors` (none: a namespace the
 * app configures but whose wallets come from elsewhere) and has no balances.
 */
export function hostAdapter(namespace: ChainNamespace, connectors: readonly Connector[] = []): ChainAdapter {
  return {
    namespace,
    watchConnectors(onChange) {
      onChange(connectors)
      return () => {}
    },
    getBalance: async () => [],
  }
}

/** @internal An EIP-1193-style error object (what wallets throw: a plain object with a code). */
export function rpcError(code: number, message: string) {
  return Object.assign(new Error(message), { code })
}

/**
 * @internal
 * A Portico (eip155 devnet networks + solana, host adapters, memory storage) with one host
 * connector on eip155, connected as `address` on eip155:31337.
 */
export async function connectedHostWallet(
  behaviour: HostConnectorBehaviour = {},
  { address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' } = {},
) {
  const { devnet, devnet2, solanaLocal } = testNetworks()
  const wallet = hostConnector({
    connect: async () => [{ namespace: 'eip155', accounts: [address], caipNetworkId: devnet.caipNetworkId }],
    ...behaviour,
  })
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [devnet, devnet2, solanaLocal],
    adapters: [hostAdapter('eip155', [wallet.connector]), hostAdapter('solana')],
    storage: memoryStorage(),
  })
  const stop = initialize(portico)
  await connect(portico, { connector: wallet.connector })
  return { portico, wallet, stop, networks: { devnet, devnet2, solanaLocal } }
}

/**
 * @internal A Portico on the devnet's two EVM networks (31337, 31338) with a host adapter and no
 * wallet: for what needs no chain (the network list, the selection). `solanaLocal` is not among
 * its networks and has no adapter.
 */
export function evmHostPortico() {
  const { devnet, devnet2, solanaLocal } = testNetworks()
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [devnet, devnet2],
    adapters: [hostAdapter('eip155')],
    storage: memoryStorage(),
  })
  return { portico, devnet, devnet2, solanaLocal }
}
