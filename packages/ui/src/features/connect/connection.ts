import {
  type ChainNamespace,
  type ConnectErrorType,
  type ConnectParameters,
  type DirectoryWallet,
  type SortedConnector,
  useConnect,
  usePortico,
} from '@portico/headless'
import { type MutationState, useMutationState } from '@tanstack/react-query'
import { useCallback, useRef } from 'react'
import { usePorticoUI } from '../../context.js'
import { afterConnected } from '../../modal/afterConnected.js'
import type { ModalController } from '../../modal/controller.js'
import { useShake } from '../../modal/shake.js'
import type { ViewEntry } from '../../modal/views.js'

/**
 * @internal
 * Starts a connection from the user's click (never from a view's mount): the modal owns the
 * attempt, so closing the modal or going back gives it up, and a click on another wallet replaces
 * it. A second click on the same wallet while its attempt runs (a double click: both land before
 * the view changes) is that attempt: it starts nothing and returns `false`, so the caller does not
 * show the attempt's view twice. Success closes the modal (or shows Account when embedded); a
 * failure shakes it.
 */
export function useStartConnection() {
  const { modal, embedded } = usePorticoUI('useStartConnection')
  const shake = useShake()
  const live = useRef<{ key: string; signal: AbortSignal; settled: boolean } | undefined>(undefined)
  const { mutateAsync } = useConnect({
    mutation: {
      // The sign-in step may already have opened (the session lookup can beat this callback): keep it.
      onSuccess: () => afterConnected(modal, () => (embedded ? modal.open({ view: 'Account' }) : modal.close())),
      onError: (error) => {
        if (error.name !== 'ModalClosedError') shake()
      },
    },
  })
  return useCallback(
    (variables: Omit<ConnectParameters, 'signal'>): boolean => {
      const key = `${variables.connector?.uid ?? variables.connectorId ?? ''}|${variables.wallet?.id ?? ''}`
      const current = live.current
      if (current?.key === key && !current.settled && !current.signal.aborted) return false
      const attempt = { key, signal: beginConnection(modal), settled: false }
      live.current = attempt
      const settle = () => {
        attempt.settled = true
      }
      mutateAsync({ ...variables, signal: attempt.signal }).then(settle, settle)
      return true
    },
    [mutateAsync, modal],
  )
}

/**
 * @internal
 * Connects `connector` from the user's click and shows the attempt's view ({@link connectingView});
 * a double click starts one attempt and shows its view once. Every view that lists connectors
 * (Connect, All Wallets, the namespace step, ProfileWallets' reconnect) picks one this way.
 *
 * @example
 * const connectWith = useConnectWith(useStartConnection())
 * <button onClick={() => connectWith(connector)}>{connector.name}</button>
 */
export function useConnectWith(start: ReturnType<typeof useStartConnection>) {
  const { modal } = usePorticoUI('useConnectWith')
  return useCallback(
    (connector: SortedConnector) => {
      if (start({ connector })) modal.push(connectingView(connector))
    },
    [start, modal],
  )
}

/** The modal's connection attempt (one per modal), and whether leaving a view gives it up yet. */
const connectionAttempt = () => ({ current: undefined as AbortController | undefined, watched: false })

/**
 * @internal
 * Starts the modal's connection attempt: the previous one is given up ('Modal closed'), and this
 * one is when the user goes back or closes the modal.
 *
 * @example
 * mutate({ connector, signal: beginConnection(modal) })
 */
export function beginConnection(modal: ModalController): AbortSignal {
  const attempt = modal.local(connectionAttempt)
  if (!attempt.watched) {
    attempt.watched = true
    modal.onLeave(() => attempt.current?.abort())
  }
  attempt.current?.abort()
  attempt.current = new AbortController()
  return attempt.current.signal
}

/** What the Connecting views show of the attempt: `connecting`, or how it failed. */
export type AttemptState = 'connecting' | 'rejected' | 'error'

/**
 * @internal
 * The modal's latest connection attempt, read from the query client's mutation cache (the
 * Connecting views show it; they start nothing themselves). Giving up ('Modal closed') is not
 * a failure to show.
 */
export function useConnectionAttempt(): AttemptState {
  const { queryClient } = usePortico('useConnectionAttempt')
  const states = useMutationState<MutationState<unknown, ConnectErrorType>>(
    { filters: { mutationKey: ['portico', 'connect'] } },
    queryClient,
  )
  const last = states[states.length - 1]
  if (last?.status !== 'error' || last.error?.name === 'ModalClosedError') return 'connecting'
  return last.error?.name === 'ConnectionRejectedError' ? 'rejected' : 'error'
}

/**
 * @internal
 * The view that follows an attempt on `connector`: a QR code for connectors that pair with a
 * wallet elsewhere (WalletConnect), else the wait on the installed wallet. The one place the UI
 * tells connector kinds apart, and only to choose what to show.
 */
export function connectingView(connector: SortedConnector): ViewEntry {
  return pairsRemotely(connector)
    ? { view: 'ConnectingWalletConnectBasic' }
    : { view: 'ConnectingExternal', data: { connectorUid: connector.uid } }
}

/**
 * @internal
 * Opens a wallet that is not installed (a directory, featured, recommended or custom wallet): it
 * pairs over WalletConnect with that wallet's links, or, without WalletConnect, the view says where
 * to get it. `start` is the view's {@link useStartConnection}, so a double click starts one attempt.
 */
export function usePairWithWallet(
  walletConnect: SortedConnector | undefined,
  start: ReturnType<typeof useStartConnection>,
) {
  const { modal } = usePorticoUI('usePairWithWallet')
  return useCallback(
    (wallet: DirectoryWallet) => {
      if (!walletConnect) return modal.push({ view: 'ConnectingExternal', data: { directoryWallet: wallet } })
      if (start({ connector: walletConnect, wallet: { id: wallet.id, name: wallet.name, imageId: wallet.image_id } }))
        modal.push({ view: 'ConnectingWalletConnect', data: { wallet } })
    },
    [start, modal, walletConnect],
  )
}

/** @internal Whether the connector pairs with a wallet on another device (shows a QR code). */
export function pairsRemotely(connector: Pick<SortedConnector, 'type'>): boolean {
  return connector.type === 'WALLET_CONNECT'
}

const namespaceNames: Record<string, string> = {
  eip155: 'EVM',
  solana: 'Solana',
  bip122: 'Bitcoin',
  polkadot: 'Polkadot',
  cosmos: 'Cosmos',
}

/**
 * @internal
 * A chain namespace's name as the wallet lists and the connecting views show it (names: the same
 * in every language). Kept in this module, which those views share, rather than in a chunk of its own.
 *
 * @example
 * namespaceName('eip155') // 'EVM'
 */
export function namespaceName(namespace: ChainNamespace): string {
  return namespaceNames[namespace] ?? namespace
}
