import { useConnection } from '@portico/headless'
import { HeldPlace } from '../../components/HeldPlace.js'
import { LazyPart } from '../../modal/LazyPart.js'
import { lazy } from '../../modal/lazy.js'

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
  return <LazyPart part={row} enabled={enabled} what="the email wallet row" held={<HeldPlace space="row" />} />
}
