import { type ComponentType, useEffect, useState } from 'react'
import * as views from '../../components/views.css.js'

let loaded: ComponentType | undefined

/**
 * @internal
 * Where the Connect view shows the email field, once its small chunk (the field and the email
 * login text) has arrived; the space is held meanwhile so the list below does not move. Rendered
 * only when the host set up email login, so other Connect views fetch nothing for it.
 */
export function EmailFieldSlot() {
  const [Field, setField] = useState(() => loaded)
  useEffect(() => {
    if (Field) return
    let live = true
    import('./EmailField.js').then(
      (m) => {
        loaded = m.EmailField
        if (live) setField(() => m.EmailField)
      },
      (error: unknown) => console.warn('[portico] Could not load the email field.', error),
    )
    return () => {
      live = false
    }
  }, [Field])
  return Field ? <Field /> : <div className={views.emailFieldSpace} aria-hidden="true" />
}
