// The `walletConnect` option as an instance holds it: the spec's defaults (secure relay, pairing
// expiry 4 min, retry after 1 s), how a host's values replace them through createPortico, and the
// in-memory session storage for Node hosts and tests. What the resolved values drive (the pairing
// offers and their expiry, the relay, the log) is features/walletconnect/ (offers.devnet.test.ts,
// walletConnect.devnet.test.ts, where the memory storage also carries a session across a simulated
// reload); the option's shape check is options.test.ts; the WalletConnect rows an instance lists
// are lifecycle.test.ts.
import { afterEach, expect, test, vi } from 'vitest'
import { offlinePortico } from '../test/fixtures.js'
import { InvalidOptionsError } from './errors/config.js'
import {
  createMemoryWalletConnectStorage,
  resolveWalletConnectOptions,
  type WalletConnectOptions,
  walletConnectConnectorId,
  walletConnectDefaults,
} from './walletConnectOptions.js'

afterEach(() => vi.restoreAllMocks())

/** A relay nobody listens on: the tests never dial it. */
const relayUrl = 'ws://127.0.0.1:9'

/** The instance's resolved WalletConnect options for `walletConnect`. */
function resolvedBy(walletConnect: WalletConnectOptions | false | undefined) {
  return offlinePortico('wc-options', { walletConnect }).options.walletConnect
}

test("default: every option has the spec's default: secure relay, hosted Verify, 4 min pairings retried after 1 s", () => {
  expect(resolveWalletConnectOptions()).toEqual({
    relayUrl: 'wss://relay.walletconnect.org',
    verifyUrl: 'https://verify.walletconnect.org',
    storage: undefined,
    storagePrefix: '@portico/',
    pairingExpiryMs: 240_000,
    pairingRetryMs: 1_000,
    pairingAttempts: 3,
    telemetry: false,
    prepare: true,
    logLevel: 'error',
  })
  expect(resolveWalletConnectOptions({})).toEqual(resolveWalletConnectOptions())
  expect(walletConnectDefaults.relayUrl.startsWith('wss://')).toBe(true)
  expect(walletConnectConnectorId).toBe('walletConnect')
})

test('default: fields passed as undefined take their defaults', () => {
  expect(
    resolveWalletConnectOptions({
      relayUrl: undefined,
      verifyUrl: undefined,
      storage: undefined,
      pairingExpirySeconds: undefined,
      telemetry: undefined,
      prepare: undefined,
      logLevel: undefined,
    }),
  ).toEqual(resolveWalletConnectOptions())
})

test("behavior: an instance with a project id holds the host's values, the expiry in ms, and the defaults for the rest", () => {
  const storage = createMemoryWalletConnectStorage()
  const resolved = resolvedBy({
    relayUrl,
    verifyUrl: 'http://127.0.0.1:10/verify',
    storage,
    pairingExpirySeconds: 300,
    telemetry: true,
    prepare: false,
    logLevel: 'trace',
  })
  expect(resolved).toEqual({
    relayUrl,
    verifyUrl: 'http://127.0.0.1:10/verify',
    storage,
    storagePrefix: '@portico/',
    pairingExpiryMs: 300_000,
    pairingRetryMs: 1_000,
    pairingAttempts: 3,
    telemetry: true,
    prepare: false,
    logLevel: 'trace',
  })
  // The host's storage is used as given, not copied.
  expect(resolved?.storage).toBe(storage)
  expect(resolvedBy({ relayUrl })).toEqual({ ...resolveWalletConnectOptions(), relayUrl })
})

test('edge: a fractional expiry in seconds is kept to the millisecond', () => {
  expect(resolveWalletConnectOptions({ pairingExpirySeconds: 0.5 }).pairingExpiryMs).toBe(500)
  expect(resolvedBy({ relayUrl, pairingExpirySeconds: 3600 })?.pairingExpiryMs).toBe(3_600_000)
})

test('edge: the Verify URL loses its trailing slashes (its /v3 paths are appended); false turns Verify off', () => {
  expect(resolvedBy({ relayUrl, verifyUrl: 'http://127.0.0.1:10/verify///' })?.verifyUrl).toBe(
    'http://127.0.0.1:10/verify',
  )
  expect(resolvedBy({ relayUrl, verifyUrl: 'http://127.0.0.1:10/' })?.verifyUrl).toBe('http://127.0.0.1:10')
  expect(resolvedBy({ relayUrl, verifyUrl: false })?.verifyUrl).toBe(false)
  // Only trailing ones: the path's own slashes stay.
  expect(resolveWalletConnectOptions({ verifyUrl: 'http://127.0.0.1:10/a/b/' }).verifyUrl).toBe(
    'http://127.0.0.1:10/a/b',
  )
})

test('behavior: the relay URL is kept exactly as given (a trailing slash included)', () => {
  expect(resolvedBy({ relayUrl: 'ws://127.0.0.1:9/' })?.relayUrl).toBe('ws://127.0.0.1:9/')
  expect(resolvedBy({ relayUrl: 'wss://127.0.0.1:9/relay?x=1' })?.relayUrl).toBe('wss://127.0.0.1:9/relay?x=1')
})

test('default: false, or no project id, means no WalletConnect at all', () => {
  expect(resolvedBy(false)).toBeUndefined()
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  expect(offlinePortico('', { walletConnect: { relayUrl } }).options.walletConnect).toBeUndefined()
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('Project ID Not Configured'))
})

test('error: values the option check refuses stop createPortico; nothing is resolved from them', () => {
  for (const walletConnect of [
    { relayUrl: 'http://127.0.0.1:9' },
    { relayUrl, verifyUrl: 'ftp://127.0.0.1:10' },
    { relayUrl, pairingExpirySeconds: 0 },
    { relayUrl, pairingExpirySeconds: 3601 },
    { relayUrl, storage: { getItem() {} } },
    { relayUrl, logLevel: 'verbose' },
  ]) {
    let error: unknown
    try {
      resolvedBy(walletConnect as WalletConnectOptions)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(InvalidOptionsError)
    expect((error as InvalidOptionsError).issues).toEqual([
      { path: 'walletConnect', message: 'must be false or WalletConnect options' },
    ])
  }
})

test('behavior: the memory storage stores, lists, reads and removes entries', async () => {
  const storage = createMemoryWalletConnectStorage()
  expect(await storage.getKeys()).toEqual([])
  expect(await storage.getItem('missing')).toBeUndefined()
  await storage.setItem('wc@2:client:0.3//session', [{ topic: 'a' }])
  await storage.setItem('wc@2:core:0.3//keychain', { k: 'v' })
  await storage.setItem('count', 3)
  expect(await storage.getKeys()).toEqual(['wc@2:client:0.3//session', 'wc@2:core:0.3//keychain', 'count'])
  expect(await storage.getEntries()).toEqual([
    ['wc@2:client:0.3//session', [{ topic: 'a' }]],
    ['wc@2:core:0.3//keychain', { k: 'v' }],
    ['count', 3],
  ])
  expect(await storage.getItem('count')).toBe(3)
  await storage.setItem('count', 4)
  expect(await storage.getItem('count')).toBe(4)
  await storage.removeItem('wc@2:core:0.3//keychain')
  await storage.removeItem('never stored')
  expect(await storage.getKeys()).toEqual(['wc@2:client:0.3//session', 'count'])
})

test('behavior: the memory storage keeps copies: changing a value after storing it, or one read back, changes nothing stored', async () => {
  const storage = createMemoryWalletConnectStorage()
  const session = { topic: 'a', namespaces: { eip155: { accounts: ['eip155:1:0xabc'] } } }
  await storage.setItem('session', session)
  session.namespaces.eip155.accounts.push('eip155:1:0xdef')
  const read = await storage.getItem<typeof session>('session')
  expect(read).toEqual({ topic: 'a', namespaces: { eip155: { accounts: ['eip155:1:0xabc'] } } })
  expect(read).not.toBe(session)
  read?.namespaces.eip155.accounts.push('eip155:1:0x123')
  const [[, entry] = []] = await storage.getEntries<typeof session>()
  entry?.namespaces.eip155.accounts.push('eip155:1:0x456')
  expect(await storage.getItem('session')).toEqual({
    topic: 'a',
    namespaces: { eip155: { accounts: ['eip155:1:0xabc'] } },
  })
})

test('edge: the memory storage stores what JSON can hold: undefined stays a key with no value, and a Date is its text', async () => {
  const storage = createMemoryWalletConnectStorage()
  await storage.setItem('nothing', undefined)
  await storage.setItem('when', new Date('2024-01-02T03:04:05.000Z'))
  expect(await storage.getKeys()).toEqual(['nothing', 'when'])
  expect(await storage.getItem('nothing')).toBeUndefined()
  expect(await storage.getItem('when')).toBe('2024-01-02T03:04:05.000Z')
})

test('behavior: each memory storage is its own; one passed to two instances is shared by them', async () => {
  const first = createMemoryWalletConnectStorage()
  const second = createMemoryWalletConnectStorage()
  await first.setItem('k', 'v')
  expect(await second.getKeys()).toEqual([])
  const before = offlinePortico('wc-a', { walletConnect: { relayUrl, storage: first } })
  const after = offlinePortico('wc-b', { walletConnect: { relayUrl, storage: first } })
  expect(before.options.walletConnect?.storage).toBe(after.options.walletConnect?.storage)
  expect(await after.options.walletConnect?.storage?.getItem('k')).toBe('v')
})
