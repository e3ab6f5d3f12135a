import { expect, test } from 'vitest'
import { isOriginAllowed } from './origins.js'

test('default: exact entries, case and trailing slash aside', () => {
  expect(isOriginAllowed('https://app.example.com', ['https://app.example.com'])).toBe(true)
  expect(isOriginAllowed('HTTPS://App.Example.com/', ['https://app.example.com'])).toBe(true)
  expect(isOriginAllowed('https://app.example.com:8443', ['https://app.example.com'])).toBe(false)
  expect(isOriginAllowed('http://app.example.com', ['https://app.example.com'])).toBe(false)
  expect(isOriginAllowed('https://app.example.com', [])).toBe(false)
})

test('behavior: `*` stands for one host label or a port, never for dots or slashes', () => {
  const list = ['https://*.example.com', 'http://localhost:*']
  expect(isOriginAllowed('https://shop.example.com', list)).toBe(true)
  expect(isOriginAllowed('https://a.b.example.com', list)).toBe(false)
  expect(isOriginAllowed('https://example.com', list)).toBe(false)
  expect(isOriginAllowed('https://evil.com/.example.com', list)).toBe(false)
  expect(isOriginAllowed('https://shop.example.com.evil.com', list)).toBe(false)
  expect(isOriginAllowed('http://localhost:5173', list)).toBe(true)
  expect(isOriginAllowed('http://localhost', list)).toBe(false)
  expect(isOriginAllowed('anything', ['*'])).toBe(true)
})

test('behavior: regex characters in entries are literal', () => {
  expect(isOriginAllowed('https://appxexample.com', ['https://app.example.com'])).toBe(false)
  expect(isOriginAllowed('https://a+b.example.com', ['https://a+b.example.com'])).toBe(true)
})
