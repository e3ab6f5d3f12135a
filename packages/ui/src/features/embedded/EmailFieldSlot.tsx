import * as views from '../../components/views.css.js'
import { LazyPart } from '../../modal/LazyPart.js'
import { lazy } from '../../modal/lazy.js'

const field = lazy(() => import('./EmailField.js').then((m) => m.EmailField))

/**
 * @internal
 * Where the Connect view shows the email field, once its small chunk (the field and the email
 * login text) has arrived; the space is held meanwhile so the list below does not move. Rendered
 * only when the host set up email login, so other Connect views fetch nothing for it.
 */
export function EmailFieldSlot() {
  return (
    <LazyPart part={field} what="the email field" held={<div className={views.emailFieldSpace} aria-hidden="true" />} />
  )
}
