// @portico/headless/identity/react: the feature's React hook, glue over the query option factory
// of '@portico/headless/identity' (its core entry, usable without React). The build gives this
// entry, and no core entry, the 'use client' directive.

export { useIdentity } from '../../features/identity/react/useIdentity.js'
