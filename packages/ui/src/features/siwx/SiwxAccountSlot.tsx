import { usePortico } from '@portico/headless'
import { HeldPlace } from '../../components/HeldPlace.js'
import { lazy, useLazy } from '../../modal/lazy.js'

const status = lazy(() => import('./SiwxAccountStatus.js').then((m) => m.SiwxAccountStatus))

/**
 * @internal
 * Where the Account view shows the sign-in row: its code (and the sign-in flow's) loads only when
 * the instance has a `siwx` option, so accounts without sign-in pay nothing for it.
 */
export function SiwxAccountSlot() {
  const { portico } = usePortico('SiwxAccountSlot')
  const enabled = Boolean(portico.options.siwx)
  const Status = useLazy(status, enabled, 'the sign-in status')
  if (Status) return <Status />
  return enabled && Status === undefined ? <HeldPlace space="status" /> : null
}
