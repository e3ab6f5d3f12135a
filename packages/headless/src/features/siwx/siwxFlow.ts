import { atom } from 'jotai/vanilla'
import { disconnect } from '../../kernel/actions/disconnect.js'
import { getConnection } from '../../kernel/actions/getConnection.js'
import { switchNetwork } from '../../kernel/actions/switchNetwork.js'
import { watchConnection } from '../../kernel/actions/watchConnection.js'
import { defineFeatureState, featureState } from '../../kernel/featureState.js'
import type { Portico } from '../../kernel/portico.js'
import type { SiwxConfig, SiwxSession } from '../../kernel/siwxConfig.js'
import { accountKey } from '../../kernel/utils/address.js'
import type { CaipNetworkId } from '../../kernel/utils/caip.js'
import { getSiwxConfig } from './getSiwxConfig.js'
import { sameAddress } from './sessionSchema.js'
import { signInWithSiwx } from './signInWithSiwx.js'

/** Where the sign-in of the connected account stands. */
export type SiwxStatus = 'unauthenticated' | 'authenticating' | 'authenticated'

/**
 * The sign step a UI shows (the spec's SIWXSignMessage view):
 * - `idle`: nothing to show (signed in, signed out by choice, or not connected);
 * - `prompt`: the account has no session on this network, ask the user to sign;
 * - `signing`: the wallet is asked ('Authenticating...');
 * - `failed`: the signature or the session was refused; `error` says why, the user may retry.
 */
export type SiwxStep = 'idle' | 'prompt' | 'signing' | 'failed'

/** The sign-in state of the connected account on its network. */
export type SiwxState = {
  status: SiwxStatus
  step: SiwxStep
  /** Sessions of the connected account on its network (empty when signed out). */
  sessions: readonly SiwxSession[]
  /** The account and network the state is about (undefined when nothing is connected). */
  address: string | undefined
  caipNetworkId: CaipNetworkId | undefined
  /** Whether cancelling the sign step disconnects (the config's `getRequired`). */
  required: boolean
  /** Why the last attempt failed (`step: 'failed'`). */
  error: Error | undefined
}

/** @internal The state before any account is checked. */
export const initialSiwxState: SiwxState = {
  status: 'unauthenticated',
  step: 'idle',
  sessions: [],
  address: undefined,
  caipNetworkId: undefined,
  required: false,
  error: undefined,
}

/** @internal The sign-in state, in the instance's private store. */
export const siwxStateAtom = /* @__PURE__ */ atom<SiwxState>(initialSiwxState)

type Flow = {
  /** The account+network the state was last computed for (`network|address`). */
  key: string | undefined
  /** Bumped on every account change so a stale session lookup cannot overwrite a newer one. */
  generation: number
  /** Networks (per address) on which the account had a session: the cancel rule goes back there. */
  lastSignedIn: Map<string, CaipNetworkId>
  /** The account that was connected, to sign out when it disconnects. */
  connected: { address: string; caipNetworkId: CaipNetworkId } | undefined
  stop: () => void
  /** Settles when the current session lookup is done (tests and `useSiwx` wait on it). */
  settled: Promise<void>
}

/** The instance's flow, once started (`undefined` until then, or when sign-in is off). */
const flowState = defineFeatureState<{ flow: Flow | undefined }>('siwxFlow', () => ({ flow: undefined }))

/**
 * @internal
 * Starts the sign-in flow of an instance once (idempotent): watches the connection and, after
 * connect or a network switch, looks up the account's sessions; none opens the sign step.
 * A disconnect signs out when `signOutOnDisconnect` (default true). `createPortico` loads this
 * module lazily when a `siwx` option is given, so pages without sign-in never download it.
 */
export function startSiwxFlow(portico: Portico): Flow | undefined {
  const existing = featureState(portico, flowState).flow
  if (existing) return existing
  let siwx: SiwxConfig | undefined
  try {
    siwx = getSiwxConfig(portico)
  } catch (error) {
    console.warn(`[portico] Sign-in is off: ${(error as Error).message}`)
    return undefined
  }
  if (!siwx) return undefined
  const config = siwx
  const flow: Flow = {
    key: undefined,
    generation: 0,
    lastSignedIn: new Map(),
    connected: undefined,
    stop: () => {},
    settled: Promise.resolve(),
  }
  featureState(portico, flowState).flow = flow
  // The host's config runs inside connection changes: a method that throws instead of rejecting
  // is read like a rejection (warned, the flow goes on), never thrown into the connection's update.
  const required = () => {
    try {
      return config.getRequired?.() ?? false
    } catch (error) {
      console.warn(`[portico] Sign-in is optional: siwx.getRequired failed: ${(error as Error).message}`)
      return false
    }
  }
  const settle = <T>(call: () => Promise<T>) => new Promise<T>((resolve) => resolve(call()))

  const evaluate = () => {
    const connection = getConnection(portico)
    const caipNetworkId = connection.caipNetworkId ?? connection.network?.caipNetworkId
    if (connection.status !== 'connected' || !connection.address || !caipNetworkId) {
      // 'reconnecting'/'connecting' are transient: the session is looked up once they settle.
      if (connection.status !== 'disconnected') return
      const was = flow.connected
      flow.connected = undefined
      flow.key = undefined
      flow.generation++
      portico.store.set(siwxStateAtom, { ...initialSiwxState, required: required() })
      if (was && (config.signOutOnDisconnect ?? portico.options.signOutOnDisconnect))
        flow.settled = settle(() => config.setSessions([])).catch((error) => {
          console.warn(`[portico] Signing out on disconnect failed: ${(error as Error).message}`)
        })
      return
    }
    const address = connection.address
    const key = `${caipNetworkId}|${address}`
    if (key === flow.key) return
    flow.key = key
    flow.connected = { address, caipNetworkId }
    const generation = ++flow.generation
    portico.store.set(siwxStateAtom, {
      ...initialSiwxState,
      address,
      caipNetworkId,
      required: required(),
    })
    flow.settled = settle(() => config.getSessions(caipNetworkId, address)).then(
      (sessions) => {
        if (generation !== flow.generation) return
        if (sessions.length) flow.lastSignedIn.set(accountKey(address), caipNetworkId)
        portico.store.set(siwxStateAtom, {
          ...portico.store.get(siwxStateAtom),
          status: sessions.length ? 'authenticated' : 'authenticating',
          step: sessions.length ? 'idle' : 'prompt',
          sessions,
        })
      },
      (error: Error) => {
        if (generation !== flow.generation) return
        // The session store could not be read: ask to sign, the new session replaces whatever was there.
        console.warn(`[portico] Reading sign-in sessions failed: ${error.message}`)
        portico.store.set(siwxStateAtom, {
          ...portico.store.get(siwxStateAtom),
          status: 'authenticating',
          step: 'prompt',
        })
      },
    )
  }
  flow.stop = watchConnection(portico, { onChange: evaluate })
  evaluate()
  return flow
}

/** @internal The flow of an instance (started on first use). */
export function requireSiwxFlow(portico: Portico): Flow | undefined {
  return startSiwxFlow(portico)
}

/** @internal Signs the connected account in and moves the state along (used by the sign step and `useSiwx`). */
export async function runSiwxSignIn(portico: Portico): Promise<SiwxSession> {
  const flow = requireSiwxFlow(portico)
  const state = portico.store.get(siwxStateAtom)
  const generation = flow?.generation
  portico.store.set(siwxStateAtom, { ...state, status: 'authenticating', step: 'signing', error: undefined })
  try {
    const session = await signInWithSiwx(portico)
    if (flow && generation === flow.generation) {
      flow.lastSignedIn.set(accountKey(session.data.accountAddress), session.data.chainId)
      const current = portico.store.get(siwxStateAtom)
      portico.store.set(siwxStateAtom, {
        ...current,
        status: 'authenticated',
        step: 'idle',
        sessions: [...current.sessions, session],
        error: undefined,
      })
    }
    return session
  } catch (error) {
    if (flow && generation === flow.generation)
      portico.store.set(siwxStateAtom, {
        ...portico.store.get(siwxStateAtom),
        status: 'authenticating',
        step: 'failed',
        error: error as Error,
      })
    throw error
  }
}

/**
 * @internal
 * The spec's cancel rule: when sign-in is required, go back to the last network on which the
 * account has a session, or else disconnect; when it is optional, just close the sign step.
 */
export async function runSiwxCancel(portico: Portico): Promise<void> {
  const flow = requireSiwxFlow(portico)
  const state = portico.store.get(siwxStateAtom)
  const close = () =>
    portico.store.set(siwxStateAtom, {
      ...portico.store.get(siwxStateAtom),
      status: portico.store.get(siwxStateAtom).sessions.length ? 'authenticated' : 'unauthenticated',
      step: 'idle',
      error: undefined,
    })
  if (!state.required || !state.address) return close()
  const back = flow?.lastSignedIn.get(accountKey(state.address))
  if (back && back !== state.caipNetworkId) {
    try {
      await switchNetwork(portico, { caipNetworkId: back })
      return
    } catch {
      // The wallet refused to go back: staying unsigned is not allowed, so disconnect.
    }
  }
  close()
  await disconnect(portico)
}

/** @internal Signs the connected account out on its network and asks again only on the next connect. */
export async function runSiwxSignOut(portico: Portico): Promise<void> {
  const config = getSiwxConfig(portico)
  const state = portico.store.get(siwxStateAtom)
  if (!config || !state.address || !state.caipNetworkId) return
  await config.revokeSession(state.caipNetworkId, state.address)
  const flow = featureState(portico, flowState).flow
  const address = state.address
  if (flow?.lastSignedIn.get(accountKey(address)) === state.caipNetworkId) flow.lastSignedIn.delete(accountKey(address))
  const current = portico.store.get(siwxStateAtom)
  portico.store.set(siwxStateAtom, {
    ...current,
    status: 'unauthenticated',
    step: 'idle',
    sessions: current.sessions.filter(
      (s) => !(s.data.chainId === state.caipNetworkId && sameAddress(s.data.chainId, s.data.accountAddress, address)),
    ),
  })
}

/** @internal Resolves when the pending session lookup of the flow is done. */
export function siwxFlowSettled(portico: Portico): Promise<void> {
  return featureState(portico, flowState).flow?.settled ?? Promise.resolve()
}
