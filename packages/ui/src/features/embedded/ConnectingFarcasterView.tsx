import { usePortico } from '@portico/headless'
import { useEffect } from 'react'
import { button } from '../../components/primitives.css.js'
import { preloadQrEncoder, QrCode } from '../../components/QrCode.js'
import { Spinner } from '../../components/Spinner.js'
import * as views from '../../components/views.css.js'
import { usePorticoUI } from '../../context.js'
import { type Catalogue, useFeatureMessages } from '../../i18n/featureMessages.js'
import type { FeatureTitle } from '../../modal/featureTitle.js'
import { ViewLoading } from '../../modal/ViewLoading.js'
import * as css from './embedded.css.js'
import { embeddedMessages } from './messages.js'
import { type createSocialLogin, useSocialLogin } from './socialLogin.js'
import { useWatchEmbedded } from './watchEmbedded.js'

// The QR encoder starts loading with this chunk, while the frame asks the relay for a channel.
preloadQrEncoder().catch(() => {})

/**
 * @internal
 * The spec's ConnectingFarcaster view: Sign In With Farcaster through the secure frame. The link
 * of the relay's channel is shown as a QR code (for the phone) and a link (on the phone itself);
 * once the user approved it in their Farcaster app the account connects and the username shows.
 * 'Failed to connect to farcaster' with a button that starts over.
 */
export function ConnectingFarcasterView() {
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
          {text.socialRetry}
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
    if (connected && modal.navigation.get().history.at(-1)?.view !== 'SIWXSignMessage') modal.open({ view: 'Account' })
  })
}

ConnectingFarcasterView.featureTitle = {
  messages: embeddedMessages,
  title: (text: Catalogue<typeof embeddedMessages.en>) => text.farcasterTitle,
} satisfies FeatureTitle
