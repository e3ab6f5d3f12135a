import { held, heldSpace } from './held.css.js'
import { button } from './primitives.css.js'

/**
 * @internal
 * An invisible stand-in, the size of the kit's buttons (plus the block spacing its part has),
 * held where a lazy part of a view is about to appear. Without it the part arrives a moment after
 * the view and pushes what is under it down (or, in a centred dialog or a bottom sheet, moves
 * everything), so a tap already on its way lands on another row.
 *
 * @example
 * <LazyPart part={button} enabled={enabled} what="the entry" held={<HeldPlace space="entry" />} />
 */
export function HeldPlace({
  buttons = ['sm'],
  space,
}: {
  /** The sizes of the part's buttons, one over the other. */
  buttons?: readonly ('sm' | 'md' | 'lg')[]
  space?: keyof typeof heldSpace
}) {
  return (
    <div aria-hidden="true" data-held="" className={space ? `${held} ${heldSpace[space]}` : held}>
      {buttons.map((size, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of stand-ins, none has an identity
        <span key={index} className={button({ variant: 'secondary', size })} />
      ))}
    </div>
  )
}
