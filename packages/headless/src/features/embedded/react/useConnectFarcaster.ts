'use client'
import { useMutation } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { usePortico } from '../../../kernel/react/usePortico.js'
import type {
  ConnectFarcasterErrorType,
  ConnectFarcasterParameters,
  ConnectFarcasterReturnType,
} from '../connectFarcaster.js'
import { connectFarcasterMutationOptions } from '../query.js'

/**
 * Sign In With Farcaster with the embedded wallet: `connectFarcaster()` starts it, `url` is then
 * the link to show as a QR code (and a link, on a phone), and the mutation succeeds once the user
 * approved it in their Farcaster app (`data.userName`). Fails with 'Failed to connect to farcaster'.
 *
 * @example
 * const farcaster = useConnectFarcaster()
 * useEffect(() => farcaster.connectFarcaster(), [])
 * return farcaster.url ? <QrCode value={farcaster.url} /> : <Spinner />
 */
export function useConnectFarcaster() {
  const { portico, queryClient } = usePortico('useConnectFarcaster')
  const [url, setUrl] = useState<string>()
  const mutation = useMutation<
    ConnectFarcasterReturnType,
    ConnectFarcasterErrorType,
    ConnectFarcasterParameters | undefined
  >(connectFarcasterMutationOptions(portico), queryClient)
  const { mutate } = mutation
  const connectFarcaster = useCallback(() => {
    setUrl(undefined)
    mutate({ onUrl: setUrl })
  }, [mutate])
  return { ...mutation, url, connectFarcaster }
}
