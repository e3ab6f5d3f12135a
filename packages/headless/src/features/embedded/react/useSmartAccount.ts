'use client'
import { useMutation, useQuery } from '@tanstack/react-query'
// The id from the kernel, not from authConnector.js: that module brings the frame's client and
// protocol (~17 KiB gzip) into every page that renders this hook, embedded wallet or not.
import { authConnectorId } from '../../../kernel/defaults.js'
import { useConnection } from '../../../kernel/react/useConnection.js'
import { usePortico } from '../../../kernel/react/usePortico.js'
import {
  setPreferredAccountTypeMutationOptions,
  smartAccountQueryOptions,
  undoAccountUpgradeMutationOptions,
  upgradeAccountMutationOptions,
} from '../query.js'

export type { SmartAccountStatus } from '../query.js'

/**
 * The embedded wallet's smart account: `status` (type, address, deployed, enabled, and
 * `canSwitchToSmartAccount`, true only when enabled and the current type is eoa, as the spec offers
 * it; `upgraded` and `canUpgrade` for the EIP-7702 upgrade), `setPreferredAccountType` (switches
 * between the smart account and the EOA), `upgradeAccount` (upgrades the EOA in place, approved
 * in the secure frame) and `undoAccountUpgrade` (makes it a plain account again). Loads nothing before a connection through the embedded wallet exists.
 *
 * @example
 * const { status, setPreferredAccountType, upgradeAccount } = useSmartAccount()
 * if (status.data?.canSwitchToSmartAccount) setPreferredAccountType.mutate({ type: 'smartAccount' })
 * if (status.data?.canUpgrade) upgradeAccount.mutate()
 */
export function useSmartAccount() {
  const { portico, queryClient } = usePortico('useSmartAccount')
  const connection = useConnection({ namespace: 'eip155' })
  const isEmbedded = connection.isConnected && connection.connectorId === authConnectorId
  const status = useQuery(
    { ...smartAccountQueryOptions(portico, { address: connection.address ?? null }), enabled: isEmbedded },
    queryClient,
  )
  const setPreferredAccountType = useMutation(
    setPreferredAccountTypeMutationOptions(portico, { queryClient }),
    queryClient,
  )
  const upgradeAccount = useMutation(upgradeAccountMutationOptions(portico, { queryClient }), queryClient)
  const undoAccountUpgrade = useMutation(undoAccountUpgradeMutationOptions(portico, { queryClient }), queryClient)
  return { isEmbedded, status, setPreferredAccountType, upgradeAccount, undoAccountUpgrade }
}
