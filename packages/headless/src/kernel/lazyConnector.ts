import type { Connector } from './types.js'

/**
 * What a wallet list needs of a connector before its code is loaded: the fields of
 * {@link Connector} that are data. `uid` is derived (`${chain}:${id}`).
 */
export type ConnectorDescriptor = Pick<Connector, 'id' | 'name' | 'chain' | 'type'> &
  Partial<Pick<Connector, 'imageUrl' | 'imageId' | 'explorerId' | 'info' | 'accountNames'>>

/**
 * @internal
 * A {@link Connector} listed from its descriptor alone, whose implementation is loaded on first use:
 * the first call of any method awaits `load()` (once; a failed load is tried again on the next
 * call) and every call goes to the connector it resolves with. `subscribe` answers at once and
 * starts listening when the implementation arrives. This is how a feature's connectors are in the
 * registry from page start (WalletConnect's row, the embedded wallet's reconnect) while their code
 * stays out of it.
 *
 * @example
 * const connector = lazyConnector({ id: 'walletConnect', name: 'WalletConnect', chain: 'eip155', type: 'WALLET_CONNECT' }, load)
 */
export function lazyConnector(descriptor: ConnectorDescriptor, load: () => Promise<Connector>): Connector {
  let loading: Promise<Connector> | undefined
  let loaded: Connector | undefined
  const implementation = () => {
    loading ??= load().then(
      (connector) => {
        loaded = connector
        return connector
      },
      (error: unknown) => {
        loading = undefined
        throw error
      },
    )
    return loading
  }
  return {
    ...descriptor,
    uid: `${descriptor.chain}:${descriptor.id}`,
    provider: undefined,
    connect: async (parameters) => (await implementation()).connect(parameters),
    reconnect: async (parameters) => (await implementation()).reconnect(parameters),
    disconnect: async () => (await implementation()).disconnect(),
    switchNetwork: async (parameters) => (await implementation()).switchNetwork(parameters),
    signMessage: async (parameters) => (await implementation()).signMessage(parameters),
    request: async (parameters) => (await implementation()).request(parameters),
    subscribe(namespace, listener) {
      if (loaded) return loaded.subscribe(namespace, listener)
      let off: (() => void) | undefined
      let active = true
      implementation().then(
        (connector) => {
          if (active) off = connector.subscribe(namespace, listener)
        },
        () => {}, // the method that needed the implementation reports the failure
      )
      return () => {
        active = false
        off?.()
      }
    },
  }
}
