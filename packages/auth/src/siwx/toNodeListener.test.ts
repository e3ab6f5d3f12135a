// toNodeListener alone, with a web handler of the test's own on node:http (127.0.0.1): the method,
// URL, headers and body (streamed, cut off past 1 MiB) the handler gets; the status, headers,
// several Set-Cookie and binary body the client gets; Express's parsed body and mount path; the
// forwarded scheme and host only with trustProxy; and a handler that throws or a client that
// hangs up, answered without taking the server down. The sign-in routes mounted through it are
// in mounting.test.ts and the headless package's server sign-in tests (test/siwxServer.ts).
import { createServer, type IncomingHttpHeaders, type IncomingMessage, request, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, onTestFinished, test } from 'vitest'
import type { SiwxRequestHandler } from './createSiwxHandlers.js'
import { type ToNodeListenerOptions, toNodeListener } from './toNodeListener.js'

const LIMIT = 1024 * 1024

type Host = (req: IncomingMessage & { body?: unknown; originalUrl?: string }, res: ServerResponse) => void

/** A node:http server on a free loopback port; `listener` may wrap the adapter as a host (Express) would. */
async function serve(host: Host) {
  const server = createServer(host)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  onTestFinished(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  )
  const { port } = server.address() as AddressInfo
  return { port, origin: `http://127.0.0.1:${port}` }
}

/** The handler under the adapter, recording every Request it is given (with its body read). */
async function mount(respond: SiwxRequestHandler, options?: ToNodeListenerOptions) {
  const seen: { request: Request; body: string }[] = []
  const listener = toNodeListener(async (req) => {
    seen.push({ request: req, body: await req.clone().text() })
    return respond(req)
  }, options)
  return { ...(await serve((req, res) => listener(req, res))), seen }
}

interface RawReply {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
}

/** One request with node:http (raw headers, chunked body) so nothing is normalised on the way. */
function send(
  port: number,
  options: {
    method?: string
    path?: string
    headers?: Record<string, string | string[]>
    chunks?: (string | Buffer)[]
  },
): Promise<RawReply> {
  const chunks = options.chunks ?? []
  const headers = { ...options.headers }
  // A framed body: Node sends a DELETE's body unframed otherwise.
  if (chunks.length && !headers['transfer-encoding'] && !headers['content-length'])
    headers['content-length'] = String(chunks.reduce((n, chunk) => n + Buffer.byteLength(chunk), 0))
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path ?? '/', headers },
      (res) => {
        const parts: Buffer[] = []
        res.on('data', (part: Buffer) => parts.push(part))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    for (const chunk of chunks) req.write(chunk)
    req.end()
  })
}

describe('the request the handler gets', () => {
  test('behavior: method, full URL with query, headers (repeated ones kept) and body reach the handler', async () => {
    const { port, origin, seen } = await mount(async () => new Response('ok'))
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const reply = await send(port, {
        method,
        path: '/api/siwx/verify?x=1&y=%20two',
        headers: { 'content-type': 'application/json', 'x-custom': ['a', 'b'], cookie: 'portico_siwx=abc' },
        chunks: [`{"method":"${method}"}`],
      })
      expect(reply.status).toBe(200)
    }
    expect(seen.map((s) => s.request.method)).toEqual(['POST', 'PUT', 'PATCH', 'DELETE'])
    for (const { request: req, body } of seen) {
      expect(req.url).toBe(`${origin}/api/siwx/verify?x=1&y=%20two`)
      expect(req.headers.get('content-type')).toBe('application/json')
      expect(req.headers.get('x-custom')).toBe('a, b')
      expect(req.headers.get('cookie')).toBe('portico_siwx=abc')
      expect(req.headers.get('host')).toBe(`127.0.0.1:${port}`)
      expect(JSON.parse(body)).toEqual({ method: req.method })
    }
  })

  test('behavior: a chunked body is read to its end, a multi-byte character split across chunks intact', async () => {
    const { port, seen } = await mount(async (req) => new Response(await req.text()))
    const text = 'Sign in: ünïcödé ✓ 🔑'
    const bytes = Buffer.from(text, 'utf8')
    // Split inside the 4-byte key emoji and inside the check mark.
    const cuts = [bytes.indexOf(Buffer.from('✓')) + 1, bytes.length - 2]
    const chunks = [bytes.subarray(0, cuts[0]), bytes.subarray(cuts[0], cuts[1]), bytes.subarray(cuts[1])]
    const reply = await send(port, { method: 'POST', path: '/', headers: { 'transfer-encoding': 'chunked' }, chunks })
    expect(reply.body.toString('utf8')).toBe(text)
    expect(seen).toHaveLength(1)
    expect(seen[0]?.body).toBe(text)
  })

  test('edge: a body of exactly 1 MiB passes; one byte more is cut off before the handler runs, and the server goes on', async () => {
    const { port, seen } = await mount(async (req) => new Response(String((await req.text()).length)))
    const full = await send(port, { method: 'POST', chunks: ['a'.repeat(LIMIT / 2), 'a'.repeat(LIMIT / 2)] })
    expect(full.status).toBe(200)
    expect(full.body.toString()).toBe(String(LIMIT))
    expect(seen).toHaveLength(1)
    // Streamed without a length: the adapter stops reading as soon as it grows past the limit.
    const over = await send(port, {
      method: 'POST',
      headers: { 'transfer-encoding': 'chunked' },
      chunks: ['a'.repeat(LIMIT / 2), 'a'.repeat(LIMIT / 2), 'a'],
    }).then(
      (reply) => reply.status,
      (error: NodeJS.ErrnoException) => error.code,
    )
    // The connection is destroyed (the client sees it reset); it is never handed to the handler.
    expect(over === 500 || over === 'ECONNRESET' || over === 'EPIPE').toBe(true)
    expect(seen).toHaveLength(1)
    expect((await send(port, { method: 'POST', chunks: ['after'] })).body.toString()).toBe('5')
    expect(seen).toHaveLength(2)
  })

  test('edge: GET and HEAD carry no body to the handler, even when the client sent one', async () => {
    const { port, seen } = await mount(async () => new Response('x'))
    await send(port, { method: 'GET', headers: { 'content-length': '4' }, chunks: ['body'] })
    await send(port, { method: 'HEAD' })
    expect(seen.map((s) => [s.request.method, s.request.body, s.body])).toEqual([
      ['GET', null, ''],
      ['HEAD', null, ''],
    ])
  })

  test('behavior: under Express, the mount path (originalUrl) is kept and an already parsed body is re-serialised', async () => {
    const seen: { url: string; body: string }[] = []
    const listener = toNodeListener(async (req) => {
      seen.push({ url: req.url, body: await req.text() })
      return new Response(null, { status: 204 })
    })
    const parsed: unknown[] = [{ message: 'hi', n: 1 }, 'raw text']
    const { port, origin } = await serve((req, res) => {
      // What express.json() and a router mounted at /api/siwx leave on the request.
      req.originalUrl = req.url
      req.url = req.url?.replace(/^\/api\/siwx/, '') ?? '/'
      req.body = parsed.shift()
      listener(req, res)
    })
    // The stream itself was consumed by the parser: the adapter must not wait for it.
    expect((await send(port, { method: 'POST', path: '/api/siwx/verify', chunks: ['ignored'] })).status).toBe(204)
    expect((await send(port, { method: 'POST', path: '/api/siwx/verify?a=1' })).status).toBe(204)
    expect(seen).toEqual([
      { url: `${origin}/api/siwx/verify`, body: '{"message":"hi","n":1}' },
      { url: `${origin}/api/siwx/verify?a=1`, body: 'raw text' },
    ])
  })

  test('security: X-Forwarded-Proto and X-Forwarded-Host are ignored by default and used (first value) with trustProxy', async () => {
    const forwarded = { 'x-forwarded-proto': 'https, http', 'x-forwarded-host': 'app.example.com, proxy.internal' }
    const plain = await mount(async () => new Response('ok'))
    await send(plain.port, { path: '/api/siwx/nonce', headers: forwarded })
    expect(plain.seen[0]?.request.url).toBe(`${plain.origin}/api/siwx/nonce`)
    const proxied = await mount(async () => new Response('ok'), { trustProxy: true })
    await send(proxied.port, { path: '/api/siwx/nonce', headers: forwarded })
    expect(proxied.seen[0]?.request.url).toBe('https://app.example.com/api/siwx/nonce')
    // Behind a trusted proxy that sets neither, the Host header and the socket decide.
    await send(proxied.port, { path: '/n' })
    expect(proxied.seen[1]?.request.url).toBe(`${proxied.origin}/n`)
  })
})

describe('the response the client gets', () => {
  test('behavior: status, headers, several Set-Cookie kept apart (commas in Expires included) and a binary body', async () => {
    const binary = Buffer.from([0, 1, 2, 0xff, 0xfe, 0x80, 10, 13])
    const { port } = await mount(async () => {
      const headers = new Headers({ 'content-type': 'application/octet-stream', 'x-reply': 'yes' })
      headers.append('set-cookie', 'portico_siwx=abc; Path=/; HttpOnly; SameSite=Lax')
      headers.append('set-cookie', 'other=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Path=/')
      headers.append('set-cookie', 'third=; Max-Age=0')
      return new Response(binary, { status: 201, headers })
    })
    const reply = await send(port, { method: 'POST', chunks: ['x'] })
    expect(reply.status).toBe(201)
    expect(reply.headers['content-type']).toBe('application/octet-stream')
    expect(reply.headers['x-reply']).toBe('yes')
    expect(reply.headers['set-cookie']).toEqual([
      'portico_siwx=abc; Path=/; HttpOnly; SameSite=Lax',
      'other=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Path=/',
      'third=; Max-Age=0',
    ])
    expect(reply.body.equals(binary)).toBe(true)
  })

  test('behavior: statuses without a body (204, a 302 redirect) and error statuses pass unchanged', async () => {
    const answers = [
      new Response(null, { status: 204 }),
      new Response(null, { status: 302, headers: { location: '/signed-in' } }),
      Response.json({ error: 'replayed_nonce' }, { status: 401 }),
    ]
    const { port } = await mount(async () => answers.shift() ?? new Response('none left', { status: 410 }))
    const replies = [await send(port, {}), await send(port, {}), await send(port, {})]
    expect(replies.map((r) => r.status)).toEqual([204, 302, 401])
    expect(replies[1]?.headers.location).toBe('/signed-in')
    expect(JSON.parse(replies[2]?.body.toString() ?? '')).toEqual({ error: 'replayed_nonce' })
    expect(replies[2]?.headers['set-cookie']).toBeUndefined()
  })
})

describe('failures', () => {
  const internalError = { error: 'internal_error', message: 'The sign-in route failed.' }

  test('error: a handler that throws or rejects answers 500 JSON and the server keeps serving', async () => {
    let calls = 0
    const handler = ((req: Request) => {
      calls += 1
      if (req.url.endsWith('/sync')) throw new Error('boom: sync')
      if (req.url.endsWith('/async')) return Promise.reject(new Error('boom: async'))
      return Promise.resolve(new Response('fine'))
    }) as SiwxRequestHandler
    const { port } = await mount(handler)
    for (const path of ['/sync', '/async']) {
      const reply = await send(port, { path })
      expect(reply.status).toBe(500)
      expect(reply.headers['content-type']).toBe('application/json')
      expect(JSON.parse(reply.body.toString())).toEqual(internalError)
      // The error's own text never reaches the client.
      expect(reply.body.toString()).not.toContain('boom')
    }
    expect((await send(port, { path: '/ok' })).body.toString()).toBe('fine')
    expect(calls).toBe(3)
  })

  test('error: a response body that fails while being read answers 500, not a half-written 200', async () => {
    const { port } = await mount(
      async () =>
        new Response(
          new ReadableStream({
            pull(controller) {
              controller.error(new Error('stream broke'))
            },
          }),
          { status: 200, headers: { 'x-partial': 'yes' } },
        ),
    )
    const reply = await send(port, {})
    expect(reply.status).toBe(500)
    expect(JSON.parse(reply.body.toString())).toEqual(internalError)
  })

  test('error: with an Express `next`, the error goes to the host error handler and the adapter writes nothing', async () => {
    const failure = new Error('handler failed')
    const listener = toNodeListener(async () => {
      throw failure
    })
    const passed: unknown[] = []
    const { port } = await serve((req, res) =>
      listener(req, res, (error) => {
        passed.push(error)
        res.statusCode = 418
        res.end('the host handled it')
      }),
    )
    const reply = await send(port, {})
    expect(passed).toEqual([failure])
    expect(reply.status).toBe(418)
    expect(reply.body.toString()).toBe('the host handled it')
  })

  test('edge: a client that hangs up mid-body never reaches the handler, and the server goes on', async () => {
    const seen: string[] = []
    const listener = toNodeListener(async (req) => {
      const body = await req.text()
      seen.push(body)
      return new Response(body)
    })
    // The client hangs up once the server has its request head, with 12 of the 100 body bytes sent.
    let received!: () => void
    const gotFirstBytes = new Promise<void>((resolve) => {
      received = resolve
    })
    const { port } = await serve((req, res) => {
      received()
      listener(req, res)
    })
    const aborted = new Promise<string>((resolve) => {
      const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/', headers: { 'content-length': '100' } })
      req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
      req.write('partial body')
      void gotFirstBytes.then(() => req.destroy())
    })
    expect(typeof (await aborted)).toBe('string')
    expect((await send(port, { method: 'POST', chunks: ['next'] })).body.toString()).toBe('next')
    expect(seen).toEqual(['next'])
  })
})
