import { featureState } from '../../kernel/featureState.js'
import type { Portico } from '../../kernel/portico.js'
import type { SocialProvider } from './errors.js'
import { embeddedState } from './state.js'

/** The social providers the auth server logs users in with. */
export const socialProviders: readonly SocialProvider[] = ['google', 'github', 'apple', 'facebook', 'x', 'discord']

/** The spec's social login window: 600×800, its close polled every second. */
export const socialPopup = { width: 600, height: 800, pollMs: 1_000, name: 'portico-social' } as const

/**
 * Opens the social login window, empty, at once: call it in the user's click, before anything is
 * awaited, or the browser (Safari first) blocks it. The login points it at the provider later.
 * A second call while the window is open returns that window (a double click opens one).
 * `null` when the browser blocked it: no window, or one it closed at once.
 *
 * @example
 * ```ts
 * button.onclick = () => connectSocial(portico, { provider: 'github', popup: openSocialPopup(portico) })
 * ```
 */
export function openSocialPopup(portico: Portico): Window | null {
  const state = featureState(portico, embeddedState)
  if (state.socialPopup && !state.socialPopup.closed) return state.socialPopup
  const { width, height } = socialPopup
  // Centred on the page's window; an empty URL keeps an open window of that name where it is.
  const left = Math.max(0, Math.round((window.screenX ?? 0) + ((window.outerWidth ?? width) - width) / 2))
  const top = Math.max(0, Math.round((window.screenY ?? 0) + ((window.outerHeight ?? height) - height) / 2))
  const opened = window.open('', socialPopup.name, `popup=yes,width=${width},height=${height},left=${left},top=${top}`)
  // Read here, in the click: a login reads its window only after its code has loaded, by when the
  // user may have closed it (that is 'Popup closed', not blocked).
  const popup = opened && !opened.closed ? opened : null
  state.socialPopup = popup ?? undefined
  return popup
}
