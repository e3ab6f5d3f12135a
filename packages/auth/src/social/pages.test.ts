// The social-login callback page (the provider sends the popup there): the data it carries (the
// callback URI with the provider's parameters, the frame origins, the page origin) embedded as JSON
// that no value can break out of, whatever a provider or a crafted link puts in it; exactly its two
// scripts; a CSP that allows only the hash of its own script, no framing, no form or base; and the
// same through the app's GET and POST callback routes. Where the result goes in a browser (frame
// only, the opener told only "done") is shown in social.devnet.test.ts and the e2e tests.
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { createAuthServer } from '../createAuthServer.js'
import { callbackPage, callbackPageCsp, socialDoneType, socialResultType } from './pages.js'

const FRAME = 'http://localhost:41999'
const PAGE = 'http://127.0.0.1:5173'

const HOSTILE = [
  '</script><script>alert(1)</script>',
  '</SCRIPT ><img src=x onerror=alert(1)>',
  '<!--<script>',
  '"quoted" \\ backslash',
  '\u2028\u2029 ünïcødé 🦊 \u0000',
]

const scriptBlocks = (html: string) => [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/gi)]
const cspOf = (csp: string) =>
  Object.fromEntries(
    csp.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/)
      return [name!, values.join(' ')]
    }),
  )

describe('callbackPage', () => {
  test('security: hostile values in the URI, the origins or the provider error stay JSON data, read back as given', () => {
    for (const value of HOSTILE) {
      const data = {
        uri: `http://127.0.0.1:8790/v1/social/callback?error_description=${value}&state=${value}`,
        frameOrigins: [FRAME, value],
        pageOrigin: value,
      }
      const html = callbackPage(data)
      const blocks = scriptBlocks(html)
      expect(blocks, value).toHaveLength(2)
      expect(blocks[0]![1]).toBe(' type="application/json" id="portico-result"')
      expect(blocks[1]![1]).toBe('')
      // No `<` at all in the data block: nothing in it can close the script or open a comment.
      expect(blocks[0]![2]).not.toContain('<')
      expect(JSON.parse(blocks[0]![2]!)).toEqual(data)
      expect(html.match(/<script/gi)).toHaveLength(2)
    }
  })

  test('default: without a page origin the data says so, and the opener is told nothing', () => {
    const html = callbackPage({ uri: 'http://127.0.0.1/cb?code=1', frameOrigins: [FRAME], pageOrigin: undefined })
    const data = JSON.parse(scriptBlocks(html)[0]![2]!) as Record<string, unknown>
    expect(data).toEqual({ uri: 'http://127.0.0.1/cb?code=1', frameOrigins: [FRAME] })
    const script = scriptBlocks(html)[1]![2]!
    expect(script).toContain('if(d.pageOrigin)')
  })

  test('security: the script posts the result to the frame origins only, and only "done" (no URI) to the opener', () => {
    const script = scriptBlocks(callbackPage({ uri: 'u', frameOrigins: [FRAME], pageOrigin: PAGE }))[1]![2]!
    // Every postMessage names its target origin: never '*'.
    const posts = [...script.matchAll(/postMessage\(([^)]*)\)/g)].map((m) => m[1]!)
    expect(posts).toEqual([
      `{type:'${socialResultType}',uri:d.uri},d.frameOrigins[j]`,
      `{type:'${socialDoneType}'},d.pageOrigin`,
    ])
    expect(script).not.toContain("'*'")
    expect(script).not.toMatch(/innerHTML|document\.write|eval\(|location/)
    expect(script).toContain('.textContent')
  })

  test('security: the CSP allows exactly the page’s own script (its hash), nothing inline besides, no framing', () => {
    const csp = cspOf(callbackPageCsp)
    const script = scriptBlocks(callbackPage({ uri: 'u', frameOrigins: [], pageOrigin: undefined }))[1]![2]!
    const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`
    expect(csp['script-src']).toBe(hash)
    expect(csp['default-src']).toBe("'none'")
    expect(csp['frame-ancestors']).toBe("'none'")
    expect(csp['base-uri']).toBe("'none'")
    expect(csp['form-action']).toBe("'none'")
    expect(callbackPageCsp).not.toMatch(/unsafe-eval|strict-dynamic|\*|https?:/)
    // The hash does not depend on the data: hostile data cannot change which script runs.
    for (const value of HOSTILE)
      expect(scriptBlocks(callbackPage({ uri: value, frameOrigins: [value], pageOrigin: value }))[1]![2]).toBe(script)
  })

  test('security: the page sends no referrer and shows no value from the request as markup', () => {
    const html = callbackPage({ uri: '<b>x</b>', frameOrigins: [FRAME], pageOrigin: PAGE })
    expect(html).toContain('<meta name="referrer" content="no-referrer">')
    const outside = html.replace(/<script[\s\S]*?<\/script>/gi, '')
    expect(outside).not.toContain('x</b>')
    expect(outside).not.toContain('<b>')
  })
})

describe('as the app serves it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portico-auth-social-pages-'))
  // No state in these calls: the page origin lookup (the only database use) is never made.
  const server = createAuthServer({
    projects: [{ id: 'test-project', allowedOrigins: [PAGE] }],
    frameOrigins: [FRAME],
    mail: { send: async () => {} },
    database: { dataDir: join(dir, 'never-opened') },
    publicUrl: 'http://127.0.0.1:8790',
    secret: 'a social pages test secret of 32+ bytes',
    rateLimit: false,
    log: () => {},
  })
  afterAll(async () => {
    await server.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const dataOf = async (response: Response) =>
    JSON.parse(scriptBlocks(await response.text())[0]![2]!) as { uri: string; frameOrigins: string[] }

  test('security: a crafted callback link (a provider error with markup) is served as data, with the page headers', async () => {
    const query = `error=access_denied&error_description=${encodeURIComponent(HOSTILE[0]!)}`
    const response = await server.fetch(new Request(`http://127.0.0.1/v1/social/callback?${query}`))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/html; charset=UTF-8$/i)
    expect(response.headers.get('content-security-policy')).toBe(callbackPageCsp)
    expect(response.headers.get('referrer-policy')).toBe('no-referrer')
    expect(response.headers.get('cache-control')).toBe('no-store')
    const data = await dataOf(response)
    expect(data.frameOrigins).toEqual([FRAME])
    const uri = new URL(data.uri)
    expect(uri.origin + uri.pathname).toBe('http://127.0.0.1:8790/v1/social/callback')
    expect(uri.searchParams.get('error_description')).toBe(HOSTILE[0])
  })

  test('behavior: a form post (Apple) carries only its string fields into the URI; a non-object body is a 400', async () => {
    const response = await server.fetch(
      new Request('http://127.0.0.1/v1/social/callback', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ code: 'c0de', user: '{"name":"<x>"}' }).toString(),
      }),
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-security-policy')).toBe(callbackPageCsp)
    const uri = new URL((await dataOf(response)).uri)
    expect(Object.fromEntries(uri.searchParams)).toEqual({ code: 'c0de', user: '{"name":"<x>"}' })
    const json = await server.fetch(
      new Request('http://127.0.0.1/v1/social/callback', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: 'c', nested: { a: 1 }, n: 5 }),
      }),
    )
    expect(Object.fromEntries(new URL((await dataOf(json)).uri).searchParams)).toEqual({ code: 'c' })
    const bad = await server.fetch(
      new Request('http://127.0.0.1/v1/social/callback', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '[1]',
      }),
    )
    expect(bad.status).toBe(400)
  })
})
