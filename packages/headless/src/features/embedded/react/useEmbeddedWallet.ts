'use client'
import { useMutation, useQuery } from '@tanstack/react-query'
// Static: disconnect is page start already. As a dynamic import target it would become an entry
// point of its own and split page start into one more file.
import { disconnect } from '../../../kernel/actions/disconnect.js'
import type { BaseError } from '../../../kernel/errors/base.js'
import { useConnection } from '../../../kernel/react/useConnection.js'
import { usePortico } from '../../../kernel/react/usePortico.js'
import { singleFlightMutation } from '../../../kernel/state/singleFlight.js'

/** The embedded wallet's user as the secure frame reports it (`GET_USER`). */
export type EmbeddedWalletUser = { email?: string | undefined; address?: string | undefined } & Record<string, unknown>

/**
 * The embedded wallet of the current connection: `isEmbedded` when connected through email login
 * (the AUTH connector), its `user` (email, address) read from the secure frame, `signOut`
 * (disconnects, which signs the frame out) and `exportKey` (the secure frame shows the user their
 * private key in its own document; the key never reaches this page). Loads nothing of the
 * embedded wallet before a connection through it exists.
 *
 * @example
 * const { isEmbedded, user, signOut, exportKey } = useEmbeddedWallet()
 * if (isEmbedded) console.log(user.data?.email)
 * // in a click handler: the frame opens its export prompt
 * exportKey.mutate({ namespace: 'eip155' })
 */
export function useEmbeddedWallet() {
  const { portico, queryClient } = usePortico('useEmbeddedWallet')
  const connection = useConnection()
  const isEmbedded = connection.isConnected && connection.connectorId === 'auth'
  const user = useQuery<EmbeddedWalletUser, BaseError>(
    {
      queryKey: ['portico', 'embeddedWallet', 'user', connection.address ?? null],
      enabled: isEmbedded,
      async queryFn() {
        const { getEmbeddedWallet } = await import('../embeddedWallet.js')
        return (await getEmbeddedWallet(portico).client.request('GET_USER')) as EmbeddedWalletUser
      },
    },
    queryClient,
  )
  const signOut = useMutation<void, BaseError, void>(
    {
      mutationKey: ['portico', 'embeddedWallet', 'signOut'],
      mutationFn: singleFlightMutation(portico, ['portico', 'embeddedWallet', 'signOut'], async () => {
        await disconnect(portico)
        queryClient.removeQueries({ queryKey: ['portico', 'embeddedWallet', 'user'] })
      }),
    },
    queryClient,
  )
  const exportKey = useMutation<void, BaseError, { namespace?: 'eip155' | 'solana' | undefined } | undefined>(
    {
      mutationKey: ['portico', 'embeddedWallet', 'exportKey'],
      mutationFn: singleFlightMutation(portico, ['portico', 'embeddedWallet', 'exportKey'], async (parameters) => {
        const { exportEmbeddedWallet } = await import('../exportEmbeddedWallet.js')
        await exportEmbeddedWallet(portico, parameters ?? {})
      }),
    },
    queryClient,
  )
  return { isEmbedded, user, signOut, exportKey }
}
