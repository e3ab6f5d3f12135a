import { describe, expect, test } from 'vitest'
import { isOriginAllowed, isSiwxForOrigin, normalizeOrigin } from './origins.js'

describe('isOriginAllowed', () => {
  test('default: an exact entry matches that origin, case and a trailing slash aside', () => {
    expect(isOriginAllowed('https://app.example.com', ['https://app.example.com'])).toBe(true)
    expect(isOriginAllowed('HTTPS://App.Example.com/', ['https://app.example.com'])).toBe(true)
    expect(isOriginAllowed('https://app.example.com', ['HTTPS://APP.EXAMPLE.COM/'])).toBe(true)
    expect(isOriginAllowed('https://app.example.com', ['  https://app.example.com  '])).toBe(true)
  })

  test('behavior: scheme and port are part of the origin', () => {
    const list = ['https://app.example.com']
    expect(isOriginAllowed('http://app.example.com', list)).toBe(false)
    expect(isOriginAllowed('https://app.example.com:8443', list)).toBe(false)
    expect(isOriginAllowed('wss://app.example.com', list)).toBe(false)
    // The default port is no port.
    expect(isOriginAllowed('https://app.example.com:443', list)).toBe(true)
    expect(isOriginAllowed('https://app.example.com', ['https://app.example.com:443'])).toBe(true)
    expect(isOriginAllowed('http://app.example.com:443', ['http://app.example.com'])).toBe(false)
  })

  test('behavior: `*` stands for one host label, never for a dot, a colon or a slash', () => {
    const list = ['https://*.example.com']
    expect(isOriginAllowed('https://shop.example.com', list)).toBe(true)
    expect(isOriginAllowed('https://a.b.example.com', list)).toBe(false)
    expect(isOriginAllowed('https://example.com', list)).toBe(false)
    expect(isOriginAllowed('https://.example.com', list)).toBe(false)
    expect(isOriginAllowed('https://evil.test/.example.com', list)).toBe(false)
    expect(isOriginAllowed('https://shop.example.com.evil.test', list)).toBe(false)
    expect(isOriginAllowed('https://evil.test:1.example.com', list)).toBe(false)
    expect(isOriginAllowed('https://shop.example.com:8443', list)).toBe(false)
    expect(isOriginAllowed('http://shop.example.com', list)).toBe(false)
    expect(isOriginAllowed('https://a.b.example.com', ['https://*.*.example.com'])).toBe(true)
    expect(isOriginAllowed('https://pr-12.preview.example.com', ['https://pr-*.preview.example.com'])).toBe(true)
    expect(isOriginAllowed('https://pr-.preview.example.com', ['https://pr-*.preview.example.com'])).toBe(false)
  })

  test('behavior: `:*` stands for any explicit port', () => {
    const list = ['http://localhost:*', 'http://127.0.0.1:*']
    expect(isOriginAllowed('http://localhost:5173', list)).toBe(true)
    expect(isOriginAllowed('http://127.0.0.1:1', list)).toBe(true)
    expect(isOriginAllowed('http://localhost', list)).toBe(false)
    expect(isOriginAllowed('https://localhost:5173', list)).toBe(false)
    expect(isOriginAllowed('http://localhost.evil.test:5173', list)).toBe(false)
    expect(isOriginAllowed('http://127.0.0.1.evil.test:80', list)).toBe(false)
    expect(isOriginAllowed('http://a.localhost:5173', ['http://*.localhost:*'])).toBe(true)
  })

  test('behavior: unicode and punycode host names are the same host', () => {
    // Browsers send the punycode form; operators often write the unicode one.
    expect(isOriginAllowed('https://xn--bcher-kva.example', ['https://bücher.example'])).toBe(true)
    expect(isOriginAllowed('https://bücher.example', ['https://xn--bcher-kva.example'])).toBe(true)
    expect(isOriginAllowed('https://shop.xn--bcher-kva.example', ['https://*.bücher.example'])).toBe(true)
    // A look-alike is another host.
    expect(isOriginAllowed('https://xn--bcher-kva.example', ['https://bucher.example'])).toBe(false)
  })

  test('behavior: a trailing dot makes another origin', () => {
    expect(isOriginAllowed('https://app.example.com.', ['https://app.example.com'])).toBe(false)
    expect(isOriginAllowed('https://shop.example.com.', ['https://*.example.com'])).toBe(false)
    expect(isOriginAllowed('https://app.example.com.', ['https://app.example.com.'])).toBe(true)
  })

  test('behavior: `*` alone allows every origin but an opaque one', () => {
    expect(isOriginAllowed('https://anything.test', ['*'])).toBe(true)
    expect(isOriginAllowed('http://127.0.0.1:9', ['*'])).toBe(true)
    expect(isOriginAllowed('null', ['*'])).toBe(false)
    expect(isOriginAllowed('NULL', ['*', 'null'])).toBe(false)
    expect(isOriginAllowed(null, ['*'])).toBe(false)
    expect(isOriginAllowed(undefined, ['*'])).toBe(false)
    expect(isOriginAllowed('', ['*'])).toBe(false)
    expect(isOriginAllowed('not an origin', ['*'])).toBe(false)
  })

  test('behavior: an empty list allows nothing', () => {
    expect(isOriginAllowed('https://app.example.com', [])).toBe(false)
    expect(isOriginAllowed('https://app.example.com', [''])).toBe(false)
  })

  test('behavior: what is not an origin never matches', () => {
    const list = ['https://app.example.com', 'https://*.example.com']
    expect(isOriginAllowed('https://app.example.com/path', list)).toBe(false)
    expect(isOriginAllowed('https://app.example.com?x=1', list)).toBe(false)
    expect(isOriginAllowed('https://user@app.example.com', list)).toBe(false)
    expect(isOriginAllowed('app.example.com', list)).toBe(false)
    expect(isOriginAllowed('javascript:alert(1)', list)).toBe(false)
    // Entries that are not origins, or put `*` in the scheme, match nothing.
    expect(isOriginAllowed('https://app.example.com', ['*://app.example.com'])).toBe(false)
    expect(isOriginAllowed('https://app.example.com', ['https://app.example.com/login'])).toBe(false)
    expect(isOriginAllowed('http://localhost:5173', ['http://localhost:5173:*'])).toBe(false)
  })

  test('behavior: regex characters in entries are literal', () => {
    expect(isOriginAllowed('https://appxexample.com', ['https://app.example.com'])).toBe(false)
    expect(isOriginAllowed('https://appxexample.com', ['https://*.example.com', 'https://app.example.com'])).toBe(false)
    expect(isOriginAllowed('https://shopxexample.com', ['https://*.example.com'])).toBe(false)
  })

  test('behavior: IPv6 loopback origins', () => {
    expect(isOriginAllowed('http://[::1]:5173', ['http://[::1]:5173'])).toBe(true)
    expect(isOriginAllowed('http://[::1]:5173', ['http://[::1]:*'])).toBe(true)
    expect(isOriginAllowed('http://[::2]:5173', ['http://[::1]:*'])).toBe(false)
  })
})

test('normalizeOrigin: the serialised origin, or undefined', () => {
  expect(normalizeOrigin('HTTPS://Bücher.example:443/')).toBe('https://xn--bcher-kva.example')
  expect(normalizeOrigin('http://127.0.0.1:5173')).toBe('http://127.0.0.1:5173')
  expect(normalizeOrigin('null')).toBeUndefined()
  expect(normalizeOrigin('file:///etc/passwd')).toBeUndefined()
  expect(normalizeOrigin('https://a.test/x')).toBeUndefined()
})

test('isSiwxForOrigin: the uri on the origin, the domain its host with port, the scheme its own', () => {
  const page = 'http://127.0.0.1:5173'
  expect(isSiwxForOrigin({ domain: '127.0.0.1:5173', uri: 'http://127.0.0.1:5173/login' }, page)).toBe(true)
  expect(isSiwxForOrigin({ domain: '127.0.0.1:5173', uri: 'http://127.0.0.1:5173', scheme: 'http' }, page)).toBe(true)
  expect(isSiwxForOrigin({ domain: 'bank.example', uri: 'https://bank.example' }, page)).toBe(false)
  expect(isSiwxForOrigin({ domain: '127.0.0.1', uri: 'http://127.0.0.1:5173' }, page)).toBe(false)
  expect(isSiwxForOrigin({ domain: '127.0.0.1:5173', uri: 'http://127.0.0.1:5174' }, page)).toBe(false)
  expect(isSiwxForOrigin({ domain: '127.0.0.1:5173', uri: 'http://127.0.0.1:5173', scheme: 'https' }, page)).toBe(false)
  expect(isSiwxForOrigin({ domain: '127.0.0.1:5173', uri: 'not a url' }, page)).toBe(false)
  expect(isSiwxForOrigin({ domain: '127.0.0.1:5173', uri: 'http://127.0.0.1:5173' }, 'null')).toBe(false)
})
