// @portico/headless/nfts/react: the feature's React hook, glue over the query option factory of
// '@portico/headless/nfts' (its core entry, usable without React). The build gives this entry,
// and no core entry, the 'use client' directive.

export { type UseNftsParameters, useNfts } from '../../features/nfts/react/useNfts.js'
