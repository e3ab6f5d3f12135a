// The frame's client of the auth server against a server that takes the request and never answers:
// every call is bounded (authRequestTimeoutMs, or the `timeoutMs` it is given), fails as an
// AuthApiError `TIMEOUT` that the frame answers the kit with, cuts the connection, and leaves the
// next call's answers as they were. A real HTTP server on 127.0.0.1; the bound passes on fake time.
// A request's own calls (withSignal) stop at once when the request is aborted, and still time out
// when it is not. What the client sends and every other answer are authApi.pglite.test.ts; the
// frame's requests aborted over the real auth server are inFlight.pglite.test.ts.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { afterEach, beforeEach, expect, onTestFinished, test, vi } from 'vitest'
import { frameTexts } from '../protocol/texts.js'
import { startLoopbackServer } from '../test/loopbackServer.js'
import { rejection } from '../test/rejection.js'
import { AuthApiError, authRequestTimeoutMs, createAuthApi } from './authApi.js'
import { errorReply, RpcError } from './rpcError.js'
import { memoryStore, useStore } from './vault.js'

const PAGE = 'http://127.0.0.1:5173'

beforeEach(() => {
  useStore(Promise.resolve(memoryStore()))
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
})
afterEach(() => {
  vi.useRealTimers()
})

type Held = { path: string; closed: Promise<void> }
/**
 * A loopback server that hands each request to `answer`; one it leaves unanswered is held open. Each
 * request is told through `next()` once its body is read, with a promise of its connection closing.
 */
async function startServer(answer: (req: IncomingMessage, res: ServerResponse) => void = () => {}) {
  const arrived: Held[] = []
  const waiting: ((held: Held) => void)[] = []
  const url = await startLoopbackServer((req, res) => {
    const closed = new Promise<void>((resolve) => res.on('close', () => resolve()))
    req.resume()
    req.on('end', () => {
      const held = { path: req.url ?? '', closed }
      const waiter = waiting.shift()
      if (waiter) waiter(held)
      else arrived.push(held)
      answer(req, res)
    })
  })
  const next = () => {
    const held = arrived.shift()
    return held ? Promise.resolve(held) : new Promise<Held>((resolve) => waiting.push(resolve))
  }
  return { url, next }
}

/** One turn of the event loop (not a duration): a cut connection would have settled its call by then. */
const ioTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/** `promise`'s rejection, and whether it has settled yet. */
function watch(promise: Promise<unknown>) {
  const state = { settled: false, error: undefined as Promise<unknown> | undefined }
  state.error = rejection(promise).finally(() => {
    state.settled = true
  })
  return state
}

const timeout = (seconds: number) =>
  expect.objectContaining({
    name: 'AuthApiError',
    code: 'TIMEOUT',
    status: 0,
    message: `The auth server did not answer within ${seconds} s`,
  })

test('error: a server that takes the request and never answers fails it with TIMEOUT after 30 s, and the frame replies with it', async () => {
  expect(authRequestTimeoutMs).toBe(30_000)
  const server = await startServer()
  const api = createAuthApi({ url: server.url, projectId: 'test-project', hostOrigin: PAGE })
  api.setToken('t')
  const call = watch(api.getShare('eip155'))
  const held = await server.next()
  expect(held.path).toBe('/v1/keys/eip155/share')
  await vi.advanceTimersByTimeAsync(authRequestTimeoutMs - 1)
  await ioTurn()
  expect(call.settled).toBe(false)
  await vi.advanceTimersByTimeAsync(1)
  const error = await call.error
  expect(error).toBeInstanceOf(AuthApiError)
  expect(error).toEqual(timeout(30))
  // The connection is cut, not left open on the server.
  await held.closed
  // The kit gets an error reply (with the code for its UI), not silence.
  expect(errorReply({ id: '1', name: 'RPC_REQUEST' }, error)).toEqual({
    id: '1',
    type: '@portico-frame/RPC_REQUEST_ERROR',
    payload: { message: 'The auth server did not answer within 30 s', authCode: 'TIMEOUT' },
  })
})

test('error: a server that sends its headers and never the body fails with TIMEOUT too, not a success or INTERNAL', async () => {
  const server = await startServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' })
    res.write('{"keys":[')
  })
  // The real fetch, watched: the bound must pass only once the headers are in, so it cuts the body.
  const realFetch = globalThis.fetch
  let headersIn!: () => void
  const headers = new Promise<void>((resolve) => (headersIn = resolve))
  vi.stubGlobal('fetch', (...args: Parameters<typeof fetch>) =>
    realFetch(...args).then((response) => {
      headersIn()
      return response
    }),
  )
  onTestFinished(() => {
    vi.unstubAllGlobals()
  })
  const api = createAuthApi({ url: server.url, projectId: 'test-project', hostOrigin: PAGE })
  api.setToken('t')
  const call = watch(api.keys())
  const held = await server.next()
  await headers
  await vi.advanceTimersByTimeAsync(authRequestTimeoutMs - 1)
  await ioTurn()
  expect(call.settled).toBe(false)
  await vi.advanceTimersByTimeAsync(1)
  expect(await call.error).toEqual(timeout(30))
  await held.closed
})

test('behavior: the bound is the timeoutMs the client is given', async () => {
  const server = await startServer()
  const api = createAuthApi({ url: server.url, projectId: 'test-project', hostOrigin: PAGE, timeoutMs: 5_000 })
  const call = watch(api.checkOrigin())
  await server.next()
  await vi.advanceTimersByTimeAsync(4_999)
  await ioTurn()
  expect(call.settled).toBe(false)
  await vi.advanceTimersByTimeAsync(1)
  expect(await call.error).toEqual(timeout(5))
})

test('edge: a Farcaster connect, which the server holds up to 25 s, is cut only 25 s after the usual bound', async () => {
  const server = await startServer()
  const api = createAuthApi({ url: server.url, projectId: 'test-project', hostOrigin: PAGE })
  const call = watch(api.connectFarcaster('challenge'))
  await server.next()
  await vi.advanceTimersByTimeAsync(authRequestTimeoutMs + 25_000 - 1)
  await ioTurn()
  expect(call.settled).toBe(false)
  await vi.advanceTimersByTimeAsync(1)
  expect(await call.error).toEqual(timeout(55))
})

test('behavior: each call has its own bound: after a timeout the next calls get the server’s answers and errors as before', async () => {
  let count = 0
  const server = await startServer((req, res) => {
    count += 1
    if (count === 1) return
    const refused = req.url === '/v1/email/otp'
    res.writeHead(refused ? 400 : 200, { 'content-type': 'application/json' })
    res.end(
      JSON.stringify(
        refused
          ? { error: { code: 'OTP_INVALID', message: 'Invalid code' } }
          : { action: 'VERIFY_OTP', challengeId: 'c' },
      ),
    )
  })
  const api = createAuthApi({ url: server.url, projectId: 'test-project', hostOrigin: PAGE })
  const hung = watch(api.startLogin('a@example.com'))
  await server.next()
  await vi.advanceTimersByTimeAsync(authRequestTimeoutMs)
  expect(await hung.error).toEqual(timeout(30))

  expect(await api.startLogin('a@example.com')).toEqual({ action: 'VERIFY_OTP', challengeId: 'c' })
  const refused = await rejection(api.verifyOtp('c', '123456'))
  expect(refused).toBeInstanceOf(AuthApiError)
  expect(refused).toMatchObject({ code: 'OTP_INVALID', status: 400, message: 'Invalid code' })
})

// A request's own calls (`withSignal`): the frame aborts them when the kit aborts the request.
const aborted = () => new RpcError(frameTexts.aborted, 4001)

test('behavior: aborting a request’s signal cuts its call at once: it fails with the abort, not TIMEOUT or NETWORK, and the connection closes', async () => {
  const server = await startServer()
  const api = createAuthApi({ url: server.url, projectId: 'test-project', hostOrigin: PAGE })
  api.setToken('t')
  const controller = new AbortController()
  const call = watch(api.withSignal(controller.signal).getShare('eip155'))
  const held = await server.next()
  expect(held.path).toBe('/v1/keys/eip155/share')
  controller.abort(aborted())
  const error = await call.error
  expect(error).toBeInstanceOf(RpcError)
  expect(error).toMatchObject({ message: 'Request was aborted', code: 4001 })
  // The server sees the request go: no answer it gives later reaches the frame.
  await held.closed
})

test('error: a call under a request’s signal that nobody aborts still fails with TIMEOUT after 30 s', async () => {
  const server = await startServer()
  const api = createAuthApi({ url: server.url, projectId: 'test-project', hostOrigin: PAGE })
  api.setToken('t')
  const call = watch(api.withSignal(new AbortController().signal).deleteAccount('me@example.com'))
  const held = await server.next()
  await vi.advanceTimersByTimeAsync(authRequestTimeoutMs - 1)
  await ioTurn()
  expect(call.settled).toBe(false)
  await vi.advanceTimersByTimeAsync(1)
  expect(await call.error).toEqual(timeout(30))
  await held.closed
})

test('edge: a call for a request already aborted is never sent; the client’s other calls and its token are unaffected', async () => {
  const paths: string[] = []
  const server = await startServer((req, res) => {
    paths.push(req.url ?? '')
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"keys":[]}')
  })
  const api = createAuthApi({ url: server.url, projectId: 'test-project', hostOrigin: PAGE })
  const controller = new AbortController()
  controller.abort(aborted())
  const scoped = api.withSignal(controller.signal)
  // One session token for both: set through the request's client, read by the frame's.
  scoped.setToken('t')
  expect(api.token).toBe('t')
  expect(await rejection(scoped.secondaryOtp('c', '123456'))).toMatchObject({ message: 'Request was aborted' })
  expect(await api.keys()).toEqual({ keys: [] })
  expect(paths).toEqual(['/v1/keys'])
})
