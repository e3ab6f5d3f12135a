import { useConnection, usePortico } from '@portico/headless'
import { HeldPlace } from '../../components/HeldPlace.js'
import { lazy, useLazy } from '../../modal/lazy.js'

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
  const Button = useLazy(button, enabled, 'the name registration entry')
  if (Button) return <Button />
  return enabled && Button === undefined ? <HeldPlace space="entry" /> : null
}
