// isSafeImageUrl (imageUrl.ts): which values may become an image source (a host's or the
// directory's image): http(s) URLs and data URIs of the listed raster and SVG types, nothing else.
// Its use on what storage holds is kernel/state/storage.property.test.ts; a wallet's own announced
// icon has its stricter rule in announcedIcon.test.ts.
import { expect, test } from 'vitest'
import { isSafeImageUrl } from './imageUrl.js'

test('behavior: http(s) URLs pass', () => {
  for (const url of ['https://api.test/getWalletImage/abc', 'http://127.0.0.1:4002/i.png', 'HTTPS://A.TEST/I.SVG'])
    expect(isSafeImageUrl(url), url).toBe(true)
})

test('behavior: data URIs of each listed image type pass, base64 or not, in any letter case', () => {
  for (const type of ['png', 'jpeg', 'jpg', 'gif', 'webp', 'svg+xml', 'avif'])
    for (const tail of [';base64,AA==', ',AA']) expect(isSafeImageUrl(`data:image/${type}${tail}`), type).toBe(true)
  expect(isSafeImageUrl('DATA:IMAGE/PNG;BASE64,AA==')).toBe(true)
  expect(isSafeImageUrl('data:image/svg+xml;charset=utf-8,%3Csvg%2F%3E')).toBe(true)
})

test('security: script, HTML and other schemes never become an image source', () => {
  for (const url of [
    'javascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'data:application/javascript,alert(1)',
    'vbscript:msgbox',
    'file:///etc/passwd',
    'blob:http://127.0.0.1/uuid',
    'ipfs://bafy',
  ])
    expect(isSafeImageUrl(url), url).toBe(false)
})

test('security: a data URI must name a whole listed type, not one that merely starts like it', () => {
  for (const url of [
    'data:image/pngx,AA',
    'data:image/svg,AA',
    'data:image/svg+xmlfoo;base64,AA',
    'data:image/png',
    'data:image/bmp;base64,AA',
    'data:image/x-icon;base64,AA',
    ' data:image/png,AA',
    'xdata:image/png,AA',
  ])
    expect(isSafeImageUrl(url), url).toBe(false)
})

test('error: non-strings and relative or empty strings are refused', () => {
  for (const value of [undefined, null, 0, {}, ['https://a.test'], new URL('https://a.test'), '', '/i.png', 'i.png'])
    expect(isSafeImageUrl(value)).toBe(false)
})
