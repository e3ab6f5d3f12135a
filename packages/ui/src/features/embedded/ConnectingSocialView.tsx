import { usePortico } from '@portico/headless'
import { button } from '../../components/primitives.css.js'
import { Spinner } from '../../components/Spinner.js'
import * as views from '../../components/views.css.js'
import { usePorticoUI } from '../../context.js'
import { type Catalogue, useFeatureMessages } from '../../i18n/featureMessages.js'
import type { FeatureTitle } from '../../modal/featureTitle.js'
import { ViewLoading } from '../../modal/ViewLoading.js'
import type { ViewEntryOf } from '../../modal/views.js'
import * as css from './embedded.css.js'
import { embeddedMessages } from './messages.js'
import { useSocialLogin } from './socialLogin.js'
import { socialNames } from './socialNames.js'
import { useWatchEmbedded } from './watchEmbedded.js'

/**
 * @internal
 * A social login under way (started by the Connect view's button, whose click opened the login
 * window): waits while the user signs in there; a blocked window gets a link whose click opens it
 * and lets the frame's login go on; 'Popup closed', 'Failed to initiate social connection' and
 * 'Failed to connect' are shown with a button that tries again (its click opens a new window).
 */
export function ConnectingSocialView({ data }: ViewEntryOf<'ConnectingSocial'>) {
  const text = useFeatureMessages(embeddedMessages)
  const { modal } = usePorticoUI('ConnectingSocialView')
  const { portico } = usePortico('ConnectingSocialView')
  const { login, state } = useSocialLogin()
  // The frame's prompts (a new wallet's recovery code) show over the modal during the login.
  useWatchEmbedded(true)
  if (!text) return <ViewLoading />
  const name = socialNames[data.provider]
  const connected = (ok: boolean) => {
    if (ok && modal.navigation.get().history.at(-1)?.view !== 'SIWXSignMessage') modal.open({ view: 'Account' })
  }
  const error = state.provider === data.provider && state.status === 'error' ? state.error : undefined
  const blockedUrl = error?.name === 'SocialPopupBlockedError' ? error.url : undefined

  if (blockedUrl)
    return (
      <div className={views.center} data-slot="connecting-social" data-state="blocked">
        <p className={views.headline}>{text.socialBlocked}</p>
        <a
          href={blockedUrl}
          className={css.socialLink}
          // Opened here, in the user's click (a link a blocker lets through); the frame's login goes on.
          onClick={(event) => {
            event.preventDefault()
            void login.social(portico, data.provider, blockedUrl).then(connected)
          }}
          data-slot="social-open-link"
        >
          {text.socialOpenLink(name)}
        </a>
      </div>
    )
  if (error)
    return (
      <div className={views.center} data-slot="connecting-social" data-state="error">
        <p className={css.error} role="alert" data-slot="social-error">
          {error.shortMessage}
        </p>
        <button
          type="button"
          className={button({ variant: 'secondary', size: 'md' })}
          onClick={() => void login.social(portico, data.provider).then(connected)}
          data-slot="social-retry"
        >
          {text.socialRetry}
        </button>
      </div>
    )
  return (
    <div className={views.center} data-slot="connecting-social" data-state={state.status}>
      <p className={views.headline}>{text.socialWaiting(name)}</p>
      <p className={views.muted}>{text.socialWaitingBody}</p>
      <Spinner size={24} label={text.socialWaiting(name)} />
    </div>
  )
}

ConnectingSocialView.featureTitle = {
  messages: embeddedMessages,
  title: (text: Catalogue<typeof embeddedMessages.en>) => text.socialTitle,
} satisfies FeatureTitle
