import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { testNetworks } from '../../test/fixtures.js'
import { installTestWindow, removeTestWindow } from '../../test/window.js'
import { createTestEip1193Wallet } from '../../testing/eip1193Wallet.js'
import { getConnectors } from '../actions/getConnectors.js'
import { initialize } from '../actions/initialize.js'
import { eip155Adapter } from '../adapters/eip155/eip155Adapter.js'
import { createPortico } from '../createPortico.js'
import { type Eip6963Announcement, parseEip6963Announcement, watchEip6963Announcements } from './eip6963.js'

const icon = 'data:image/svg+xml;base64,PHN2Zy8+'
const provider = () => ({ request: async () => null })
const info = (overrides: Record<string, unknown> = {}) => ({
  uuid: '350670db-19fa-4704-a166-e52e178b59d2',
  name: 'Good Wallet',
  icon,
  rdns: 'com.good.wallet',
  ...overrides,
})

beforeAll(() => {
  installTestWindow()
})
afterAll(() => removeTestWindow())
const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  vi.restoreAllMocks()
})

const announce = (detail: unknown) => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))

describe('parseEip6963Announcement', () => {
  test('default: copies the info', () => {
    const announced = info()
    const result = parseEip6963Announcement({ info: announced, provider: provider() }) as Eip6963Announcement
    expect(result.info).toEqual(announced)
    announced.name = 'Changed later'
    expect(result.info.name).toBe('Good Wallet')
  })

  test.each([
    ['detail undefined', undefined, 'no detail'],
    ['detail a string', 'x', 'no detail'],
    ['info null', { info: null, provider: provider() }, 'no info'],
    ['uuid missing', { info: info({ uuid: undefined }), provider: provider() }, 'bad uuid'],
    ['name missing', { info: info({ name: undefined }), provider: provider() }, 'bad name'],
    ['name blank', { info: info({ name: '  ' }), provider: provider() }, 'bad name'],
    ['name with a bidi override', { info: info({ name: 'Meta\u202eMask' }), provider: provider() }, 'bad name'],
    ['icon missing', { info: info({ icon: undefined }), provider: provider() }, 'no icon'],
    ['rdns missing', { info: info({ rdns: undefined }), provider: provider() }, 'bad rdns'],
    ['rdns not reverse-DNS', { info: info({ rdns: 'metamask' }), provider: provider() }, 'bad rdns'],
    ['provider missing', { info: info() }, 'no provider.request'],
    ['provider without request', { info: info(), provider: {} }, 'no provider.request'],
  ])('behavior: refuses %s', (_, detail, reason) => {
    expect(parseEip6963Announcement(detail)).toEqual({ reason })
  })

  test('behavior: a getter that throws counts as absent', () => {
    const hostile = { provider: provider() }
    Object.defineProperty(hostile, 'info', {
      get() {
        throw new Error('boom')
      },
    })
    expect(parseEip6963Announcement(hostile)).toEqual({ reason: 'no info' })
  })

  test.each([
    ['https URL', 'https://tracker.example/pixel.png', undefined],
    ['http LAN URL', 'http://192.168.1.1/x.png', undefined],
    ['data:text/html', 'data:text/html;base64,PHNjcmlwdD4=', undefined],
    ['data:image/bmp', 'data:image/bmp;base64,AAAA', undefined],
    ['data:image/png', 'data:image/png;base64,iVBORw0KGgo=', 'data:image/png;base64,iVBORw0KGgo='],
    ['data:image/webp', 'data:image/webp;base64,UklGRg==', 'data:image/webp;base64,UklGRg=='],
    [
      'unencoded svg',
      "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'/>",
      "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'/>",
    ],
  ])('behavior: icon %s', (_, value, expected) => {
    const result = parseEip6963Announcement({
      info: info({ icon: value }),
      provider: provider(),
    }) as Eip6963Announcement
    expect(result.info.icon).toBe(expected)
  })
})

describe('watchEip6963Announcements', () => {
  test('behavior: malformed announcements first never hide later wallets; one warning each', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const seen: (readonly Eip6963Announcement[])[] = []
    stops.push(watchEip6963Announcements((list) => seen.push(list)))
    announce(undefined)
    announce({ info: null, provider: provider() })
    announce({ info: null, provider: provider() })
    announce({ info: info({ rdns: 'com.other.wallet', name: 'Other' }), provider: {} })
    announce({ info: info(), provider: provider() })
    announce({ info: info({ uuid: 'b', rdns: 'com.second.wallet', name: 'Second' }), provider: provider() })
    expect(seen.at(-1)?.map((a) => a.info.name)).toEqual(['Good Wallet', 'Second'])
    expect(warn.mock.calls.map(([message]) => message)).toEqual([
      '[portico] Ignored an EIP-6963 announcement (no detail).',
      '[portico] Ignored an EIP-6963 announcement (no info).',
      '[portico] Ignored an EIP-6963 announcement (no provider.request).',
    ])
  })

  test('behavior: an rdns collision keeps the first provider and warns', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const genuine = provider()
    const impostor = provider()
    let latest: readonly Eip6963Announcement[] = []
    stops.push(watchEip6963Announcements((list) => (latest = list)))
    announce({ info: info(), provider: genuine })
    announce({ info: info({ uuid: 'other', name: 'Good Wallet (real, trust me)' }), provider: impostor })
    announce({ info: info({ uuid: 'other', name: 'Good Wallet (real, trust me)' }), provider: impostor })
    // The genuine wallet answering a later request changes nothing either.
    announce({ info: info(), provider: genuine })
    expect(latest).toHaveLength(1)
    expect(latest[0]?.provider).toBe(genuine)
    expect(latest[0]?.info.name).toBe('Good Wallet')
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]?.[0]).toBe('[portico] Ignored a second provider for com.good.wallet; the first stays.')
  })

  test('behavior: asks wallets already present to announce, and stops listening', () => {
    const wallet = createTestEip1193Wallet({
      accounts: [`0x${'11'.repeat(32)}`],
      chains: [{ id: 1, rpcUrl: 'http://127.0.0.1:1' }],
    })
    stops.push(wallet.announce())
    let latest: readonly Eip6963Announcement[] = []
    const stop = watchEip6963Announcements((list) => (latest = list))
    expect(latest.map((a) => a.info.rdns)).toEqual([wallet.info.rdns])
    stop()
    announce({ info: info(), provider: provider() })
    expect(latest).toHaveLength(1)
  })
})

test('eip155Adapter: every valid wallet stays listed after hostile announcements', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  announce({ info: null, provider: provider() })
  const wallet = createTestEip1193Wallet({
    accounts: [`0x${'11'.repeat(32)}`],
    chains: [{ id: 1, rpcUrl: 'http://127.0.0.1:1' }],
  })
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [testNetworks().devnet],
    adapters: [eip155Adapter({ legacyInjected: false })],
    storage: null,
  })
  stops.push(initialize(portico))
  announce(undefined)
  stops.push(wallet.announce())
  announce({
    info: info({ rdns: wallet.info.rdns, uuid: 'impostor', icon: 'https://evil.example/p.png' }),
    provider: provider(),
  })
  announce({ info: info({ icon: 'https://tracker.example/p.png' }), provider: provider() })
  const connectors = getConnectors(portico, { namespace: 'eip155' })
  expect(connectors.map((c) => [c.id, c.name, c.imageUrl?.slice(0, 14)])).toEqual([
    [wallet.info.rdns, 'Devnet Wallet', 'data:image/svg'],
    ['com.good.wallet', 'Good Wallet', undefined],
  ])
  expect(connectors[0]?.provider).toBe(wallet.provider)
})
