import { useConnection, usePortico } from '@portico/headless'
import { lazy, useLazy } from './lazy.js'

// Features that move the modal from their own state, outside any view: sign-in opens it to ask for
// a signature after a connection; the embedded wallet opens it for an approval its secure frame
// asks for. Each one's code loads only once it applies, so other pages pay nothing for it.
const siwx = lazy(() => import('../features/siwx/watchSiwx.js').then((m) => m.SiwxWatch))
const embedded = lazy(() => import('../features/embedded/EmbeddedWatch.js').then((m) => m.EmbeddedWatch))

/** @internal Beside the modal in `<PorticoUI>`: the watchers of the features that apply. */
export function FeatureWatchers() {
  const { portico } = usePortico('FeatureWatchers')
  const connection = useConnection()
  const Siwx = useLazy(siwx, Boolean(portico.options.siwx), 'the sign-in watcher')
  // The email wallet's prompts matter while an account is connected through it (its AUTH connector).
  const emailWallet = connection.isConnected && connection.connectorId === 'auth'
  const Embedded = useLazy(embedded, emailWallet, 'the email wallet')
  return (
    <>
      {Siwx ? <Siwx /> : null}
      {Embedded ? <Embedded /> : null}
    </>
  )
}
