// For Node tests of the embedded wallet's verbs: Node has no frames, so the frame's answers come
// from a stand-in that answers each request by name as the secure frame does (the frame's own flows
// run for real in the browser tests beside the verbs and in tests/e2e/embedded*.test.ts). The page's
// window is the test window (test/window.ts), whose `open` records the login windows.
import { vi } from 'vitest'
import { EmbeddedWalletError } from '../features/embedded/errors.js'
import { embeddedState } from '../features/embedded/state.js'
import type { EmbeddedWallet } from '../features/embedded/types.js'
import { eip155Adapter } from '../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../kernel/createPortico.js'
import { featureState } from '../kernel/featureState.js'
import { memoryStorage, testNetworks } from './fixtures.js'
import { installTestWindow } from './window.js'

/** How the stand-in answers one request, given its payload. */
export type Answer = (payload: unknown) => Promise<unknown>

/** A login window as the test window opens it: closable, with an address to set. */
export type TestPopup = { closed: boolean; location: { href: string }; close(): void }

/**
 * A kit with the embedded wallet configured (a frame URL no test loads) and nothing connected: for
 * the refusals a verb gives before it adds any frame.
 */
export function embeddedKit() {
  return createPortico({
    projectId: 'p',
    networks: [testNetworks().devnet],
    adapters: [eip155Adapter({ eip6963: false })],
    storage: memoryStorage(),
    embeddedWallet: { frameUrl: 'https://secure.example.com/' },
  })
}

/**
 * A kit whose embedded wallet is the stand-in, on the test window; `blocked` makes the window refuse
 * popups. Call `removeTestWindow()` after each test.
 */
export function embeddedStandIn(answers: Record<string, Answer>, { blocked = false } = {}) {
  const win = installTestWindow() as unknown as { open: ReturnType<typeof vi.fn> }
  const popups: TestPopup[] = []
  win.open = vi.fn(() => {
    if (blocked) return null
    const popup: TestPopup = {
      closed: false,
      location: { href: 'about:blank' },
      close() {
        popup.closed = true
      },
    }
    popups.push(popup)
    return popup
  })
  const portico = embeddedKit()
  const requests: { name: string; payload: unknown }[] = []
  const client = {
    request(name: string, payload?: unknown) {
      requests.push({ name, payload })
      const answer = answers[name]
      if (!answer) return Promise.reject(new Error(`unexpected ${name}`))
      return answer(payload)
    },
  }
  featureState(portico, embeddedState).wallet = {
    client,
    namespaces: ['eip155'],
    frameChain: 31337,
    writeLoginCache() {},
  } as unknown as EmbeddedWallet
  return { portico, win, popups, requests }
}

/** The frame refusing `request` with `message`. */
export const refuse = (request: string, message: string) => () =>
  Promise.reject(new EmbeddedWalletError({ message, request }))
/** A request the frame never answers. */
export const never = () => new Promise<never>(() => {})
/** The frame answering `value`. */
export const answer = (value: unknown) => () => Promise.resolve(value)
