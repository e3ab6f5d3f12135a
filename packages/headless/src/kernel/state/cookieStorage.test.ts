// @vitest-environment happy-dom
import { afterEach, expect, test, vi } from 'vitest'
import { testAdapters, testNetworks } from '../../test/fixtures.js'
import { createPortico } from '../createPortico.js'
import { cookieStorage, parseCookies } from './cookieStorage.js'
import { cookieToInitialState } from './cookieToInitialState.js'
import { saveActiveNetworks, saveConnectedConnector } from './persistence.js'

afterEach(() => {
  for (const name of document.cookie.split(';').map((pair) => pair.split('=')[0]?.trim()))
    if (name) cookieStorage.removeItem(decodeURIComponent(name))
  localStorage.clear()
})

test('default: values live in first-party cookies the server can read', () => {
  cookieStorage.setItem('@portico/connected-connector:eip155', '"io.example"')
  expect(document.cookie).toBe('%40portico%2Fconnected-connector%3Aeip155=%22io.example%22')
  expect(cookieStorage.getItem('@portico/connected-connector:eip155')).toBe('"io.example"')
  expect(localStorage.length).toBe(0)
  cookieStorage.removeItem('@portico/connected-connector:eip155')
  expect(document.cookie).toBe('')
  expect(cookieStorage.getItem('@portico/connected-connector:eip155')).toBeNull()
})

test('behavior: a value too big for a cookie stays in localStorage, and moves back when it fits', () => {
  const icon = JSON.stringify([{ icon: `data:image/svg+xml;base64,${'A'.repeat(5000)}` }])
  cookieStorage.setItem('@portico/recent-wallets', icon)
  expect(document.cookie).toBe('')
  expect(cookieStorage.getItem('@portico/recent-wallets')).toBe(icon)
  cookieStorage.setItem('@portico/recent-wallets', '[]')
  expect(localStorage.getItem('@portico/recent-wallets')).toBeNull()
  expect(cookieStorage.getItem('@portico/recent-wallets')).toBe('[]')
})

test('behavior: what an instance persists is what cookieToInitialState reads back', () => {
  const networks = testNetworks()
  const portico = createPortico({
    projectId: 'p',
    networks: networks.all,
    adapters: testAdapters(),
    storage: cookieStorage,
  })
  saveConnectedConnector(portico, 'eip155', 'dev.portico.devnet', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  saveActiveNetworks(portico)
  expect(cookieToInitialState(portico, document.cookie)).toEqual({
    '@portico/active-network':
      '{"namespace":"eip155","networks":{"eip155":"eip155:31337","solana":"solana:B6CvzdUKzcdB1ZY65XSZAxfiu9DyB75M"}}',
    '@portico/connected-address:eip155': '"0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"',
    '@portico/connected-connector:eip155': '"dev.portico.devnet"',
  })
  saveConnectedConnector(portico, 'eip155', undefined)
  expect(Object.keys(cookieToInitialState(portico, document.cookie) ?? {})).toEqual(['@portico/active-network'])
})

test('edge: a cookie whose value does not decode is read as missing, with a warning that names it', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const name = '@portico/connected-connector:eip155'
  // biome-ignore lint/suspicious/noDocumentCookie: a cookie another script wrote, as the browser keeps it.
  document.cookie = `${encodeURIComponent(name)}=%E0%A4%A; Path=/`
  localStorage.setItem(name, '"io.fallback"')
  expect(cookieStorage.getItem(name)).toBe('"io.fallback"')
  expect(warn.mock.calls).toEqual([[`[portico] Ignored the cookie ${name}: its percent-escapes do not decode.`]])
  warn.mockRestore()
})

test('behavior: parseCookies skips names that do not decode, marks values that do not with null, and keeps the first decodable value of a name', () => {
  expect([...parseCookies('a=%E0%A4%A; %E0%A4%A=1; b=1; b=2; c=%ZZ; c=3; ;;=; d; e=%22x%22')]).toEqual([
    ['a', null],
    ['b', '1'],
    ['c', '3'],
    ['', ''],
    ['e', '"x"'],
  ])
})
