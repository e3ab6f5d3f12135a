import { usePortico } from '@portico/headless'
import { lazy, useLazy } from '../../modal/lazy.js'

const status = lazy(() => import('./SiwxAccountStatus.js').then((m) => m.SiwxAccountStatus))

/**
 * @internal
 * Where the Account view shows the sign-in row: its code (and the sign-in flow's) loads only when
 * the instance has a `siwx` option, so accounts without sign-in pay nothing for it.
 */
export function SiwxAccountSlot() {
  const { portico } = usePortico('SiwxAccountSlot')
  const Status = useLazy(status, Boolean(portico.options.siwx), 'the sign-in status')
  return Status ? <Status /> : null
}
