import { getConnection, type Portico } from '@portico/headless'
import { sendAnalyticsEvent } from '@portico/headless/internal'
import type { QueryClient } from '@tanstack/react-query'

type Phase = 'pending' | 'success' | 'error'

/**
 * The user's journey as analytics events, by the mutation each step runs (its key's second part)
 * and how far it got. One table for every feature: a feature's mutation is reported by its key,
 * with no analytics code of its own. Connecting through email, social login or a passkey is a
 * connection like a wallet's (`method` tells them apart).
 */
const journey: Readonly<Record<string, { method?: string } & Partial<Record<Phase, string>>>> = {
  connect: { method: 'wallet', pending: 'SELECT_WALLET', success: 'CONNECT_SUCCESS', error: 'CONNECT_ERROR' },
  connectSocial: { method: 'social', pending: 'SELECT_WALLET', success: 'CONNECT_SUCCESS', error: 'CONNECT_ERROR' },
  connectFarcaster: {
    method: 'farcaster',
    pending: 'SELECT_WALLET',
    success: 'CONNECT_SUCCESS',
    error: 'CONNECT_ERROR',
  },
  loginWithPasskey: { method: 'passkey', success: 'CONNECT_SUCCESS', error: 'CONNECT_ERROR' },
  emailLogin: { method: 'email', success: 'CONNECT_SUCCESS', error: 'CONNECT_ERROR' },
  disconnect: { success: 'DISCONNECT_SUCCESS', error: 'DISCONNECT_ERROR' },
  switchNetwork: { success: 'SWITCH_NETWORK', error: 'SWITCH_NETWORK_ERROR' },
  signMessage: { pending: 'SIGN_MESSAGE', success: 'SIGN_MESSAGE_SUCCESS', error: 'SIGN_MESSAGE_ERROR' },
  signTypedData: { pending: 'SIGN_MESSAGE', success: 'SIGN_MESSAGE_SUCCESS', error: 'SIGN_MESSAGE_ERROR' },
  sendToken: { pending: 'SEND_INITIATED', success: 'SEND_SUCCESS', error: 'SEND_ERROR' },
  swap: { pending: 'SWAP_INITIATED', success: 'SWAP_SUCCESS', error: 'SWAP_ERROR' },
  onrampUrl: { success: 'BUY_CRYPTO', error: 'BUY_CRYPTO_ERROR' },
  registerName: { pending: 'REGISTER_NAME_INITIATED', success: 'REGISTER_NAME_SUCCESS', error: 'REGISTER_NAME_ERROR' },
  // Sign in with X: the sign step's Sign (the wallet is asked, then signed in or refused) and Cancel.
  signInSiwx: { pending: 'CLICK_SIGN_SIWX_MESSAGE', success: 'SIWX_AUTH_SUCCESS', error: 'SIWX_AUTH_ERROR' },
  cancelSiwxSignIn: { pending: 'CLICK_CANCEL_SIWX' },
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
const text = (value: unknown) => (typeof value === 'string' ? value : undefined)

/** The event's data: what was picked (never a message's or an amount's content), and why it failed. */
function properties(
  step: string,
  phase: Phase,
  variables: unknown,
  error: unknown,
  connection: { caipNetworkId?: string | undefined },
) {
  const v = record(variables)
  const props: Record<string, unknown> = {}
  const method = journey[step]?.method
  if (method) props.method = method
  if (step === 'connect') {
    const connector = record(v.connector)
    props.name = text(record(v.wallet).name) ?? text(connector.name) ?? text(v.connectorId)
    props.namespace = text(v.namespace) ?? text(connector.chain)
    props.walletConnect = v.wallet !== undefined
  }
  if (step === 'connectSocial') props.provider = text(v.provider)
  if (step === 'switchNetwork') props.network = text(v.caipNetworkId)
  // The sign-in is about the connected account on its network (the mutation has no variables).
  if (step === 'signInSiwx' || step === 'cancelSiwxSignIn') props.network = connection.caipNetworkId
  if (phase === 'error') {
    const e = record(error)
    props.message = text(e.shortMessage) ?? text(e.message) ?? 'Unknown error'
    props.errorName = text(e.name)
  }
  return props
}

/**
 * @internal
 * Reports the journey's steps as they run (see {@link journey}), and `INITIALIZE` once, now. Runs
 * for as long as the query client lives: a step the modal's closing does not end (disconnect, a
 * swap confirmed later) is still reported. Returns the unsubscribe.
 *
 * @example
 * const stop = trackJourney(portico, queryClient)
 */
export function trackJourney(portico: Portico, queryClient: QueryClient): () => void {
  let lastAddress: string | undefined
  const send = (event: string, props: Record<string, unknown>) => {
    // After a disconnect the account is gone: the event still names whose it was.
    const address = getConnection(portico).address ?? lastAddress
    lastAddress = address
    void sendAnalyticsEvent(portico, { event, properties: props }, address)
  }
  send('INITIALIZE', {
    networks: portico.networks.map((n) => n.caipNetworkId),
    namespaces: [...portico.adapters.keys()],
  })
  return queryClient.getMutationCache().subscribe((notice) => {
    if (notice.type !== 'updated') return
    const phase = notice.action.type
    if (phase !== 'pending' && phase !== 'success' && phase !== 'error') return
    const [root, step, part] = notice.mutation.options.mutationKey ?? []
    if (root !== 'portico' || typeof step !== 'string') return
    // Email login's one connecting step is the code's check.
    if (step === 'emailLogin' && part !== 'verifyOtp') return
    const event = journey[step]?.[phase]
    if (!event) return
    send(
      event,
      properties(step, phase, notice.mutation.state.variables, notice.mutation.state.error, getConnection(portico)),
    )
  })
}
