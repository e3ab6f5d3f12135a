// @portico/headless/siwx/react: the feature's React hooks, glue over the query and mutation
// option factories of '@portico/headless/siwx' (its core entry, usable without React). The build
// gives this entry, and no core entry, the 'use client' directive.

export { type UseSiwxReturnType, useSiwx } from '../../features/siwx/react/useSiwx.js'
