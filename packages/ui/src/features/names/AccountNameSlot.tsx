import { useConnection, usePortico } from '@portico/headless'
import type { ReactNode } from 'react'
import { lazy, useLazy } from '../../modal/lazy.js'

const accountName = lazy(() => import('./AccountName.js').then((m) => m.AccountName))

/**
 * @internal
 * Where the account button and the Account view show the connected account's profile name
 * (`alice.reown.id`) instead of its short address. The lookup's code loads only for a connected
 * EVM account with the blockchain API on (names are EVM only, the spec), so a page pays nothing
 * for it before that; until it has answered, `fallback` shows.
 */
export function AccountNameSlot({ fallback }: { fallback: ReactNode }) {
  const { portico } = usePortico('AccountNameSlot')
  const connection = useConnection()
  const address = connection.namespace === 'eip155' ? connection.address : undefined
  const enabled = Boolean(address && portico.options.projectId && portico.options.blockchainApi)
  const Name = useLazy(accountName, enabled, 'the account name')
  return Name && address ? <Name address={address} fallback={fallback} /> : fallback
}
