// @portico/headless/names: names (`bob.reown.id`) to addresses through the blockchain API's profile
// lookup. Its own entry, not the main one: esbuild splits by file, so anything the main entry
// re-exports that a lazily loaded view uses lands on every page's start (see pageStart.test.ts
// in @portico/ui).

export { NameResolutionError, type NameResolutionErrorType } from '../core/names/errors.js'
export { fetchNameProfile, type NameProfile } from '../core/names/fetchNameProfile.js'
export { isName } from '../core/names/isName.js'
export {
  type ResolveNameErrorType,
  type ResolveNameParameters,
  type ResolveNameReturnType,
  resolveName,
} from '../core/names/resolveName.js'
export { resolveNameQueryOptions } from '../core/names/resolveNameQuery.js'
export { useResolveName } from '../react/useResolveName.js'
