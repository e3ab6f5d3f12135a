import { useConnection, usePortico } from '@portico/headless'
import { HeldPlace } from '../../components/HeldPlace.js'
import { LazyPart } from '../../modal/LazyPart.js'
import { lazy } from '../../modal/lazy.js'

const button = lazy(() => import('./ChooseNameButton.js').then((m) => m.ChooseNameButton))

/**
 * @internal
 * Where the Account view offers "Choose a name": only when the connected wallet can register names
 * (its connector's `accountNames`, e.g. the email wallet), on an EVM account, with the blockchain
 * API on. Its code (and the names text) loads only then.
 */
export function ChooseNameSlot() {
  const { portico } = usePortico('ChooseNameSlot')
  const connection = useConnection()
  const enabled =
    connection.isConnected &&
    connection.namespace === 'eip155' &&
    connection.connector?.accountNames === true &&
    Boolean(portico.options.projectId && portico.options.blockchainApi)
  return (
    <LazyPart part={button} enabled={enabled} what="the name registration entry" held={<HeldPlace space="entry" />} />
  )
}
