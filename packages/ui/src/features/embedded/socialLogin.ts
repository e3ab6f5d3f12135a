import type { BaseError, Portico } from '@portico/headless'
import {
  connectFarcasterMutationOptions,
  connectSocialMutationOptions,
  openSocialPopup,
  type SocialProvider as PopupProvider,
} from '@portico/headless/embedded'
import { usePorticoUI } from '../../context.js'
import { createStore, useStore } from '../../utils/store.js'
import { asBaseError } from './asBaseError.js'

/** A social login of the Connect view: one through a popup, or Farcaster (its own flow: a QR code). */
export type SocialProvider = PopupProvider | 'farcaster'
export type { PopupProvider }

/** Where the modal's social (or Farcaster) login stands. */
export type SocialLoginState = {
  provider: SocialProvider | undefined
  status: 'idle' | 'pending' | 'error' | 'success'
  /** 'Popup closed', 'Failed to initiate social connection', 'Failed to connect', 'Failed to connect to farcaster', or a blocked window (`name: 'SocialPopupBlockedError'`, with its `url`). */
  error: (BaseError & { url?: string }) | undefined
  /** Farcaster: the link to show as a QR code, once the frame has it. */
  farcasterUrl: string | undefined
  /** Farcaster: the username, once approved. */
  userName: string | undefined
}

const initial: SocialLoginState = {
  provider: undefined,
  status: 'idle',
  error: undefined,
  farcasterUrl: undefined,
  userName: undefined,
}

/**
 * @internal
 * One modal's social login. `social` runs in the user's click: the login window opens there
 * (before anything is awaited, or the browser blocks it), then the ConnectingSocial view shows how
 * it goes. Both logins go through the headless mutation options, whose single flight makes a
 * double click one login. Made per modal on first use (see {@link useSocialLogin}).
 *
 * @example
 * const login = modal.local(createSocialLogin)
 * button.onclick = () => void login.social(portico, 'github')
 */
export function createSocialLogin() {
  let run = 0
  const { get, set, subscribe } = createStore(initial)
  /** Runs `login` as the current attempt: an older attempt that settles later changes nothing. */
  const attempt = async (provider: SocialProvider, login: () => Promise<{ userName?: string }>) => {
    const id = ++run
    set({ ...initial, provider, status: 'pending' })
    try {
      const result = await login()
      if (id === run) set({ status: 'success', userName: result.userName })
      return id === run
    } catch (error) {
      if (id === run) set({ status: 'error', error: asBaseError(error) })
      return false
    }
  }
  return {
    get,
    subscribe,
    /**
     * Shows `state` as if a login had got there (stories draw each state of the views without an
     * auth server); an attempt still running changes nothing once it settles.
     */
    show(state: Partial<SocialLoginState>): void {
      run++
      set({ ...initial, ...state })
    },
    /**
     * Social login with `provider`; call it in the click itself (it opens the 600×800 window
     * first). `redirectUri`: the blocked window's address, offered as a link, whose click calls
     * this again. Resolves `true` once connected.
     */
    social(portico: Portico, provider: PopupProvider, redirectUri?: string): Promise<boolean> {
      const popup = openSocialPopup(portico)
      const options = connectSocialMutationOptions(portico)
      return attempt(provider, () =>
        options.mutationFn({ provider, popup, ...(redirectUri !== undefined ? { redirectUri } : {}) }).then(() => ({})),
      )
    },
    /** Sign In With Farcaster: the link arrives in `farcasterUrl`; resolves `true` once approved and connected. */
    farcaster(portico: Portico): Promise<boolean> {
      const options = connectFarcasterMutationOptions(portico)
      return attempt('farcaster', () =>
        options.mutationFn({ onUrl: (farcasterUrl) => set({ farcasterUrl }) }).then(({ userName }) => ({ userName })),
      )
    },
  }
}

/**
 * @internal The modal's social login and its state, re-rendering on change.
 *
 * @example
 * const { login, state } = useSocialLogin()
 * if (state.status === 'error') console.log(state.error?.shortMessage)
 */
export function useSocialLogin() {
  const login = usePorticoUI('useSocialLogin').modal.local(createSocialLogin)
  const state = useStore(login)
  return { login, state }
}
