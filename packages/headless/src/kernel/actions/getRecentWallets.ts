import type { Portico } from '../portico.js'
import { type RecentWallet, recentWalletsAtom } from '../state/atoms.js'

export type GetRecentWalletsReturnType = readonly RecentWallet[]

/**
 * The wallets connected most recently (the spec keeps two), most recent first: installed wallets
 * by connector id, and directory wallets paired over WalletConnect (`walletConnect: true`).
 *
 * @example
 * const [last] = getRecentWallets(portico)
 */
export function getRecentWallets(portico: Portico): GetRecentWalletsReturnType {
  return portico.store.get(recentWalletsAtom)
}
