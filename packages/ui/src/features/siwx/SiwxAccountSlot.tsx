import { usePortico } from '@portico/headless'
import { HeldPlace } from '../../components/HeldPlace.js'
import { LazyPart } from '../../modal/LazyPart.js'
import { lazy } from '../../modal/lazy.js'

const status = lazy(() => import('./SiwxAccountStatus.js').then((m) => m.SiwxAccountStatus))

/**
 * @internal
 * Where the Account view shows the sign-in row: its code (and the sign-in flow's) loads only when
 * the instance has a `siwx` option, so accounts without sign-in pay nothing for it.
 */
export function SiwxAccountSlot() {
  const { portico } = usePortico('SiwxAccountSlot')
  const enabled = Boolean(portico.options.siwx)
  return <LazyPart part={status} enabled={enabled} what="the sign-in status" held={<HeldPlace space="status" />} />
}
