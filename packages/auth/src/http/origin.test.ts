// pageOrigin and corsAllowed on their own: the browser-set `Origin` decides, and the
// `X-Portico-Origin` header any script can set never widens the allow-list, across exact and
// wildcard entries, ports, schemes, case, trailing dots and `null`. The matcher itself
// (isOriginAllowed, normalizeOrigin) is tested in packages/secure/src/origins.test.ts; the same
// rules over HTTP (no mail sent, CORS headers) in faults.test.ts and test/suite.ts.
import { describe, expect, test } from 'vitest'
import { AuthError } from '../errors.js'
import type { AuthProject } from './env.js'
import { corsAllowed, pageOrigin } from './origin.js'

const FRAME = 'https://secure.portico.test'
const project: AuthProject = {
  id: 'p',
  allowedOrigins: ['https://app.example.com', 'https://*.shops.example.com', 'http://127.0.0.1:5173'],
}

/** The page origin, or the error code when refused. */
function decide(origin: string | undefined, claimed: string | undefined, frames: readonly string[] = [FRAME]) {
  try {
    return pageOrigin({ origin, claimed }, project, frames)
  } catch (error) {
    if (error instanceof AuthError) return `refused:${error.code}`
    throw error
  }
}
const REFUSED = 'refused:ORIGIN_NOT_ALLOWED'

describe('pageOrigin: a page calling directly (its own Origin)', () => {
  test('default: an allowed page is its own page origin, with or without naming itself', () => {
    expect(decide('https://app.example.com', undefined)).toBe('https://app.example.com')
    expect(decide('https://app.example.com', 'https://app.example.com')).toBe('https://app.example.com')
    expect(decide('https://a.shops.example.com', undefined)).toBe('https://a.shops.example.com')
  })

  test('behavior: the answer is the serialised origin: case, default port and trailing slash dropped', () => {
    expect(decide('HTTPS://APP.Example.COM:443', undefined)).toBe('https://app.example.com')
    // Naming itself in another spelling is still naming itself.
    expect(decide('https://app.example.com', 'HTTPS://App.Example.Com:443/')).toBe('https://app.example.com')
    expect(decide('https://A.Shops.Example.com', 'https://a.shops.example.com')).toBe('https://a.shops.example.com')
  })

  test('security: a script on an allowed page naming another allowed page is refused', () => {
    expect(decide('https://a.shops.example.com', 'https://b.shops.example.com')).toBe(REFUSED)
    expect(decide('https://app.example.com', 'http://127.0.0.1:5173')).toBe(REFUSED)
  })

  test('security: a script on a foreign page never gets in by naming an allowed one, whatever the spelling', () => {
    for (const claimed of ['https://app.example.com', 'HTTPS://APP.EXAMPLE.COM', 'https://app.example.com/', FRAME])
      expect(decide('https://evil.test', claimed)).toBe(REFUSED)
  })

  test('security: an X-Portico-Origin that is no origin is refused even beside an allowed Origin', () => {
    for (const claimed of ['null', 'NULL', '', ' ', 'app.example.com', 'https://app.example.com/path', 'javascript:1'])
      expect(decide('https://app.example.com', claimed)).toBe(REFUSED)
  })

  test('edge: ports, schemes and trailing dots make another origin', () => {
    for (const origin of [
      'https://app.example.com:8443',
      'http://app.example.com',
      'https://app.example.com.',
      'http://127.0.0.1:5174',
      'http://127.0.0.1',
      'https://127.0.0.1:5173',
      'http://localhost:5173',
      'http://[::1]:5173',
    ])
      expect([origin, decide(origin, undefined)]).toEqual([origin, REFUSED])
  })

  test('edge: a wildcard covers one label of its own scheme only', () => {
    expect(decide('https://x-1.shops.example.com', undefined)).toBe('https://x-1.shops.example.com')
    for (const origin of [
      'https://shops.example.com',
      'https://a.b.shops.example.com',
      'http://a.shops.example.com',
      'https://a.shops.example.com.',
      'https://a.shops.example.com:444',
      'https://a.shops.example.com.evil.test',
      'https://evil.test.shops.example.com.evil.test',
    ])
      expect([origin, decide(origin, undefined)]).toEqual([origin, REFUSED])
  })

  test('security: an opaque (`null`) or malformed Origin is refused even naming itself or with no claim', () => {
    for (const origin of ['null', 'Null', '', 'file://', 'https://app.example.com/x', 'https://u:p@app.example.com'])
      for (const claimed of [undefined, 'https://app.example.com'])
        expect([origin, claimed, decide(origin, claimed)]).toEqual([origin, claimed, REFUSED])
  })
})

describe('pageOrigin: the secure frame', () => {
  test('behavior: the frame names the page, which must be on the list; the answer is the page, normalised', () => {
    expect(decide(FRAME, 'https://app.example.com')).toBe('https://app.example.com')
    expect(decide(FRAME, 'HTTPS://B.Shops.Example.com:443/')).toBe('https://b.shops.example.com')
    expect(decide(FRAME, 'https://app.example.com:8443')).toBe(REFUSED)
    expect(decide(FRAME, 'https://evil.test')).toBe(REFUSED)
    expect(decide(FRAME, undefined)).toBe(REFUSED)
    expect(decide(FRAME, 'null')).toBe(REFUSED)
  })

  test('behavior: the frame is recognised in any spelling of its origin', () => {
    expect(decide('HTTPS://SECURE.PORTICO.TEST:443', 'https://app.example.com')).toBe('https://app.example.com')
  })

  test('security: an origin next to the frame (port, scheme, sub-domain) is no frame: its claim is refused', () => {
    for (const origin of [
      'https://secure.portico.test:8443',
      'http://secure.portico.test',
      'https://x.secure.portico.test',
      'https://secure.portico.test.',
    ])
      expect([origin, decide(origin, 'https://app.example.com')]).toEqual([origin, REFUSED])
  })

  test('security: without frame origins, nothing is believed as a frame', () => {
    expect(decide(FRAME, 'https://app.example.com', [])).toBe(REFUSED)
  })

  test('security: several frame origins are each a frame; a wildcard frame entry covers one label only', () => {
    const frames = ['https://one.portico.test', 'https://*.frames.portico.test']
    expect(decide('https://one.portico.test', 'https://app.example.com', frames)).toBe('https://app.example.com')
    expect(decide('https://x.frames.portico.test', 'https://app.example.com', frames)).toBe('https://app.example.com')
    expect(decide('https://a.b.frames.portico.test', 'https://app.example.com', frames)).toBe(REFUSED)
  })

  // A project's wildcard may cover the frame's host (a frame at secure.example.com, a project
  // allowing *.example.com): the frame naming itself is still refused, with or without Origin.
  test('security: the frame own origin is never a page, even where a project wildcard covers it', () => {
    const frame = 'https://secure.example.com'
    const wide: AuthProject = { id: 'wide', allowedOrigins: ['https://*.example.com'] }
    expect(() => pageOrigin({ origin: frame, claimed: frame }, wide, [frame])).toThrow(AuthError)
    expect(() => pageOrigin({ origin: undefined, claimed: frame }, wide, [frame])).toThrow(AuthError)
    // Another page the wildcard covers still is one.
    expect(pageOrigin({ origin: frame, claimed: 'https://shop.example.com' }, wide, [frame])).toBe(
      'https://shop.example.com',
    )
  })
})

describe('pageOrigin: no Origin (a server or a script outside any browser)', () => {
  test('behavior: its X-Portico-Origin is checked against the list and normalised', () => {
    expect(decide(undefined, 'https://app.example.com/')).toBe('https://app.example.com')
    expect(decide(undefined, 'https://z.shops.example.com')).toBe('https://z.shops.example.com')
  })

  test('error: without either header, or with a claim off the list or no origin, it is refused', () => {
    for (const claimed of [undefined, 'https://evil.test', 'null', '', 'https://app.example.com.', FRAME])
      expect([claimed, decide(undefined, claimed)]).toEqual([claimed, REFUSED])
  })

  test('error: the refusal is the spec error: 403 ORIGIN_NOT_ALLOWED with its message', () => {
    let caught: unknown
    try {
      pageOrigin({ origin: 'https://evil.test', claimed: undefined }, project, [FRAME])
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(AuthError)
    expect(caught).toMatchObject({
      code: 'ORIGIN_NOT_ALLOWED',
      status: 403,
      message: 'Unauthorized: origin not allowed',
    })
  })
})

describe('corsAllowed', () => {
  const other: AuthProject = { id: 'other', allowedOrigins: ['https://other.example.org'] }

  test('behavior: the frame and the pages of the projects given, nobody else', () => {
    expect(corsAllowed(FRAME, [], [FRAME])).toBe(true)
    expect(corsAllowed('https://app.example.com', [project], [])).toBe(true)
    expect(corsAllowed('https://q.shops.example.com', [project], [])).toBe(true)
    expect(corsAllowed('https://evil.test', [project, other], [FRAME])).toBe(false)
    expect(corsAllowed('null', [{ id: 'any', allowedOrigins: ['*'] }], [FRAME])).toBe(false)
  })

  test('security: only the projects passed count: a page of another project gets no CORS', () => {
    expect(corsAllowed('https://other.example.org', [project], [FRAME])).toBe(false)
    expect(corsAllowed('https://other.example.org', [project, other], [FRAME])).toBe(true)
    // Any iterable, e.g. a Map's values, as the app passes for a preflight.
    const map = new Map([
      [project.id, project],
      [other.id, other],
    ])
    expect(corsAllowed('https://other.example.org', map.values(), [])).toBe(true)
  })

  test('edge: ports, schemes and trailing dots of the frame are not the frame', () => {
    for (const origin of ['https://secure.portico.test:8443', 'http://secure.portico.test', `${FRAME}.`])
      expect([origin, corsAllowed(origin, [project], [FRAME])]).toEqual([origin, false])
  })
})
