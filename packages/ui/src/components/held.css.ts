import { style } from '@vanilla-extract/css'
import { vars } from '../css/theme.css.js'

/** A place held for a lazy part (HeldPlace): its size, nothing drawn. */
export const held = style({ display: 'flex', visibility: 'hidden' })

/** The block spacing each held part has around its button, as the part's own style gives it. */
export const heldSpace = {
  /** The names entry (names.css.ts `entry`). */
  entry: style({ marginBlockStart: vars.space.xs }),
  /** The sign-in row (siwx.css.ts `status`). */
  status: style({ marginBlockStart: vars.space.md, paddingBlock: vars.space.xs }),
  /** The email wallet's row (embedded.css.ts `emailRow`). */
  row: style({ paddingBlock: vars.space.xs }),
  /** The social logins (embedded.css.ts `socials`): a large button over a row. */
  stack: style({ flexDirection: 'column', gap: vars.space.xs }),
}
