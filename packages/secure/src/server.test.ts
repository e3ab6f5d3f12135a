import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { defaultReceiptTimeoutMs, readReceiptTimeout } from './receiptTimeout.js'
import { createSecureFrameHandler, framePage, type SecureFrameServer, startSecureFrame } from './server.js'

describe('secure frame server', () => {
  let frame: SecureFrameServer
  beforeAll(async () => {
    frame = await startSecureFrame({ authUrl: 'http://127.0.0.1:9/auth', frameAncestors: ['http://127.0.0.1:5173'] })
  }, 60_000)
  afterAll(() => frame?.stop())

  test('default: the page names the auth server and loads its one script, under a strict policy', async () => {
    const response = await fetch(`${frame.url}/?projectId=p&chainId=1`)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('<meta name="portico-auth-url" content="http://127.0.0.1:9/auth">')
    // The one script, pinned by its hash (frameBuild.test.ts checks the hash itself).
    expect(html).toMatch(/<script type="module" src="\/frame.js" integrity="sha256-[A-Za-z0-9+/]{43}="><\/script>/)
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain('img-src https: data:')
    expect(csp).toContain('frame-ancestors http://127.0.0.1:5173')
    expect(csp).toContain('connect-src http://127.0.0.1:9')
  })

  test('behavior: the script is the bundled frame; anything else is 404, writes 405', async () => {
    const script = await fetch(`${frame.url}/frame.js`)
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(await script.text()).toContain('@portico-frame/')
    expect((await fetch(`${frame.url}/secrets`)).status).toBe(404)
    expect((await fetch(`${frame.url}/`, { method: 'POST' })).status).toBe(405)
  })

  test('behavior: the fetch handler answers exactly as the Node listener, so the frame mounts in any runtime', async () => {
    const handler = createSecureFrameHandler({
      authUrl: 'http://127.0.0.1:9/auth',
      frameAncestors: ['http://127.0.0.1:5173'],
    })
    // What only the transport sets (dates, framing, keep-alive) is not the frame's.
    const transport = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'])
    const answer = async (response: Response) => ({
      status: response.status,
      headers: Object.fromEntries([...response.headers].filter(([name]) => !transport.has(name))),
      body: await response.text(),
    })
    for (const [method, path] of [
      ['GET', '/?projectId=p&chainId=1'],
      ['GET', '/frame.js'],
      ['HEAD', '/'],
      ['GET', '/secrets'],
      ['POST', '/'],
      ['DELETE', '/frame.js'],
    ] as const) {
      const mounted = await answer(await handler(new Request(`https://secure.example${path}`, { method })))
      const listening = await answer(await fetch(`${frame.url}${path}`, { method }))
      expect(mounted, `${method} ${path}`).toEqual(listening)
      expect(mounted.headers).toMatchObject({
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
      })
    }
    const page = await handler(new Request('https://secure.example/'))
    expect(page.headers.get('content-security-policy')).toContain('frame-ancestors http://127.0.0.1:5173')
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
  })

  test('default: loopback ancestors and images, every source one a browser accepts (CSP has no IPv6 literals)', async () => {
    const defaults = await startSecureFrame({ authUrl: 'http://127.0.0.1:9/auth' })
    try {
      const csp = (await fetch(`${defaults.url}/`)).headers.get('content-security-policy') ?? ''
      const directive = (name: string) =>
        csp
          .split(';')
          .map((part) => part.trim().split(/\s+/))
          .find(([first]) => first === name)
          ?.slice(1) ?? []
      expect(directive('frame-ancestors')).toEqual(['http://127.0.0.1:*', 'http://localhost:*'])
      // CSP3 host-source: scheme "://" host-char labels (or "*."), optional ":port" or ":*".
      const hostSource = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:\*|(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::(?:\d+|\*))?$/i
      for (const source of [...directive('frame-ancestors'), ...directive('img-src')]) {
        if (source === 'https:' || source === 'data:') continue
        expect(source).toMatch(hostSource)
      }
    } finally {
      await defaults.stop()
    }
  })

  test('error: the auth URL is escaped into the page', async () => {
    const odd = await startSecureFrame({ authUrl: 'http://127.0.0.1:9/"><script>x</script>' })
    try {
      const html = await (await fetch(`${odd.url}/`)).text()
      expect(html).not.toContain('"><script>x')
    } finally {
      await odd.stop()
    }
  })

  test('default: no receipt wait in the page, so the frame keeps its own 60 s', async () => {
    const html = await (
      await createSecureFrameHandler({ authUrl: 'http://127.0.0.1:9' })(new Request('http://f/'))
    ).text()
    expect(html).not.toContain('portico-receipt-timeout-ms')
  })

  test("behavior: the operator's receipt wait is written into the frame's own page", async () => {
    const handler = createSecureFrameHandler({ authUrl: 'http://127.0.0.1:9', receiptTimeoutMs: 20_000 })
    const html = await (await handler(new Request('http://f/'))).text()
    expect(html).toContain('<meta name="portico-receipt-timeout-ms" content="20000">')
    expect(readReceiptTimeout(/portico-receipt-timeout-ms" content="(\d+)"/.exec(html)?.[1])).toBe(20_000)
  })

  test('error: framePage called directly writes no receipt wait it would not accept (nothing of it reaches the markup)', () => {
    const html = framePage('http://127.0.0.1:9', { receiptTimeoutMs: '5000"><script>x</script>' as unknown as number })
    expect(html).not.toContain('portico-receipt-timeout-ms')
    expect(html).not.toContain('<script>x')
    expect(framePage('http://127.0.0.1:9', { receiptTimeoutMs: 5_000 })).toContain('content="5000"')
  })

  test.each([0, 999, 600_001, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '5000'])(
    'error: a receipt wait of %s is refused when the server is made, naming the bounds',
    (value) => {
      expect(() =>
        createSecureFrameHandler({ authUrl: 'http://127.0.0.1:9', receiptTimeoutMs: value as number }),
      ).toThrow(
        new RangeError(
          `receiptTimeoutMs must be a whole number of milliseconds from 1000 to 600000, got ${String(value)}`,
        ),
      )
    },
  )
})

describe('readReceiptTimeout (the frame reading its page)', () => {
  test.each([
    ['20000', 20_000],
    ['1000', 1_000],
    ['600000', 600_000],
  ])('behavior: %s is a wait of %s ms', (content, value) => {
    expect(readReceiptTimeout(content)).toBe(value)
  })

  test.each([undefined, null, '', '999', '600001', '1e4', ' 5000', '5000ms', '-5000', '0x1388'])(
    'default: %s is no wait the frame takes, so it keeps its default',
    (content) => {
      expect(readReceiptTimeout(content)).toBeUndefined()
    },
  )

  test('the default is the 60 s the frame waited before it could be set', () => {
    expect(defaultReceiptTimeoutMs).toBe(60_000)
  })
})
