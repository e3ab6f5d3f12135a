// @portico/wagmi: Portico's modal for an app that keeps its wagmi config and hooks.
export {
  type CreateWagmiConfigParameters,
  createWagmiConfig,
} from './createWagmiConfig.js'
export {
  type PorticoConnectorParameters,
  type PorticoWagmiProvider,
  porticoConnector,
  porticoConnectorId,
} from './porticoConnector.js'
export { porticoNetworks } from './porticoNetworks.js'
