import { useConnectors, type WalletConnectWallet } from '@portico/headless'
import type { WalletConnectLinks } from '@portico/headless/walletconnect'
import { useWalletConnectUri } from '@portico/headless/walletconnect/react'
import { type ReactNode, useSyncExternalStore } from 'react'
import { Icon } from '../../components/Icon.js'
import { button } from '../../components/primitives.css.js'
import { preloadQrEncoder, QrCode } from '../../components/QrCode.js'
import { Spinner } from '../../components/Spinner.js'
import * as views from '../../components/views.css.js'
import { usePorticoUI } from '../../context.js'
import { useToasts } from '../../modal/toasts.js'
import { ConnectionFailed } from '../connect/ConnectionFailed.js'
import { pairsRemotely, useConnectionAttempt, useStartConnection } from '../connect/connection.js'

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

const coarsePointer = '(pointer: coarse)'
const subscribePointer = (onChange: () => void) => {
  if (typeof matchMedia === 'undefined') return () => {}
  const query = matchMedia(coarsePointer)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}
/** @internal A touch device (phone, tablet): a deep link into the wallet app beats a QR code there. */
export function useCoarsePointer(): boolean {
  return useSyncExternalStore(
    subscribePointer,
    () => typeof matchMedia !== 'undefined' && matchMedia(coarsePointer).matches,
    () => false,
  )
}

/** A link that leaves the page opens a tab; an app scheme is handed to the OS from this one. */
const linkTarget = (href: string) =>
  /^https?:/.test(href) ? { target: '_blank', rel: 'noopener noreferrer' } : { rel: 'noopener noreferrer' }

/**
 * @internal
 * What both WalletConnect views show, from props only (so it renders and tests alone): the QR code
 * of the pairing `uri` (a skeleton until there is one), Copy link, the wallet's safe app links
 * (already built with `walletConnectLinks`; the mobile one first on touch devices), and the
 * rejected and error states with Try again.
 */
export function WalletConnectPanel({
  slot,
  state,
  uri,
  walletName,
  logo,
  links = {},
  mobile = false,
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
  onRetry(): void
}) {
  const { messages } = usePorticoUI('WalletConnectPanel')
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

  const mobileLink = mobile && uri ? links.mobile : undefined
  return (
    <div className={views.walletConnect} data-slot={slot} data-state={state}>
      {mobileLink && walletName ? (
        <a
          className={button({ variant: 'primary', size: 'lg' })}
          href={mobileLink}
          {...linkTarget(mobileLink)}
          data-slot="open-mobile"
        >
          {messages.openInApp(walletName)}
          <Icon name="external" size={16} />
        </a>
      ) : null}
      <QrCode
        value={uri}
        label={walletName ? messages.qrLabelWallet(walletName) : messages.qrLabel}
        loadingLabel={messages.qrLoading}
        logo={logo}
      />
      <p className={views.headline}>{walletName ? messages.scanWithWallet(walletName) : messages.scanWithPhone}</p>
      {state === 'loading' ? (
        <Spinner size={20} label={messages.qrLoading} />
      ) : (
        <p className={views.muted}>{messages.waitingForApproval}</p>
      )}
      <div className={views.walletConnectActions}>
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
        {uri && links.desktop ? (
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
