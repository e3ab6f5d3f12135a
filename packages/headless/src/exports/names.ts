// @portico/headless/names: names (`bob.reown.id`) to addresses through the blockchain API's profile
// lookup, without React (the hook: '/names/react'). Its own entry, not the main one: esbuild splits by file, so anything the main entry
// re-exports that a lazily loaded view uses lands on every page's start (see pageStart.test.ts
// in @portico/ui).

export { toAccountName } from '../features/names/accountName.js'
export type {
  NameConnectorNotFoundErrorType,
  NameRegistrationErrorType,
  NameResolutionErrorType,
  NameSuggestionsErrorType,
  NamesForAddressErrorType,
} from '../features/names/errors.js'
export { fetchNameProfile, type NameProfile } from '../features/names/fetchNameProfile.js'
export {
  type GetNameSuggestionsErrorType,
  type GetNameSuggestionsParameters,
  type GetNameSuggestionsReturnType,
  getNameSuggestions,
  type NameSuggestion,
} from '../features/names/getNameSuggestions.js'
export {
  type GetNamesForAddressErrorType,
  type GetNamesForAddressParameters,
  type GetNamesForAddressReturnType,
  getNamesForAddress,
} from '../features/names/getNamesForAddress.js'
export { isName } from '../features/names/isName.js'
export {
  nameSuggestionsQueryOptions,
  namesForAddressQueryOptions,
  registerNameMutationOptions,
  resolveNameQueryOptions,
} from '../features/names/query.js'
export {
  type RegisterNameErrorType,
  type RegisterNameParameters,
  type RegisterNameReturnType,
  type RegisterNameStep,
  registerName,
} from '../features/names/registerName.js'
export {
  type ResolveNameErrorType,
  type ResolveNameParameters,
  type ResolveNameReturnType,
  resolveName,
} from '../features/names/resolveName.js'
