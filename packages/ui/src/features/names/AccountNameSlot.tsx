import { usePortico } from '@portico/headless'
import { lazy, useLazy } from '../../modal/lazy.js'

const chunk = lazy(() => import('./AccountName.js'))

/**
 * @internal
 * Where the account button and the Account view show the connected account's profile name
 * (`alice.reown.id`) instead of its short address. The lookup's code loads only for an EVM
 * `address` (names are EVM only, the spec; callers pass none for other namespaces) with the
 * blockchain API on, so a page pays nothing for it before; until it has answered, `fallback` shows.
 * Kept this small on purpose: the account button is page start.
 */
export function AccountNameSlot({ address, fallback }: { address: string | undefined; fallback: string }) {
  const { options } = usePortico('AccountNameSlot').portico
  const Name = useLazy(chunk, Boolean(address && options.projectId && options.blockchainApi), 'the account name')
  return Name && address ? <Name.AccountName address={address} fallback={fallback} /> : fallback
}
