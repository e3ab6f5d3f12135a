import { LazyPart } from '../../../modal/LazyPart.js'
import { lazy } from '../../../modal/lazy.js'
import * as styles from './legal.css.js'

const consent = lazy(() => import('./LegalConsent.js').then((m) => m.LegalConsent))

/**
 * @internal
 * Where the Connect view shows the host's legal line, once its small chunk has arrived (rendered
 * only when the host gave a terms or privacy URL, so other Connect views fetch nothing for it).
 * Until then the wallets stay disabled when the checkbox is asked for: connecting waits for it.
 */
export function LegalSlot({ mode }: { mode: 'checkbox' | 'notice' }) {
  return (
    <LazyPart
      part={consent}
      props={{ mode }}
      what="the legal line"
      held={<div className={styles.legalSpace} aria-hidden="true" />}
    />
  )
}
