import type { SessionTypes } from '@walletconnect/types'
import type { Client } from './signClient.js'

/**
 * @internal
 * Calls `onReturn` each time the page comes back after the user left it: it becomes visible again
 * (`visibilitychange`, the user switched back from the wallet app) or resumes after the browser
 * froze it (the Page Lifecycle `resume` event: a phone's browser freezes a page in the
 * background, and its timers and socket callbacks stop until then). Returns the stop function;
 * outside a browser it does nothing.
 *
 * @example
 * const stop = onPageReturn(() => void sessionOnReturn(client, [pairingTopic]).then(use))
 */
export function onPageReturn(onReturn: () => void): () => void {
  if (typeof document === 'undefined') return () => {}
  const visible = () => {
    if (document.visibilityState === 'visible') onReturn()
  }
  document.addEventListener('visibilitychange', visible)
  document.addEventListener('resume', visible)
  return () => {
    document.removeEventListener('visibilitychange', visible)
    document.removeEventListener('resume', visible)
  }
}

/**
 * @internal
 * What the page finds of a pending proposal when it comes back: first the relay socket is made to
 * be open (a suspended page's socket is often closed by the OS, and the SDK only notices on its
 * next heartbeat); opening it resubscribes the client's topics and fetches what the relay kept for
 * them, so the wallet's answer sent meanwhile is delivered and the proposal's own approval
 * settles. Then the session the wallet may already have settled on the proposal's pairing (one
 * handled while the page was away) is returned, or `undefined`.
 *
 * @example
 * const session = await sessionOnReturn(client, [pairingTopic])
 */
export async function sessionOnReturn(
  client: Client,
  pairingTopics: readonly string[],
): Promise<SessionTypes.Struct | undefined> {
  const { relayer } = client.core
  // The SDK's own way back to the relay: it reconnects, resubscribes and fetches the mailbox.
  if (!relayer.connected) await relayer.transportOpen().catch(() => {})
  return settledOn(client, pairingTopics)
}

/** @internal An acknowledged, unexpired session the wallet settled on one of `pairingTopics`. */
export function settledOn(client: Client, pairingTopics: readonly string[]): SessionTypes.Struct | undefined {
  const now = Date.now()
  return client.session
    .getAll()
    .find((s) => s.acknowledged && s.expiry * 1000 > now && pairingTopics.includes(s.pairingTopic))
}

/**
 * @internal
 * The pairing topic of a WalletConnect v2 URI (`wc:{topic}@2?…`), or undefined.
 *
 * @example
 * pairingTopicOf('wc:7f6e…@2?relay-protocol=irn&symKey=…') // '7f6e…'
 */
export function pairingTopicOf(uri: string): string | undefined {
  return /^wc:([0-9a-f]{64})@2\?/i.exec(uri)?.[1]
}
