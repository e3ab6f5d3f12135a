// The framework-free core of @portico/headless: no React. Explicit named exports only, so the
// public API is reviewed in one place (exports.test.ts snapshots it). What only Portico's own
// packages need (the UI's helpers, tuning constants, raw API clients) is in './internal.ts'.

export {
  type ConnectErrorType,
  type ConnectParameters,
  type ConnectReturnType,
  connect,
  type WalletConnectWallet,
} from '../core/actions/connect.js'
export { type DisconnectErrorType, type DisconnectParameters, disconnect } from '../core/actions/disconnect.js'
export {
  type EstimateSendFeeErrorType,
  type EstimateSendFeeParameters,
  type EstimateSendFeeReturnType,
  estimateSendFee,
} from '../core/actions/estimateSendFee.js'
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
export { type GetRecentWalletsReturnType, getRecentWallets } from '../core/actions/getRecentWallets.js'
export { type GetWalletConnectUriReturnType, getWalletConnectUri } from '../core/actions/getWalletConnectUri.js'
export { type InitializeReturnType, initialize } from '../core/actions/initialize.js'
export { type PreloadWalletConnectReturnType, preloadWalletConnect } from '../core/actions/preloadWalletConnect.js'
export { type PrepareWalletConnectReturnType, prepareWalletConnect } from '../core/actions/prepareWalletConnect.js'
export { type ReconnectReturnType, reconnect } from '../core/actions/reconnect.js'
export {
  type RequestErrorType,
  type RequestParameters,
  request,
  WalletRequestError,
  type WalletRequestErrorType,
} from '../core/actions/request.js'
export {
  evmConfirmTimeoutMs,
  pendingTransactionsLimit,
  type SendTokenErrorType,
  type SendTokenParameters,
  type SendTokenReturnType,
  type SendTokenValidationErrorType,
  sendToken,
} from '../core/actions/sendToken.js'
export {
  type SendTransactionErrorType,
  type SendTransactionParameters,
  type SendTransactionReturnType,
  sendTransaction,
} from '../core/actions/sendTransaction.js'
export {
  type SignMessageErrorType,
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
export { type WatchRecentWalletsParameters, watchRecentWallets } from '../core/actions/watchRecentWallets.js'
export {
  type WatchWalletConnectUriParameters,
  watchWalletConnectUri,
} from '../core/actions/watchWalletConnectUri.js'
export { type Bip122AdapterParameters, bip122Adapter } from '../core/adapters/bip122/bip122Adapter.js'
export type { BitcoinAddressPurpose } from '../core/adapters/bip122/bitcoinStandardConnector.js'
export { type SatsConnectProvider, SatsConnectRpcError } from '../core/adapters/bip122/satsConnectConnector.js'
export {
  type CosmosAdapterParameters,
  type CosmosInjectedWallet,
  cosmosAdapter,
  defaultCosmosWallets,
} from '../core/adapters/cosmos/cosmosAdapter.js'
export type { KeplrLikeProvider } from '../core/adapters/cosmos/keplrConnector.js'
export {
  type Eip155AdapterParameters,
  type Eip155ExternalConnector,
  eip155Adapter,
} from '../core/adapters/eip155/eip155Adapter.js'
export type { Eip1193Provider, Eip6963ProviderInfo } from '../core/adapters/eip155/types.js'
export type { InjectedWeb3Entry } from '../core/adapters/polkadot/injectedWeb3Connector.js'
export { type PolkadotAdapterParameters, polkadotAdapter } from '../core/adapters/polkadot/polkadotAdapter.js'
export { type SolanaAdapterParameters, solanaAdapter } from '../core/adapters/solana/solanaAdapter.js'
export type { Alert, AlertCode, AlertListener, AlertSeverity } from '../core/alerts.js'
export {
  BlockchainApiError,
  type BlockchainApiErrorType,
  type FungiblePrice,
  type GasPrice,
  type Identity,
} from '../core/api/blockchainApi.js'
export {
  type Transaction,
  TransactionHistoryError,
  type TransactionHistoryErrorType,
} from '../core/api/transactionHistory.js'
export {
  type DirectoryWallet,
  WalletDirectoryError,
  type WalletDirectoryErrorType,
  walletImageUrl,
} from '../core/api/walletDirectory.js'
export { createPortico, type Portico, type ResolvedOptions } from '../core/config/createPortico.js'
export type {
  ApiUrls,
  ConnectMethod,
  ConnectorGroup,
  Features,
  SocialProvider,
  WalletFeature,
} from '../core/config/defaults.js'
export {
  type GetDefaultConfigParameters,
  type GetDefaultConfigReturnType,
  getDefaultConfig,
} from '../core/config/getDefaultConfig.js'
export type { Metadata, PorticoOptions } from '../core/config/options.js'
export { BaseError, type BaseErrorParameters, type BaseErrorType } from '../core/errors/base.js'
export { InvalidPsbtError, type InvalidPsbtErrorType } from '../core/errors/bitcoin.js'
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
  ModalClosedError,
  type ModalClosedErrorType,
  NotConnectedError,
  type NotConnectedErrorType,
} from '../core/errors/connection.js'
export {
  HostedHttpError,
  type HostedHttpErrorType,
  HostedTimeoutError,
  type HostedTimeoutErrorType,
} from '../core/errors/http.js'
export { isUserRejection } from '../core/errors/isUserRejection.js'
export {
  AdapterNotFoundError,
  type AdapterNotFoundErrorType,
  BalanceUnavailableError,
  type BalanceUnavailableErrorType,
  NetworkNotFoundError,
  type NetworkNotFoundErrorType,
  SignMessageFailedError,
  type SignMessageFailedErrorType,
  SwitchChainNotApprovedError,
  type SwitchChainNotApprovedErrorType,
  SwitchNetworkNotFoundError,
  type SwitchNetworkNotFoundErrorType,
  UserRejectedRequestError,
  type UserRejectedRequestErrorType,
} from '../core/errors/network.js'
export {
  ContractDeploymentFailedError,
  type ContractDeploymentFailedErrorType,
  ContractRevertError,
  type ContractRevertErrorType,
  ContractZeroDataError,
  type ContractZeroDataErrorType,
  ExecutionRevertedError,
  type ExecutionRevertedErrorType,
  FeeCapTooHighError,
  type FeeCapTooHighErrorType,
  FeeCapTooLowError,
  type FeeCapTooLowErrorType,
  InsufficientFundsError,
  type InsufficientFundsErrorType,
  IntrinsicGasTooHighError,
  type IntrinsicGasTooHighErrorType,
  IntrinsicGasTooLowError,
  type IntrinsicGasTooLowErrorType,
  type NodeErrorType,
  NonceMaxValueError,
  type NonceMaxValueErrorType,
  NonceTooHighError,
  type NonceTooHighErrorType,
  NonceTooLowError,
  type NonceTooLowErrorType,
  TipAboveFeeCapError,
  type TipAboveFeeCapErrorType,
  TransactionTypeNotSupportedError,
  type TransactionTypeNotSupportedErrorType,
  toNodeError,
  UnknownNodeError,
  type UnknownNodeErrorType,
} from '../core/errors/node.js'
export {
  InsufficientBalanceError,
  type InsufficientBalanceErrorType,
  InsufficientFundsForFeeError,
  type InsufficientFundsForFeeErrorType,
  InvalidAmountError,
  type InvalidAmountErrorType,
  type InvalidAmountReason,
  InvalidTokenError,
  type InvalidTokenErrorType,
  ReceiverIsTokenContractError,
  type ReceiverIsTokenContractErrorType,
  SendParametersRequiredError,
  type SendParametersRequiredErrorType,
  TokenNetworkMismatchError,
  type TokenNetworkMismatchErrorType,
  TokenRequiredError,
  type TokenRequiredErrorType,
  TooManyPendingTransactionsError,
  type TooManyPendingTransactionsErrorType,
  TransactionConfirmationTimeoutError,
  type TransactionConfirmationTimeoutErrorType,
  TransactionFailedError,
  type TransactionFailedErrorType,
  UnsupportedChainError,
  type UnsupportedChainErrorType,
} from '../core/errors/send.js'
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
export {
  type EstimateSendFeeQueryKeyParameters,
  type EstimateSendFeeQueryOptionsParameters,
  estimateSendFeeQueryKey,
  estimateSendFeeQueryOptions,
  sendFeeStaleTimeMs,
} from '../core/query/estimateSendFee.js'
export { identityQueryOptions } from '../core/query/identity.js'
export {
  connectMutationOptions,
  disconnectMutationOptions,
  type PorticoMutationOptions,
  requestMutationOptions,
  sendTransactionMutationOptions,
  signMessageMutationOptions,
  signTypedDataMutationOptions,
  switchNetworkMutationOptions,
} from '../core/query/mutations.js'
export { sendTokenMutationOptions } from '../core/query/sendTokenMutation.js'
export { transactionsInfiniteQueryOptions, transactionsQueryKey } from '../core/query/transactions.js'
export {
  type WalletDirectoryQueryParameters,
  walletDirectoryInfiniteQueryOptions,
  walletDirectoryQueryKey,
} from '../core/query/walletDirectory.js'
// Types only (no code): the sign-in functions are in '@portico/headless/siwx'.
export type { SiwxConfig, SiwxCreateMessageInput, SiwxSession } from '../core/siwx/config.js'
export type { SiwxMessage } from '../core/siwx/message.js'
export type { RecentWallet, WalletConnectPairing } from '../core/state/atoms.js'
export { cookieStorage } from '../core/state/cookieStorage.js'
export { cookieToInitialState } from '../core/state/cookieToInitialState.js'
export type { PorticoInitialState } from '../core/state/initialState.js'
export type { ConnectorListing, SortedConnector } from '../core/state/sortConnectors.js'
export type { StorageLike } from '../core/state/storage.js'
export type {
  AccountState,
  AccountType,
  ChainAdapter,
  ConnectedWalletInfo,
  ConnectionStatus,
  Connector,
  ConnectorConnection,
  ConnectorConnectParameters,
  ConnectorEvent,
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
export { type ParseAmountErrorType, parseAmount } from '../core/utils/amount.js'
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
export { isBitcoinAddress, isCosmosAddress, isSs58Address } from '../core/utils/namespaceAddress.js'
export {
  buildWalletLink,
  type WalletConnectLinks,
  type WalletLinkKind,
  walletConnectLinks,
} from '../core/utils/walletLinks.js'
export { type ParseWebLinkOptions, parseWebLink } from '../core/utils/webLink.js'
export { version } from '../core/version.js'
export {
  createMemoryWalletConnectStorage,
  type WalletConnectOptions,
  type WalletConnectStorage,
} from '../core/walletconnect/options.js'
