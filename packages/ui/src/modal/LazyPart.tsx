import type { ComponentType, ReactNode } from 'react'
import { PartHeld, PartPending } from '../components/PartPending.js'
import { type Lazy, useLazy } from './lazy.js'

/**
 * @internal
 * A lazily loaded part of a view (a slot a feature fills with its small component): rendered once
 * its code has arrived. Until then `held` stands in its place, so the part does not push the rows
 * under it when it arrives (in a centred dialog or a bottom sheet it would move them all, and a tap
 * on its way lands on another row). Every part names its stand-in, so a new slot cannot forget it.
 * Beside the stand-in, a `PartPending` marker says the view is not whole yet: the part may still
 * differ from its stand-in in height, or stand in with nothing at all. The loaded part is given the
 * stand-in (`PartHeld`), to keep it while its own text loads (`<PartPending holdPlace />`).
 * Nothing renders while `enabled` is false, nor when the code could not load (warned about, naming
 * `what`; the next mount tries again).
 *
 * @example
 * const button = lazy(() => import('./ChooseNameButton.js').then((m) => m.ChooseNameButton))
 * <LazyPart part={button} enabled={canRegister} what="the name registration entry" held={<HeldPlace space="entry" />} />
 */
export function LazyPart<props extends object>(
  options: {
    part: Lazy<ComponentType<props>>
    enabled?: boolean
    what: string
    /** What holds the part's place while its code loads. */
    held: ReactNode
  } & (Record<string, never> extends props ? { props?: props } : { props: props }),
): ReactNode {
  const enabled = options.enabled ?? true
  const Part = useLazy(options.part, enabled, options.what)
  if (!enabled || Part === null) return null
  if (Part)
    return (
      <PartHeld value={options.held}>
        <Part {...((options.props ?? {}) as props)} />
      </PartHeld>
    )
  return (
    <>
      {options.held}
      <PartPending />
    </>
  )
}
