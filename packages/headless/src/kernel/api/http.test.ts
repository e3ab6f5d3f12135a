// The one way Portico calls a hosted service (hostedFetch, fetchJson), against a real HTTP server
// on 127.0.0.1: through the instance's fetch, with the request as given, the spec's 10 s timeout
// as a typed HostedTimeoutError (fake timers stand in for the 10 s), a caller's own signal, and
// a non-2xx answer as HostedHttpError with its Retry-After. What each service does with a status
// is tested beside it (projectApi.test.ts, blockchainApi.test.ts, walletDirectory.test.ts,
// analytics.test.ts, actions/fetchRemoteFeatures); which errors are retried, and Retry-After
// parsing, is retry.test.ts.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { afterEach, expect, test, vi } from 'vitest'
import { deferred } from '../../test/deferred.js'
import { json, offlinePortico, startHttpServer } from '../../test/fixtures.js'
import { HostedHttpError, HostedTimeoutError } from '../errors/http.js'
import { fetchJson, hostedFetch, hostedTimeoutMs } from './http.js'

const servers: { close(): Promise<void> }[] = []

afterEach(async () => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

async function server(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const started = await startHttpServer(handler)
  servers.push(started)
  return started
}

/** Reads a request's body. */
function bodyOf(req: IncomingMessage) {
  return new Promise<string>((resolve) => {
    let text = ''
    req.on('data', (chunk) => {
      text += chunk
    })
    req.on('end', () => resolve(text))
  })
}

/**
 * A server on loopback that receives requests and never answers (`head`: sends the status line and
 * headers, then stalls the body); `received` settles with the first request's path. Its
 * connections are cut when the test ends, since a held request keeps a server from closing.
 */
async function silentServer({ head = false } = {}) {
  const received = deferred<string>()
  const sockets = new Set<Socket>()
  const silent = createServer((req, res) => {
    if (head) {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"partial":')
    }
    received.resolve(req.url ?? '')
  })
  silent.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  servers.push({
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        silent.close(() => resolve())
      }),
  })
  const { port } = silent.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, received: received.promise }
}

/** Whether `promise` has settled after every pending microtask and I/O callback has run. */
async function settled(promise: Promise<unknown>) {
  let done = false
  promise.then(
    () => {
      done = true
    },
    () => {
      done = true
    },
  )
  await new Promise((resolve) => setImmediate(resolve))
  return done
}

test("default: hosted calls time out after the spec's 10 s, like JSON-RPC calls", () => {
  expect(hostedTimeoutMs).toBe(10_000)
})

test("behavior: fetchJson sends the request as given through the instance's fetch and returns the JSON body", async () => {
  const seen: { method?: string; url?: string; type?: string; body: string }[] = []
  const { url } = await server(async (req, res) => {
    seen.push({ method: req.method, url: req.url, type: req.headers['content-type'], body: await bodyOf(req) })
    json(res, 200, { ok: true, items: [1, 2] })
  })
  const hostFetch = vi.fn((input: string | URL | Request, init?: RequestInit) => globalThis.fetch(input, init))
  const portico = offlinePortico('http-json', { fetch: hostFetch })
  const target = new URL('/v1/things?projectId=p', url)
  const body = await fetchJson(portico, target, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ a: 1 }),
  })
  expect(body).toEqual({ ok: true, items: [1, 2] })
  expect(seen).toEqual([{ method: 'POST', url: '/v1/things?projectId=p', type: 'application/json', body: '{"a":1}' }])
  // The instance's fetch, given the URL as text and a signal for the timeout.
  expect(hostFetch).toHaveBeenCalledTimes(1)
  const [input, init] = hostFetch.mock.calls[0] ?? []
  expect(input).toBe(`${url}/v1/things?projectId=p`)
  expect(init?.signal).toBeInstanceOf(AbortSignal)
  expect(init?.method).toBe('POST')
})

test('behavior: hostedFetch hands back a non-2xx answer for the caller to read its status', async () => {
  const { url } = await server((_req, res) => json(res, 403, { error: 'origin' }))
  const response = await hostedFetch(offlinePortico('http-403'), `${url}/projects/v1/origins`)
  expect(response.status).toBe(403)
  expect(await response.json()).toEqual({ error: 'origin' })
})

test("error: fetchJson turns a 429 into HostedHttpError 'Rate Limited' with the Retry-After it was given", async () => {
  const { url } = await server((_req, res) => {
    res.writeHead(429, { 'retry-after': '7' })
    res.end()
  })
  const error = await fetchJson(offlinePortico('http-429'), `${url}/v1/x`).catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(HostedHttpError)
  expect(error).toMatchObject({ status: 429, retryAfterMs: 7_000, shortMessage: 'Rate Limited', details: 'HTTP 429' })
})

test('error: fetchJson turns a 5xx (or a 404) into HostedHttpError with its status and no Retry-After', async () => {
  let status = 503
  const { url } = await server((_req, res) => json(res, status, { error: 'down' }))
  const portico = offlinePortico('http-5xx')
  await expect(fetchJson(portico, `${url}/v1/x`)).rejects.toMatchObject({
    name: 'HostedHttpError',
    status: 503,
    retryAfterMs: undefined,
    shortMessage: 'The server answered with an error.',
  })
  status = 404
  await expect(fetchJson(portico, `${url}/v1/x`)).rejects.toMatchObject({ name: 'HostedHttpError', status: 404 })
})

test('error: a 2xx answer that is not JSON rejects with the parse error, not an HTTP error', async () => {
  const { url } = await server((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' })
    res.end('<html>')
  })
  await expect(fetchJson(offlinePortico('http-html'), `${url}/v1/x`)).rejects.toMatchObject({ name: 'SyntaxError' })
})

test('error: a service that never answers is HostedTimeoutError after 10 s, not a moment before, naming the URL', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  const { url, received } = await silentServer()
  const call = hostedFetch(offlinePortico('http-timeout'), `${url}/v1/slow`)
  expect(await received).toBe('/v1/slow')
  await vi.advanceTimersByTimeAsync(hostedTimeoutMs - 1)
  expect(await settled(call)).toBe(false)
  await vi.advanceTimersByTimeAsync(1)
  const error = await call.catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(HostedTimeoutError)
  expect(error).toMatchObject({
    timeoutMs: 10_000,
    shortMessage: 'The request timed out.',
    details: `No answer from ${url}/v1/slow in 10000 ms`,
  })
})

test('edge: a fetch that rejects with a generic AbortError on timeout still gives HostedTimeoutError', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  const { url, received } = await silentServer()
  // A host fetch (as some polyfills do) that forgets the signal's reason.
  const genericAbort = async (input: string | URL | Request, init?: RequestInit) => {
    try {
      return await globalThis.fetch(input, init)
    } catch {
      throw new DOMException('The operation was aborted.', 'AbortError')
    }
  }
  const call = fetchJson(offlinePortico('http-generic-abort', { fetch: genericAbort }), `${url}/v1/slow`)
  const outcome = expect(call).rejects.toBeInstanceOf(HostedTimeoutError)
  await received
  await vi.advanceTimersByTimeAsync(hostedTimeoutMs)
  await outcome
})

test("behavior: the caller's own signal aborts the call with its reason, before the timeout", async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  const { url, received } = await silentServer()
  const controller = new AbortController()
  const call = hostedFetch(offlinePortico('http-abort'), `${url}/v1/slow`, { signal: controller.signal })
  await received
  const reason = new Error('the user left the view')
  controller.abort(reason)
  await expect(call).rejects.toBe(reason)
})

test('edge: once the service has answered, or the call has failed, the timeout no longer aborts anything', async () => {
  const { url } = await server((_req, res) => json(res, 200, {}))
  const signals: AbortSignal[] = []
  const recording = (input: string | URL | Request, init?: RequestInit) => {
    if (init?.signal) signals.push(init.signal)
    return globalThis.fetch(input, init)
  }
  const portico = offlinePortico('http-clear', { fetch: recording })
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  await fetchJson(portico, `${url}/v1/x`)
  // Nothing listens there any more: the fetch's own error, not a timeout.
  await servers.pop()?.close()
  const error = await hostedFetch(portico, `${url}/v1/x`).catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(TypeError)
  expect(error).not.toBeInstanceOf(HostedTimeoutError)
  await vi.advanceTimersByTimeAsync(hostedTimeoutMs)
  expect(signals.map((signal) => signal.aborted)).toEqual([false, false])
})

// The timeout covers the body too: the headers alone do not make a call answered.
test('error: a service that sends its headers and then stalls the body is HostedTimeoutError after 10 s', async () => {
  const { url } = await silentServer({ head: true })
  const headers = deferred<void>()
  const signalling = async (input: string | URL | Request, init?: RequestInit) => {
    const response = await globalThis.fetch(input, init)
    headers.resolve()
    return response
  }
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  const call = fetchJson(offlinePortico('http-stalled-body', { fetch: signalling }), `${url}/v1/slow`)
  call.catch(() => {})
  await headers.promise
  await vi.advanceTimersByTimeAsync(hostedTimeoutMs)
  expect(await settled(call)).toBe(true)
  await expect(call).rejects.toBeInstanceOf(HostedTimeoutError)
})
