// @portico/headless/internal: exactly what Portico's own packages and repository tests import and
// hosts should not build on (a name no sibling imports does not belong here: exports.test.ts lists
// them). No semver promise: anything here may change in a minor release.

export { sendAnalyticsEvent } from '../kernel/api/analytics.js'
export {
  type CheckAllowedOriginParameters,
  type CheckAllowedOriginReturnType,
  checkAllowedOrigin,
} from '../kernel/api/checkAllowedOrigin.js'
export { isWalletDirectoryEnabled } from '../kernel/api/walletDirectory.js'
export { isEvmAddress, toChecksumEvmAddress } from '../kernel/utils/address.js'
export { isCaipNetworkId } from '../kernel/utils/caip.js'
export { normalizeSearch } from '../kernel/utils/validation.js'
