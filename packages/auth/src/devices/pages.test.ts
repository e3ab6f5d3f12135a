// The device-approval pages (the link in the device mail): every value from a request or a user
// (the link's token, the user's address, an error message, a title) escaped in text and attribute
// alike, the GET page only showing a form that posts back to itself (a mail scanner that opens the
// link approves nothing), and the pages' headers (HTML, no-store, a CSP without scripts, no framing,
// no referrer), also as the app serves them. Approving through the POST (link expiry, second click)
// is in ../test/suite.ts and devices.pglite.test.ts.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { createAuthServer } from '../createAuthServer.js'
import { approvedPage, approvePage, messagePage, pageHeaders } from './pages.js'

const HOSTILE = [
  `"><script>alert(1)</script>`,
  `' onmouseover='alert(1)`,
  `</title><img src=x onerror=alert(1)>`,
  `&lt;already&gt; & <b>bold</b>`,
  `<!-- --><svg/onload=alert(1)>`,
  `javascript:alert(1)`,
  'ünïcødé \u2028 \u0000 🦊',
]

/** What the browser would show for the escaped text: the original, decoded. */
const decode = (html: string) =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')

/** The page's markup with nothing a hostile value could have added: its tags, in order. */
const tags = (html: string) => [...html.matchAll(/<\/?([a-z0-9]+)/gi)].map((m) => m[1]!.toLowerCase())
const baseline = {
  approve: tags(approvePage('t')),
  approved: tags(approvedPage('a@example.com')),
  message: tags(messagePage('T', 'm')),
}

describe('escaping', () => {
  test('security: the token from the link is escaped in the hidden field, and comes back as sent', () => {
    for (const token of HOSTILE) {
      const html = approvePage(token)
      expect(tags(html), token).toEqual(baseline.approve)
      expect(html).not.toMatch(/<script|<img|<svg/i)
      const value = /<input type="hidden" name="token" value="([^"]*)">/.exec(html)?.[1]
      expect(value, token).toBeDefined()
      expect(decode(value!)).toBe(token)
    }
  })

  test('security: the user’s address on the approved page is escaped', () => {
    for (const email of [...HOSTILE, `o'neil&co@example.com`]) {
      const html = approvedPage(email)
      expect(tags(html), email).toEqual(baseline.approved)
      expect(html).not.toMatch(/<script|<img|<svg/i)
      expect(decode(/approved for (.*)\. Go back/s.exec(html)![1]!)).toBe(email)
    }
  })

  test('security: an error page escapes its title and message, in <title> and <h1> alike', () => {
    for (const value of HOSTILE) {
      const html = messagePage(value, value)
      expect(tags(html), value).toEqual(baseline.message)
      expect(decode(/<title>(.*)<\/title>/s.exec(html)![1]!)).toBe(value)
      expect(decode(/<h1>(.*)<\/h1>/s.exec(html)![1]!)).toBe(value)
      expect(decode(/<p>(.*)\.<\/p>/s.exec(html)![1]!)).toBe(value)
    }
  })

  test('edge: an empty or huge token still makes one well-formed form', () => {
    expect(approvePage('')).toContain('name="token" value=""')
    const huge = '<'.repeat(100_000)
    const html = approvePage(huge)
    expect(tags(html)).toEqual(baseline.approve)
    expect(html).toContain('&lt;'.repeat(100_000))
  })
})

describe('the approval form', () => {
  test('security: the GET page approves nothing by itself: one POST form to its own path, no script, no link out', () => {
    const html = approvePage('tok')
    expect(html.match(/<form /g)).toHaveLength(1)
    expect(html).toContain('<form method="post" action="approve">')
    expect(html).toContain('<button type="submit">Approve device</button>')
    expect(html).not.toMatch(/<script|<meta http-equiv|<a |https?:\/\//i)
    expect(html.startsWith('<!doctype html><html lang="en"><head><meta charset="utf-8">')).toBe(true)
  })
})

describe('headers', () => {
  test('default: HTML in UTF-8, never cached, no referrer (the token is in the URL), no framing', () => {
    expect(pageHeaders['Content-Type']).toBe('text/html; charset=utf-8')
    expect(pageHeaders['Cache-Control']).toBe('no-store')
    expect(pageHeaders['Referrer-Policy']).toBe('no-referrer')
    expect(pageHeaders['X-Frame-Options']).toBe('DENY')
  })

  test('security: the CSP allows no script and no framing, and forms post to the server only', () => {
    const csp = Object.fromEntries(
      pageHeaders['Content-Security-Policy'].split(';').map((part) => {
        const [name, ...values] = part.trim().split(/\s+/)
        return [name!, values.join(' ')]
      }),
    )
    expect(csp['default-src']).toBe("'none'")
    expect(csp['script-src']).toBeUndefined()
    expect(csp['style-src']).toBe("'unsafe-inline'")
    expect(csp['form-action']).toBe("'self'")
    expect(csp['frame-ancestors']).toBe("'none'")
    expect(pageHeaders['Content-Security-Policy']).not.toMatch(/unsafe-eval|\*|https?:/)
  })

  describe('as the app serves the link (no database needed for the GET)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-auth-device-pages-'))
    const server = createAuthServer({
      projects: [{ id: 'test-project', allowedOrigins: ['http://127.0.0.1:5173'] }],
      mail: { send: async () => {} },
      database: { dataDir: join(dir, 'never-opened') },
      secret: 'a device pages test secret of 32+ bytes',
      rateLimit: false,
      log: () => {},
    })
    afterAll(async () => {
      await server.close()
      rmSync(dir, { recursive: true, force: true })
    })

    test('security: GET /v1/devices/approve reflects the token escaped, with every page header', async () => {
      const token = HOSTILE[0]!
      const response = await server.fetch(
        new Request(`http://127.0.0.1/v1/devices/approve?token=${encodeURIComponent(token)}`),
      )
      expect(response.status).toBe(200)
      for (const [name, value] of Object.entries(pageHeaders)) expect(response.headers.get(name), name).toBe(value)
      const html = await response.text()
      expect(html).toBe(approvePage(token))
      expect(html).not.toContain('<script>')
    })

    test('edge: without a token the page still renders (the POST refuses it), and other methods are 405', async () => {
      const response = await server.fetch(new Request('http://127.0.0.1/v1/devices/approve'))
      expect(response.status).toBe(200)
      expect(await response.text()).toBe(approvePage(''))
      const put = await server.fetch(new Request('http://127.0.0.1/v1/devices/approve', { method: 'PUT' }))
      expect(put.status).toBe(405)
      expect(((await put.json()) as { error: { code: string } }).error.code).toBe('METHOD_NOT_ALLOWED')
    })
  })
})
