// @portico/headless/names/react: the feature's React hooks, glue over the query and mutation
// option factories of '@portico/headless/names' (its core entry, usable without React). The build
// gives this entry, and no core entry, the 'use client' directive.

export { type UseNameSuggestionsParameters, useNameSuggestions } from '../../features/names/react/useNameSuggestions.js'
export { useNamesForAddress } from '../../features/names/react/useNamesForAddress.js'
export { type UseRegisterNameParameters, useRegisterName } from '../../features/names/react/useRegisterName.js'
export { useResolveName } from '../../features/names/react/useResolveName.js'
