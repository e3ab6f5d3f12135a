// @portico/headless: the framework-free core plus its React hooks. Hosts without React import
// '@portico/headless/core' (same names, minus the hooks).

export { PorticoProvider, type PorticoProviderProps } from '../react/PorticoProvider.js'
export { useAlerts } from '../react/useAlerts.js'
export { type UseBalanceParameters, useBalance } from '../react/useBalance.js'
export { type UseConnectParameters, useConnect } from '../react/useConnect.js'
export { type UseConnectionParameters, type UseConnectionReturnType, useConnection } from '../react/useConnection.js'
export { type UseConnectorsParameters, type UseConnectorsReturnType, useConnectors } from '../react/useConnectors.js'
export { type UseDisconnectParameters, useDisconnect } from '../react/useDisconnect.js'
export { type UseEstimateSendFeeParameters, useEstimateSendFee } from '../react/useEstimateSendFee.js'
export { useFeatures } from '../react/useFeatures.js'
export { useIdentity } from '../react/useIdentity.js'
export type { UseMutationParameters } from '../react/useMutationParameters.js'
export { type UseNetworkParameters, type UseNetworkReturnType, useNetwork } from '../react/useNetwork.js'
export { usePortico } from '../react/usePortico.js'
export { useRecentWallets } from '../react/useRecentWallets.js'
export { type UseRequestParameters, useRequest } from '../react/useRequest.js'
export { type UseSendTokenParameters, useSendToken } from '../react/useSendToken.js'
export { type UseSendTransactionParameters, useSendTransaction } from '../react/useSendTransaction.js'
export { type UseSignMessageParameters, useSignMessage } from '../react/useSignMessage.js'
export { type UseSignTypedDataParameters, useSignTypedData } from '../react/useSignTypedData.js'
export { type UseSwitchNetworkParameters, useSwitchNetwork } from '../react/useSwitchNetwork.js'
export { useTransactions } from '../react/useTransactions.js'
export { useWalletConnectUri } from '../react/useWalletConnectUri.js'
export { useWalletDirectory } from '../react/useWalletDirectory.js'
// The React entry is a strict superset of the core entry. Re-exporting it whole (the one
// exception to our no-`export *` rule) keeps the two lists from drifting apart; core.ts itself
// lists every name explicitly and exports.test.ts snapshots both.
// biome-ignore lint/performance/noReExportAll: deliberate superset, see above.
export * from './core.js'
