// Moved to core/swap/swapTokens.ts; this path stays for the public entries and existing imports.
// The swap view's code imports core/swap/ directly: a bundler that splits code then keeps it out of
// a host page's first chunk, which imports the public entry that re-exports this file.
// biome-ignore lint/performance/noBarrelFile: a compatibility path for one moved module, not an index.
export {
  type SwapTokensQueryKeyParameters,
  swapTokensQueryKey,
  swapTokensQueryOptions,
  swapTokensStaleTimeMs,
} from '../swap/swapTokens.js'
