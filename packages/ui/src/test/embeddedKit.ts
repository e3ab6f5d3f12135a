// For browser tests of the embedded wallet (headless's verbs and hooks, ui's views): a kit on the
// devnet chain with the secure frame of globalAuth.ts, an email login through the devnet's inbox,
// the frame's Approve clicked inside the frame's own document (a trusted click), and the cleanup
// each test runs after itself. Built from the public entries, as a host would, but for one test-only
// hook: the frame is asked at once when it reports ready (see embeddedPortico's `realReadyDelay`).
// Real services only: the auth server, the frame, anvil.

import {
  createPortico,
  eip155Adapter,
  eip155Network,
  initialize,
  type Portico,
  type PorticoOptions,
  type StorageLike,
  sendTransaction,
} from '@portico/headless'
import { registerPasskey, startEmailLogin, verifyEmailOtp } from '@portico/headless/embedded'
import { createPublicClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, expect, inject } from 'vitest'
import { commands, page, userEvent } from 'vitest/browser'
import { embeddedTimings } from '../../../headless/src/test/embeddedTimings.js'
import { removeEmbeddedWallet } from '../../../headless/src/test/removeEmbeddedWallet.js'
import { latestMail } from './authInbox.js'

const stops: (() => void)[] = []

/**
 * Storage in memory, as a page's: share one between two kits for two pages of one browser. (Not
 * headless's test/fixtures.ts one, whose module brings Node's HTTP server into the page.)
 */
export function pageStorage(): StorageLike {
  const map = new Map<string, string>()
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  }
}

let emails = 0

/** A new address for each login: the auth server knows every earlier one. */
export const freshEmail = (prefix = 'embedded') => `${prefix}-${Date.now().toString(36)}-${++emails}@example.com`

/**
 * A kit on the devnet chain with the embedded wallet's frame; `smart` gives the chain the devnet's
 * bundler and paymaster. Pass the same `storage` to two kits for a second page of one browser, and
 * `embedded.otherFrameUrl` as `frameUrl` for another device (the frame's storage is per origin).
 *
 * Its first request goes to the frame as soon as the frame reports ready, without the spec's
 * 500 ms after that report (headless's frameClient.timers.test.ts holds that wait with the real
 * value): the tests are about what follows it, and every kit (often two or three a test) would wait
 * it out again. `realReadyDelay` keeps the spec's wait, for a test whose point is the wait itself.
 * A test that sets its own timings (`embeddedTimings.set`) replaces these.
 */
export function embeddedPortico({
  smart = false,
  storage = pageStorage(),
  frameUrl = inject('embedded').frameUrl,
  options = {},
  realReadyDelay = false,
}: {
  smart?: boolean
  storage?: StorageLike
  frameUrl?: string
  /** More options, over these (another network list, account types…). */
  options?: Partial<PorticoOptions>
  /** Keep the spec's 500 ms between the frame's ready report and its first request (default: none). */
  realReadyDelay?: boolean
} = {}) {
  const devnet = inject('devnet')
  const embedded = inject('embedded')
  const portico: Portico = createPortico({
    projectId: embedded.projectId,
    networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl, testnet: true })],
    adapters: [eip155Adapter()],
    storage,
    embeddedWallet: { frameUrl },
    ...(smart
      ? { bundlerMap: { 'eip155:31337': devnet.bundlerUrl }, paymasterMap: { 'eip155:31337': devnet.paymasterUrl } }
      : {}),
    walletConnect: false,
    walletDirectory: false,
    blockchainApi: false,
    remoteConfig: false,
    ...options,
    // Merged, not replaced: a test that sets its own features (its social providers…) keeps
    // analytics off, which would otherwise call the hosted defaults (refused off loopback).
    features: { analytics: false, ...options.features },
  } as PorticoOptions)
  // Before initialize: a login on record in `storage` is restored there, through the frame.
  if (!realReadyDelay) embeddedTimings.set(portico, { readyDelayMs: 0 })
  stops.push(initialize(portico), () => removeEmbeddedWallet(portico))
  return portico
}

/** The code of the last login mail to `email` (newer than the mail `after`; the inbox waits for one). */
export async function latestCode(email: string, after = 0): Promise<string> {
  const { code } = await latestMail(email, after)
  if (!code) throw new Error(`no login code reached ${email}`)
  return code
}

/** A whole email login, as a user types the mailed code. */
export async function emailLogin(portico: Portico, email = freshEmail()) {
  await startEmailLogin(portico, { email })
  const connected = await verifyEmailOtp(portico, { otp: await latestCode(email) })
  return { ...connected, email }
}

/** The secure frames on the page. */
export const secureFrames = () => document.querySelectorAll<HTMLIFrameElement>('iframe[data-portico-secure-frame]')

/**
 * Presses a button of a secure frame's prompt with a trusted click inside the frame's document:
 * the first frame on the page, or the one loaded from `frameUrl` (a second device's).
 */
export async function pressInFrame(name: string, { frameUrl }: { frameUrl?: string } = {}) {
  const find = () => [...secureFrames()].find((f) => !frameUrl || f.src.startsWith(frameUrl))
  // The kit adds its frame when its first request starts: wait for the element, not for a time.
  await expect.poll(find, { message: `a secure frame${frameUrl ? ` from ${frameUrl}` : ''} on the page` }).toBeTruthy()
  const frame = find() as HTMLIFrameElement
  await userEvent.click(page.frameLocator(page.elementLocator(frame)).getByRole('button', { name }))
}

/**
 * Makes a passkey for the user signed in on `portico`, pressing "Create passkey" in its frame (a
 * virtual authenticator must be on the page: {@link passkeyAuthenticator}).
 */
export async function registerPasskeyInFrame(portico: Portico) {
  const registering = registerPasskey(portico)
  await pressInFrame('Create passkey')
  return registering
}

/**
 * A virtual passkey authenticator on the page (CDP's WebAuthn domain, a browser command) for the
 * tests of one file: `add()` puts one on the page and returns its id (`commands.passkeysOf(id)`
 * lists its passkeys); it is removed after each test. Call at the top level of the test file.
 */
export function passkeyAuthenticator() {
  let current: string | undefined
  afterEach(async () => {
    if (current) await commands.removePasskeyAuthenticator(current)
    current = undefined
  })
  return {
    add: async () => {
      current = await commands.addPasskeyAuthenticator()
      return current
    },
  }
}

/** Approves the frame's prompt with a trusted click inside the frame's document. */
export const approveInFrame = () => pressInFrame('Approve')

/**
 * Starts the devnet's bundler (Alto starts on its first request), so that a test's first smart
 * account request does not wait for it under the frame's own timeout.
 */
export async function startBundler() {
  await fetch(inject('devnet').bundlerUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
  })
}

/** A sponsored send of 0 wei from the smart account, approved in the frame: its first one deploys it. */
export async function sponsoredSend(portico: Portico) {
  const to = privateKeyToAccount(generatePrivateKey()).address
  const sending = sendTransaction(portico, { to, value: 0n })
  await approveInFrame()
  const hash = await sending
  await createPublicClient({ transport: http(inject('devnet').evmRpcUrl) }).waitForTransactionReceipt({ hash })
}

/**
 * Stops the kits of the test and takes their frames off the page with their timers (a frame still
 * loading would otherwise time out during a later test): call it in `afterEach`. Frames of kits made
 * some other way are removed too.
 */
export function stopEmbedded() {
  for (const stop of stops.splice(0)) stop()
  for (const frame of secureFrames()) frame.remove()
}
