import { useConnectors, type WalletConnectWallet } from '@portico/headless'
import type { WalletConnectLinks } from '@portico/headless/walletconnect'
import { useWalletConnectUri } from '@portico/headless/walletconnect/react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { Icon } from '../../components/Icon.js'
import { button } from '../../components/primitives.css.js'
import { preloadQrEncoder, QrCode } from '../../components/QrCode.js'
import { Spinner } from '../../components/Spinner.js'
import * as views from '../../components/views.css.js'
import { usePorticoUI } from '../../context.js'
import { useFeatureMessages } from '../../i18n/useFeatureMessages.js'
import { useToasts } from '../../modal/toasts.js'
import { ConnectionFailed } from '../connect/ConnectionFailed.js'
import { pairsRemotely, useConnectionAttempt, useStartConnection } from '../connect/connection.js'
import { walletConnectMessages } from './messages.js'
import { linkStatus } from './walletconnect.css.js'

// The QR encoder starts loading with this chunk (both WalletConnect views import it, and they are
// fetched when the user reaches for WalletConnect), so it is there when the pairing URI arrives.
if (typeof window !== 'undefined') preloadQrEncoder().catch(() => {})

/** `loading` until the pairing URI exists, `connecting` while it waits to be scanned or opened. */
export type WalletConnectState = 'loading' | 'connecting' | 'rejected' | 'error'

/**
 * @internal
 * What the WalletConnect views show of the pairing the user started (by picking WalletConnect
 * or a directory wallet): its URI while it waits, or how it failed; Try again pairs afresh.
 */
export function useWalletConnectSession(wallet?: WalletConnectWallet | undefined) {
  const connector = useConnectors().find(pairsRemotely)
  const start = useStartConnection()
  const pairing = useWalletConnectUri()
  const attempt = useConnectionAttempt()
  const retry = () => {
    if (connector) start({ connector, ...(wallet ? { wallet } : {}) })
  }
  const state: WalletConnectState = attempt !== 'connecting' ? attempt : pairing ? 'connecting' : 'loading'
  return { state, uri: state === 'connecting' ? pairing?.uri : undefined, retry }
}

/**
 * @internal
 * Whether the pairing link was renewed (it expired while the view was open and a new one replaced
 * it). A new link after a failure (Try again) is a new attempt, not a renewal.
 */
export function useLinkRenewed(uri: string | undefined, state: WalletConnectState): boolean {
  const last = useRef<string | undefined>(undefined)
  const [renewed, setRenewed] = useState(false)
  useEffect(() => {
    if (state === 'rejected' || state === 'error') {
      last.current = undefined
      setRenewed(false)
      return
    }
    if (!uri) return
    if (last.current !== undefined && last.current !== uri) setRenewed(true)
    last.current = uri
  }, [uri, state])
  return renewed
}

/** A link that leaves the page opens a tab; an app scheme is handed to the OS from this one. */
const linkTarget = (href: string) =>
  /^https?:/.test(href) ? { target: '_blank', rel: 'noopener noreferrer' } : { rel: 'noopener noreferrer' }

/**
 * @internal
 * What both WalletConnect views show, from props only (so it renders and tests alone): the QR code
 * of the pairing `uri` (a skeleton until there is one), Copy link, the wallet's safe app links
 * (already built with `walletConnectLinks`; the mobile one first on touch devices), and the
 * rejected and error states with Try again. With `phone` (the view decides, with `usePhone`) there
 * is no QR code, which its own screen cannot scan: the picked wallet's Open button leads, or, for
 * the generic entry and a wallet without a safe mobile link, Open wallet app (the `wc:` link, which
 * the phone hands to a wallet app); the generic entry adds Choose your wallet (`onChooseWallet`).
 * When the link is renewed while the view is open, a polite status says so.
 */
export function WalletConnectPanel({
  slot,
  state,
  uri,
  walletName,
  logo,
  links = {},
  mobile = false,
  phone = false,
  onChooseWallet,
  onRetry,
}: {
  /** The view's `data-slot`. */
  slot: string
  state: WalletConnectState
  uri: string | undefined
  /** A directory wallet's name; the generic view has none. */
  walletName?: string | undefined
  logo: ReactNode
  links?: WalletConnectLinks | undefined
  mobile?: boolean | undefined
  /** The phone layout: no QR code (see above). */
  phone?: boolean | undefined
  /** The generic entry's Choose your wallet on a phone (the wallet list). */
  onChooseWallet?: (() => void) | undefined
  onRetry(): void
}) {
  const { messages } = usePorticoUI('WalletConnectPanel')
  const text = useFeatureMessages(walletConnectMessages)
  const renewed = useLinkRenewed(uri, state)
  const toasts = useToasts()
  const copy = async () => {
    if (!uri) return
    try {
      await navigator.clipboard.writeText(uri)
      toasts.show('success', messages.linkCopied)
    } catch {
      toasts.show('error', messages.copyLinkFailed)
    }
  }

  if (state === 'rejected' || state === 'error')
    return (
      <div className={views.center} data-slot={slot} data-state={state}>
        <div className={views.walletRing} data-state={state}>
          <span style={{ display: 'block', width: 72, height: 72 }}>{logo}</span>
        </div>
        <ConnectionFailed state={state} onRetry={onRetry} />
      </div>
    )

  const mobileLink = (mobile || phone) && uri ? links.mobile : undefined
  // The picked wallet's own link leads; without one (the generic entry, or a directory wallet with
  // no safe mobile link) a phone opens the `wc:` link, which it hands to an installed wallet app.
  const openWallet = mobileLink && walletName ? mobileLink : undefined
  const renewedText =
    renewed && text ? (phone && openWallet && walletName ? text.wcLinkRenewedOpen(walletName) : text.wcLinkRenewed) : ''
  const headline = phone
    ? walletName
      ? text?.wcOpenWalletToConnect(walletName)
      : text?.wcOpenAnyWallet
    : walletName
      ? messages.scanWithWallet(walletName)
      : messages.scanWithPhone
  return (
    <div className={views.walletConnect} data-slot={slot} data-state={state} data-layout={phone ? 'phone' : 'qr'}>
      {phone ? (
        <div className={views.walletRing}>
          <span style={{ display: 'block', width: 72, height: 72 }}>{logo}</span>
        </div>
      ) : null}
      {/* On a phone the headline says what the button below does; elsewhere it follows the code. */}
      {phone ? <p className={views.headline}>{headline}</p> : null}
      {openWallet && walletName ? (
        <a
          className={button({ variant: 'primary', size: 'lg' })}
          href={openWallet}
          {...linkTarget(openWallet)}
          data-slot="open-mobile"
        >
          {messages.openInApp(walletName)}
          <Icon name="external" size={16} />
        </a>
      ) : null}
      {phone && !openWallet && uri && text ? (
        // The phone hands a `wc:` link to the wallet app registered for it.
        <a className={button({ variant: 'primary', size: 'lg' })} href={uri} data-slot="open-wallet-app">
          {text.wcOpenWalletApp}
          <Icon name="external" size={16} />
        </a>
      ) : null}
      {phone ? null : (
        <QrCode
          value={uri}
          label={walletName ? messages.qrLabelWallet(walletName) : messages.qrLabel}
          loadingLabel={messages.qrLoading}
          logo={logo}
        />
      )}
      {phone ? null : <p className={views.headline}>{headline}</p>}
      {state === 'loading' ? (
        <Spinner size={20} label={messages.qrLoading} />
      ) : (
        <p className={views.muted}>{messages.waitingForApproval}</p>
      )}
      <p className={`${views.muted} ${linkStatus}`} role="status" aria-live="polite" data-slot="link-renewed">
        {renewedText}
      </p>
      <div className={views.walletConnectActions}>
        {phone && !walletName && onChooseWallet && text ? (
          <button
            type="button"
            className={button({ variant: 'secondary', size: 'sm' })}
            onClick={onChooseWallet}
            data-slot="choose-wallet"
          >
            <Icon name="wallet" size={16} />
            {text.wcChooseWallet}
          </button>
        ) : null}
        <button
          type="button"
          className={button({ variant: 'secondary', size: 'sm' })}
          onClick={copy}
          disabled={!uri}
          data-slot="copy-link"
        >
          <Icon name="copy" size={16} />
          {messages.copyLink}
        </button>
        {uri && links.desktop && !phone ? (
          <a
            className={button({ variant: 'secondary', size: 'sm' })}
            href={links.desktop}
            {...linkTarget(links.desktop)}
            data-slot="open-desktop"
          >
            <Icon name="external" size={16} />
            {messages.openDesktopApp}
          </a>
        ) : null}
        {uri && links.webapp ? (
          <a
            className={button({ variant: 'secondary', size: 'sm' })}
            href={links.webapp}
            {...linkTarget(links.webapp)}
            data-slot="open-webapp"
          >
            <Icon name="globe" size={16} />
            {messages.openWebApp}
          </a>
        ) : null}
      </div>
    </div>
  )
}

/** @internal The generic WalletConnect entry's centre glyph (neutral, no third-party artwork). */
export function WalletConnectGlyph() {
  return (
    <span className={views.qrGlyph}>
      <Icon name="wallet" size={22} />
    </span>
  )
}
