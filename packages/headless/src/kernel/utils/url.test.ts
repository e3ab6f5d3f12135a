// isHttpUrl and isWsUrl (url.ts): which strings parse as a URL of their protocols. The options that
// use them (rpcMap, metadata, legal links, the relay) are optionsChecks.test.ts; the image-source
// check built on isHttpUrl is imageUrl.test.ts.
import { expect, test } from 'vitest'
import { isHttpUrl, isWsUrl } from './url.js'

test('behavior: http and https URLs pass isHttpUrl, whatever their letter case, port, path or query', () => {
  for (const url of [
    'http://127.0.0.1:8545',
    'https://rpc.example/v1?key=1#x',
    'HTTPS://RPC.EXAMPLE',
    'http://[::1]:8545/',
    'http://user:pw@127.0.0.1/',
  ])
    expect(isHttpUrl(url), url).toBe(true)
})

test('behavior: ws and wss URLs pass isWsUrl, and each check refuses the other’s protocol', () => {
  for (const url of ['ws://127.0.0.1:9', 'wss://relay.example/?projectId=1', 'WSS://RELAY.EXAMPLE']) {
    expect(isWsUrl(url), url).toBe(true)
    expect(isHttpUrl(url), url).toBe(false)
  }
  for (const url of ['http://127.0.0.1:9', 'https://relay.example']) expect(isWsUrl(url), url).toBe(false)
})

test('security: script, data, file and other schemes are refused by both', () => {
  for (const url of [
    'javascript:alert(1)',
    'JavaScript://%0aalert(1)',
    'data:text/html,<script>',
    'file:///etc/passwd',
    'ftp://a.test',
    'blob:http://127.0.0.1/x',
    'httpx://a.test',
    'http+unix://a',
  ]) {
    expect(isHttpUrl(url), url).toBe(false)
    expect(isWsUrl(url), url).toBe(false)
  }
})

test('error: strings that do not parse as an absolute URL are refused, without throwing', () => {
  for (const url of ['', 'rpc.example', '/relative', '//127.0.0.1:1', 'http://', 'http://[::1', 'https://a b.test'])
    expect(isHttpUrl(url), url).toBe(false)
  for (const url of ['', 'ws://', 'relay.example']) expect(isWsUrl(url), url).toBe(false)
})

test('error: values that are not strings are refused, even those whose String() is a URL', () => {
  const urlLike = { toString: () => 'https://a.test' }
  for (const value of [undefined, null, 1, true, {}, [], urlLike, new URL('https://a.test'), ['https://a.test']]) {
    expect(isHttpUrl(value)).toBe(false)
    expect(isWsUrl(value)).toBe(false)
  }
})

test('edge: the WHATWG parser’s leniency is what counts (surrounding spaces are trimmed by it)', () => {
  // `new URL` strips leading and trailing C0 controls and spaces, so these are http URLs to it; the
  // check agrees with what fetch would request.
  expect(isHttpUrl(' https://a.test ')).toBe(true)
  expect(isHttpUrl('https:a.test')).toBe(true)
  expect(new URL('https:a.test').href).toBe('https://a.test/')
})
