import type { Client } from './signClient.js'

/**
 * What one tab tells the others: a message the relay gave it, or that the user ended a session
 * here (our own disconnect sends nothing the other tabs' relay sockets would hear).
 */
type TabMessage =
  | { kind: 'relay'; topic: string; message: string; publishedAt: number }
  | { kind: 'ended'; topic: string }

/** @internal What the controller keeps of the channel. */
export type Tabs = {
  /** Tell the other tabs the user ended `topic` here. */
  ended(topic: string): void
  close(): void
}

/**
 * @internal
 * Lets every tab of a site use the one WalletConnect session they share. The tabs share storage,
 * so they share the relay client id, and the relay delivers a client's message to one of its
 * sockets (the devnet's the first, WalletConnect's the most recent): a wallet's answer to a
 * request made in one tab often reaches another, and a wallet's event (chain or accounts changed,
 * session deleted) only one. Each tab therefore passes every message the relay gives it to the
 * others over a `BroadcastChannel` (same origin only, one per storage prefix), where the SDK takes
 * it in through its own path for fetched messages: duplicates and unknown topics are dropped
 * there, and an answer to a request the tab never made is left alone (`ownsMessage`). A session the
 * user disconnects in one tab is ended locally in the others (without asking the wallet again),
 * and then `onEndedElsewhere` runs. Where `BroadcastChannel` does not exist (Node), nothing
 * changes.
 *
 * @example
 * const tabs = shareSessionAcrossTabs(client, '@portico/', (topic) => disconnectNamespaces(topic))
 * await client.disconnect({ topic, reason })
 * tabs.ended(topic)
 */
export function shareSessionAcrossTabs(
  client: Client,
  storagePrefix: string,
  onEndedElsewhere: (topic: string) => void,
): Tabs {
  if (typeof BroadcastChannel === 'undefined') return { ended() {}, close() {} }
  const channel = new BroadcastChannel(`${storagePrefix}walletconnect-tabs`)
  // Node has the channel too (between workers): it must not keep a host's process alive.
  ;(channel as { unref?: () => void }).unref?.()
  const relayer = client.core.relayer
  /** Messages taken from another tab: not passed back when the SDK announces them here. */
  const taken = new Set<string>()
  const onRelayMessage = (event: { topic: string; message: string; publishedAt: number; transportType?: string }) => {
    if (event.transportType !== undefined && event.transportType !== 'relay') return
    if (taken.has(event.message)) return
    post({ kind: 'relay', topic: event.topic, message: event.message, publishedAt: event.publishedAt })
  }
  const post = (message: TabMessage) => {
    try {
      channel.postMessage(message)
    } catch {
      // Closed by `close()` while a message was on its way out: nothing left to tell.
    }
  }
  relayer.on('relayer_message', onRelayMessage)
  channel.onmessage = ({ data }: MessageEvent) => {
    const message = parseTabMessage(data)
    if (!message) {
      client.logger.warn('Ignoring a malformed message from another tab')
      return
    }
    if (message.kind === 'ended') {
      void endSessionLocally(client, message.topic).finally(() => onEndedElsewhere(message.topic))
      return
    }
    void takeRelayMessage(client, message, taken)
  }
  return {
    ended: (topic) => post({ kind: 'ended', topic }),
    close() {
      relayer.off('relayer_message', onRelayMessage)
      channel.close()
    },
  }
}

async function takeRelayMessage(client: Client, message: TabMessage & { kind: 'relay' }, taken: Set<string>) {
  if (!(await ownsMessage(client, message.topic, message.message))) return
  taken.add(message.message)
  try {
    await client.core.relayer.handleBatchMessageEvents([
      { topic: message.topic, message: message.message, publishedAt: message.publishedAt, transportType: 'relay' },
    ])
  } finally {
    taken.delete(message.message)
  }
}

/**
 * Whether this tab has a use for a message another tab received: a request from the wallet (an
 * event, an update, a deletion: every tab follows the session), or an answer to a request this tab
 * made. An answer meant for another tab is not fed to the SDK, which would log it as an error.
 */
async function ownsMessage(client: Client, topic: string, message: string): Promise<boolean> {
  if (!client.core.crypto.keychain.has(topic)) return false
  try {
    const payload = (await client.core.crypto.decode(topic, message)) as { id?: unknown; method?: unknown }
    if (typeof payload.method === 'string') return true
    return typeof payload.id === 'number' && client.core.history.records.has(payload.id)
  } catch {
    return false
  }
}

/**
 * @internal
 * Ends `topic` in this tab only, as the SDK does when a session is deleted (its relay subscription,
 * the record, its keys, its expiry), without telling the wallet, which another tab already did.
 *
 * @example
 * await endSessionLocally(client, topic)
 */
export async function endSessionLocally(client: Client, topic: string): Promise<void> {
  if (!client.session.keys.includes(topic)) return
  const { self } = client.session.get(topic)
  await client.core.relayer.unsubscribe(topic).catch(() => {})
  await client.session.delete(topic, { code: 6000, message: 'User disconnected.' })
  if (client.core.crypto.keychain.has(self.publicKey)) await client.core.crypto.deleteKeyPair(self.publicKey)
  if (client.core.crypto.keychain.has(topic)) await client.core.crypto.deleteSymKey(topic)
  if (client.core.expirer.has(topic)) client.core.expirer.del(topic)
}

/** A message from another tab, or undefined if it is not one this module sends. */
function parseTabMessage(data: unknown): TabMessage | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const { kind, topic, message, publishedAt } = data as Record<string, unknown>
  if (typeof topic !== 'string' || !/^[0-9a-f]{64}$/.test(topic)) return undefined
  if (kind === 'ended') return { kind, topic }
  if (kind !== 'relay' || typeof message !== 'string' || message.length === 0 || message.length > 1_000_000)
    return undefined
  return { kind, topic, message, publishedAt: typeof publishedAt === 'number' ? publishedAt : Date.now() }
}
