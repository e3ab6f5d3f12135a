import fc from 'fast-check'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { isLoopbackHost, parseWebLink, webLinkMaxLength } from './webLink.js'

afterEach(() => {
  vi.unstubAllGlobals()
})

test('default', () => {
  expect(parseWebLink('https://metamask.io/download?x=1#y')?.href).toBe('https://metamask.io/download?x=1#y')
  expect(parseWebLink('HTTPS://MetaMask.io')?.href).toBe('https://metamask.io/')
})

test.each([
  ['credentials', 'https://metamask.io@evil.example/'],
  ['user and password', 'https://user:pass@metamask.io/'],
  ['an empty user', 'https://@metamask.io/'],
  ['javascript:', 'javascript:alert(1)'],
  ['data:', 'data:text/html,x'],
  ['file:', 'file:///etc/passwd'],
  ['ftp:', 'ftp://example.com/'],
  ['http to a remote host', 'http://metamask.io/'],
  ['http to a LAN host', 'http://192.168.1.1/'],
  ['a tab in the scheme', 'ht\ttps://metamask.io/'],
  ['a NUL', 'https://metamask.io/\u0000'],
  ['a bidi override', 'https://metamask.io/\u202egnp.exe'],
  ['a zero-width space', 'https://meta\u200bmask.io/'],
  ['leading whitespace', ' https://metamask.io/'],
  ['a backslash', 'https:\\\\evil.example/'],
  ['no host', 'https:///path'],
  ['too long', `https://metamask.io/${'a'.repeat(webLinkMaxLength)}`],
  ['not a string', 42],
])('behavior: refuses %s', (_, value) => {
  expect(parseWebLink(value)).toBeUndefined()
})

describe('http to loopback', () => {
  test('accepted in development (no page, or a page on loopback)', () => {
    expect(parseWebLink('http://127.0.0.1:8080/x')?.href).toBe('http://127.0.0.1:8080/x')
    vi.stubGlobal('location', { hostname: 'localhost' })
    expect(parseWebLink('http://localhost:3000/')?.href).toBe('http://localhost:3000/')
  })

  test('refused on a page served from a real domain, unless asked for', () => {
    vi.stubGlobal('location', { hostname: 'app.example.com' })
    expect(parseWebLink('http://127.0.0.1:8080/x')).toBeUndefined()
    expect(parseWebLink('http://127.0.0.1:8080/x', { allowLoopbackHttp: true })?.href).toBe('http://127.0.0.1:8080/x')
  })
})

test('isLoopbackHost', () => {
  expect(['localhost', '127.0.0.1', '127.1.2.3', '[::1]'].every(isLoopbackHost)).toBe(true)
  expect(['localhost.evil.example', '10.0.0.1', '::1'].some(isLoopbackHost)).toBe(false)
})

test('property: an accepted link is https (or loopback http), has no credentials, and survives re-parsing', () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.webUrl({ withQueryParameters: true, withFragments: true, authoritySettings: { withUserInfo: true } }),
        fc.string(),
      ),
      (value) => {
        const url = parseWebLink(value)
        if (!url) return
        expect(url.username).toBe('')
        expect(url.password).toBe('')
        expect(url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))).toBe(true)
        expect(parseWebLink(url.href)?.href).toBe(url.href)
      },
    ),
    { numRuns: 200 },
  )
})
