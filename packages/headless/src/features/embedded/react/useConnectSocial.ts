'use client'
import { useMutation } from '@tanstack/react-query'
import { useCallback } from 'react'
import { usePortico } from '../../../kernel/react/usePortico.js'
import type { ConnectSocialErrorType, ConnectSocialParameters, ConnectSocialReturnType } from '../connectSocial.js'
import { connectSocialMutationOptions } from '../query.js'
import { openSocialPopup } from '../socialPopup.js'

/**
 * Social login with the embedded wallet (google, github, apple, facebook, x, discord). Call
 * `connectSocial({ provider })` in the click handler itself: it opens the 600×800 login window at
 * once (the browser allows a window only there), then runs the login. Errors are typed: 'Popup
 * closed', 'Failed to initiate social connection', 'Failed to connect', and
 * `SocialPopupBlockedError` whose `url` the UI offers as a link; that link's click calls
 * `connectSocial({ provider, redirectUri: error.url })`.
 *
 * @example
 * const social = useConnectSocial()
 * <button onClick={() => social.connectSocial({ provider: 'github' })}>GitHub</button>
 * if (social.error?.name === 'SocialPopupBlockedError') <a href={social.error.url}>Open the login</a>
 */
export function useConnectSocial() {
  const { portico, queryClient } = usePortico('useConnectSocial')
  const mutation = useMutation<ConnectSocialReturnType, ConnectSocialErrorType, ConnectSocialParameters>(
    connectSocialMutationOptions(portico),
    queryClient,
  )
  const { mutate } = mutation
  const connectSocial = useCallback(
    (parameters: Omit<ConnectSocialParameters, 'popup'>) =>
      mutate({ ...parameters, popup: typeof window === 'undefined' ? null : openSocialPopup(portico) }),
    [mutate, portico],
  )
  return { ...mutation, connectSocial }
}
