// @portico/headless/internal: what Portico's own packages (the prebuilt UI, the demo) need and
// hosts should not build on: raw clients of the hosted services, tuning constants and the UI's
// helpers. No semver promise: anything here may change in a minor release.

export { alertCatalogue } from '../kernel/alerts.js'
export { type AnalyticsEvent, sendAnalyticsEvent } from '../kernel/api/analytics.js'
export {
  balanceRetryLockoutMs,
  fetchAccountBalances,
  fetchFungiblePrices,
  fetchGasPrice,
  fetchIdentity,
  fetchSupportedChains,
  usesBlockchainApi,
} from '../kernel/api/blockchainApi.js'
export { type ImageKind, imageUrl } from '../kernel/api/imageUrls.js'
export {
  fetchAllowedOrigins,
  fetchAnalyticsEnabled,
  ProjectApiError,
  type ProjectApiErrorType,
} from '../kernel/api/projectApi.js'
export { hostedRpcNetworks, rpcUrlFor } from '../kernel/api/rpcUrl.js'
export {
  type FetchWalletsParameters,
  type FetchWalletsReturnType,
  fetchWallets,
  isWalletDirectoryEnabled,
  walletDirectoryPageSize,
} from '../kernel/api/walletDirectory.js'
export {
  defaultAccountTypes,
  defaultApiUrls,
  defaultConnectMethodsOrder,
  defaultConnectorOrder,
  defaultFeatures,
  defaultSocials,
  defaultWalletFeaturesOrder,
  recentWalletsLimit,
} from '../kernel/defaults.js'
export { balanceLockoutRemainingMs, balanceReadTimeoutMs } from '../kernel/query/balance.js'
export { isSafeImageUrl } from '../kernel/utils/imageUrl.js'
export {
  isEmail,
  isSignedMessage,
  isTransactionHash,
  isValidName,
  normalizeSearch,
} from '../kernel/utils/validation.js'
export { walletConnectConnectorId, walletConnectDefaults } from '../kernel/walletConnectOptions.js'
