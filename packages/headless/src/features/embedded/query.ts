import type { Portico } from '../../kernel/portico.js'
import type { PorticoMutationOptions } from '../../kernel/query/mutations.js'
import { singleFlight, singleFlightMutation } from '../../kernel/state/singleFlight.js'
import type {
  ConnectFarcasterErrorType,
  ConnectFarcasterParameters,
  ConnectFarcasterReturnType,
} from './connectFarcaster.js'
import type { ConnectSocialErrorType, ConnectSocialParameters, ConnectSocialReturnType } from './connectSocial.js'
import type { LoginWithPasskeyErrorType, LoginWithPasskeyReturnType } from './loginWithPasskey.js'
import type { RegisterPasskeyErrorType, RegisterPasskeyReturnType } from './registerPasskey.js'

// The verbs load on first use (dynamic imports): a page that offers these logins loads none of
// their code, nor the frame's, before the user picks one. Every mutation reaches the frame, so a
// double click joins the work in flight (the kernel's single flight): one window, one login.

/**
 * Mutation options for {@link connectSocial}. Open the window in the click and pass it:
 * `mutate({ provider, popup: openSocialPopup(portico) })` (the code of the login loads after the
 * click, too late for the browser to let it open a window). A second `mutate` for the same provider
 * while one runs joins it.
 *
 * @example
 * const mutation = useMutation(connectSocialMutationOptions(portico))
 * button.onclick = () => mutation.mutate({ provider: 'github', popup: openSocialPopup(portico) })
 */
export function connectSocialMutationOptions(
  portico: Portico,
): PorticoMutationOptions<ConnectSocialReturnType, ConnectSocialErrorType, ConnectSocialParameters> {
  const mutationKey = ['portico', 'connectSocial'] as const
  return {
    mutationKey,
    // The window is not part of the key (the same one comes back to a second click).
    mutationFn: (variables) =>
      singleFlight(
        portico,
        [...mutationKey, { provider: variables.provider, redirectUri: variables.redirectUri }],
        async () => {
          const { connectSocial } = await import('./connectSocial.js')
          return connectSocial(portico, variables)
        },
      ),
  }
}

/**
 * Mutation options for {@link connectFarcaster}: `onUrl` gets the link for the QR code.
 *
 * @example
 * const mutation = useMutation(connectFarcasterMutationOptions(portico))
 * mutation.mutate({ onUrl: setUrl })
 */
export function connectFarcasterMutationOptions(
  portico: Portico,
): PorticoMutationOptions<
  ConnectFarcasterReturnType,
  ConnectFarcasterErrorType,
  ConnectFarcasterParameters | undefined
> {
  const mutationKey = ['portico', 'connectFarcaster'] as const
  return {
    mutationKey,
    mutationFn: singleFlightMutation(portico, mutationKey, async (variables) => {
      const { connectFarcaster } = await import('./connectFarcaster.js')
      return connectFarcaster(portico, variables)
    }),
  }
}

/**
 * Mutation options for {@link loginWithPasskey}.
 *
 * @example
 * const mutation = useMutation(loginWithPasskeyMutationOptions(portico))
 * mutation.mutate()
 */
export function loginWithPasskeyMutationOptions(
  portico: Portico,
): PorticoMutationOptions<LoginWithPasskeyReturnType, LoginWithPasskeyErrorType, void> {
  const mutationKey = ['portico', 'loginWithPasskey'] as const
  return {
    mutationKey,
    mutationFn: singleFlightMutation(portico, mutationKey, async () => {
      const { loginWithPasskey } = await import('./loginWithPasskey.js')
      return loginWithPasskey(portico)
    }),
  }
}

/**
 * Mutation options for {@link registerPasskey}.
 *
 * @example
 * const mutation = useMutation(registerPasskeyMutationOptions(portico))
 * mutation.mutate()
 */
export function registerPasskeyMutationOptions(
  portico: Portico,
): PorticoMutationOptions<RegisterPasskeyReturnType, RegisterPasskeyErrorType, void> {
  const mutationKey = ['portico', 'registerPasskey'] as const
  return {
    mutationKey,
    mutationFn: singleFlightMutation(portico, mutationKey, async () => {
      const { registerPasskey } = await import('./registerPasskey.js')
      return registerPasskey(portico)
    }),
  }
}
