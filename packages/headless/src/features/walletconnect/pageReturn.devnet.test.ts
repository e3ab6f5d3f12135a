// A phone's round trip: the user leaves the page for the wallet app (the page is suspended and its
// relay socket gone), approves there, and comes back. The real SDK on both sides, the devnet relay.

import type { PendingProposal } from '@portico/devnet'
import { afterEach, expect, test } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { walletConnectPairingAtom } from '../../kernel/state/atoms.js'
import { nextUri, signClientOf, wcConnector } from '../../test/walletConnect.js'
import { walletConnectSuite } from '../../test/walletConnectSuite.js'
import { pairingTopicOf } from './pageReturn.js'

const suite = walletConnectSuite()

/** Node's EventTarget as the page's `document`: its visibility is what the test says. */
function installPage() {
  const page = Object.assign(new EventTarget(), { visibilityState: 'hidden' as DocumentVisibilityState })
  Object.defineProperty(globalThis, 'document', { value: page, configurable: true, writable: true })
  return {
    show(event: 'visibilitychange' | 'resume') {
      page.visibilityState = 'visible'
      page.dispatchEvent(new Event(event))
    },
  }
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'document')
})

test.each(['visibilitychange', 'resume'] as const)(
  'approved in the wallet while the page was away: on %s the relay socket reopens and the pending connection completes',
  async (event) => {
    const page = installPage()
    const { portico } = suite.createDapp()
    const wallet = await suite.createWallet({ autoApprove: { proposals: 'manual' } })
    const proposal = new Promise<PendingProposal>((resolve) =>
      wallet.subscribe((e) => {
        if (e.type === 'proposal') resolve(e.proposal)
      }),
    )
    const client = await signClientOf(portico)
    const uri = nextUri(portico)
    // The URI is shown before its proposal is published, then again (a new expiry) once it is.
    const published = new Promise<void>((resolve) => {
      let shownTimes = 0
      const unsubscribe = portico.store.sub(walletConnectPairingAtom, () => {
        if (portico.store.get(walletConnectPairingAtom) && ++shownTimes === 2) {
          unsubscribe()
          resolve()
        }
      })
    })
    const connected = connect(portico, { connector: wcConnector(portico) })
    connected.catch(() => {}) // awaited below
    const shown = await uri
    await published
    await wallet.pair(shown)
    const pending = await proposal

    // The page is suspended: its socket is closed, and the SDK does not redial on its own.
    await client.core.relayer.transportClose()
    expect(client.core.relayer.connected).toBe(false)
    const session = await pending.approve()
    expect(session.pairingTopic).toBe(pairingTopicOf(shown))
    expect(client.session.getAll()).toHaveLength(0) // nothing reached the page yet

    page.show(event)
    const { address } = await connected
    expect(address).toBe(session.namespaces.eip155?.accounts[0]?.split(':')[2])
    expect(client.core.relayer.connected).toBe(true)
    expect(client.session.getAll().map((s) => s.topic)).toEqual([session.topic])
  },
  60_000,
)

test('the wallet answering the proposal it was handed just before a renewal still connects the page', async () => {
  // Long enough for the wallet to answer between two renewals on a busy machine.
  const { portico } = suite.createDapp({ pairingExpirySeconds: 5 })
  const wallet = await suite.createWallet({ autoApprove: { proposals: 'manual' } })
  const proposal = new Promise<PendingProposal>((resolve) =>
    wallet.subscribe((e) => {
      if (e.type === 'proposal') resolve(e.proposal)
    }),
  )
  const first = nextUri(portico)
  const connected = connect(portico, { connector: wcConnector(portico) })
  connected.catch(() => {}) // awaited below
  const uri1 = await first
  await wallet.pair(uri1)
  const pending = await proposal
  // The page renews the link (the user was slow in the wallet app); then the user approves there.
  await nextUri(portico, uri1)
  const renewedUntil = portico.store.get(walletConnectPairingAtom)?.expiresAt ?? 0
  const session = await pending.approve()
  const { address } = await connected
  expect(address).toBe(session.namespaces.eip155?.accounts[0]?.split(':')[2])
  // Taken from the old proposal's own approval, not found later when the new link ran out.
  expect(Date.now()).toBeLessThan(renewedUntil)
}, 60_000)
