// The shared emulator layer: CORS for pages on other loopback ports, the body limit, JSON error
// replies, loopback listening, fault switches and the switches routes, on a small app of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { canBind } from '../test-utils.js'
import { createEmulatorApp, HttpError, type RunningEmulator, readJson, serveEmulator } from './app.js'
import { type Fault, faultSwitch, latency } from './faults.js'
import { integerIn, mountSwitches, oneOf, type SwitchRules } from './switches.js'

interface Switches {
  echo: Fault
  latencyMs: number
  flags: { a: boolean; b: boolean }
}
const rules: SwitchRules<Switches> = {
  echo: oneOf<Fault>(['ok', 429, 500, 'garbage', 'slow', 'reset']),
  latencyMs: integerIn(0, 1000),
  flags: (value, current, key) => {
    if (typeof value !== 'object' || value === null) throw new HttpError(400, `${key} must be an object`)
    for (const [id, on] of Object.entries(value))
      if (!Object.hasOwn(current, id) || typeof on !== 'boolean') throw new HttpError(400, `${key}.${id} is unknown`)
    return { ...current, ...value }
  },
}

describe('emulator app', () => {
  const switches: Switches = { echo: 'ok', latencyMs: 0, flags: { a: true, b: true } }
  let emulator: RunningEmulator
  const app = createEmulatorApp({ cors: ['GET', 'POST', 'OPTIONS'], maxBodyBytes: 64 })
  mountSwitches(app, switches, rules)
  app.use(
    '/echo',
    latency(() => switches.latencyMs),
  )
  app.use(
    '/echo',
    faultSwitch(() => switches.echo, { retryAfter: 1, slowMs: 1 }),
  )
  app.post('/echo', async (c) => c.json({ echoed: await readJson(c) }))
  app.get('/echo', (c) => c.json({ echoed: null }))
  app.get('/teapot', () => {
    throw new HttpError(418, 'I am a teapot')
  })
  app.get('/crash', () => {
    throw new Error('something broke')
  })

  beforeAll(async () => {
    emulator = await serveEmulator(app)
  })
  afterAll(() => emulator?.stop())

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${emulator.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    })
  const setSwitches = (body: unknown) => post('/__devnet/switches', JSON.stringify(body))

  it('listens on a free loopback port', () => {
    expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(emulator.url).toBe(`http://127.0.0.1:${emulator.port}`)
  })

  it('answers a CORS preflight with 204, echoing the requested headers, and marks every reply', async () => {
    const preflight = await fetch(`${emulator.url}/echo`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-sdk-version',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type,x-sdk-version')
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET,POST,OPTIONS')
    expect(preflight.headers.get('access-control-max-age')).toBe('86400')
    // Preflights of unknown paths too: the browser asks before it knows.
    expect((await fetch(`${emulator.url}/nowhere`, { method: 'OPTIONS' })).status).toBe(204)
    for (const response of [
      await fetch(`${emulator.url}/echo`),
      await fetch(`${emulator.url}/nowhere`),
      await fetch(`${emulator.url}/teapot`),
    ])
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('refuses a body over the limit with 413, whether or not it announces its length', async () => {
    const big = JSON.stringify({ padding: 'x'.repeat(100) })
    const announced = await post('/echo', big)
    expect(announced.status).toBe(413)
    expect(await announced.json()).toEqual({ message: 'Request body too large' })
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 4; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(30)))
        controller.close()
      },
    })
    const streamed = await fetch(`${emulator.url}/echo`, {
      method: 'POST',
      body: chunks,
      duplex: 'half',
    } as RequestInit)
    expect(streamed.status).toBe(413)
    expect(await post('/echo', '{"ok":1}')).toMatchObject({ status: 200 })
    const small = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"streamed":'))
        controller.enqueue(new TextEncoder().encode('true}'))
        controller.close()
      },
    })
    const streamedOk = await fetch(`${emulator.url}/echo`, {
      method: 'POST',
      body: small,
      duplex: 'half',
    } as RequestInit)
    expect(await streamedOk.json()).toEqual({ echoed: { streamed: true } })
  })

  it('answers errors as JSON: bad JSON 400, unknown route 404, thrown status as is, a crash 500', async () => {
    const bad = await post('/echo', '{not json')
    expect([bad.status, await bad.json()]).toEqual([400, { message: 'Body is not valid JSON' }])
    const missing = await fetch(`${emulator.url}/nowhere`)
    expect([missing.status, await missing.json()]).toEqual([404, { message: 'No route for GET /nowhere' }])
    const wrongMethod = await fetch(`${emulator.url}/teapot`, { method: 'POST' })
    expect(wrongMethod.status).toBe(404)
    const teapot = await fetch(`${emulator.url}/teapot`)
    expect([teapot.status, await teapot.json()]).toEqual([418, { message: 'I am a teapot' }])
    const crash = await fetch(`${emulator.url}/crash`)
    expect([crash.status, await crash.json()]).toEqual([500, { message: 'something broke' }])
  })

  it('matches a path with a trailing slash as without', async () => {
    expect((await fetch(`${emulator.url}/echo/`)).status).toBe(200)
  })

  it('fault switch: a test flips a route to 429 with Retry-After, 500, garbage or a reset, then back', async () => {
    try {
      switches.echo = 429
      const limited = await fetch(`${emulator.url}/echo`)
      expect([limited.status, limited.headers.get('retry-after'), await limited.json()]).toEqual([
        429,
        '1',
        { message: 'Rate limited' },
      ])
      expect(limited.headers.get('access-control-allow-origin')).toBe('*')
      expect((await setSwitches({ echo: 500 })).status).toBe(200)
      const failed = await fetch(`${emulator.url}/echo`)
      expect([failed.status, failed.headers.get('retry-after')]).toEqual([500, null])
      await setSwitches({ echo: 'garbage' })
      const garbage = await fetch(`${emulator.url}/echo`)
      expect(garbage.status).toBe(200)
      await expect(garbage.json()).rejects.toThrow()
      await setSwitches({ echo: 'reset' })
      await expect(fetch(`${emulator.url}/echo`)).rejects.toThrow()
      // Other routes and the switches themselves stay healthy.
      expect((await fetch(`${emulator.url}/teapot`)).status).toBe(418)
      expect((await fetch(`${emulator.url}/__devnet/switches`)).status).toBe(200)
    } finally {
      switches.echo = 'ok'
    }
    expect(await (await post('/echo', '[1]')).json()).toEqual({ echoed: [1] })
  })

  it('fault switch: slow holds the answer and then serves the route', async () => {
    try {
      switches.echo = 'slow'
      const held = await post('/echo', '"late"')
      expect([held.status, await held.json()]).toEqual([200, { echoed: 'late' }])
    } finally {
      switches.echo = 'ok'
    }
  })

  it('latency: the answer is held, then the route serves', async () => {
    try {
      switches.latencyMs = 1
      expect(await (await post('/echo', '"held"')).json()).toEqual({ echoed: 'held' })
    } finally {
      switches.latencyMs = 0
    }
  })

  it('switches over HTTP: all fields or none, unknown switches and bad values refused with 400', async () => {
    const flags = switches.flags
    const flipped = await setSwitches({ latencyMs: 0, flags: { b: false } })
    expect(await flipped.json()).toEqual({ echo: 'ok', latencyMs: 0, flags: { a: true, b: false } })
    expect(switches.flags).toBe(flags) // updated in place
    for (const body of [
      { echo: 404 },
      { latencyMs: 2000 },
      { latencyMs: 1.5 },
      { flags: { c: true } },
      { echo: 500, bogus: true },
      [],
    ]) {
      const refused = await setSwitches(body)
      expect(refused.status).toBe(400)
      expect(await refused.json()).toEqual({ message: expect.any(String) })
    }
    expect(switches).toEqual({ echo: 'ok', latencyMs: 0, flags: { a: true, b: false } })
    expect(await (await fetch(`${emulator.url}/__devnet/switches`)).json()).toEqual(switches)
    switches.flags.b = true
  })
})

describe('emulator app options', () => {
  it('without CORS, replies carry no CORS header and preflights are not answered', async () => {
    const app = createEmulatorApp({ cors: false })
    app.get('/page', (c) => c.text('hello'))
    const emulator = await serveEmulator(app)
    try {
      const page = await fetch(`${emulator.url}/page`)
      expect(page.headers.get('access-control-allow-origin')).toBeNull()
      expect((await fetch(`${emulator.url}/page`, { method: 'OPTIONS' })).status).toBe(404)
    } finally {
      await emulator.stop()
    }
  })

  it('an emulator may shape its error body and 404 message', async () => {
    const app = createEmulatorApp({
      cors: ['GET'],
      errorBody: (message) => ({ error: message }),
      notFoundMessage: () => 'Not found',
    })
    // No server needed: the app is a fetch handler (Request in, Response out).
    const response = await app.fetch(new Request('http://inbox.test/nope'))
    expect([response.status, await response.json()]).toEqual([404, { error: 'Not found' }])
  })

  it('binds only to loopback, fails on a taken port, and frees its port on stop (twice is fine)', async () => {
    const app = createEmulatorApp({ cors: false })
    await expect(serveEmulator(app, { host: '0.0.0.0' })).rejects.toThrow(/only binds to loopback/)
    const first = await serveEmulator(app)
    await expect(serveEmulator(app, { port: first.port })).rejects.toThrow(/EADDRINUSE/)
    await Promise.all([first.stop(), first.stop()])
    expect(await canBind(first.port)).toBe(true)
  })
})
