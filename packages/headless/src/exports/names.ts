// @portico/headless/names: names (`bob.reown.id`) to addresses through the blockchain API's profile
// lookup, without React (the hook: '/names/react'). Its own entry, not the main one: esbuild splits by file, so anything the main entry
// re-exports that a lazily loaded view uses lands on every page's start (see pageStart.test.ts
// in @portico/ui).

export { NameResolutionError, type NameResolutionErrorType } from '../features/names/errors.js'
export { fetchNameProfile, type NameProfile } from '../features/names/fetchNameProfile.js'
export { isName } from '../features/names/isName.js'
export { resolveNameQueryOptions } from '../features/names/query.js'
export {
  type ResolveNameErrorType,
  type ResolveNameParameters,
  type ResolveNameReturnType,
  resolveName,
} from '../features/names/resolveName.js'
