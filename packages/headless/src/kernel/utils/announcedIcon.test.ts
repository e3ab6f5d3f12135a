// isAnnouncedIcon (announcedIcon.ts): what icon a wallet may announce about itself (EIP-6963,
// Wallet Standard): a data:image URI of the listed types, at most announcedIconMaxLength
// characters, with no control or format characters, and never an http(s) URL. Where discovery
// drops a refused icon is eip6963.test.ts and walletStandard.test.ts; host and directory images
// have their own rule in imageUrl.test.ts.
import { expect, test } from 'vitest'
import { announcedIconMaxLength, isAnnouncedIcon } from './announcedIcon.js'

test('behavior: base64 and percent-encoded data URIs of each listed type pass', () => {
  for (const type of ['png', 'jpeg', 'gif', 'webp', 'svg+xml', 'SVG+XML'])
    expect(isAnnouncedIcon(`data:image/${type};base64,AAAA`), type).toBe(true)
  expect(isAnnouncedIcon('data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E')).toBe(true)
  expect(isAnnouncedIcon('data:image/svg+xml;charset=utf-8;base64,PHN2Zy8+')).toBe(true)
  expect(isAnnouncedIcon('data:image/png;name=icon.png;base64,AA')).toBe(true)
})

test('security: http(s) icons are refused (a tracking pixel any extension could plant)', () => {
  for (const url of ['https://tracker.example/pixel.png', 'http://127.0.0.1:1/icon.svg', '//tracker.example/p.png'])
    expect(isAnnouncedIcon(url), url).toBe(false)
})

test('security: other schemes, and types outside the list, are refused', () => {
  for (const url of [
    'javascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'data:image/avif;base64,AA',
    'data:image/jpg;base64,AA',
    'data:image/bmp;base64,AA',
    'data:image/svg;base64,AA',
    'data:image/pngx;base64,AA',
    'data:image/png',
    ' data:image/png;base64,AA',
  ])
    expect(isAnnouncedIcon(url), url).toBe(false)
})

test('security: a header with anything but parameters of plain characters is refused', () => {
  for (const url of [
    'data:image/png;x=<b>;base64,AA',
    'data:image/png;x y;base64,AA',
    'data:image/png;x="a";base64,AA',
    'data:image/png;x/y;base64,AA',
  ])
    expect(isAnnouncedIcon(url), url).toBe(false)
})

test('security: control and invisible format characters are refused anywhere, plain spaces are not', () => {
  const base = 'data:image/svg+xml,<svg>'
  expect(isAnnouncedIcon(`${base} </svg>`)).toBe(true)
  for (const char of ['\u0000', '\n', '\t', '\u007f', '\u0085', '\u200b', '\u200e', '\u202e', '\u2066', '\ufeff'])
    expect(isAnnouncedIcon(`${base}${char}</svg>`), JSON.stringify(char)).toBe(false)
})

test('edge: an icon of exactly the limit passes, one character more is refused', () => {
  const header = 'data:image/png;base64,'
  const atLimit = header + 'A'.repeat(announcedIconMaxLength - header.length)
  expect(atLimit).toHaveLength(announcedIconMaxLength)
  expect(isAnnouncedIcon(atLimit)).toBe(true)
  expect(isAnnouncedIcon(`${atLimit}A`)).toBe(false)
  expect(announcedIconMaxLength).toBe(200_000)
})

test('error: values that are not strings are refused', () => {
  for (const value of [undefined, null, 1, {}, ['data:image/png;base64,AA'], { toString: () => 'data:image/png,AA' }])
    expect(isAnnouncedIcon(value)).toBe(false)
})
