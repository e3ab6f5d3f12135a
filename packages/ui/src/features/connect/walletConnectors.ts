import type { SortedConnector } from '@portico/headless'
import { useCallback } from 'react'
import { usePorticoUI } from '../../context.js'
import { pairsRemotely, useConnectWith, type useStartConnection } from './connection.js'

// Shared by the Connect and All Wallets views alone: a module of its own, so the chunk they share
// holds this and not the rest of either view's rows.

/** @internal A wallet app's connectors, one per namespace; the first places its row and gives its badge. */
export type WalletConnectors = readonly [SortedConnector, ...SortedConnector[]]

/**
 * @internal
 * The connectors grouped by wallet app, in the listing order: a wallet installed for several
 * namespaces (an EIP-6963 provider and a Wallet Standard wallet of the same app) is one group with
 * its connectors, one per namespace, placed where its first one sorts. The Connect and All Wallets
 * views list one row per group.
 *
 * @example
 * walletConnectors([evmDevnetWallet, metaMask, solanaDevnetWallet]) // [[evmDevnetWallet, solanaDevnetWallet], [metaMask]]
 */
export function walletConnectors(connectors: readonly SortedConnector[]): WalletConnectors[] {
  const wallets: [SortedConnector, ...SortedConnector[]][] = []
  for (const c of connectors) {
    const same = wallets.find((w) => w.every((other) => other.chain !== c.chain && sameWallet(other, c)))
    if (same) same.push(c)
    else wallets.push([c])
  }
  return wallets
}

/**
 * Whether two connectors (of different namespaces) reach the same wallet app: both pair remotely or
 * neither, and then what every connector says of its wallet, the directory id when both know it,
 * else the name it announces (an EIP-6963 provider's rdns has no counterpart in a Wallet Standard
 * wallet).
 */
function sameWallet(a: SortedConnector, b: SortedConnector): boolean {
  // A wallet that calls itself "WalletConnect" never joins the row that pairs with a phone (it would
  // take the row's name and icon, and connect itself where the user asked for a QR code).
  if (pairsRemotely(a) !== pairsRemotely(b)) return false
  if (a.explorerId && b.explorerId) return a.explorerId === b.explorerId
  return a.name.trim().toLowerCase() === b.name.trim().toLowerCase()
}

/**
 * @internal
 * Picks a wallet listed as one row with its connectors (Connect and All Wallets): one connector
 * connects, while a wallet installed for several namespaces first asks which one to connect.
 * `start` is the view's {@link useStartConnection}, so a double click starts one attempt.
 *
 * @example
 * const selectWallet = useSelectWallet(useStartConnection())
 * selectWallet(row.connectors)
 */
export function useSelectWallet(start: ReturnType<typeof useStartConnection>) {
  const { modal } = usePorticoUI('useSelectWallet')
  const connectWith = useConnectWith(start)
  return useCallback(
    (connectors: readonly SortedConnector[]) => {
      const [connector] = connectors
      if (connectors.length > 1)
        modal.push({ view: 'ConnectingExternal', data: { connectorUids: connectors.map((c) => c.uid) } })
      else if (connector) connectWith(connector)
    },
    [connectWith, modal],
  )
}
