import type { SessionTypes } from '@walletconnect/types'
import { FailedToConnectError } from '../../kernel/errors/connection.js'
import type { Portico } from '../../kernel/portico.js'
import type { ResolvedWalletConnectOptions } from '../../kernel/walletConnectOptions.js'
import { proposalNamespaces } from './namespaces.js'
import { type CreatedPairing, createdPairingUri } from './pairingUri.js'
import type { Client } from './signClient.js'

/** A published pairing proposal: its URI, the wallet's answer, and when we stop offering it. */
export type Offer = { uri: string; approval: Promise<SessionTypes.Struct>; expiresAt: number }
/**
 * An offer being made. Its pairing URI is known before the proposal is published (see
 * {@link PairingOffers.watch}); `onUri` hands it to whoever shows it.
 */
export type Draft = { uri: string | undefined; onUri: ((uri: string) => void) | undefined }
/** An offer made ahead of the pick, on its way or made (undefined if making it failed). */
type Prepared = Draft & { offer: Promise<Offer | undefined> }

/**
 * A prepared URI with less time than this left is not shown, a scan would race its renewal (30 s
 * of the spec's 4 min; half the life of a shorter configured expiry).
 */
const preparedMinimumLifeMs = 30_000

/**
 * @internal
 * The pairing proposals of one sign client: one made ahead of the user's pick (so its QR code
 * shows at once), and those a connection makes itself, one after the other. The connection
 * (`WalletConnectController.connect`) shows, renews and waits on them.
 */
export class PairingOffers {
  /** An offer made ahead of the user's pick (see {@link prepare}); taken by the next connection. */
  private prepared: Prepared | undefined
  /** The offer whose proposal the SDK is making now; its pairing URI is reported to it. */
  private drafting: Draft | undefined
  /** The last proposal in the making: proposals are made one after the other. */
  private proposing: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly portico: Portico,
    private readonly options: ResolvedWalletConnectOptions,
    private readonly client: () => Promise<Client>,
  ) {}

  /**
   * Reports each drafted offer's pairing URI as soon as the client creates its pairing. The SDK's
   * connect() hands the URI over only once the proposal is published, and even the pairing it
   * creates first waits for the relay socket: on a cold start the socket's opening and
   * authentication, the Verify attestation and the publish were ~100 of ~350 ms from the pick to
   * the QR code (desktop CPU). The URI's parts exist as soon as the pairing's key is made, when the
   * SDK announces the pairing: the URI is built from them then and shown at once (the offer's own
   * URI replaces it when it comes, should they ever differ). A wallet that scans it before the
   * proposal lands gets the proposal from the relay's mailbox.
   */
  watch(client: Client): void {
    client.core.pairing.events.on('pairing_create', (pairing: CreatedPairing) => {
      const draft = this.drafting
      if (!draft || draft.uri !== undefined) return
      draft.uri = createdPairingUri(client, pairing)
      if (draft.uri !== undefined) draft.onUri?.(draft.uri)
    })
  }

  /**
   * Gets WalletConnect ready before the user picks it: starts the client (the SDK's chunk, its
   * storage and the relay socket: most of the wait) and publishes one pairing proposal, which the
   * next connection shows at once instead of creating its own. Called when a wallet list shows.
   * Safe to call often: one offer at a time, a fresh one only once the last was used or has gone
   * stale. Never rejects; a failure here is reported by the `connect` that follows.
   */
  prepare(): Promise<void> {
    // With sign-in on, the proposal may be a one-click authentication carrying a single-use
    // nonce from the host's server: made ahead, it would spend nonces on users who never pick it.
    if (this.portico.options.siwx) return Promise.resolve()
    if (this.prepared) return this.prepared.offer.then(() => {})
    const prepared: Prepared = { uri: undefined, onUri: undefined, offer: Promise.resolve(undefined) }
    prepared.offer = this.make(prepared).then(
      (offer) => {
        // Stale by the time anyone looks: forget it so the next call prepares a fresh one.
        const timer = setTimeout(
          () => {
            if (this.prepared === prepared) this.prepared = undefined
          },
          Math.max(0, (offer?.expiresAt ?? 0) - Date.now() - this.minimumLifeMs()),
        )
        ;(timer as { unref?: () => void }).unref?.()
        return offer
      },
      () => {
        if (this.prepared === prepared) this.prepared = undefined
        return undefined
      },
    )
    this.prepared = prepared
    return prepared.offer.then(() => {})
  }

  /**
   * Publishes a pairing proposal for the configured networks. With sign-in on and an eip155-only
   * proposal, one approval connects and signs in (wc_sessionAuthenticate); a wallet without it
   * answers the fallback proposal instead. One-click auth's code (and sign-in's parser) loads only
   * for apps with sign-in.
   */
  async make(draft?: Draft): Promise<Offer> {
    const client = await this.client()
    if (this.portico.options.siwx) {
      const oneClick = await (await import('./oneClickAuth.js')).publishOneClickOffer(client, this.portico)
      if (oneClick) return { ...oneClick, expiresAt: Date.now() + this.options.pairingExpiryMs }
    }
    // One proposal at a time, so the pairing the SDK creates is this draft's (see {@link watch}).
    const made = this.proposing.then(async () => {
      this.drafting = draft
      try {
        return await client.connect({ optionalNamespaces: proposalNamespaces(this.portico.networks) })
      } finally {
        this.drafting = undefined
      }
    })
    this.proposing = made.catch(() => {})
    const offer = await made
    if (!offer.uri) throw new FailedToConnectError({ cause: new Error('The sign client returned no pairing URI') })
    const approval = offer.approval()
    // Nobody may ever take it (the user picks another wallet): its expiry must not be unhandled.
    approval.catch(() => {})
    return { uri: offer.uri, approval, expiresAt: Date.now() + this.options.pairingExpiryMs }
  }

  /**
   * The prepared offer if one is ready or on its way and has life left; it is used up either way.
   * While it is on its way, its pairing URI is shown as soon as it exists (`show`).
   */
  async takePrepared(aborted: Promise<never>, show: (uri: string) => void): Promise<Offer | undefined> {
    const prepared = this.prepared
    this.prepared = undefined
    if (!prepared) return undefined
    if (prepared.uri !== undefined) show(prepared.uri)
    else prepared.onUri = show
    const offer = await Promise.race([prepared.offer, aborted])
    return offer && offer.expiresAt - Date.now() > this.minimumLifeMs() ? offer : undefined
  }

  /** Drops the offer made ahead (the client it was made on is closing). */
  forget(): void {
    this.prepared = undefined
  }

  private minimumLifeMs(): number {
    return Math.min(preparedMinimumLifeMs, this.options.pairingExpiryMs / 2)
  }
}
