'use client'
import { useMutation, useQuery } from '@tanstack/react-query'
// The id from the kernel, not from authConnector.js: that module brings the frame's client and
// protocol (~17 KiB gzip) into every page that renders this hook, embedded wallet or not.
import { authConnectorId } from '../../../kernel/defaults.js'
import { useConnection } from '../../../kernel/react/useConnection.js'
import { usePortico } from '../../../kernel/react/usePortico.js'
import {
  embeddedSignOutMutationOptions,
  embeddedWalletUserQueryOptions,
  exportEmbeddedWalletMutationOptions,
} from '../query.js'

export type { EmbeddedWalletUser } from '../query.js'

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
  // The embedded feature recognises its own connector (as its verbs do), never another wallet's kind.
  const isEmbedded = connection.isConnected && connection.connectorId === authConnectorId
  const user = useQuery(
    { ...embeddedWalletUserQueryOptions(portico, { address: connection.address ?? null }), enabled: isEmbedded },
    queryClient,
  )
  const signOut = useMutation(embeddedSignOutMutationOptions(portico, { queryClient }), queryClient)
  const exportKey = useMutation(exportEmbeddedWalletMutationOptions(portico), queryClient)
  return { isEmbedded, user, signOut, exportKey }
}
