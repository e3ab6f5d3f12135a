import { usePortico } from '@portico/headless'
import { useState } from 'react'
import { PartPending } from '../../components/PartPending.js'
import { button } from '../../components/primitives.css.js'
import { usePorticoUI } from '../../context.js'
import { useFeatureMessages } from '../../i18n/useFeatureMessages.js'
import { afterConnected } from '../../modal/afterConnected.js'
import { preloadView } from '../../modal/views.js'
import * as css from './embedded.css.js'
import { embeddedMessages } from './messages.js'
import { type SocialProvider, useSocialLogin } from './socialLogin.js'
import { socialNames } from './socialNames.js'

/** How many logins the row under the first shows before "more" (the rest appear on its click). */
const rowSize = 3

/**
 * @internal
 * The Connect view's social logins in the host's order (the spec's default: google, x, farcaster,
 * discord, apple, github, facebook): the first as a large button, the next in a row, and a "more"
 * button that shows the rest. A popup login opens its window in the click itself, then shows
 * ConnectingSocial; Farcaster shows its QR code (ConnectingFarcaster).
 */
export function SocialLogins({ socials }: { socials: readonly SocialProvider[] }) {
  const text = useFeatureMessages(embeddedMessages)
  const { modal } = usePorticoUI('SocialLogins')
  const { portico } = usePortico('SocialLogins')
  const { login } = useSocialLogin()
  const [expanded, setExpanded] = useState(false)
  if (socials.length === 0) return null
  if (!text) return <PartPending holdPlace />
  const [first, ...rest] = socials as [SocialProvider, ...SocialProvider[]]
  // Everything fits without "more" when only one would hide behind it.
  const collapsed = !expanded && rest.length > rowSize + 1
  const row = collapsed ? rest.slice(0, rowSize) : rest
  const select = (provider: SocialProvider) => {
    if (provider === 'farcaster') {
      modal.push({ view: 'ConnectingSocial', data: { provider } })
      return
    }
    // The window opens in this click, before the view's code is fetched.
    void login.social(portico, provider).then((connected) => {
      if (connected) afterConnected(modal, () => modal.open({ view: 'Account' }))
    })
    modal.push({ view: 'ConnectingSocial', data: { provider } })
  }
  const intent = () => () => void preloadView(modal.table, 'ConnectingSocial').catch(() => {})
  return (
    <fieldset className={css.socials} aria-label={text.socialSection} data-slot="connect-socials">
      <button
        type="button"
        className={button({ variant: 'secondary', size: 'lg' })}
        onClick={() => select(first)}
        onPointerEnter={intent()}
        onFocus={intent()}
        data-slot="social-login"
        data-provider={first}
      >
        {text.socialContinueWith(socialNames[first])}
      </button>
      {row.length > 0 || collapsed ? (
        <div className={css.socialRow}>
          {row.map((provider) => (
            <button
              key={provider}
              type="button"
              className={`${button({ variant: 'secondary', size: 'md' })} ${css.socialButton}`}
              onClick={() => select(provider)}
              onPointerEnter={intent()}
              onFocus={intent()}
              aria-label={text.socialContinueWith(socialNames[provider])}
              data-slot="social-login"
              data-provider={provider}
            >
              {socialNames[provider]}
            </button>
          ))}
          {collapsed ? (
            <button
              type="button"
              className={`${button({ variant: 'secondary', size: 'md' })} ${css.socialButton}`}
              onClick={() => setExpanded(true)}
              aria-expanded={false}
              data-slot="social-more"
            >
              {/* A count is what fits the row; the name says what it does. */}
              <span aria-hidden="true">{`+${rest.length - rowSize}`}</span>
              <span className={css.visuallyHidden}>{text.socialMore}</span>
            </button>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  )
}
