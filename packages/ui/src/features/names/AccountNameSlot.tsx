import { usePortico } from '@portico/headless'
import type { ReactNode } from 'react'
import { lazy, useLazy } from '../../modal/lazy.js'

const chunk = lazy(() => import('./AccountName.js'))

/**
 * @internal
 * Where the account button, the Account view and activity rows show an account's profile name
 * (`alice.reown.id`) instead of its short address, or with `avatar` (a size) its profile picture
 * instead of the generated one. The lookup's code loads only for an EVM `address` (names are EVM
 * only, the spec; callers pass none for other namespaces) with the blockchain API on, so a page
 * pays nothing for it before; until it has answered, `fallback` shows. Kept this small on purpose:
 * the account button is page start.
 */
export function AccountNameSlot(props: { address: string | undefined; fallback: ReactNode; avatar?: number }) {
  const { options } = usePortico('AccountNameSlot').portico
  const Name = useLazy(chunk, Boolean(props.address && options.projectId && options.blockchainApi), 'the account name')
  // The props go through whole: page start pays for no copy of them.
  return Name && props.address ? <Name.AccountName {...props} /> : props.fallback
}
