// The tabs of a site sharing one WalletConnect session, with the real SDK on both sides through the
// devnet relay (src/test/walletConnectSuite.ts). A second tab is a second Portico on the same
// storage, as a browser's tabs share it: so they share the relay client id, and the devnet relay
// gives a client's message to its first socket only. Node has BroadcastChannel, so the tabs talk
// over the same channel a browser's would. The browser's own tabs: tests/e2e/walletconnect.test.ts.
import { verifyEip155Message } from '@portico/devnet'
import { expect, test, vi } from 'vitest'
import { disconnect } from '../../kernel/actions/disconnect.js'
import { reconnect } from '../../kernel/actions/reconnect.js'
import { signMessage } from '../../kernel/actions/signMessage.js'
import { watchAlerts } from '../../kernel/actions/watchAlerts.js'
import type { Alert } from '../../kernel/alerts.js'
import { accountOf, signClientOf, until, walletConnectNamespaces } from '../../test/walletConnect.js'
import { walletConnectSuite } from '../../test/walletConnectSuite.js'
import { getWalletConnectLogs } from './getWalletConnectLogs.js'
import { endSessionLocally, shareSessionAcrossTabs } from './tabs.js'

const suite = walletConnectSuite()
/** The channel Portico's tabs talk on: one per storage prefix (the default, `@portico/`). */
const channelName = '@portico/walletconnect-tabs'

/** A dapp connected to a devnet wallet, as the first tab. */
async function firstTab(options: Parameters<typeof suite.createWallet>[0] = {}) {
  const tab = suite.createDapp()
  const wallet = await suite.createWallet(options)
  await suite.pairAndConnect(tab.portico, wallet)
  const [session] = wallet.sessions()
  if (!session) throw new Error('no session')
  return { ...tab, wallet, session }
}

/**
 * Another tab of the same site: a Portico on the first tab's storage, restoring the session. The
 * SDK keeps one core per storage prefix in a global (one per tab in a browser); it is let go first,
 * as `closeSignClient` does, so this tab's client gets a core, socket and memory of its own.
 */
async function secondTab(first: Pick<ReturnType<typeof suite.createDapp>, 'storage' | 'wcStorage'>) {
  const globals = globalThis as Record<string, unknown>
  delete globals['_walletConnectCore_@portico/']
  delete globals['_walletConnectCore_@portico/_count']
  const tab = suite.createDapp({ storage: first.storage, wcStorage: first.wcStorage })
  await reconnect(tab.portico)
  return tab
}

/** Resolves with the first message on the tabs' channel that `match` accepts. */
function nextOnChannel(name: string, match: (data: Record<string, unknown>) => boolean) {
  const channel = new BroadcastChannel(name)
  return new Promise<Record<string, unknown>>((resolve) => {
    channel.onmessage = ({ data }) => {
      if (!match(data)) return
      channel.close()
      resolve(data)
    }
  })
}

test('default: a wallet event the relay gives only the first tab reaches the second tab too: both follow the account change', async () => {
  const first = await firstTab()
  const second = await secondTab(first)
  expect(accountOf(second.portico, 'eip155')?.status).toBe('connected')
  const other = suite.devnet.evm.accounts[2].address
  const passedOn = nextOnChannel(channelName, (data) => data.kind === 'relay' && data.topic === first.session.topic)
  const delivered = suite.relay.stats().delivered
  await first.wallet.emit(first.session.topic, 'accountsChanged', [other], 'eip155:31337')
  expect(await passedOn).toEqual({
    kind: 'relay',
    topic: first.session.topic,
    message: expect.any(String),
    publishedAt: expect.any(Number),
  })
  await until(first.portico, 'eip155', (a) => a?.address === other)
  expect((await until(second.portico, 'eip155', (a) => a?.address === other))?.caipAddress).toBe(
    `eip155:31337:${other}`,
  )
  expect(suite.relay.stats().delivered).toBe(delivered + 1) // the relay gave it to one socket
})

test("behavior: a request made in the second tab is answered there, though the relay gives the wallet's answer to the first tab", async () => {
  const first = await firstTab()
  const second = await secondTab(first)
  // The first tab's SDK has no such request: it logs the answer as an error (printed, kept out of the output).
  const unmatched = 'No matching key. history'
  const seenByFirst = new Promise<void>((resolve) =>
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      if (args.some((arg) => String(arg).includes(unmatched))) resolve()
    }),
  )
  const message = 'signed from the second tab'
  const signature = await signMessage(second.portico, { namespace: 'eip155', message })
  expect(await verifyEip155Message({ address: first.wallet.accounts.eip155.address, message, signature })).toBe(true)
  await seenByFirst
  expect(getWalletConnectLogs(first.portico)).toContain(unmatched)
  expect(getWalletConnectLogs(second.portico)).not.toContain(unmatched)
})

test('behavior: the user disconnecting in one tab disconnects every namespace in the other, with no alert there; the wallet is told once', async () => {
  const first = await firstTab()
  const second = await secondTab(first)
  const client = await signClientOf(second.portico)
  const alerts: Alert[] = []
  watchAlerts(second.portico, { onAlert: (alert) => alerts.push(alert) })
  const walletDeleted = new Promise<void>((resolve) =>
    first.wallet.subscribe((event) => event.type === 'sessions' && event.sessions.length === 0 && resolve()),
  )
  await disconnect(first.portico)
  for (const namespace of walletConnectNamespaces)
    await until(second.portico, namespace, (a) => a?.status === 'disconnected')
  expect(client.session.keys).toEqual([])
  expect(client.core.crypto.keychain.has(first.session.topic)).toBe(false)
  await walletDeleted
  expect(alerts).toEqual([]) // the user did it
})

test('behavior: endSessionLocally ends a session in this tab only: its record, keys and expiry go, the wallet is not told; a topic the tab does not have is left alone', async () => {
  const { portico, wallet, session } = await firstTab()
  const client = await signClientOf(portico)
  const ours = client.session.get(session.topic)
  const published = suite.relay.stats().published
  await endSessionLocally(client, session.topic)
  expect(client.session.keys).not.toContain(session.topic)
  expect(client.core.crypto.keychain.has(session.topic)).toBe(false)
  expect(client.core.crypto.keychain.has(ours.self.publicKey)).toBe(false)
  expect(client.core.expirer.has(session.topic)).toBe(false)
  expect(suite.relay.stats().published).toBe(published) // nothing went to the wallet
  expect(wallet.sessions().map((s) => s.topic)).toEqual([session.topic])
  await expect(endSessionLocally(client, session.topic)).resolves.toBeUndefined()
  await expect(endSessionLocally(client, 'cd'.repeat(32))).resolves.toBeUndefined()
})

test("edge: what another tab sends that is not a tab message is ignored with a warning in the client's log; a relay message for a topic the tab has no key for is not taken in", async () => {
  const { portico } = suite.createDapp()
  const client = await signClientOf(portico)
  const prefix = 'tabs-edge-test/'
  const endedHere: string[] = []
  let onEnded = () => {}
  const tabs = shareSessionAcrossTabs(client, prefix, (topic) => {
    endedHere.push(topic)
    onEnded()
  })
  const other = new BroadcastChannel(`${prefix}walletconnect-tabs`)
  const warned = vi.spyOn(client.logger, 'warn')
  const takenIn = vi.spyOn(client.core.relayer, 'handleBatchMessageEvents')
  try {
    const topic = 'ab'.repeat(32)
    const malformed = [
      null,
      'relay',
      42,
      { kind: 'relay', topic: 'not-a-topic', message: 'x' },
      { kind: 'relay', topic: 'AB'.repeat(32), message: 'x' },
      { kind: 'relay', topic, message: '' },
      { kind: 'relay', topic, message: 7 },
      { kind: 'relay', topic, message: 'x'.repeat(1_000_001) },
      { kind: 'deleted', topic },
    ]
    for (const data of malformed) other.postMessage(data)
    other.postMessage({ kind: 'relay', topic, message: 'bm90IGZvciB0aGlzIHRhYg==', publishedAt: 1 })
    // An 'ended' last, for a topic the tab does not have: once told, everything before it was handled.
    const ended = new Promise<void>((resolve) => {
      onEnded = resolve
    })
    other.postMessage({ kind: 'ended', topic })
    await ended
    expect(endedHere).toEqual([topic])
    const warnings = warned.mock.calls.filter(([text]) => text === 'Ignoring a malformed message from another tab')
    expect(warnings).toHaveLength(malformed.length)
    expect(takenIn).not.toHaveBeenCalled()
  } finally {
    tabs.close()
    other.close()
  }
})

test('behavior: a tab tells the others when the user ends a session there', async () => {
  const { portico } = suite.createDapp()
  const client = await signClientOf(portico)
  const prefix = 'tabs-ended-test/'
  const tabs = shareSessionAcrossTabs(client, prefix, () => {})
  try {
    const told = nextOnChannel(`${prefix}walletconnect-tabs`, () => true)
    const topic = 'ef'.repeat(32)
    tabs.ended(topic)
    expect(await told).toEqual({ kind: 'ended', topic })
  } finally {
    tabs.close()
  }
})
