import type { ConnectorGroup } from '../defaults.js'
import type { Connector } from '../types.js'
import type { RecentWallet } from './atoms.js'

/** The group a connector is listed under and the badges the UI shows. */
export type ConnectorListing = {
  group: ConnectorGroup
  isRecent: boolean
  isInstalled: boolean
  isFeatured: boolean
}

/** A connector with the group it is listed under and the badges the UI shows. */
export type SortedConnector = Connector & ConnectorListing

/** What ordering needs to know of a connector. */
type Sortable = Pick<Connector, 'id' | 'uid' | 'chain' | 'type' | 'explorerId'>

/**
 * @internal
 * Orders connectors by the spec's connector order (walletConnect, recent, injected, featured,
 * custom, external, recommended, or the host's `connectorOrder`). Each connector is listed once,
 * under the first group in that order it belongs to; within a group, recent wallets keep their
 * recency and others their discovery order.
 */
export function sortConnectors<connector extends Sortable>(
  connectors: readonly connector[],
  {
    order,
    recent,
    featuredWalletIds,
  }: { order: readonly ConnectorGroup[]; recent: readonly RecentWallet[]; featuredWalletIds: readonly string[] },
): (connector & ConnectorListing)[] {
  const isRecent = (c: Sortable) => recent.some((r) => r.id === c.id && r.namespace === c.chain)
  const isFeatured = (c: Sortable) =>
    featuredWalletIds.includes(c.id) || (c.explorerId !== undefined && featuredWalletIds.includes(c.explorerId))
  const groupsOf = (c: Sortable): ConnectorGroup[] => {
    const groups: ConnectorGroup[] = []
    if (c.type === 'WALLET_CONNECT') groups.push('walletConnect')
    if (isRecent(c)) groups.push('recent')
    if (c.type === 'ANNOUNCED' || c.type === 'INJECTED' || c.type === 'MULTI_CHAIN') groups.push('injected')
    if (isFeatured(c)) groups.push('featured')
    // The embedded wallet (AUTH) is in the registry but no wallet to pick from a list: the email
    // field reaches it.
    if (c.type === 'EXTERNAL') groups.push('external')
    return groups
  }
  const recency = (c: Sortable) => {
    const index = recent.findIndex((r) => r.id === c.id && r.namespace === c.chain)
    return index === -1 ? Number.POSITIVE_INFINITY : index
  }
  const placed = new Set<string>()
  const sorted: (connector & ConnectorListing)[] = []
  for (const group of order) {
    const members = connectors.filter((c) => !placed.has(c.uid) && groupsOf(c).includes(group))
    if (group === 'recent') members.sort((a, b) => recency(a) - recency(b))
    for (const c of members) {
      placed.add(c.uid)
      sorted.push({
        ...c,
        group,
        isRecent: isRecent(c),
        isInstalled: c.type === 'ANNOUNCED' || c.type === 'INJECTED',
        isFeatured: isFeatured(c),
      })
    }
  }
  return sorted
}
