// @portico/headless/internal: what Portico's own packages (the prebuilt UI, the demo) need and
// hosts should not build on: raw clients of the hosted services, tuning constants and the UI's
// helpers. No semver promise: anything here may change in a minor release.

export { alertCatalogue } from '../core/alerts.js'
export { type AnalyticsEvent, sendAnalyticsEvent } from '../core/api/analytics.js'
export {
  balanceRetryLockoutMs,
  fetchAccountBalances,
  fetchFungiblePrices,
  fetchGasPrice,
  fetchIdentity,
  fetchSupportedChains,
  usesBlockchainApi,
} from '../core/api/blockchainApi.js'
export { type ImageKind, imageUrl } from '../core/api/imageUrls.js'
export {
  fetchAllowedOrigins,
  fetchAnalyticsEnabled,
  ProjectApiError,
  type ProjectApiErrorType,
} from '../core/api/projectApi.js'
export { hostedRpcNetworks, rpcUrlFor } from '../core/api/rpcUrl.js'
export {
  type FetchTransactionsReturnType,
  fetchTransactions,
  isSpamTransaction,
} from '../core/api/transactionHistory.js'
export {
  type FetchWalletsParameters,
  type FetchWalletsReturnType,
  fetchWallets,
  isWalletDirectoryEnabled,
  walletDirectoryPageSize,
} from '../core/api/walletDirectory.js'
export {
  defaultAccountTypes,
  defaultApiUrls,
  defaultConnectMethodsOrder,
  defaultConnectorOrder,
  defaultFeatures,
  defaultSocials,
  defaultWalletFeaturesOrder,
  recentWalletsLimit,
} from '../core/config/defaults.js'
export { balanceLockoutRemainingMs, balanceReadTimeoutMs } from '../core/query/balance.js'
export { identityStaleTimeMs } from '../core/query/identity.js'
export { hostedQueryRetry, hostedQueryRetryDelay } from '../core/query/retry.js'
export { type ConnectionEvent, nextConnectionStatus } from '../core/state/status.js'
export { isSafeImageUrl } from '../core/utils/imageUrl.js'
export { isEmail, isSignedMessage, isTransactionHash, isValidName, normalizeSearch } from '../core/utils/validation.js'
export { walletLinkMaxLength } from '../core/utils/walletLinks.js'
export { walletConnectConnectorId, walletConnectDefaults } from '../core/walletconnect/options.js'
