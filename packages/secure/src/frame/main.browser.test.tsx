// The secure frame's entry (main.ts) as the browser runs it: the real frame page of ui's
// globalAuth.ts (its own loopback origin, its script bundled from these sources) embedded in this
// test page, driven by postMessage only. Covered here: READY, which windows and origins it hears
// (the parent alone; a sibling of the parent's own origin, an opaque-origin window are ignored,
// never answered, never acted on), messages that claim an origin, malformed messages (ignored, or
// answered -32602 as the protocol says), two requests with one id, a request posted before the
// frame runs, and what replies carry once a user is signed in (no key, share or token; the prompt
// names the parent's real origin). Covered elsewhere: the message schemas (protocol.test.ts,
// protocol/*.test.ts), the frame page and its headers (server.test.ts), approvals that a hostile
// page hides or forges (tests/e2e/embeddedFrameSafety.test.ts), the wallet's own window
// (walletWindow.browser.test.tsx). Not reachable from a page in Chromium: the origin half of the
// listener's check (the parent's origin is the one the frame read from location.ancestorOrigins, so
// only the parent check drops another window), and the replies' target origin (the parent, the
// only window they go to, is always on it, so '*' would be seen the same).
import { afterEach, describe, expect, inject, test } from 'vitest'
import { commands, page, userEvent } from 'vitest/browser'
import { latestMail } from '../../../ui/src/test/authInbox.js'
import '../../../ui/src/test/provided.js'

const embedded = inject('embedded')
const frameOrigin = new URL(embedded.frameUrl).origin
const app = '@portico-app/'
const fr = '@portico-frame/'

type Received = { origin: string; data: { id?: string; type: string; payload?: Record<string, unknown> } }

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/**
 * The real frame in an iframe of this page (its parent). Records every message its window posts to
 * this page; `next` awaits one matching message (already received or to come).
 */
function embedFrame(query: Record<string, string> = { projectId: embedded.projectId }) {
  const iframe = document.createElement('iframe')
  iframe.src = `${embedded.frameUrl}/?${new URLSearchParams(query)}`
  iframe.style.cssText = 'width:400px;height:600px;border:0'
  const received: Received[] = []
  const waiters = new Set<{ match: (m: Received) => boolean; resolve: (m: Received) => void }>()
  const onMessage = (event: MessageEvent) => {
    if (event.source !== iframe.contentWindow) return
    const message = { origin: event.origin, data: event.data } as Received
    received.push(message)
    for (const waiter of waiters)
      if (waiter.match(message)) {
        waiters.delete(waiter)
        waiter.resolve(message)
      }
  }
  window.addEventListener('message', onMessage)
  document.body.append(iframe)
  cleanups.push(() => {
    window.removeEventListener('message', onMessage)
    iframe.remove()
  })
  const next = (match: (m: Received) => boolean) => {
    const found = received.find(match)
    if (found) return Promise.resolve(found)
    return new Promise<Received>((resolve) => waiters.add({ match, resolve }))
  }
  const frame = {
    iframe,
    received,
    next,
    ready: () => next((m) => m.data?.type === `${fr}READY`),
    /** Posts as the parent, to the frame's origin only. */
    post: (message: unknown) => iframe.contentWindow?.postMessage(message, frameOrigin),
    /** Posts a request as the parent and awaits its reply (the first message with its id and name). */
    request: async (name: string, payload?: unknown, id: string = crypto.randomUUID()) => {
      frame.post({ id, type: `${app}${name}`, ...(payload === undefined ? {} : { payload }) })
      return (await next((m) => m.data?.id === id && m.data.type.startsWith(`${fr}${name}_`))).data
    },
    /** The replies carrying `id`. */
    answersTo: (id: string) => received.filter((m) => m.data?.id === id),
  }
  return frame
}

/** A document of this page's own origin beside the frame (not its parent), running `body` in its realm. */
async function siblingOfSameOrigin() {
  const sibling = document.createElement('iframe')
  const loaded = new Promise((resolve) => sibling.addEventListener('load', resolve, { once: true }))
  sibling.srcdoc = '<!doctype html><p>sibling</p>'
  document.body.append(sibling)
  cleanups.push(() => sibling.remove())
  await loaded
  const realm = sibling.contentWindow as Window & typeof globalThis
  expect(realm.origin).toBe(location.origin)
  // A function of the sibling's own realm: a postMessage from it comes from the sibling's window.
  return (target: Window, message: unknown) =>
    new realm.Function('target', 'message', 'target.postMessage(message, "*")')(target, message)
}

/**
 * A sandboxed document (an opaque origin, 'null') beside the frame: it posts what it is handed to
 * the frame, then tells this page it has.
 */
async function opaqueSibling(target: Window) {
  const sibling = document.createElement('iframe')
  sibling.sandbox.add('allow-scripts')
  sibling.srcdoc = `<!doctype html><script>
    addEventListener('message', (event) => {
      const target = parent.frames[event.data.index]
      for (const message of event.data.messages) target.postMessage(message, '*')
      parent.postMessage({ sent: event.data.messages.length, origin: origin }, '*')
    })
    parent.postMessage({ loaded: true }, '*')
  </script>`
  const loaded = new Promise<void>((resolve) => {
    const onLoaded = (event: MessageEvent) => {
      if (event.source !== sibling.contentWindow || !event.data?.loaded) return
      window.removeEventListener('message', onLoaded)
      resolve()
    }
    window.addEventListener('message', onLoaded)
  })
  document.body.append(sibling)
  cleanups.push(() => sibling.remove())
  await loaded
  const index = [...Array(window.frames.length).keys()].find((i) => window.frames[i] === target)
  expect(index).toBeDefined()
  return (messages: unknown[]) =>
    new Promise<{ sent: number; origin: string }>((resolve) => {
      const onSent = (event: MessageEvent) => {
        if (event.source !== sibling.contentWindow || event.data?.sent === undefined) return
        window.removeEventListener('message', onSent)
        resolve(event.data)
      }
      window.addEventListener('message', onSent)
      sibling.contentWindow?.postMessage({ index, messages }, '*')
    })
}

/** The frame document's computed color-scheme (read by Playwright once the frame is listed). */
async function colorScheme(): Promise<string | undefined> {
  let scheme: string | undefined
  await expect
    .poll(async () => {
      scheme = (await commands.frameRootStyle(frameOrigin, []))?.colorScheme
      return scheme
    })
    .toBeTruthy()
  return scheme
}

describe('READY and who the frame hears', () => {
  test('default: the frame tells its parent it is ready, from its own origin, with the protocol version and the build it runs', async () => {
    const frame = embedFrame()
    const ready = await frame.ready()
    expect(ready.origin).toBe(frameOrigin)
    expect(ready.data).toEqual({ type: `${fr}READY`, payload: { version: '1', build: expect.any(String) } })
    // The build is the hash of the script the page pinned (SHA-256, base64).
    expect(ready.data.payload?.build).toMatch(/^[A-Za-z0-9+/]{43}=$/)
    // Told once: a request answered after it brings no second READY.
    await frame.request('GET_CHAIN_ID')
    expect(frame.received.filter((m) => m.data?.type === `${fr}READY`)).toHaveLength(1)
  })

  test('security: a window of the parent’s own origin that is not the parent is neither answered nor obeyed', async () => {
    const frame = embedFrame()
    await frame.ready()
    const send = await siblingOfSameOrigin()
    const target = frame.iframe.contentWindow as Window
    const before = await colorScheme()
    expect(before).not.toBe('light')
    send(target, { id: 'forged-theme', type: `${app}SYNC_THEME`, payload: { themeMode: 'light' } })
    send(target, { id: 'forged-chain', type: `${app}SWITCH_NETWORK`, payload: { chainId: 10 } })
    send(target, { id: 'forged-bad', type: `${app}CONNECT_OTP`, payload: { otp: 'nope' } })
    // The parent's own request, posted after the forged ones, runs the same path: by its answer,
    // any of them the frame had taken would have been answered and done.
    const chain = await frame.request('GET_CHAIN_ID')
    expect(chain).toMatchObject({ type: `${fr}GET_CHAIN_ID_SUCCESS`, payload: { chainId: 1 } })
    for (const id of ['forged-theme', 'forged-chain', 'forged-bad']) expect(frame.answersTo(id)).toEqual([])
    expect(await colorScheme()).toBe(before)
    // The same theme from the parent is obeyed (so the check above could have seen a change).
    await frame.request('SYNC_THEME', { themeMode: 'light' })
    await expect.poll(colorScheme).toBe('light')
  })

  test('security: a window of another (opaque) origin is neither answered nor obeyed, even naming the host’s origin', async () => {
    const frame = embedFrame()
    await frame.ready()
    const before = await colorScheme()
    expect(before).not.toBe('light')
    const send = await opaqueSibling(frame.iframe.contentWindow as Window)
    const sent = await send([
      { id: 'opaque-chain', type: `${app}SWITCH_NETWORK`, payload: { chainId: 10 } },
      { id: 'opaque-theme', type: `${app}SYNC_THEME`, payload: { themeMode: 'light' } },
      { id: 'opaque-claim', type: `${app}GET_CHAIN_ID`, origin: location.origin },
      { id: 'opaque-bad', type: `${app}CONNECT_OTP`, payload: { otp: 'nope' } },
    ])
    expect(sent).toEqual({ sent: 4, origin: 'null' })
    const chain = await frame.request('GET_CHAIN_ID')
    expect(chain.payload).toEqual({ chainId: 1 })
    for (const id of ['opaque-chain', 'opaque-theme', 'opaque-claim', 'opaque-bad'])
      expect(frame.answersTo(id)).toEqual([])
    expect(await colorScheme()).toBe(before)
  })

  test('security: a message that names an origin in its envelope is no app message: never answered, never done', async () => {
    const frame = embedFrame()
    await frame.ready()
    const before = await colorScheme()
    frame.post({ id: 'claims-origin', type: `${app}SYNC_THEME`, payload: { themeMode: 'light' }, origin: frameOrigin })
    frame.post({ id: 'claims-source', type: `${app}GET_CHAIN_ID`, source: 'parent', hostOrigin: location.origin })
    await frame.request('GET_CHAIN_ID')
    expect(frame.answersTo('claims-origin')).toEqual([])
    expect(frame.answersTo('claims-source')).toEqual([])
    expect(await colorScheme()).toBe(before)
  })

  test('edge: a request posted before the frame’s document runs is lost (never answered later); the first one after READY is answered', async () => {
    const frame = embedFrame()
    // The iframe still holds its initial document: the message goes nowhere the frame can hear.
    frame.post({ id: 'too-early', type: `${app}GET_CHAIN_ID` })
    frame.iframe.contentWindow?.postMessage({ id: 'too-early-any', type: `${app}GET_CHAIN_ID` }, '*')
    await frame.ready()
    // Sent the moment READY arrives, before the frame has read its stored session: it waits for it.
    const answer = await frame.request('GET_USER', undefined, 'right-after-ready')
    // Signed out, or signed in by an earlier file of the run (the frame origin's storage is the
    // browser's): either way one answer, after the stored session was read.
    expect(answer).toMatchObject({ id: 'right-after-ready' })
    expect([`${fr}GET_USER_ERROR`, `${fr}GET_USER_SUCCESS`]).toContain((answer as { type: string }).type)
    await frame.request('GET_CHAIN_ID')
    expect(frame.answersTo('too-early')).toEqual([])
    expect(frame.answersTo('too-early-any')).toEqual([])
    expect(frame.answersTo('right-after-ready')).toHaveLength(1)
  })
})

describe('malformed messages', () => {
  test('error: a known request with a refused payload is answered -32602 with its id, and not carried out', async () => {
    const frame = embedFrame()
    await frame.ready()
    const before = await colorScheme()
    const refused = await frame.request('SWITCH_NETWORK', { chainId: 0, rpcUrl: 'http://127.0.0.1:1' }, 'bad-chain')
    expect(refused).toEqual({
      id: 'bad-chain',
      type: `${fr}SWITCH_NETWORK_ERROR`,
      payload: { message: expect.stringMatching(/^Invalid SWITCH_NETWORK payload: /), code: -32602 },
    })
    const nullPayload = await frame.request('SYNC_THEME', null, 'null-theme')
    expect(nullPayload).toMatchObject({ type: `${fr}SYNC_THEME_ERROR`, payload: { code: -32602 } })
    const otp = await frame.request('CONNECT_OTP', { otp: '12345' }, 'short-otp')
    expect(otp.payload).toMatchObject({ code: -32602, message: expect.stringContaining('CONNECT_OTP') })
    // Nothing of them was done: still chain 1, and still the default theme.
    expect((await frame.request('GET_CHAIN_ID')).payload).toEqual({ chainId: 1 })
    expect(await colorScheme()).toBe(before)
    // Each answered once.
    for (const id of ['bad-chain', 'null-theme', 'short-otp']) expect(frame.answersTo(id)).toHaveLength(1)
  })

  test('error: what is no app message (unknown request, a frame event, no id, a string, null, a too long id) is never answered', async () => {
    const frame = embedFrame()
    await frame.ready()
    const before = await colorScheme()
    const ignored = [
      { id: 'unknown', type: `${app}EXPORT_SEED` },
      { id: 'lowercase', type: `${app}get_chain_id` },
      { id: 'frame-event', type: `${fr}GET_CHAIN_ID_SUCCESS`, payload: { chainId: 5 } },
      { id: 'no-prefix', type: 'GET_CHAIN_ID' },
      { id: 7, type: `${app}GET_CHAIN_ID` },
      { id: 'x'.repeat(65), type: `${app}GET_CHAIN_ID` },
    ]
    for (const message of ignored) frame.post(message)
    frame.post({ type: `${app}SYNC_THEME`, payload: { themeMode: 'light' } })
    frame.post(`${app}GET_CHAIN_ID`)
    frame.post(null)
    frame.post([{ id: 'in-array', type: `${app}GET_CHAIN_ID` }])
    const answer = await frame.request('GET_CHAIN_ID', undefined, 'y'.repeat(64))
    // A 64-character id is the longest, echoed whole.
    expect(answer).toEqual({ id: 'y'.repeat(64), type: `${fr}GET_CHAIN_ID_SUCCESS`, payload: { chainId: 1 } })
    // Only READY and the one answer reached this page.
    expect(frame.received.map((m) => m.data.type)).toEqual([`${fr}READY`, `${fr}GET_CHAIN_ID_SUCCESS`])
    expect(await colorScheme()).toBe(before)
  })
})

describe('request ids', () => {
  test('edge: two requests with the same id are each answered once, in order, under their own names', async () => {
    const frame = embedFrame()
    await frame.ready()
    const rpcUrl = inject('devnet').evmRpcUrl
    frame.post({ id: 'same', type: `${app}SWITCH_NETWORK`, payload: { chainId: 31337, rpcUrl } })
    frame.post({ id: 'same', type: `${app}GET_CHAIN_ID` })
    frame.post({ id: 'same', type: `${app}GET_CHAIN_ID` })
    await frame.next((m) => m.data?.id === 'same' && m.data.type === `${fr}GET_CHAIN_ID_SUCCESS`)
    await frame.request('RELOAD')
    expect(frame.answersTo('same').map((m) => m.data)).toEqual([
      { id: 'same', type: `${fr}SWITCH_NETWORK_SUCCESS`, payload: { chainId: 31337 } },
      { id: 'same', type: `${fr}GET_CHAIN_ID_SUCCESS`, payload: { chainId: 31337 } },
      { id: 'same', type: `${fr}GET_CHAIN_ID_SUCCESS`, payload: { chainId: 31337 } },
    ])
  })
})

describe('signed in', () => {
  test('security: no reply carries a key, a share or the session token; the prompt names the parent’s real origin, not one the payload claims', async () => {
    const frame = embedFrame({ projectId: embedded.projectId, chainId: '31337', rpcUrl: inject('devnet').evmRpcUrl })
    await frame.ready()
    const email = `main-frame-${crypto.randomUUID()}@example.com`
    const started = await frame.request('CONNECT_EMAIL', { email })
    expect(started).toMatchObject({ type: `${fr}CONNECT_EMAIL_SUCCESS`, payload: { action: 'VERIFY_OTP' } })
    const { code } = await latestMail(email)
    expect(await frame.request('CONNECT_OTP', { otp: code })).toMatchObject({ type: `${fr}CONNECT_OTP_SUCCESS` })
    const user = await frame.request('GET_USER')
    expect(user).toMatchObject({ type: `${fr}GET_USER_SUCCESS`, payload: { email, chainId: 31337 } })
    const address = (user.payload as { address: string }).address
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const accounts = await frame.request('RPC_REQUEST', { method: 'eth_accounts' })
    expect(accounts.payload).toEqual([address])
    await frame.request('IS_CONNECTED')
    await frame.request('GET_CHAIN_ID')
    await frame.request('GET_SMART_ACCOUNT_ENABLED_NETWORKS')
    // A signature asked with a payload claiming another origin (the schema drops the key).
    const signId = crypto.randomUUID()
    frame.post({
      id: signId,
      type: `${app}RPC_REQUEST`,
      payload: { method: 'personal_sign', params: ['0x68656c6c6f', address], origin: 'https://bank.example' },
    })
    // The prompt is in the frame's own document (another origin): read by Playwright's clicks,
    // which fail unless the element is there. It names this page's origin, the one the browser gave.
    const inFrame = page.frameLocator(page.elementLocator(frame.iframe))
    await userEvent.click(inFrame.getByText(location.origin, { exact: true }))
    // A click counts only on the armed prompt (one before it arms is ignored by design, and on a
    // busy machine arming takes a while; its state is not readable across origins): Reject is
    // clicked again, a frame apart, until the frame answers.
    let answered = false
    const reply = frame
      .next((m) => m.data?.id === signId)
      .then(() => {
        answered = true
      })
    while (!answered) {
      await userEvent.click(inFrame.getByRole('button', { name: 'Reject' }), { timeout: 1_000 }).catch(() => {})
      await Promise.race([reply, new Promise((resolve) => requestAnimationFrame(resolve))])
    }
    expect(frame.answersTo(signId).map((m) => m.data.payload)).toEqual([expect.objectContaining({ code: 4001 })])

    // Every message the frame sent this page, READY to the last reply.
    const all = JSON.stringify(frame.received.map((m) => m.data))
    // A secp256k1 key, a share or a seed in hex is 64 hex digits or more; the token is a JWT.
    expect(all).not.toMatch(/[0-9a-fA-F]{64}/)
    expect(all).not.toMatch(/eyJ[\w-]+\.[\w-]+/)
    expect(all.toLowerCase()).not.toMatch(/privatekey|secret|mnemonic|"token"/)
    for (const message of frame.received) expect(message.origin).toBe(frameOrigin)
  })
})
