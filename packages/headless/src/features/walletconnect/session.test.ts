// The instance's WalletConnect session with nothing started: loading the controller's chunk reaches
// no relay (the relay URL here is a closed loopback port, never dialled). Starting the client and
// preparing a pairing ahead of the pick need the devnet relay: prepareWalletConnect.devnet.test.ts.
import { expect, test } from 'vitest'
import { featureLoaders } from '../../kernel/featureLoaders.js'
import { createMemoryWalletConnectStorage } from '../../kernel/walletConnectOptions.js'
import { offlinePortico } from '../../test/fixtures.js'
import { localSiwx } from '../siwx/localSiwx.js'
import type { WalletConnectController } from './controller.js'
import { walletConnectSession } from './session.js'

/** WalletConnect on, over a relay nobody listens on: a test that dials it would fail, not hang. */
const walletConnect = () => ({
  relayUrl: 'ws://127.0.0.1:9',
  verifyUrl: false as const,
  storage: createMemoryWalletConnectStorage(),
})

/** Whether the controller started its sign client (the SDK's storage, keys and relay socket). */
const clientStarted = (controller: WalletConnectController) =>
  (controller as unknown as { clientPromise?: unknown }).clientPromise !== undefined

test('default: nothing is loaded until asked; load gives the one controller of the instance, which starts no client', async () => {
  const portico = offlinePortico('session-default', { walletConnect: walletConnect() })
  const session = walletConnectSession(portico)
  expect(session.loaded()).toBeUndefined()
  const controller = await session.load()
  expect(session.loaded()).toBe(controller)
  expect(await session.load()).toBe(controller)
  expect(clientStarted(controller)).toBe(false)
})

test('behavior: one session per instance: asked again it is the same; another instance has its own controller', async () => {
  const first = offlinePortico('session-first', { walletConnect: walletConnect() })
  const second = offlinePortico('session-second', { walletConnect: walletConnect() })
  expect(walletConnectSession(first)).toBe(walletConnectSession(first))
  expect(walletConnectSession(first)).not.toBe(walletConnectSession(second))
  const [a, b] = await Promise.all([walletConnectSession(first).load(), walletConnectSession(second).load()])
  expect(a).not.toBe(b)
  // Loading one instance's controller leaves the other's state alone.
  const third = offlinePortico('session-third', { walletConnect: walletConnect() })
  await walletConnectSession(first).load()
  expect(walletConnectSession(third).loaded()).toBeUndefined()
})

test('behavior: loads asked for at once share one controller', async () => {
  const portico = offlinePortico('session-concurrent', { walletConnect: walletConnect() })
  const session = walletConnectSession(portico)
  const [a, b, c] = await Promise.all([session.load(), session.load(), session.load()])
  expect(b).toBe(a)
  expect(c).toBe(a)
})

test('behavior: with sign-in on, preparing loads the controller but starts no client (no single-use nonce is spent ahead of the pick)', async () => {
  const portico = offlinePortico('session-siwx', { walletConnect: walletConnect(), siwx: localSiwx({ storage: null }) })
  await featureLoaders.siwx() // sign-in's flow, which the instance loads as it starts: nothing left loading after the test
  const session = walletConnectSession(portico)
  await expect(session.prepare()).resolves.toBeUndefined()
  const controller = session.loaded()
  expect(controller).toBeDefined()
  expect(clientStarted(controller as WalletConnectController)).toBe(false)
})

test("error: with WalletConnect off, load rejects with 'WalletConnect is off for this instance', and again on the next call", async () => {
  const portico = offlinePortico('session-off')
  const session = walletConnectSession(portico)
  await expect(session.load()).rejects.toThrow(new TypeError('WalletConnect is off for this instance'))
  await expect(session.load()).rejects.toThrow(new TypeError('WalletConnect is off for this instance'))
  expect(session.loaded()).toBeUndefined()
})

test('error: with WalletConnect off, prepare never rejects: it resolves and leaves nothing loaded', async () => {
  const portico = offlinePortico('session-off-prepare')
  const session = walletConnectSession(portico)
  await expect(session.prepare()).resolves.toBeUndefined()
  expect(session.loaded()).toBeUndefined()
})
