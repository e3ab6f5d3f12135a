import { lazy, useLazy } from '../../modal/lazy.js'
import type { SocialProvider } from './socialLogin.js'

/** The logins' height (a large button, then a row), held while their chunk arrives. */
const socialsSpace = { height: 96 }

const logins = lazy(() => import('./SocialLogins.js').then((m) => m.SocialLogins))

/**
 * @internal
 * Where the Connect view shows the social logins, once their chunk (the buttons, the embedded
 * wallet's core entry that opens the login window in the click) has arrived. Rendered only when
 * the host set up the embedded wallet and socials are on, so other Connect views fetch nothing.
 */
export function SocialLoginsSlot({ socials }: { socials: readonly SocialProvider[] }) {
  const Logins = useLazy(logins, true, 'the social logins')
  return Logins ? <Logins socials={socials} /> : <div style={socialsSpace} aria-hidden="true" />
}
