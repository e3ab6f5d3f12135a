import type { ConnectReturnType } from '../../kernel/actions/connect.js'
import { featureState } from '../../kernel/featureState.js'
import type { Portico } from '../../kernel/portico.js'
import { getEmbeddedWallet } from './embeddedWallet.js'
import {
  EmbeddedWalletError,
  type EmbeddedWalletLoadErrorType,
  type EmbeddedWalletNotConfiguredErrorType,
  type EmbeddedWalletTimeoutErrorType,
  SocialConnectError,
  type SocialConnectErrorType,
  SocialInitiateError,
  type SocialInitiateErrorType,
  SocialPopupBlockedError,
  type SocialPopupBlockedErrorType,
  SocialPopupClosedError,
  type SocialPopupClosedErrorType,
  type SocialProvider,
} from './errors.js'
import { finishLogin } from './finishLogin.js'
import { openSocialPopup, socialPopup, socialProviders } from './socialPopup.js'
import { embeddedState } from './state.js'

/** The notice the auth server's callback page posts to the page that opened the window (no code in it). */
const socialDoneType = '@portico-social/done'

export type ConnectSocialParameters = {
  provider: SocialProvider
  /**
   * The login window, opened in the user's click by {@link openSocialPopup} (`null`: it was
   * blocked). Without it the login opens one itself, at once: call it in the click then.
   */
  popup?: Window | null | undefined
  /**
   * The provider's login address of a login already started, from a {@link SocialPopupBlockedError}:
   * the window opened from the link the user clicked goes there, and the frame's waiting login goes on.
   */
  redirectUri?: string | undefined
}
export type ConnectSocialReturnType = ConnectReturnType
export type ConnectSocialErrorType =
  | SocialInitiateErrorType
  | SocialPopupBlockedErrorType
  | SocialPopupClosedErrorType
  | SocialConnectErrorType
  | EmbeddedWalletNotConfiguredErrorType
  | EmbeddedWalletLoadErrorType
  | EmbeddedWalletTimeoutErrorType

/**
 * Social login (google, github, apple, facebook, x, discord) with the embedded wallet: opens the
 * 600×800 login window at once (call it in the user's click: nothing is awaited before), asks the
 * secure frame for the provider's login address and points the window there. The provider's answer
 * goes from the window to the frame only; the frame then signs the user in and the AUTH connector
 * connects every embedded namespace (as email login does). The window is closed when it is done.
 * With sign-in on (the `siwx` option) and an EVM chain, the frame also signs the sign-in message
 * with the new account, and the session is added before connecting: no second prompt.
 *
 * Errors: 'Failed to initiate social connection' (a provider outside the six, or no login address),
 * 'Popup closed' (the user closed the window; checked every second), 'Failed to connect' (the
 * provider's answer was refused), {@link SocialPopupBlockedError} carrying the `url` to offer as a
 * link (then call again from that link's click with `redirectUri: error.url`).
 *
 * @example
 * ```ts
 * button.onclick = async () => {
 *   try {
 *     const { address } = await connectSocial(portico, { provider: 'github' })
 *   } catch (e) {
 *     const error = e as ConnectSocialErrorType
 *     if (error.name === 'SocialPopupBlockedError') showLink(error.url)
 *   }
 * }
 * ```
 */
export async function connectSocial(
  portico: Portico,
  parameters: ConnectSocialParameters,
): Promise<ConnectSocialReturnType> {
  const provider = parameters.provider
  if (!socialProviders.includes(provider))
    throw new SocialInitiateError({
      provider: String(provider),
      details: `${String(provider)} is not a social provider.`,
    })
  // Opened before the first await: later, the browser no longer counts the user's click.
  const popup = parameters.popup !== undefined ? parameters.popup : openSocialPopup(portico)
  const state = featureState(portico, embeddedState)
  const owner = {}
  if (popup) state.socialPopupOwner = owner
  const release = () => {
    // A window a newer login took over is that login's to close.
    if (state.socialPopupOwner !== owner) return
    state.socialPopupOwner = undefined
    if (popup && !popup.closed) popup.close()
    if (state.socialPopup === popup) state.socialPopup = undefined
  }
  try {
    const wallet = getEmbeddedWallet(portico)
    let uri = parameters.redirectUri
    if (uri === undefined) {
      try {
        ;({ uri } = await wallet.client.request('GET_SOCIAL_REDIRECT_URI', { provider }))
      } catch (cause) {
        if (!(cause instanceof EmbeddedWalletError)) throw cause
        throw new SocialInitiateError({ provider, cause })
      }
    }
    // An address from the frame still is input: only an http(s) URL is ever opened.
    if (!isHttpUrl(uri))
      throw new SocialInitiateError({ provider, details: 'The login address is not an http(s) URL.' })
    // Blocked is what the browser did at the click: no window (openSocialPopup reads a window closed
    // at once as none, in the click). A window closed since, before the provider's page is in it,
    // is the user's 'Popup closed', even when this code loaded after the click (the mutation's path).
    if (!popup) throw new SocialPopupBlockedError({ provider, url: uri })
    if (popup.closed) throw new SocialPopupClosedError({ provider })
    popup.location.href = uri

    // With sign-in on, the frame signs the sign-in with the new account at the login: one window, no second prompt.
    // Loaded only with the `siwx` option: a host without sign-in keeps the formatter off its login chunk.
    const signing = portico.options.siwx ? await import('./socialSignIn.js') : undefined
    const signIn = await signing?.socialSignIn(portico, wallet.frameChain)
    const connected = wallet.client.request('CONNECT_SOCIAL', {
      uri,
      ...(wallet.frameChain !== undefined ? { chainId: wallet.frameChain } : {}),
      ...(signIn ? { siwxMessage: signing?.toFrameSiwxMessage(signIn.data) } : {}),
    })
    connected.catch(() => {}) // given up on when the window closes first
    const watch = watchPopup(popup, provider, callbackOrigin(uri))
    let user: Awaited<typeof connected>
    try {
      user = await Promise.race([connected, watch.closed])
    } finally {
      watch.stop()
    }
    // Before connecting: the sign step then finds the session (a refused one leaves it to ask).
    if (signIn) await signing?.addSocialSignIn(signIn, user)
    return await finishLogin(portico, wallet)
  } catch (error) {
    if (error instanceof EmbeddedWalletError && error.request === 'CONNECT_SOCIAL')
      throw new SocialConnectError({ provider, cause: error })
    throw error
  } finally {
    release()
  }
}

/**
 * Rejects with 'Popup closed' when the window is closed before the provider sent the user back
 * (checked every second); stops checking once the callback page said it is done (the result is
 * then with the frame, and the window is ours to close). Only the callback page counts: a page on
 * any other origin in that window (the provider's, or one it redirected to) cannot stop the check
 * and leave a closed window read as a login still under way.
 */
function watchPopup(
  popup: Window,
  provider: string,
  doneOrigin: string | undefined,
): { closed: Promise<never>; stop(): void } {
  let timer: ReturnType<typeof setInterval> | undefined
  const stop = () => {
    clearInterval(timer)
    window.removeEventListener('message', onMessage)
  }
  const onMessage = (event: MessageEvent) => {
    if (event.source !== popup || event.origin !== doneOrigin) return
    if ((event.data as { type?: unknown } | null)?.type !== socialDoneType) return
    stop()
  }
  const closed = new Promise<never>((_, reject) => {
    timer = setInterval(() => {
      if (!popup.closed) return
      stop()
      reject(new SocialPopupClosedError({ provider }))
    }, socialPopup.pollMs)
  })
  window.addEventListener('message', onMessage)
  return { closed, stop }
}

/** The origin of the callback page: the `redirect_uri` the auth server put in the provider's address. */
function callbackOrigin(uri: string): string | undefined {
  const redirect = new URL(uri).searchParams.get('redirect_uri')
  return redirect !== null && isHttpUrl(redirect) ? new URL(redirect).origin : undefined
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}
