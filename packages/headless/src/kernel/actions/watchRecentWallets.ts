import type { Portico } from '../portico.js'
import { recentWalletsAtom } from '../state/atoms.js'
import { type GetRecentWalletsReturnType, getRecentWallets } from './getRecentWallets.js'

export type WatchRecentWalletsParameters = { onChange(wallets: GetRecentWalletsReturnType): void }

/**
 * Calls `onChange` when the recent wallets change. Returns the unsubscribe function.
 *
 * @example
 * const unwatch = watchRecentWallets(portico, { onChange: (wallets) => render(wallets) })
 */
export function watchRecentWallets(portico: Portico, { onChange }: WatchRecentWalletsParameters): () => void {
  return portico.store.sub(recentWalletsAtom, () => onChange(getRecentWallets(portico)))
}
