'use client'
import { type GetRecentWalletsReturnType, getRecentWallets } from '../actions/getRecentWallets.js'
import { watchRecentWallets } from '../actions/watchRecentWallets.js'
import { useCoreState } from './useCoreState.js'
import { usePortico } from './usePortico.js'

/**
 * The wallets connected most recently (the spec keeps two), most recent first: installed wallets
 * by connector id, and directory wallets connected over WalletConnect (`walletConnect: true`).
 *
 * @example
 * const recent = useRecentWallets()
 * recent.filter((w) => w.walletConnect).map((w) => <li key={w.id}>{w.name}</li>)
 */
export function useRecentWallets(): GetRecentWalletsReturnType {
  const { portico } = usePortico('useRecentWallets')
  return useCoreState(
    (onChange) => watchRecentWallets(portico, { onChange }),
    () => getRecentWallets(portico),
    [portico],
  )
}
