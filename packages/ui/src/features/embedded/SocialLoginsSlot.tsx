import { HeldPlace } from '../../components/HeldPlace.js'
import { LazyPart } from '../../modal/LazyPart.js'
import { lazy } from '../../modal/lazy.js'
import type { SocialProvider } from './socialLogin.js'

const logins = lazy(() => import('./SocialLogins.js').then((m) => m.SocialLogins))

/**
 * @internal
 * Where the Connect view shows the social logins, once their chunk (the buttons, the embedded
 * wallet's core entry that opens the login window in the click) has arrived. Rendered only when
 * the host set up the embedded wallet and socials are on, so other Connect views fetch nothing.
 * Until then their place is held (the large first button, and the row under it when there are
 * more), so the wallet rows under them stay put.
 */
export function SocialLoginsSlot({ socials }: { socials: readonly SocialProvider[] }) {
  return (
    <LazyPart
      part={logins}
      props={{ socials }}
      what="the social logins"
      held={<HeldPlace buttons={socials.length > 1 ? ['lg', 'md'] : ['lg']} space="stack" />}
    />
  )
}
