import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSecureFrameHandler, type SecureFrameServer, startSecureFrame } from './server.js'

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
})
