// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"disableIframePageLoading": true}}
// warmEmailLogin: what reaching for the email field does before Continue: one hidden secure frame
// added now, the very one the send then uses; nothing fetched by the page; and nothing at all (no
// error, no warning) where no frame can be made. On fake time, so that the frame's load timer never
// runs. The field that calls it on pointer, focus and keystroke, and the send through the real frame,
// are in EmailField.browser.test.tsx and EmailLogin.browser.test.tsx.
import { createPortico, eip155Adapter, eip155Network } from '@portico/headless'
import { getEmbeddedWallet } from '@portico/headless/embedded'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { warmEmailLogin } from './warmEmailLogin.js'

const frameUrl = 'http://127.0.0.1:9/secure/'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  for (const frame of document.querySelectorAll('iframe')) frame.remove()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

const makePortico = (embeddedWallet?: { frameUrl: string }) =>
  createPortico({
    projectId: 'warm-test',
    networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:9/rpc', testnet: true })],
    adapters: [eip155Adapter()],
    ...(embeddedWallet ? { embeddedWallet } : {}),
    walletConnect: false,
    walletDirectory: false,
    blockchainApi: false,
    remoteConfig: false,
    storage: null,
    features: { analytics: false },
  })

const frames = () => [...document.querySelectorAll<HTMLIFrameElement>('iframe[data-portico-secure-frame]')]

/** Resolves once the chunk warmEmailLogin imports has loaded and its callback has run. */
async function settled() {
  await vi.dynamicImportSettled()
  await import('@portico/headless/embedded')
}

test('behavior: the secure frame is added at once, hidden, at the configured frame with the project', async () => {
  const portico = makePortico({ frameUrl })
  expect(frames()).toHaveLength(0)
  warmEmailLogin(portico)
  await settled()
  expect(frames()).toHaveLength(1)
  const [frame] = frames()
  const src = new URL(frame?.src ?? '')
  expect(`${src.origin}${src.pathname}`).toBe(frameUrl)
  expect(src.searchParams.get('projectId')).toBe('warm-test')
  expect(src.searchParams.get('chainId')).toBe('31337')
  // Hidden as for any login: out of the accessibility tree and the tab order, and drawn nowhere.
  expect(frame?.getAttribute('aria-hidden')).toBe('true')
  expect(frame?.tabIndex).toBe(-1)
  expect(frame?.style.opacity).toBe('0')
})

test('behavior: the send then reuses that very frame (the wallet is made once)', async () => {
  const portico = makePortico({ frameUrl })
  warmEmailLogin(portico)
  await settled()
  const [warmed] = frames()
  expect(getEmbeddedWallet(portico).client.element).toBe(warmed)
  expect(frames()).toHaveLength(1)
})

test('edge: reaching for the field again and again (pointer, focus, each keystroke) adds no second frame', async () => {
  const portico = makePortico({ frameUrl })
  for (let i = 0; i < 5; i++) warmEmailLogin(portico)
  await settled()
  warmEmailLogin(portico)
  await settled()
  expect(frames()).toHaveLength(1)
  // A second kit on the page has its own frame.
  warmEmailLogin(makePortico({ frameUrl }))
  await settled()
  expect(frames()).toHaveLength(2)
})

test('security: warming fetches nothing from the page (no code is mailed, nothing is asked of the auth server)', async () => {
  const fetched = vi.spyOn(globalThis, 'fetch')
  warmEmailLogin(makePortico({ frameUrl }))
  await settled()
  expect(frames()).toHaveLength(1)
  expect(fetched).not.toHaveBeenCalled()
})

test('error: no frame can be made (no frameUrl): nothing is added, nothing thrown or warned; the send reports it later', async () => {
  const warn = vi.spyOn(console, 'warn')
  const error = vi.spyOn(console, 'error')
  const portico = makePortico()
  expect(() => warmEmailLogin(portico)).not.toThrow()
  await settled()
  expect(frames()).toHaveLength(0)
  expect(warn).not.toHaveBeenCalled()
  expect(error).not.toHaveBeenCalled()
  // What the send will meet: the wallet still cannot be made, with the error that names why.
  expect(() => getEmbeddedWallet(portico)).toThrow(
    expect.objectContaining({ name: 'EmbeddedWalletNotConfiguredError' }),
  )
})
