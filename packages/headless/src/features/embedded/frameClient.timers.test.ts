import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { installTestWindow, removeTestWindow } from '../../test/window.js'
import { createFrameClient, type FrameClient } from './frameClient.js'

// The spec's frame timers with the real values (no shortened timings): ready then 500 ms before
// initialisation resolves, 20 s to load, 120 s for a login request. Node has no frames, so the
// iframe is a stand-in element whose window records what the kit posts; the frame's messages are
// dispatched on the page's window as the browser would, with the frame's origin and window.

const frameOrigin = 'https://secure.example.com'
let contentWindow: { postMessage: (message: unknown) => void }
let posted: { id?: string; type: string; payload?: unknown }[]
let client: FrameClient | undefined

beforeEach(() => {
  vi.useFakeTimers()
  installTestWindow()
  posted = []
  contentWindow = { postMessage: (message) => posted.push(message as (typeof posted)[number]) }
  const element = {
    style: { cssText: '' },
    dataset: {},
    tabIndex: -1,
    hidden: false,
    contentWindow,
    setAttribute() {},
    removeAttribute() {},
    getAttribute: () => null,
    focus() {},
    remove() {},
  }
  Object.defineProperty(globalThis, 'document', {
    value: { createElement: () => element, body: { append() {} } },
    configurable: true,
    writable: true,
  })
})

afterEach(() => {
  client?.destroy()
  client = undefined
  Reflect.deleteProperty(globalThis, 'document')
  removeTestWindow()
  vi.useRealTimers()
})

/** A message from the frame, as the browser delivers it (`from` overrides the window or origin). */
function fromFrame(data: unknown, from: { origin?: string; source?: unknown } = {}) {
  const event = Object.assign(new Event('message'), {
    data,
    origin: from.origin ?? frameOrigin,
    source: 'source' in from ? from.source : contentWindow,
  })
  window.dispatchEvent(event)
}

/** Whether `promise` has settled, read after the microtasks of the current fake time ran. */
function watch(promise: Promise<unknown>) {
  const state: { settled: boolean; value?: unknown; error?: unknown } = { settled: false }
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error) => Object.assign(state, { settled: true, error }),
  )
  return state
}

let errors: unknown[]
const start = () => {
  errors = []
  client = createFrameClient({
    frameUrl: `${frameOrigin}/`,
    projectId: 'p',
    chainId: 1,
    onError: (e) => errors.push(e),
  })
  return client
}

describe('frame timers (the spec’s values, on fake time)', () => {
  test('behavior: initialisation resolves 500 ms after the frame reports ready, not sooner', async () => {
    const ready = watch(start().ready())
    await vi.advanceTimersByTimeAsync(3_000)
    fromFrame({ type: '@portico-frame/READY', payload: { version: '1' } })
    await vi.advanceTimersByTimeAsync(499)
    expect(ready.settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(ready).toMatchObject({ settled: true, value: { version: '1' } })
  })

  test('error: no ready message in 20 s fails the load (IFRAME_LOAD_FAILED) and aborts the request that waited for it', async () => {
    const frame = start()
    const ready = watch(frame.ready())
    const request = watch(frame.request('CONNECT_EMAIL', { email: 'ada@example.com' }))
    await vi.advanceTimersByTimeAsync(19_999)
    expect(ready.settled).toBe(false)
    expect(request.settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(ready.error).toMatchObject({
      name: 'EmbeddedWalletLoadError',
      code: 'IFRAME_LOAD_FAILED',
      shortMessage: 'Network Error - Could not load embedded wallet',
    })
    expect(request.error).toMatchObject({ code: 'IFRAME_LOAD_FAILED' })
    // The kit is told once (it raises the alert), before the waiting calls reject.
    expect(errors).toEqual([ready.error])
    // Nothing was sent to a frame that never loaded.
    expect(posted).toEqual([])
  })

  test('error: a ready message from another origin or another window does not count: the load still fails at 20 s', async () => {
    const ready = watch(start().ready())
    fromFrame({ type: '@portico-frame/READY' }, { origin: 'https://evil.example' })
    fromFrame({ type: '@portico-frame/READY' }, { source: {} })
    await vi.advanceTimersByTimeAsync(20_000)
    expect(ready.error).toMatchObject({ code: 'IFRAME_LOAD_FAILED' })
  })

  test('error: a login request unanswered for 120 s times out (IFRAME_REQUEST_TIMEOUT); an RPC request waits for the user', async () => {
    const frame = start()
    fromFrame({ type: '@portico-frame/READY' })
    await vi.advanceTimersByTimeAsync(500)
    const login = watch(frame.request('CONNECT_EMAIL', { email: 'ada@example.com' }))
    const rpc = watch(frame.request('RPC_REQUEST', { method: 'personal_sign', params: ['0x68', '0x0'] } as never))
    await vi.advanceTimersByTimeAsync(119_999)
    expect(login.settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(login.error).toMatchObject({
      name: 'EmbeddedWalletTimeoutError',
      code: 'IFRAME_REQUEST_TIMEOUT',
      shortMessage: 'Embedded Wallet Request Timed Out',
    })
    expect(errors).toEqual([login.error])
    // An approval may take the user longer: no timer on it.
    await vi.advanceTimersByTimeAsync(600_000)
    expect(rpc.settled).toBe(false)
    expect(posted.map((message) => message.type)).toEqual(['@portico-app/CONNECT_EMAIL', '@portico-app/RPC_REQUEST'])
  })

  test('behavior: a late answer to a login request that timed out is ignored (no second settle, no crash)', async () => {
    const frame = start()
    fromFrame({ type: '@portico-frame/READY' })
    await vi.advanceTimersByTimeAsync(500)
    const login = watch(frame.request('CONNECT_EMAIL', { email: 'ada@example.com' }))
    await vi.advanceTimersByTimeAsync(120_000)
    const id = posted[0]?.id
    fromFrame({ id, type: '@portico-frame/CONNECT_EMAIL_SUCCESS', payload: { action: 'VERIFY_OTP' } })
    await vi.advanceTimersByTimeAsync(0)
    expect(login.error).toMatchObject({ code: 'IFRAME_REQUEST_TIMEOUT' })
    expect(login.value).toBeUndefined()
  })
})
