// The pairing proposals of one sign client, on the dapp's real sign client and the devnet wallet
// (@reown/walletkit) through the devnet relay (src/test/walletConnectSuite.ts). Each test drives a
// PairingOffers of its own over the dapp's client, as the controller does; what needs no client
// (sign-in on, a client that cannot start) uses a client function that never reaches a relay.
import { expect, test, vi } from 'vitest'
import { ModalClosedError } from '../../kernel/errors/connection.js'
import { featureLoaders } from '../../kernel/featureLoaders.js'
import type { Portico } from '../../kernel/portico.js'
import { type ResolvedWalletConnectOptions, resolveWalletConnectOptions } from '../../kernel/walletConnectOptions.js'
import { offlinePortico } from '../../test/fixtures.js'
import { signClientOf } from '../../test/walletConnect.js'
import { walletConnectSuite } from '../../test/walletConnectSuite.js'
import { localSiwx } from '../siwx/localSiwx.js'
import { proposalNamespaces } from './namespaces.js'
import { type Draft, PairingOffers } from './offers.js'
import { pairingTopicOf } from './pageReturn.js'
import type { Client } from './signClient.js'

const suite = walletConnectSuite()

/** The spec's pairing expiry: 4 min. */
const pairingExpiryMs = 240_000
/** A connection never aborted. */
const never = new Promise<never>(() => {})

/** A PairingOffers of its own on `portico`'s real sign client, watching it, with the dapp's options and `overrides`. */
async function offersOn(portico: Portico, overrides: Partial<ResolvedWalletConnectOptions> = {}) {
  const client = await signClientOf(portico)
  const options = { ...(portico.options.walletConnect as ResolvedWalletConnectOptions), ...overrides }
  const offers = new PairingOffers(portico, options, async () => client)
  offers.watch(client)
  return { offers, client }
}

/** Offers whose sign client is `client` (a function that reaches no relay), with the default options. */
function offersWithout(portico: Portico, client: () => Promise<Client>) {
  return new PairingOffers(portico, resolveWalletConnectOptions({ relayUrl: 'ws://127.0.0.1:9' }), client)
}

const draft = (onUri?: (uri: string) => void): Draft => ({ uri: undefined, onUri })

test("default: an offer is a published proposal of the configured networks: a wc: URI, the wallet's approval on that pairing, and an expiry 4 min from now", async () => {
  const { portico } = suite.createDapp()
  const wallet = await suite.createWallet({ autoApprove: { proposals: 'manual' } })
  const { offers, client } = await offersOn(portico)
  const before = Date.now()
  const offer = await offers.make()
  const after = Date.now()
  expect(offer.uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  expect(offer.expiresAt).toBeGreaterThanOrEqual(before + pairingExpiryMs)
  expect(offer.expiresAt).toBeLessThanOrEqual(after + pairingExpiryMs)
  const topic = pairingTopicOf(offer.uri)
  expect(client.core.pairing.getPairings().map((p) => p.topic)).toEqual([topic])

  await wallet.pair(offer.uri)
  const proposal = await wallet.nextProposal()
  expect(proposal.optionalNamespaces).toEqual(proposalNamespaces(portico.networks))
  const session = await proposal.approve()
  expect(await offer.approval).toMatchObject({ topic: session.topic, pairingTopic: topic })
})

test("behavior: the offer's pairing URI is told to its draft as soon as the client creates the pairing, before the proposal reaches the relay, and is the offer's URI", async () => {
  const { portico } = suite.createDapp()
  const { offers } = await offersOn(portico)
  const published = suite.relay.stats().published
  const told: { uri: string; published: number }[] = []
  const making = draft((uri) => told.push({ uri, published: suite.relay.stats().published }))
  const offer = await offers.make(making)
  expect(told).toEqual([{ uri: offer.uri, published }]) // once, with nothing yet published
  expect(suite.relay.stats().published).toBeGreaterThan(published) // the offer comes once the proposal is
  expect(making.uri).toBe(offer.uri)
})

test('behavior: proposals are made one after the other: offers asked for at once each tell their own draft their own URI', async () => {
  const { portico } = suite.createDapp()
  const { offers, client } = await offersOn(portico)
  const drafts = [draft(), draft(), draft()]
  const made = await Promise.all(drafts.map((d) => offers.make(d)))
  expect(drafts.map((d) => d.uri)).toEqual(made.map((offer) => offer.uri))
  expect(new Set(made.map((offer) => offer.uri)).size).toBe(3)
  expect(client.core.pairing.getPairings()).toHaveLength(3)
})

test('behavior: prepare publishes one proposal ahead of the pick however often it is called; the next connection takes it (showing its URI) once; then a fresh one is prepared', async () => {
  const { portico } = suite.createDapp()
  const wallet = await suite.createWallet()
  const { offers, client } = await offersOn(portico)
  await Promise.all([offers.prepare(), offers.prepare()])
  await offers.prepare()
  const [pairing] = client.core.pairing.getPairings()
  expect(client.core.pairing.getPairings()).toHaveLength(1)

  const shown: string[] = []
  const taken = await offers.takePrepared(never, (uri) => shown.push(uri))
  expect(taken && pairingTopicOf(taken.uri)).toBe(pairing?.topic)
  expect(shown).toEqual([taken?.uri])
  expect(await offers.takePrepared(never, (uri) => shown.push(uri))).toBeUndefined() // used up
  expect(shown).toHaveLength(1)

  // The prepared offer is a real one: the wallet that scans it connects.
  await wallet.pair(taken?.uri as string)
  expect((await taken?.approval)?.pairingTopic).toBe(pairing?.topic)

  await offers.prepare()
  const topics = client.core.pairing.getPairings().map((p) => p.topic)
  expect(topics).toHaveLength(2)
  expect(topics).toContain(pairing?.topic)
})

test('behavior: a prepared offer still on its way when taken has its URI shown as soon as its pairing exists', async () => {
  const { portico } = suite.createDapp()
  const { offers } = await offersOn(portico)
  const preparing = offers.prepare()
  const shown: string[] = []
  const taking = offers.takePrepared(never, (uri) => shown.push(uri))
  expect(shown).toEqual([]) // no pairing yet
  const offer = await taking
  expect(offer?.uri).toMatch(/^wc:/)
  expect(shown).toEqual([offer?.uri])
  await preparing
})

test('edge: a prepared offer with under 30 s left is not used (a scan would race its renewal); with 35 s left it is', async () => {
  const { portico } = suite.createDapp()
  const { offers } = await offersOn(portico)
  const takeAt = async (lifeLeftMs: number) => {
    await offers.prepare()
    // The clock moved on until the prepared offer has at most `lifeLeftMs` left.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + pairingExpiryMs - lifeLeftMs)
    try {
      return await offers.takePrepared(never, () => {})
    } finally {
      clock.mockRestore()
    }
  }
  expect(await takeAt(29_000)).toBeUndefined()
  expect((await takeAt(35_000))?.uri).toMatch(/^wc:/)
})

test('edge: with a configured expiry under a minute, a prepared offer needs half its life left (20 s of 40 s), not 30 s', async () => {
  const { portico } = suite.createDapp()
  const { offers } = await offersOn(portico, { pairingExpiryMs: 40_000 })
  const takeAt = async (lifeLeftMs: number) => {
    await offers.prepare()
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 40_000 - lifeLeftMs)
    try {
      return await offers.takePrepared(never, () => {})
    } finally {
      clock.mockRestore()
    }
  }
  expect((await takeAt(25_000))?.uri).toMatch(/^wc:/)
  expect(await takeAt(19_000)).toBeUndefined()
})

test('behavior: with sign-in on, prepare publishes nothing and starts no client (a one-click proposal would spend a single-use nonce)', async () => {
  const portico = offlinePortico('offers-siwx', { siwx: localSiwx({ storage: null }) })
  await featureLoaders.siwx() // sign-in's flow, which the instance loads as it starts: nothing left loading after the test
  let started = 0
  const offers = offersWithout(portico, () => {
    started++
    return Promise.reject(new Error('no client here'))
  })
  await expect(offers.prepare()).resolves.toBeUndefined()
  const shown: string[] = []
  expect(await offers.takePrepared(never, (uri) => shown.push(uri))).toBeUndefined()
  expect(started).toBe(0)
  expect(shown).toEqual([])
})

test('error: a client that cannot start: make rejects with its failure; prepare never rejects, keeps nothing, and the next prepare tries again', async () => {
  const portico = offlinePortico('offers-no-client')
  const failure = new Error('the sign client could not start')
  let started = 0
  const offers = offersWithout(portico, () => {
    started++
    return Promise.reject(failure)
  })
  await expect(offers.make()).rejects.toBe(failure)
  await expect(offers.prepare()).resolves.toBeUndefined()
  expect(await offers.takePrepared(never, () => {})).toBeUndefined()
  await offers.prepare()
  expect(started).toBe(3)
})

test('behavior: taking a prepared offer still on its way gives up when the connection is aborted; a forgotten offer is not taken', async () => {
  const portico = offlinePortico('offers-abort')
  // A client still starting (the SDK's chunk, its storage): the offer stays on its way.
  const offers = offersWithout(portico, () => new Promise<Client>(() => {}))
  void offers.prepare()
  const aborted = Promise.reject(new ModalClosedError())
  aborted.catch(() => {})
  await expect(offers.takePrepared(aborted, () => {})).rejects.toBeInstanceOf(ModalClosedError)

  void offers.prepare()
  offers.forget() // its client is closing
  expect(await offers.takePrepared(never, () => {})).toBeUndefined()
})
