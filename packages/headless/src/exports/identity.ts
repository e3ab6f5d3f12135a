// @portico/headless/identity: an address's name and avatar (the blockchain API's identity, cached
// per address), without React (hooks: '/identity/react'). Its own entry, not the main one: esbuild
// splits by file, so anything the main entry re-exports that a lazily loaded view uses lands on
// every page's start (see pageStart.test.ts in @portico/ui).

export { identityQueryOptions } from '../features/identity/query.js'
