import type { ConnectorFeatureLifecycle } from '../../kernel/featureLifecycle.js'
import { walletConnectConnector } from './connector.js'

/**
 * @internal What the kernel loads when a WalletConnect connector is first used: its implementation
 * (the registry lists WalletConnect from its descriptor until then).
 *
 * @example
 * const connector = lifecycle.connector(portico, descriptor)
 */
export const lifecycle: ConnectorFeatureLifecycle = {
  connector: (portico, { chain }) => walletConnectConnector(portico, chain),
}
