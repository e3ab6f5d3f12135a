// The framework-free core of @portico/headless: no React. Explicit named exports only, so the
// public API is reviewed in one place (exports.test.ts snapshots it). What only Portico's own
// packages need (the UI's helpers, tuning constants, raw API clients) is in './internal.ts'.

export {
  type AddNetworkErrorType,
  type AddNetworkParameters,
  type AddNetworkReturnType,
  addNetwork,
} from '../kernel/actions/addNetwork.js'
export {
  type ConnectErrorType,
  type ConnectParameters,
  type ConnectReturnType,
  connect,
  type WalletConnectWallet,
} from '../kernel/actions/connect.js'
export { type DisconnectErrorType, type DisconnectParameters, disconnect } from '../kernel/actions/disconnect.js'
export { type FetchRemoteFeaturesReturnType, fetchRemoteFeatures } from '../kernel/actions/fetchRemoteFeatures.js'
export {
  type GetBalanceErrorType,
  type GetBalanceParameters,
  type GetBalanceReturnType,
  getBalance,
} from '../kernel/actions/getBalance.js'
export {
  type GetConnectionParameters,
  type GetConnectionReturnType,
  getConnection,
} from '../kernel/actions/getConnection.js'
export {
  type GetConnectorsParameters,
  type GetConnectorsReturnType,
  getConnectors,
} from '../kernel/actions/getConnectors.js'
export { getFeatures } from '../kernel/actions/getFeatures.js'
export { type GetNetworkParameters, type GetNetworkReturnType, getNetwork } from '../kernel/actions/getNetwork.js'
export { type GetRecentWalletsReturnType, getRecentWallets } from '../kernel/actions/getRecentWallets.js'
export { type InitializeReturnType, initialize } from '../kernel/actions/initialize.js'
export { type ReconnectReturnType, reconnect } from '../kernel/actions/reconnect.js'
export {
  type RemoveNetworkErrorType,
  type RemoveNetworkParameters,
  type RemoveNetworkReturnType,
  removeNetwork,
} from '../kernel/actions/removeNetwork.js'
export {
  type RequestErrorType,
  type RequestParameters,
  request,
  type WalletRequestErrorType,
} from '../kernel/actions/request.js'
export {
  type SendTransactionErrorType,
  type SendTransactionParameters,
  type SendTransactionReturnType,
  sendTransaction,
} from '../kernel/actions/sendTransaction.js'
export {
  type SignMessageErrorType,
  type SignMessageParameters,
  type SignMessageReturnType,
  signMessage,
} from '../kernel/actions/signMessage.js'
export {
  type SignTypedDataErrorType,
  type SignTypedDataParameters,
  type SignTypedDataReturnType,
  signTypedData,
  type TypedData,
} from '../kernel/actions/signTypedData.js'
export {
  type SwitchNetworkErrorType,
  type SwitchNetworkParameters,
  type SwitchNetworkReturnType,
  switchNetwork,
} from '../kernel/actions/switchNetwork.js'
export { type WatchAlertsParameters, watchAlerts } from '../kernel/actions/watchAlerts.js'
export { type WatchConnectionParameters, watchConnection } from '../kernel/actions/watchConnection.js'
export { type WatchConnectorsParameters, watchConnectors } from '../kernel/actions/watchConnectors.js'
export { watchFeatures } from '../kernel/actions/watchFeatures.js'
export { type WatchNetworkParameters, watchNetwork } from '../kernel/actions/watchNetwork.js'
export { type WatchRecentWalletsParameters, watchRecentWallets } from '../kernel/actions/watchRecentWallets.js'
export { type Bip122AdapterParameters, bip122Adapter } from '../kernel/adapters/bip122/bip122Adapter.js'
export { bip122Network, bitcoin } from '../kernel/adapters/bip122/bip122Network.js'
export type { BitcoinAddressPurpose } from '../kernel/adapters/bip122/bitcoinStandardConnector.js'
export type {
  SatsConnectProvider,
  SatsConnectRpcErrorType,
} from '../kernel/adapters/bip122/satsConnectConnector.js'
export {
  type CosmosAdapterParameters,
  type CosmosInjectedWallet,
  cosmosAdapter,
  defaultCosmosWallets,
} from '../kernel/adapters/cosmos/cosmosAdapter.js'
export { cosmosHub, cosmosNetwork } from '../kernel/adapters/cosmos/cosmosNetwork.js'
export type { KeplrLikeProvider } from '../kernel/adapters/cosmos/keplrConnector.js'
export {
  type Eip155AdapterParameters,
  type Eip155ExternalConnector,
  eip155Adapter,
} from '../kernel/adapters/eip155/eip155Adapter.js'
export type { Eip1193Provider, Eip6963ProviderInfo } from '../kernel/adapters/eip155/types.js'
export type { InjectedWeb3Entry } from '../kernel/adapters/polkadot/injectedWeb3Connector.js'
export { type PolkadotAdapterParameters, polkadotAdapter } from '../kernel/adapters/polkadot/polkadotAdapter.js'
export { polkadot, polkadotNetwork } from '../kernel/adapters/polkadot/polkadotNetwork.js'
export { type SolanaAdapterParameters, solanaAdapter } from '../kernel/adapters/solana/solanaAdapter.js'
export type { Alert, AlertCode, AlertListener, AlertSeverity, FeatureAlertCode } from '../kernel/alerts.js'
export type {
  BlockchainApiErrorType,
  FungiblePrice,
  GasPrice,
  Identity,
} from '../kernel/api/blockchainApi.js'
export type { ProjectApiErrorType } from '../kernel/api/projectApi.js'
export { type DirectoryWallet, type WalletDirectoryErrorType, walletImageUrl } from '../kernel/api/walletDirectory.js'
export { createPortico } from '../kernel/createPortico.js'
export type {
  ApiUrls,
  ConnectMethod,
  ConnectorGroup,
  Features,
  SocialProvider,
  WalletFeature,
} from '../kernel/defaults.js'
export { BaseError, type BaseErrorParameters, type BaseErrorType } from '../kernel/errors/base.js'
export type { InvalidPsbtErrorType } from '../kernel/errors/bitcoin.js'
export type {
  InvalidOptionsErrorType,
  ProviderNotFoundErrorType,
  SiwxConflictErrorType,
} from '../kernel/errors/config.js'
export {
  type ConnectionRejectedErrorType,
  type ConnectorNotFoundErrorType,
  type FailedToConnectErrorType,
  type FailedToDisconnectErrorType,
  type ModalClosedErrorType,
  NotConnectedError,
  type NotConnectedErrorType,
} from '../kernel/errors/connection.js'
export type { HostedHttpErrorType, HostedTimeoutErrorType } from '../kernel/errors/http.js'
export { isUserRejection } from '../kernel/errors/isUserRejection.js'
export type {
  AdapterNotFoundErrorType,
  BalanceUnavailableErrorType,
  LastNetworkErrorType,
  NetworkNotFoundErrorType,
  SignMessageFailedErrorType,
  SwitchChainNotApprovedErrorType,
  SwitchNetworkNotFoundErrorType,
  UserRejectedRequestErrorType,
} from '../kernel/errors/network.js'
export type { RpcUnavailableErrorType, RpcUrlNotCompatibleErrorType } from '../kernel/errors/rpc.js'
export type {
  TransactionConfirmationTimeoutErrorType,
  TransactionFailedErrorType,
} from '../kernel/errors/transaction.js'
export {
  InvalidAddressError,
  type InvalidAddressErrorType,
  type InvalidCaip10AddressErrorType,
  type InvalidCaipAddressErrorType,
  type InvalidCaipNetworkIdErrorType,
} from '../kernel/errors/validation.js'
export type {
  NamespaceNotApprovedErrorType,
  RequestNotApprovedErrorType,
  WalletConnectNotConnectedErrorType,
} from '../kernel/errors/walletConnect.js'
export {
  type GetDefaultConfigParameters,
  type GetDefaultConfigReturnType,
  getDefaultConfig,
} from '../kernel/getDefaultConfig.js'
export {
  base,
  type Eip155NetworkParameters,
  eip155Network,
  fromViemChain,
  mainnet,
  type SolanaNetworkParameters,
  sepolia,
  solana,
  solanaDevnet,
  solanaNetwork,
  type WalletConnectNetworkParameters,
} from '../kernel/networks.js'
export type { PorticoOptions } from '../kernel/options.js'
export type { ChainAdapter, Portico, ResolvedOptions } from '../kernel/portico.js'
export {
  type BalanceQueryKeyParameters,
  type BalanceQueryOptionsParameters,
  balanceQueryOptions,
} from '../kernel/query/balance.js'
export {
  connectMutationOptions,
  disconnectMutationOptions,
  type PorticoMutationOptions,
  requestMutationOptions,
  sendTransactionMutationOptions,
  signMessageMutationOptions,
  signTypedDataMutationOptions,
  switchNetworkMutationOptions,
} from '../kernel/query/mutations.js'
export {
  type WalletDirectoryQueryParameters,
  walletDirectoryInfiniteQueryOptions,
} from '../kernel/query/walletDirectory.js'
export type { PorticoTransport } from '../kernel/rpc/types.js'
// Types only (the `siwx` option's contract): the sign-in functions are in '@portico/headless/siwx'.
export type {
  SiwxConfig,
  SiwxCreateMessageInput,
  SiwxMessage,
  SiwxSession,
  SiwxSessionContext,
} from '../kernel/siwxConfig.js'
export type { RecentWallet, WalletConnectPairing } from '../kernel/state/atoms.js'
export { cookieStorage } from '../kernel/state/cookieStorage.js'
export { cookieToInitialState } from '../kernel/state/cookieToInitialState.js'
export type { PorticoInitialState } from '../kernel/state/initialState.js'
export type { ConnectorListing, SortedConnector } from '../kernel/state/sortConnectors.js'
export type { StorageLike } from '../kernel/state/storage.js'
export type {
  AccountState,
  AccountType,
  ConnectedAccountDetails,
  ConnectedWalletInfo,
  ConnectionStatus,
  Connector,
  ConnectorConnection,
  ConnectorConnectParameters,
  ConnectorEvent,
  ConnectorType,
  CustomWallet,
  Metadata,
  NetworkToken,
  PorticoNetwork,
  TokenBalance,
} from '../kernel/types.js'
export { isAddressForNamespace } from '../kernel/utils/address.js'
export {
  type CaipAddress,
  type CaipNetworkId,
  type ChainNamespace,
  parseCaipAddress,
  parseCaipNetworkId,
} from '../kernel/utils/caip.js'
export {
  formatBalance,
  formatSignedAmount,
  formatTokenValue,
  formatUnitsTruncated,
  truncateAddress,
  truncateDecimals,
} from '../kernel/utils/format.js'
export { isSafeImageUrl } from '../kernel/utils/imageUrl.js'
export { type ParseWebLinkOptions, parseWebLink } from '../kernel/utils/webLink.js'
export { version } from '../kernel/version.js'
export {
  createMemoryWalletConnectStorage,
  type WalletConnectOptions,
  type WalletConnectStorage,
} from '../kernel/walletConnectOptions.js'
