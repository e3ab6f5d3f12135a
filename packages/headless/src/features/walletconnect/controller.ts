import type { SessionTypes } from '@walletconnect/types'
import { ConnectionRejectedError, FailedToConnectError, ModalClosedError } from '../../kernel/errors/connection.js'
import { isUserRejection } from '../../kernel/errors/isUserRejection.js'
import { WalletConnectNotConnectedError } from '../../kernel/errors/walletConnect.js'
import type { Portico } from '../../kernel/portico.js'
import { walletConnectPairingAtom } from '../../kernel/state/atoms.js'
import type { ConnectorConnection, ConnectorEvent, PorticoNetwork } from '../../kernel/types.js'
import type { CaipNetworkId, ChainNamespace } from '../../kernel/utils/caip.js'
import type { ResolvedWalletConnectOptions } from '../../kernel/walletConnectOptions.js'
import { toWalletConnectProtocolError, WalletConnectProtocolError } from './errors.js'
import { createWalletConnectLog, type WalletConnectLog } from './logger.js'
import { assertRequestApproved, sessionConnection, switchPlan } from './namespaces.js'
import { PairingOffers } from './offers.js'
import { onPageReturn, pairingTopicOf, sessionOnReturn, settledOn } from './pageReturn.js'
import { createSessionEvents } from './sessionEvents.js'
import { type Client, closeSignClient, delay, initSignClient, isRejectionReason } from './signClient.js'
import { shareSessionAcrossTabs, type Tabs } from './tabs.js'

/**
 * A renewed offer's approval, still taken if the wallet answers it (it was handed the old URI just
 * before the renewal); its expiry is not a failure of the connection, the wallet's refusal is.
 */
const stillAnswerable = (approval: Promise<SessionTypes.Struct>): Promise<SessionTypes.Struct> =>
  approval.catch((error: unknown) =>
    isUserRejection(error) || isRejectionReason(error) ? Promise.reject(error) : new Promise<never>(() => {}),
  )

/**
 * @internal
 * One WalletConnect sign client and session per Portico instance. Loaded on demand (this module
 * and the SDK are a separate chunk): nothing of WalletConnect runs until the user picks it or a
 * persisted WalletConnect connection is restored.
 */
export class WalletConnectController {
  private clientPromise: Promise<Client> | undefined
  private sdkPromise: Promise<typeof import('@walletconnect/sign-client')> | undefined
  private topic: string | undefined
  /** The pairing proposals this client offers, one prepared ahead of the pick at most. */
  private readonly offers: PairingOffers
  private readonly events = createSessionEvents()
  /** The session that just ended, until the user is told how (see {@link onSessionEnded}). */
  private ended: { topic: string; timer: ReturnType<typeof setTimeout> } | undefined
  /** The other tabs of the site, which share the session (see {@link shareSessionAcrossTabs}). */
  private tabs: Tabs | undefined
  /** The SDK's log, kept for a support request (see `getWalletConnectLogs`). */
  readonly log: WalletConnectLog

  constructor(
    private readonly portico: Portico,
    private readonly options: ResolvedWalletConnectOptions,
  ) {
    this.log = createWalletConnectLog(options.logLevel)
    this.offers = new PairingOffers(portico, options, () => this.client())
  }

  /** The sign client, created once (the SDK restores its stored sessions and pairings on init). */
  client(): Promise<Client> {
    this.clientPromise ??= this.createClient().catch((error) => {
      this.clientPromise = undefined
      throw error
    })
    return this.clientPromise
  }

  /** The SDK's module, fetched and evaluated once (a failed fetch is tried again next time). */
  private sdk(): Promise<typeof import('@walletconnect/sign-client')> {
    this.sdkPromise ??= import('@walletconnect/sign-client').catch((error: unknown) => {
      this.sdkPromise = undefined
      throw error
    })
    return this.sdkPromise
  }

  /**
   * Fetches and evaluates the SDK's code without starting it: no storage, socket, keys or
   * request beyond the app's own chunk (see `prepareWalletConnect` with `start: false`). Never rejects.
   */
  preload(): Promise<void> {
    return this.sdk().then(
      () => {},
      () => {},
    )
  }

  private async createClient(): Promise<Client> {
    const sdk = await this.sdk()
    let client: Client
    try {
      client = await initSignClient(sdk, this.portico, this.options, this.log.logger)
    } catch (error) {
      // The SDK's own start failed (its storage, its state): an unknown failure of a provider's
      // start, which the spec alerts as INTERNAL_SDK_ERROR (once a page) and logs. The request
      // that asked for the client still fails with its own typed error.
      console.error('[portico] WalletConnect could not start', error)
      this.portico.alerts.emit('INTERNAL_SDK_ERROR', { details: 'WalletConnect could not start', cause: error })
      throw error
    }
    this.offers.watch(client)
    client.on('session_delete', ({ topic }) => this.onSessionEnded(topic))
    client.on('session_expire', ({ topic }) => this.onSessionExpired(topic))
    client.on('session_update', ({ topic, params }) => {
      if (topic === this.topic) this.events.updated(params.namespaces)
    })
    client.on('session_event', ({ topic, params }) => {
      if (topic === this.topic) this.events.event(params)
    })
    // The user disconnected in another tab: the same here, with no alert (the user did it).
    this.tabs = shareSessionAcrossTabs(client, this.options.storagePrefix, (topic) => this.onSessionEnded(topic, false))
    return client
  }

  /**
   * Gets WalletConnect ready before the user picks it: starts the client and publishes one pairing
   * proposal, which the next {@link connect} shows at once (see {@link PairingOffers.prepare}).
   * Never rejects.
   */
  prepare(): Promise<void> {
    return this.offers.prepare()
  }

  /** The active session, if it is still valid. */
  async session(): Promise<SessionTypes.Struct | undefined> {
    const client = await this.client().catch((cause: unknown) => {
      throw new WalletConnectProtocolError({ kind: 'NOT_INITIALIZED', cause })
    })
    if (this.topic) {
      const current = client.session.getAll().find((s) => s.topic === this.topic)
      if (current && current.expiry * 1000 > Date.now()) return current
      this.topic = undefined
    }
    return undefined
  }

  /**
   * Pairs with a wallet: publishes the pairing URI (renewed before it expires, spec: 4 min),
   * and resolves with the approved session. The proposal a renewal replaced stays answerable (the
   * wallet app may have been handed it just before), and when the page comes back from the
   * background (a phone's wallet app round trip) the relay socket is reopened and a session
   * settled meanwhile is taken (see `pageReturn.ts`). Rejects with 'Connection rejected' when the wallet
   * declines, 'Modal closed' when `signal` aborts.
   */
  async connect({ signal }: { signal?: AbortSignal | undefined } = {}): Promise<SessionTypes.Struct> {
    // Closed before it began: no proposal is published that no one will see.
    if (signal?.aborted) throw new ModalClosedError()
    const { store } = this.portico
    const aborted = new Promise<never>((_, reject) => {
      signal?.addEventListener('abort', () => reject(new ModalClosedError()), { once: true })
    })
    aborted.catch(() => {})
    // A URI that exists before its proposal is published is shown with the offer's expected expiry.
    const show = (uri: string) => {
      if (!signal?.aborted)
        store.set(walletConnectPairingAtom, { uri, expiresAt: Date.now() + this.options.pairingExpiryMs })
    }
    try {
      let offer = await this.offers.takePrepared(aborted, show)
      // The pairing topics of this offer and the one it renewed, and that one's approval.
      let topics: string[] = []
      let earlier: Promise<SessionTypes.Struct>[] = []
      for (let failures = 0; ; offer = undefined) {
        if (!offer) {
          // The prepared URI (if one was shown) did not become an offer, or the last one expired.
          store.set(walletConnectPairingAtom, undefined)
          try {
            const made = this.offers.make({ uri: undefined, onUri: show })
            // Given up on (the modal closed first), its failure must not be unhandled.
            made.catch(() => {})
            offer = await Promise.race([made, aborted])
          } catch (error) {
            store.set(walletConnectPairingAtom, undefined)
            if (error instanceof ModalClosedError) throw error
            if (error instanceof FailedToConnectError) throw error
            // Spec: retry after 1 s; a relay that stays unreachable fails the connection.
            if (++failures >= this.options.pairingAttempts) throw new FailedToConnectError({ cause: error })
            await Promise.race([delay(this.options.pairingRetryMs), aborted])
            continue
          }
        }
        const { uri, approval, expiresAt } = offer
        store.set(walletConnectPairingAtom, { uri, expiresAt })
        const topic = pairingTopicOf(uri)
        topics = topic ? [...topics.slice(-1), topic] : topics
        let timer: ReturnType<typeof setTimeout> | undefined
        const expired = new Promise<'expired'>((resolve) => {
          timer = setTimeout(() => resolve('expired'), expiresAt - Date.now())
        })
        // On a phone the user approves in the wallet app while this page is suspended: when it
        // comes back, the relay socket is reopened and a session settled meanwhile is taken.
        let stopWatching = () => {}
        const returned = new Promise<SessionTypes.Struct>((resolve) => {
          stopWatching = onPageReturn(() => {
            const pending = topics
            this.client()
              .then((client) => sessionOnReturn(client, pending))
              .then(
                (session) => session && resolve(session),
                () => {},
              )
          })
        })
        try {
          let outcome = await Promise.race([approval, ...earlier, returned, expired, aborted])
          if (outcome === 'expired') {
            // Back just as it expired: a session the wallet settled meanwhile wins over a renewal.
            const settled = settledOn(await this.client(), topics)
            if (!settled) {
              // The wallet may still answer the proposal it was handed just before the renewal.
              earlier = [stillAnswerable(approval)]
              continue // nobody scanned it in time: a fresh URI is offered
            }
            outcome = settled
          }
          this.topic = outcome.topic
          return outcome
        } catch (error) {
          if (error instanceof ModalClosedError) throw error
          if (isUserRejection(error) || isRejectionReason(error)) throw new ConnectionRejectedError({ cause: error })
          // Already the connection's failure (a one-click approval that made no session): not wrapped twice.
          if (error instanceof FailedToConnectError) throw error
          throw new FailedToConnectError({ cause: toWalletConnectProtocolError(error) ?? error })
        } finally {
          clearTimeout(timer)
          stopWatching()
        }
      }
    } finally {
      store.set(walletConnectPairingAtom, undefined)
    }
  }

  /** Picks up the newest valid session after a reload. */
  async restore(): Promise<SessionTypes.Struct | undefined> {
    const existing = await this.session()
    if (existing) return existing
    const client = await this.client()
    const now = Date.now()
    const sessions = client.session
      .getAll()
      .filter((s) => s.acknowledged && s.expiry * 1000 > now)
      .sort((a, b) => b.expiry - a.expiry)
    this.topic = sessions[0]?.topic
    return sessions[0]
  }

  /** Sends a request to the wallet on `chainId`, refusing what the session did not approve. */
  async request<result = unknown>({
    chainId,
    method,
    params,
  }: {
    chainId: CaipNetworkId
    method: string
    params: unknown
  }): Promise<result> {
    const session = await this.session()
    if (!session) throw new WalletConnectNotConnectedError()
    assertRequestApproved(session, chainId, method)
    const client = await this.client()
    try {
      return await client.request<result>({ topic: session.topic, chainId, request: { method, params } })
    } catch (error) {
      throw toWalletConnectProtocolError(error) ?? error
    }
  }

  /** What `session` connects on `namespace` (see {@link sessionConnection}). */
  connection(
    session: SessionTypes.Struct,
    namespace: ChainNamespace,
    preferred: PorticoNetwork | undefined,
  ): ConnectorConnection | undefined {
    return sessionConnection(session, namespace, preferred)
  }

  /** Switches the session's chain on `namespace` as {@link switchPlan} says (asking the wallet, or refusing). */
  async switchChain({
    namespace,
    network,
    current,
  }: {
    namespace: ChainNamespace
    network: PorticoNetwork
    current: CaipNetworkId | undefined
  }): Promise<void> {
    const plan = switchPlan(await this.session(), namespace, network, current)
    if (plan)
      await this.request({
        chainId: plan.chainId,
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: `0x${Number(network.id).toString(16)}` }],
      })
  }

  /** Deletes the session on both sides and in the other tabs, whatever the wallet answers. */
  async disconnect(): Promise<void> {
    const client = await this.client()
    const topic = this.topic
    this.topic = undefined
    if (!topic || !client.session.keys.includes(topic)) return
    await client
      .disconnect({ topic, reason: { code: 6000, message: 'User disconnected.' } })
      .finally(() => this.tabs?.ended(topic))
  }

  /** Closes the relay connection, stops the SDK's timers and releases its core (see {@link closeSignClient}). */
  async close(): Promise<void> {
    const pending = this.clientPromise
    this.clientPromise = undefined
    this.topic = undefined
    this.offers.forget()
    this.tabs?.close()
    this.tabs = undefined
    const client = await pending?.catch(() => undefined)
    if (client) await closeSignClient(client, this.options.storagePrefix)
  }

  /** Listens to the session's wallet events of `namespace` (see {@link createSessionEvents}). */
  subscribe(namespace: ChainNamespace, listener: (event: ConnectorEvent) => void): () => void {
    return this.events.subscribe(namespace, listener)
  }

  /**
   * The wallet deleted the session, or it expired: every namespace it connected disconnects at
   * once, and the user is told why (an alert: the UI's toast, a headless host's `watchAlerts`).
   * Our own `disconnect` clears the topic first, so it never lands here. The SDK deletes an expired
   * session too (`session_delete`) and only then says `session_expire`, in the same turn: which
   * alert to raise is decided once that turn is over.
   */
  private onSessionEnded(topic: string, tell = true) {
    if (topic !== this.topic) return
    this.topic = undefined
    this.events.ended()
    if (!tell) return
    clearTimeout(this.ended?.timer)
    const ended = { topic, timer: setTimeout(() => this.tellEnded(ended, 'WALLET_SESSION_ENDED'), 0) }
    this.ended = ended
  }

  private onSessionExpired(topic: string) {
    if (topic === this.topic) this.onSessionEnded(topic)
    const ended = this.ended
    if (ended?.topic !== topic) return
    clearTimeout(ended.timer)
    this.tellEnded(ended, 'WALLET_SESSION_EXPIRED')
  }

  private tellEnded(ended: { topic: string }, alert: 'WALLET_SESSION_ENDED' | 'WALLET_SESSION_EXPIRED') {
    if (this.ended !== ended) return
    this.ended = undefined
    this.portico.alerts.emit(alert)
  }
}
