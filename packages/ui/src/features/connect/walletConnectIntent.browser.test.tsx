// The two intent hooks in real Chromium, on a kit of their own with the devnet's WalletConnect
// relay: mounting them (each modal opening) loads nothing; many intents on a row leading to
// WalletConnect make one controller and one prepared pairing; the "All Wallets" intent loads the
// code only; `prepare: false` and no WalletConnect do nothing. Which rows carry the intent, and the
// SDK fetched on the network through the real Connect view, are in
// walletconnect/WalletConnectOnIntent.browser.test.tsx.
import {
  createMemoryWalletConnectStorage,
  createPortico,
  eip155Adapter,
  eip155Network,
  initialize,
  type Portico,
  PorticoProvider,
} from '@portico/headless'
import { QueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { afterEach, expect, inject, test, vi } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { signClientOf, walletConnectOf } from '../../../../headless/src/test/walletConnect.js'
import { PorticoUI } from '../../PorticoUI.js'
import { usePreloadWalletConnectOnIntent, usePrepareWalletConnectOnIntent } from './walletConnectIntent.js'
import '../../test/provided.js'

const devnet = inject('devnet')
const stops: (() => void)[] = []
afterEach(async () => {
  vi.restoreAllMocks()
  await cleanup()
  for (const stop of stops.splice(0)) stop()
})

const kit = (walletConnect: Parameters<typeof createPortico>[0]['walletConnect']): Portico => {
  const portico = createPortico({
    projectId: 'wc-intent',
    networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl, testnet: true })],
    adapters: [eip155Adapter()],
    storage: null,
    walletConnect,
    walletDirectory: false,
    blockchainApi: false,
    remoteConfig: false,
    features: { analytics: false },
  })
  stops.push(initialize(portico))
  return portico
}

/** Each render's hook results, to check they are stable. */
const renders: { prepare: () => void; preload: () => void }[] = []

function Rows() {
  const prepare = usePrepareWalletConnectOnIntent()
  const preload = usePreloadWalletConnectOnIntent()
  const [count, setCount] = useState(0)
  renders.push({ prepare, preload })
  return (
    <>
      <button type="button" onPointerMove={prepare} onPointerDown={prepare} onFocus={prepare}>
        WalletConnect
      </button>
      <button type="button" onPointerMove={preload} onPointerDown={preload} onFocus={preload}>
        All Wallets
      </button>
      <button type="button" onClick={() => setCount(count + 1)}>
        Render again {count}
      </button>
    </>
  )
}

async function mount(portico: Portico) {
  renders.length = 0
  const queryClient = new QueryClient()
  await render(
    <PorticoProvider config={portico} queryClient={queryClient} reconnectOnMount={false}>
      <PorticoUI>
        <Rows />
      </PorticoUI>
    </PorticoProvider>,
  )
  const button = (name: string) => page.getByRole('button', { name }).element() as HTMLButtonElement
  return { walletConnect: button('WalletConnect'), allWallets: button('All Wallets'), button }
}

// A store of its own per kit: the SDK's default (the browser's IndexedDB) keeps other files' pairings.
const relay = () => ({
  relayUrl: devnet.walletConnectRelayUrl,
  verifyUrl: false as const,
  storage: createMemoryWalletConnectStorage(),
})
const move = (element: Element) =>
  element.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, pointerType: 'mouse' }))

test('default: mounting the hooks and rendering again loads nothing; the intents are the same functions each render', async () => {
  const portico = kit(relay())
  const session = walletConnectOf(portico)
  if (!session) throw new Error('WalletConnect is configured')
  const load = vi.spyOn(session, 'load')
  const { button } = await mount(portico)
  button('Render again 0').click()
  await expect.element(page.getByRole('button', { name: 'Render again 1' })).toBeVisible()
  expect(renders.length).toBeGreaterThanOrEqual(2)
  expect(new Set(renders.map((r) => r.prepare)).size).toBe(1)
  expect(new Set(renders.map((r) => r.preload)).size).toBe(1)
  expect(load).not.toHaveBeenCalled()
  expect(session.loaded()).toBeUndefined()
})

test('behavior: many pointer moves, a press and focus on the row make one controller and one prepared pairing', async () => {
  const portico = kit(relay())
  const session = walletConnectOf(portico)
  if (!session) throw new Error('WalletConnect is configured')
  const prepare = vi.spyOn(session, 'prepare')
  const { walletConnect } = await mount(portico)
  for (let i = 0; i < 25; i++) move(walletConnect)
  walletConnect.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'touch' }))
  walletConnect.focus()
  expect(prepare).toHaveBeenCalledTimes(27)
  await Promise.all(prepare.mock.results.map((r) => r.value))
  const controllers = new Set(await Promise.all(Array.from({ length: 3 }, () => session.load())))
  expect(controllers.size).toBe(1)
  const client = await signClientOf(portico)
  expect(client.core.pairing.getPairings()).toHaveLength(1)
})

test('behavior: the "All Wallets" intent loads the code only: no client started, no pairing', async () => {
  const portico = kit(relay())
  const session = walletConnectOf(portico)
  if (!session) throw new Error('WalletConnect is configured')
  const prepare = vi.spyOn(session, 'prepare')
  const load = vi.spyOn(session, 'load')
  const { allWallets } = await mount(portico)
  move(allWallets)
  allWallets.focus()
  await vi.waitFor(() => expect(session.loaded()).toBeDefined(), { timeout: 15_000 })
  await Promise.all(load.mock.results.map((r) => r.value))
  expect(load).toHaveBeenCalled()
  expect(prepare).not.toHaveBeenCalled()
})

test('edge: with `prepare: false` neither intent loads anything', async () => {
  const portico = kit({ ...relay(), prepare: false })
  const session = walletConnectOf(portico)
  if (!session) throw new Error('WalletConnect is configured')
  const load = vi.spyOn(session, 'load')
  const { walletConnect, allWallets } = await mount(portico)
  move(walletConnect)
  walletConnect.focus()
  move(allWallets)
  allWallets.focus()
  expect(load).not.toHaveBeenCalled()
  expect(session.loaded()).toBeUndefined()
})

test('edge: without WalletConnect the intents do nothing and never throw', async () => {
  const portico = kit(false)
  expect(walletConnectOf(portico)).toBeUndefined()
  const errors = vi.spyOn(console, 'error')
  const { walletConnect, allWallets } = await mount(portico)
  expect(() => {
    move(walletConnect)
    walletConnect.focus()
    move(allWallets)
    allWallets.focus()
  }).not.toThrow()
  expect(errors).not.toHaveBeenCalled()
})
