import { usePortico } from '@portico/headless'
import { useEffect } from 'react'
import { button } from '../../components/primitives.css.js'
import { preloadQrEncoder, QrCode } from '../../components/QrCode.js'
import { Spinner } from '../../components/Spinner.js'
import * as views from '../../components/views.css.js'
import { usePorticoUI } from '../../context.js'
import type { Catalogue } from '../../i18n/featureMessages.js'
import { useFeatureMessages } from '../../i18n/useFeatureMessages.js'
import { afterConnected } from '../../modal/afterConnected.js'
import { ViewLoading } from '../../modal/ViewLoading.js'
import type { FeatureTitle } from '../../modal/viewSlot.js'
import type { ViewEntryOf } from '../../modal/views.js'
import * as css from './embedded.css.js'
import { embeddedMessages } from './messages.js'
import { type createSocialLogin, type PopupProvider, useSocialLogin } from './socialLogin.js'
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
  return data.provider === 'farcaster' ? <ConnectingFarcaster /> : <ConnectingPopup provider={data.provider} />
}

function ConnectingPopup({ provider }: { provider: PopupProvider }) {
  const data = { provider }
  const text = useFeatureMessages(embeddedMessages)
  const { modal } = usePorticoUI('ConnectingSocialView')
  const { portico } = usePortico('ConnectingSocialView')
  const { login, state } = useSocialLogin()
  // The frame's prompts (a new wallet's recovery code) show over the modal during the login.
  useWatchEmbedded(true)
  if (!text) return <ViewLoading />
  const name = socialNames[data.provider]
  const connected = (ok: boolean) => {
    if (ok) afterConnected(modal, () => modal.open({ view: 'Account' }))
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
          {text.retry}
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

// The QR encoder starts loading with this chunk (Farcaster draws one), while the frame asks the relay for a channel.
preloadQrEncoder().catch(() => {})

/**
 * The spec's ConnectingFarcaster view (ConnectingSocial with `farcaster`): Sign In With Farcaster through the secure frame. The link
 * of the relay's channel is shown as a QR code (for the phone) and a link (on the phone itself);
 * once the user approved it in their Farcaster app the account connects and the username shows.
 * 'Failed to connect to farcaster' with a button that starts over.
 */
function ConnectingFarcaster() {
  const text = useFeatureMessages(embeddedMessages)
  const { modal } = usePorticoUI('ConnectingFarcasterView')
  const { portico } = usePortico('ConnectingFarcasterView')
  const { login, state } = useSocialLogin()
  useWatchEmbedded(true)
  // Started when the view opens (a QR code needs no window); again when it opens anew after a
  // finished or failed attempt. A pending one (the view shown again after an approval) goes on.
  useEffect(() => {
    const current = login.get()
    if (current.provider === 'farcaster' && current.status === 'pending') return
    start(login, portico, modal)
  }, [login, portico, modal])
  if (!text) return <ViewLoading />
  const mine = state.provider === 'farcaster'
  if (mine && state.status === 'error')
    return (
      <div className={views.center} data-slot="connecting-farcaster" data-state="error">
        <p className={css.error} role="alert" data-slot="farcaster-error">
          {state.error?.shortMessage}
        </p>
        <button
          type="button"
          className={button({ variant: 'secondary', size: 'md' })}
          onClick={() => start(login, portico, modal)}
          data-slot="farcaster-retry"
        >
          {text.retry}
        </button>
      </div>
    )
  if (mine && state.status === 'success')
    return (
      <div className={views.center} data-slot="connecting-farcaster" data-state="success">
        <p className={views.headline} data-slot="farcaster-user">
          {text.farcasterSignedIn(state.userName ?? '')}
        </p>
      </div>
    )
  const url = mine ? state.farcasterUrl : undefined
  return (
    <div className={views.center} data-slot="connecting-farcaster" data-state={url ? 'waiting' : 'loading'}>
      <QrCode value={url} label={text.farcasterQrLabel} loadingLabel={text.farcasterLoading} />
      <p className={views.muted}>{text.farcasterScan}</p>
      {url ? (
        <>
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className={button({ variant: 'secondary', size: 'md' })}
            data-slot="farcaster-link"
          >
            {text.farcasterOpen}
          </a>
          <Spinner size={20} label={text.farcasterWaiting} />
        </>
      ) : null}
    </div>
  )
}

function start(
  login: ReturnType<typeof createSocialLogin>,
  portico: ReturnType<typeof usePortico>['portico'],
  modal: ReturnType<typeof usePorticoUI>['modal'],
) {
  void login.farcaster(portico).then((connected) => {
    if (connected) afterConnected(modal, () => modal.open({ view: 'Account' }))
  })
}
