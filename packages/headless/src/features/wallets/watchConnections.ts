import type { Portico } from '../../kernel/portico.js'
import { featuresAtom } from '../../kernel/state/atoms.js'
import { getWalletsState, isMultiWalletEnabled, orderedConnectionsAtom, startConnections } from './connections.js'
import type { GetConnectionsReturnType } from './getConnections.js'

export type WatchConnectionsParameters = {
  onChange(connections: GetConnectionsReturnType): void
}

/**
 * Calls `onChange` with the list of wallet connections whenever it changes. While the
 * `multiWallet` feature is off (the remote project configuration turned it off, or it was never
 * on), a subscriber gets the info alert 'Multi-Wallet Not Enabled', once per instance.
 *
 * @example
 * const unwatch = watchConnections(portico, { onChange: (connections) => render(connections) })
 */
export function watchConnections(portico: Portico, { onChange }: WatchConnectionsParameters): () => void {
  startConnections(portico)
  const alertWhenOff = () => {
    const state = getWalletsState(portico)
    if (isMultiWalletEnabled(portico) || state.alerted) return
    state.alerted = true
    portico.alerts.emit('MULTI_WALLET_NOT_ENABLED')
  }
  alertWhenOff()
  const unwatchFeatures = portico.store.sub(featuresAtom, alertWhenOff)
  const unwatch = portico.store.sub(orderedConnectionsAtom, () => onChange(portico.store.get(orderedConnectionsAtom)))
  return () => {
    unwatchFeatures()
    unwatch()
  }
}
