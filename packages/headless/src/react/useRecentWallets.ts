'use client'
import { useAtomValue } from 'jotai/react'
import { type RecentWallet, recentWalletsAtom } from '../core/state/atoms.js'
import { usePortico } from './usePortico.js'

/**
 * The wallets connected most recently (the spec keeps two), most recent first: installed wallets
 * by connector id, and directory wallets connected over WalletConnect (`walletConnect: true`).
 *
 * @example
 * const recent = useRecentWallets()
 * recent.filter((w) => w.walletConnect).map((w) => <li key={w.id}>{w.name}</li>)
 */
export function useRecentWallets(): readonly RecentWallet[] {
  const { portico } = usePortico('useRecentWallets')
  return useAtomValue(recentWalletsAtom, { store: portico.store })
}
