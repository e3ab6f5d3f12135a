// Browser commands (run in Node, beside Playwright) for tests that must reach what the page itself
// cannot: the secure frame's own document (another origin), the browser's passkey authenticator (a
// virtual one, through CDP's WebAuthn domain), and real mouse presses with a click count of the
// test's choosing (the second press of a double click, sent when the test says). Registered in vitest.config.ts's
// browser project; typed for the tests below.
// The Playwright provider's context (page, frame) on the command's first argument.
import type {} from '@vitest/browser-playwright'
import type { BrowserCommand } from 'vitest/node'

/** The root element's computed `color-scheme` and the given custom properties of the first frame whose address starts with `origin`. */
type FrameRootStyle = (origin: string, properties: string[]) => Promise<Record<string, string> | null>

const frameRootStyle: BrowserCommand<Parameters<FrameRootStyle>> = async (context, origin, properties) => {
  const tester = await context.frame()
  const frame = tester.childFrames().find((child) => child.url().startsWith(origin))
  if (!frame) return null
  return frame.evaluate((names) => {
    const style = getComputedStyle(document.documentElement)
    const read: Record<string, string> = { colorScheme: style.colorScheme }
    for (const name of names) read[name] = style.getPropertyValue(name).trim()
    return read
  }, properties)
}

/**
 * A platform passkey authenticator for CDP's `WebAuthn.addVirtualAuthenticator` (CTAP2, built in,
 * user verified, the user's presence given at once): this file's command and the e2e passkey test.
 */
export const virtualPasskeyAuthenticator = {
  protocol: 'ctap2',
  transport: 'internal',
  hasResidentKey: true,
  hasUserVerification: true,
  isUserVerified: true,
  automaticPresenceSimulation: true,
} as const

type Cdp = Awaited<ReturnType<Parameters<BrowserCommand<[]>>[0]['context']['newCDPSession']>>
const authenticators = new Map<string, Cdp>()

/**
 * Adds a virtual passkey authenticator to the test's page (CTAP2, built in, user verified, the
 * user's presence given at once): the secure frame's WebAuthn ceremonies use it once the user
 * clicks in the frame's prompt. Returns its id; remove it after the test.
 */
type AddPasskeyAuthenticator = () => Promise<string>
const addPasskeyAuthenticator: BrowserCommand<[]> = async (context) => {
  const cdp = await context.context.newCDPSession(context.page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: virtualPasskeyAuthenticator,
  })
  authenticators.set(authenticatorId, cdp)
  return authenticatorId
}

/** The relying parties of the passkeys the authenticator holds, one entry per passkey. */
type PasskeysOf = (authenticatorId: string) => Promise<string[]>
const passkeysOf: BrowserCommand<[string]> = async (_context, authenticatorId) => {
  const cdp = authenticators.get(authenticatorId)
  if (!cdp) throw new Error(`no virtual authenticator ${authenticatorId}`)
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
  return credentials.map((credential) => credential.rpId ?? '')
}

type RemovePasskeyAuthenticator = (authenticatorId: string) => Promise<void>
const removePasskeyAuthenticator: BrowserCommand<[string]> = async (_context, authenticatorId) => {
  const cdp = authenticators.get(authenticatorId)
  authenticators.delete(authenticatorId)
  if (!cdp) return
  await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId }).catch(() => {})
  await cdp.detach().catch(() => {})
}

/**
 * One real press of the primary mouse button (down, then up) at the centre of the first element of
 * the test's document matching `selector`, `clickCount` being the press's place in its click
 * sequence (2: the second press of a double click; the browser's `detail`). The element may be
 * covered: the press lands on whatever is on top at that point, as a user's would. Unlike
 * `userEvent.dblClick`, whose two presses leave together, a test can send the second press once
 * the first has had its effect.
 */
type MousePress = (selector: string, clickCount: number) => Promise<void>
const mousePress: BrowserCommand<Parameters<MousePress>> = async (context, selector, clickCount) => {
  // The test runs in an iframe: the box is in the page's coordinates, where the mouse moves.
  const box = await (await context.frame()).locator(selector).first().boundingBox()
  if (!box) throw new Error(`no box for ${selector}`)
  const { mouse } = context.page
  await mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await mouse.down({ clickCount })
  await mouse.up({ clickCount })
}

/**
 * Drops (as a lost connection does) every request of the test's own document whose path ends with
 * `pathEnd`, until `allowRequests` with the same `pathEnd`; `droppedRequests` says how many it
 * dropped so far. Other test files' documents, which share the page, are left alone.
 */
type DropRequests = (pathEnd: string) => Promise<void>
type DroppedRequests = (pathEnd: string) => Promise<number>
type AllowRequests = (pathEnd: string) => Promise<void>
const dropping = new Map<string, { count: number; stop: () => Promise<void> }>()
/**
 * The requests this command dropped: the config's watch of failed module loads leaves them out of
 * the failure digest (they fail on purpose, as `net::ERR_INTERNET_DISCONNECTED`).
 */
export const droppedOnPurpose = new WeakSet<object>()
const dropRequests: BrowserCommand<Parameters<DropRequests>> = async (context, pathEnd) => {
  const tester = await context.frame()
  const entry = { count: 0, stop: async () => {} }
  const matches = (url: URL) => url.pathname.endsWith(pathEnd)
  const handler: Parameters<typeof context.page.route>[1] = (route) => {
    if (route.request().frame() !== tester) return route.fallback()
    entry.count++
    droppedOnPurpose.add(route.request())
    return route.abort('internetdisconnected')
  }
  await context.page.route(matches, handler)
  entry.stop = () => context.page.unroute(matches, handler)
  dropping.set(pathEnd, entry)
}
const droppedRequests: BrowserCommand<Parameters<DroppedRequests>> = async (_context, pathEnd) =>
  dropping.get(pathEnd)?.count ?? 0
const allowRequests: BrowserCommand<Parameters<AllowRequests>> = async (_context, pathEnd) => {
  await dropping.get(pathEnd)?.stop()
  dropping.delete(pathEnd)
}

/** The commands, for `browser.commands` in vitest.config.ts. */
export const frameCommands = {
  dropRequests,
  droppedRequests,
  allowRequests,
  frameRootStyle,
  addPasskeyAuthenticator,
  passkeysOf,
  removePasskeyAuthenticator,
  mousePress,
}

declare module 'vitest/browser' {
  interface BrowserCommands {
    frameRootStyle: FrameRootStyle
    addPasskeyAuthenticator: AddPasskeyAuthenticator
    passkeysOf: PasskeysOf
    removePasskeyAuthenticator: RemovePasskeyAuthenticator
    mousePress: MousePress
    dropRequests: DropRequests
    droppedRequests: DroppedRequests
    allowRequests: AllowRequests
  }
}
