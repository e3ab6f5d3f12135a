import { useConnection } from '@portico/headless'
import { HeldPlace } from '../../components/HeldPlace.js'
import { lazy, useLazy } from '../../modal/lazy.js'

const row = lazy(() => import('./EmbeddedAccountRow.js').then((m) => m.EmbeddedAccountRow))

/**
 * @internal
 * Where the Account view shows the embedded wallet's email (and "Change"). Its code loads only
 * while the account is connected through email login (the AUTH connector), so other accounts pay
 * nothing for it.
 */
export function EmbeddedAccountSlot() {
  const connection = useConnection()
  const enabled = connection.isConnected && connection.connectorId === 'auth'
  const Row = useLazy(row, enabled, 'the email wallet row')
  if (Row) return <Row />
  return enabled && Row === undefined ? <HeldPlace space="row" /> : null
}
