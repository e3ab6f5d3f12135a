// @portico/headless: the framework-free core plus its React hooks. Hosts without React import
// '@portico/headless/core' (same names, minus the hooks).

export { PorticoProvider, type PorticoProviderProps } from '../kernel/react/PorticoProvider.js'
export { useAlerts } from '../kernel/react/useAlerts.js'
export { type UseBalanceParameters, useBalance } from '../kernel/react/useBalance.js'
export { type UseConnectParameters, useConnect } from '../kernel/react/useConnect.js'
export {
  type UseConnectionParameters,
  type UseConnectionReturnType,
  useConnection,
} from '../kernel/react/useConnection.js'
export {
  type UseConnectorsParameters,
  type UseConnectorsReturnType,
  useConnectors,
} from '../kernel/react/useConnectors.js'
export { type UseDisconnectParameters, useDisconnect } from '../kernel/react/useDisconnect.js'
export { useFeatures } from '../kernel/react/useFeatures.js'
export type { UseMutationParameters } from '../kernel/react/useMutationParameters.js'
export { type UseNetworkParameters, type UseNetworkReturnType, useNetwork } from '../kernel/react/useNetwork.js'
export { usePortico } from '../kernel/react/usePortico.js'
export { useRecentWallets } from '../kernel/react/useRecentWallets.js'
export { type UseRequestParameters, useRequest } from '../kernel/react/useRequest.js'
export { type UseSendTransactionParameters, useSendTransaction } from '../kernel/react/useSendTransaction.js'
export { type UseSignMessageParameters, useSignMessage } from '../kernel/react/useSignMessage.js'
export { type UseSignTypedDataParameters, useSignTypedData } from '../kernel/react/useSignTypedData.js'
export { type UseSwitchNetworkParameters, useSwitchNetwork } from '../kernel/react/useSwitchNetwork.js'
export { useWalletDirectory } from '../kernel/react/useWalletDirectory.js'
// The React entry is a strict superset of the core entry. Re-exporting it whole (the one
// exception to our no-`export *` rule) keeps the two lists from drifting apart; core.ts itself
// lists every name explicitly and exports.test.ts snapshots both.
// biome-ignore lint/performance/noReExportAll: deliberate superset, see above.
export * from './core.js'
