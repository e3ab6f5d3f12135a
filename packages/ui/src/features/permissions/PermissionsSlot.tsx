import { useConnection, useFeatures } from '@portico/headless'
import { LazyPart } from '../../modal/LazyPart.js'
import { lazy } from '../../modal/lazy.js'

const list = lazy(() => import('./PermissionsList.js').then((m) => m.PermissionsList))

/**
 * @internal
 * Where the Account view lists the account's permissions (ERC-7715 grants, smart sessions): only
 * while the `smartSessions` feature is on and an EVM account is connected. Its code, the
 * permissions feature and its text load only then; the list shows only when there are grants.
 */
export function PermissionsSlot() {
  const { smartSessions } = useFeatures()
  const connection = useConnection({ namespace: 'eip155' })
  return (
    <LazyPart
      part={list}
      enabled={smartSessions && connection.status === 'connected'}
      what="the permissions list"
      // Nothing stands in: the list shows only once the wallet says it has grants, which is after
      // its code arrived anyway, and an account without grants shows nothing here.
      held={null}
    />
  )
}
