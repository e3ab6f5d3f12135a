// The framework-free core of @portico/headless: no React. Explicit named exports only, so the
// public API is reviewed in one place (see core.test.ts).

export {
  type ConnectErrorType,
  type ConnectParameters,
  type ConnectReturnType,
  connect,
  type WalletConnectWallet,
} from '../core/actions/connect.js'
export { type DisconnectErrorType, type DisconnectParameters, disconnect } from '../core/actions/disconnect.js'
export { type FetchRemoteFeaturesReturnType, fetchRemoteFeatures } from '../core/actions/fetchRemoteFeatures.js'
export {
  type GetBalanceErrorType,
  type GetBalanceParameters,
  type GetBalanceReturnType,
  getBalance,
} from '../core/actions/getBalance.js'
export {
  type GetConnectionParameters,
  type GetConnectionReturnType,
  getConnection,
} from '../core/actions/getConnection.js'
export {
  type GetConnectorsParameters,
  type GetConnectorsReturnType,
  getConnectors,
} from '../core/actions/getConnectors.js'
export { getFeatures } from '../core/actions/getFeatures.js'
export { type GetNetworkParameters, type GetNetworkReturnType, getNetwork } from '../core/actions/getNetwork.js'
export { type GetWalletConnectUriReturnType, getWalletConnectUri } from '../core/actions/getWalletConnectUri.js'
export { type InitializeReturnType, initialize } from '../core/actions/initialize.js'
export { type ReconnectReturnType, reconnect } from '../core/actions/reconnect.js'
export {
  type RequestErrorType,
  type RequestParameters,
  request,
  WalletRequestError,
  type WalletRequestErrorType,
} from '../core/actions/request.js'
export {
  type SendTransactionErrorType,
  type SendTransactionParameters,
  type SendTransactionReturnType,
  sendTransaction,
} from '../core/actions/sendTransaction.js'
export {
  type SignMessageErrorTypes,
  type SignMessageParameters,
  type SignMessageReturnType,
  signMessage,
} from '../core/actions/signMessage.js'
export {
  type SignTypedDataErrorType,
  type SignTypedDataParameters,
  type SignTypedDataReturnType,
  signTypedData,
  type TypedData,
} from '../core/actions/signTypedData.js'
export {
  type SwitchNetworkErrorType,
  type SwitchNetworkParameters,
  type SwitchNetworkReturnType,
  switchNetwork,
} from '../core/actions/switchNetwork.js'
export { type WatchAlertsParameters, watchAlerts } from '../core/actions/watchAlerts.js'
export { type WatchConnectionParameters, watchConnection } from '../core/actions/watchConnection.js'
export { type WatchConnectorsParameters, watchConnectors } from '../core/actions/watchConnectors.js'
export { watchFeatures } from '../core/actions/watchFeatures.js'
export { type WatchNetworkParameters, watchNetwork } from '../core/actions/watchNetwork.js'
export {
  type WatchWalletConnectUriParameters,
  watchWalletConnectUri,
} from '../core/actions/watchWalletConnectUri.js'
export {
  type Eip155AdapterParameters,
  type Eip155ExternalConnector,
  eip155Adapter,
} from '../core/adapters/eip155/eip155Adapter.js'
export type { Eip1193Provider, Eip6963ProviderInfo } from '../core/adapters/eip155/types.js'
export { type SolanaAdapterParameters, solanaAdapter } from '../core/adapters/solana/solanaAdapter.js'
export {
  bip122Adapter,
  cosmosAdapter,
  polkadotAdapter,
} from '../core/adapters/walletconnect/walletConnectOnlyAdapter.js'
export { type Alert, type AlertCode, type AlertListener, type AlertSeverity, alertCatalogue } from '../core/alerts.js'
export { type AnalyticsEvent, sendAnalyticsEvent } from '../core/api/analytics.js'
export {
  balanceRetryLockoutMs,
  fetchAccountBalances,
  fetchSupportedChains,
  usesBlockchainApi,
} from '../core/api/blockchainApi.js'
export {
  BlockchainApiError,
  type BlockchainApiErrorType,
  type FungiblePrice,
  fetchFungiblePrices,
  fetchGasPrice,
  fetchIdentity,
  type GasPrice,
  type Identity,
} from '../core/api/blockchainData.js'
export { type ImageKind, imageUrl } from '../core/api/imageUrls.js'
export {
  fetchAllowedOrigins,
  fetchAnalyticsEnabled,
  isOriginAllowed,
  ProjectApiError,
  type ProjectApiErrorType,
} from '../core/api/projectApi.js'
export { hostedRpcNetworks, rpcUrlFor } from '../core/api/rpcUrl.js'
export {
  type FetchTransactionsReturnType,
  fetchTransactions,
  isSpamTransaction,
  type Transaction,
  TransactionHistoryError,
  type TransactionHistoryErrorType,
} from '../core/api/transactionHistory.js'
export {
  type DirectoryWallet,
  type FetchWalletsParameters,
  type FetchWalletsReturnType,
  fetchWallets,
  isWalletDirectoryEnabled,
  WalletDirectoryError,
  type WalletDirectoryErrorType,
  walletDirectoryPageSize,
  walletImageUrl,
} from '../core/api/walletDirectory.js'
export { createPortico, type Portico, type ResolvedOptions } from '../core/config/createPortico.js'
export {
  type ApiUrls,
  type ConnectMethod,
  type ConnectorGroup,
  defaultAccountTypes,
  defaultApiUrls,
  defaultConnectMethodsOrder,
  defaultConnectorOrder,
  defaultFeatures,
  defaultSocials,
  defaultWalletFeaturesOrder,
  type Features,
  recentWalletsLimit,
  type SocialProvider,
  type WalletFeature,
} from '../core/config/defaults.js'
export {
  type GetDefaultConfigParameters,
  type GetDefaultConfigReturnType,
  getDefaultConfig,
} from '../core/config/getDefaultConfig.js'
export type { Metadata, PorticoOptions } from '../core/config/options.js'
export { BaseError, type BaseErrorParameters, type BaseErrorType } from '../core/errors/base.js'
export {
  InvalidOptionsError,
  type InvalidOptionsErrorType,
  ProviderNotFoundError,
  type ProviderNotFoundErrorType,
  SiwxConflictError,
  type SiwxConflictErrorType,
} from '../core/errors/config.js'
export {
  ConnectionRejectedError,
  type ConnectionRejectedErrorType,
  ConnectorNotFoundError,
  type ConnectorNotFoundErrorType,
  FailedToConnectError,
  type FailedToConnectErrorType,
  FailedToDisconnectError,
  type FailedToDisconnectErrorType,
  InvalidConnectionStatusError,
  type InvalidConnectionStatusErrorType,
  ModalClosedError,
  type ModalClosedErrorType,
  NotConnectedError,
  type NotConnectedErrorType,
} from '../core/errors/connection.js'
export { isUserRejection } from '../core/errors/isUserRejection.js'
export {
  AdapterNotFoundError,
  type AdapterNotFoundErrorType,
  BalanceUnavailableError,
  type BalanceUnavailableErrorType,
  ChainNotSupportedError,
  type ChainNotSupportedErrorType,
  NetworkNotFoundError,
  type NetworkNotFoundErrorType,
  SignMessageError,
  type SignMessageErrorType,
  SwitchChainNotApprovedError,
  type SwitchChainNotApprovedErrorType,
  SwitchNetworkNotFoundError,
  type SwitchNetworkNotFoundErrorType,
  UnsupportedChainError,
  type UnsupportedChainErrorType,
  UserRejectedRequestError,
  type UserRejectedRequestErrorType,
} from '../core/errors/network.js'
export {
  InvalidAddressError,
  type InvalidAddressErrorType,
  InvalidCaip10AddressError,
  type InvalidCaip10AddressErrorType,
  InvalidCaipAddressError,
  type InvalidCaipAddressErrorType,
  InvalidCaipNetworkIdError,
  type InvalidCaipNetworkIdErrorType,
} from '../core/errors/validation.js'
export {
  NamespaceNotApprovedError,
  type NamespaceNotApprovedErrorType,
  RequestNotApprovedError,
  type RequestNotApprovedErrorType,
  WalletConnectNotConnectedError,
  type WalletConnectNotConnectedErrorType,
} from '../core/errors/walletConnect.js'
export {
  base,
  bip122Network,
  bitcoin,
  cosmosHub,
  cosmosNetwork,
  type Eip155NetworkParameters,
  eip155Network,
  fromViemChain,
  mainnet,
  polkadot,
  polkadotNetwork,
  type SolanaNetworkParameters,
  sepolia,
  solana,
  solanaDevnet,
  solanaNetwork,
  type WalletConnectNetworkParameters,
} from '../core/networks.js'
export {
  type BalanceQueryKeyParameters,
  type BalanceQueryOptionsParameters,
  balanceQueryKey,
  balanceQueryOptions,
} from '../core/query/balance.js'
export { identityQueryOptions, identityStaleTimeMs } from '../core/query/identity.js'
export {
  connectMutationOptions,
  disconnectMutationOptions,
  requestMutationOptions,
  sendTransactionMutationOptions,
  signMessageMutationOptions,
  switchNetworkMutationOptions,
} from '../core/query/mutations.js'
export { transactionsInfiniteQueryOptions, transactionsQueryKey } from '../core/query/transactions.js'
export {
  type WalletDirectoryQueryParameters,
  walletDirectoryInfiniteQueryOptions,
  walletDirectoryQueryKey,
} from '../core/query/walletDirectory.js'
export type { RecentWallet, WalletConnectPairing } from '../core/state/atoms.js'
export { assertConnectionStatus, type ConnectorConnectionStatus } from '../core/state/connectorStatus.js'
export { isSafeImageUrl } from '../core/state/persistence.js'
export type { SortedConnector } from '../core/state/sortConnectors.js'
export { type ConnectionEvent, nextConnectionStatus } from '../core/state/status.js'
export type { StorageLike } from '../core/state/storage.js'
export type {
  AccountState,
  AccountType,
  AdapterConnection,
  AdapterEvent,
  ChainAdapter,
  ConnectedWalletInfo,
  ConnectionStatus,
  Connector,
  ConnectorType,
  NetworkToken,
  PorticoNetwork,
  TokenBalance,
} from '../core/types.js'
export {
  assertEvmAddress,
  assertSolanaAddress,
  isAddressForNamespace,
  isEvmAddress,
  isSolanaAddress,
  toChecksumEvmAddress,
} from '../core/utils/address.js'
export {
  buildCaipAddress,
  buildCaipNetworkId,
  type CaipAddress,
  type CaipNetworkId,
  type ChainNamespace,
  chainNamespaces,
  isCaipAddress,
  isCaipNetworkId,
  isChainNamespace,
  parseCaipAddress,
  parseCaipNetworkId,
} from '../core/utils/caip.js'
export {
  formatBalance,
  formatSignedAmount,
  formatTokenValue,
  formatUnitsTruncated,
  truncateAddress,
  truncateDecimals,
} from '../core/utils/format.js'
export {
  isEmail,
  isSignedMessage,
  isTransactionHash,
  isValidName,
  normalizeSearch,
} from '../core/utils/validation.js'
export {
  buildWalletLink,
  type WalletConnectLinks,
  type WalletLinkKind,
  walletConnectLinks,
  walletLinkMaxLength,
} from '../core/utils/walletLinks.js'
export { version } from '../core/version.js'
export {
  createMemoryWalletConnectStorage,
  type WalletConnectOptions,
  type WalletConnectStorage,
  walletConnectConnectorId,
  walletConnectDefaults,
} from '../core/walletconnect/options.js'
