import { expect, test } from 'vitest'
import { safeWebLink } from './safeLink.js'

test('default', () => {
  expect(safeWebLink('https://metamask.io/download')).toBe('https://metamask.io/download')
  expect(safeWebLink(undefined)).toBeUndefined()
})

test.each([
  'https://metamask.io@evil.example/',
  'https://user:pass@metamask.io/',
  'https://@metamask.io/',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'http://metamask.io/',
  'https://meta\u0000mask.io/',
  'https://metamask.io/\u202e',
  ' https://metamask.io/',
  'https:\\\\evil.example',
])('behavior: refuses %j', (link) => {
  expect(safeWebLink(link)).toBeUndefined()
})

test('behavior: http to loopback only in development (Node has no page: development)', () => {
  expect(safeWebLink('http://127.0.0.1:4000/wallet')).toBe('http://127.0.0.1:4000/wallet')
})
