// The polkadot, bip122 and cosmos adapters moved to their own folders when they gained installed
// wallets; this module keeps the old import path working until the entries import them directly.
// biome-ignore lint/performance/noBarrelFile: a compatibility path, removed once exports/core.ts points at the new files
export { type Bip122AdapterParameters, bip122Adapter } from './bip122/bip122Adapter.js'
export { type CosmosAdapterParameters, cosmosAdapter } from './cosmos/cosmosAdapter.js'
export { type PolkadotAdapterParameters, polkadotAdapter } from './polkadot/polkadotAdapter.js'
