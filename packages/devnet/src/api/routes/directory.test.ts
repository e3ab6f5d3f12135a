// The directory routes over HTTP on an in-process emulator (no chain: they never read one): the
// hosted parameter check, `GET /getWallets` paging parameters (page 0, negative, huge, not a
// number, not plain decimal digits), its filters as query strings, the devnet web wallet's entries, the image routes and
// the config/origins answers under their switches. The fixture and `queryWallets` themselves are in
// ../wallets.test.ts; CORS, a first page with the devnet web wallet, hostile entries and the
// `hosted` fault in ../server.test.ts and ../faults.test.ts.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type ApiEmulator, startApiEmulator } from '../server.js'
import {
  type DirectoryWallet,
  devnetLinklessWalletId,
  devnetWebWalletId,
  directoryWallets,
  fixtureChains,
  hostileImageIds,
} from '../wallets.js'
import { allowedOrigins } from './directory.js'

const Q = 'projectId=p&st=appkit&sv=1'
type Page = { count: number; data: DirectoryWallet[] }

let api: ApiEmulator
let withWallet: ApiEmulator
const walletUrl = 'http://127.0.0.1:5999/wallet'
beforeAll(async () => {
  // No chain: these routes read none (the URLs point at a closed port).
  const chains = { evmRpcUrl: 'http://127.0.0.1:9', solanaRpcUrl: 'http://127.0.0.1:9' }
  ;[api, withWallet] = await Promise.all([
    startApiEmulator(chains),
    startApiEmulator({ ...chains, webWalletUrl: walletUrl }),
  ])
})
afterAll(() => Promise.all([api?.stop(), withWallet?.stop()]))

const get = async (path: string, query = Q, base = api.url) => {
  const response = await fetch(`${base}${path}${path.includes('?') ? '&' : '?'}${query}`)
  const text = await response.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { response, status: response.status, text, json: json as Record<string, unknown> }
}
const wallets = async (params: string, base = api.url) =>
  (await get(`/getWallets?${params}`, Q, base)).json as unknown as Page

describe('hosted parameters', () => {
  test('error: each hosted parameter missing or empty is 400 naming exactly those missing', async () => {
    expect(await get('/getWallets', 'st=appkit&sv=1')).toMatchObject({
      status: 400,
      json: { message: 'Missing required query parameter(s): projectId' },
    })
    expect((await get('/getWallets', 'projectId=&st=appkit&sv=1')).json).toEqual({
      message: 'Missing required query parameter(s): projectId',
    })
    expect((await get('/getWallets', 'projectId=p&st=&sv=')).json).toEqual({
      message: 'Missing required query parameter(s): st, sv',
    })
    expect((await get('/getWalletImage/x', '')).json).toEqual({
      message: 'Missing required query parameter(s): projectId, st, sv',
    })
    for (const path of ['/projects/v1/origins', '/getAnalyticsConfig', '/public/getTokenImage/USDC'])
      expect((await get(path, 'st=appkit&sv=1')).status, path).toBe(400)
  })

  test('behavior: the parameters are checked before the route: a missing one wins over a bad page', async () => {
    expect((await get('/getWallets?page=0', 'st=a&sv=b')).json).toEqual({
      message: 'Missing required query parameter(s): projectId',
    })
  })
})

describe('GET /getWallets', () => {
  test('default: page 1 of 40, count of the whole directory', async () => {
    const page = await wallets('')
    expect(page.count).toBe(directoryWallets.length)
    expect(page.data.map((w) => w.id)).toEqual(directoryWallets.slice(0, 40).map((w) => w.id))
    expect(await wallets('page=&entries=')).toEqual(page)
  })

  test('error: page or entries that are not positive integers are 400 with the parameter named', async () => {
    for (const [name, value] of [
      ['page', '0'],
      ['page', '-1'],
      ['page', 'abc'],
      ['page', '1.5'],
      ['page', 'Infinity'],
      ['page', 'NaN'],
      ['entries', '0'],
      ['entries', '-40'],
      ['entries', 'ten'],
      ['entries', '2.5'],
    ]) {
      const { status, json } = await get(`/getWallets?${name}=${value}`)
      expect([status, json], `${name}=${value}`).toEqual([400, { message: `${name} must be a positive integer` }])
    }
  })

  test('error: page or entries that Number() reads but are not plain decimal digits are 400 with the parameter named', async () => {
    for (const [name, value] of [
      ['page', '1e3'],
      ['page', '0x10'],
      ['page', '0b1'],
      ['page', '0o7'],
      ['page', '+2'],
      ['page', ' 2'],
      ['page', '2 '],
      ['page', '2.0'],
      ['page', '2.'],
      ['page', '02'],
      ['entries', '4e1'],
      ['entries', '0x28'],
      ['entries', '\t40'],
      ['entries', '40.00'],
      ['entries', '010'],
    ] as const) {
      const { status, json } = await get(`/getWallets?${name}=${encodeURIComponent(value)}`)
      expect([status, json], `${name}=${JSON.stringify(value)}`).toEqual([
        400,
        { message: `${name} must be a positive integer` },
      ])
    }
  })

  test('edge: huge entries are capped at 100; a huge page is an empty page with the count', async () => {
    expect((await wallets('entries=100000')).data).toHaveLength(100)
    expect((await wallets(`entries=${'9'.repeat(30)}`)).data).toHaveLength(100)
    expect(await wallets('page=99999999999999999999&entries=100')).toEqual({ count: directoryWallets.length, data: [] })
    expect(await wallets(`page=${Number.MAX_SAFE_INTEGER}`)).toEqual({ count: directoryWallets.length, data: [] })
  })

  test('behavior: page and entries page through the directory without gaps or repeats', async () => {
    const p2 = await wallets('page=2&entries=7')
    expect(p2.data.map((w) => w.id)).toEqual(directoryWallets.slice(7, 14).map((w) => w.id))
    const last = Math.ceil(directoryWallets.length / 100)
    const seen = new Set<string>()
    for (let page = 1; page <= last; page++)
      for (const w of (await wallets(`page=${page}&entries=100`)).data) seen.add(w.id)
    expect(seen.size).toBe(directoryWallets.length)
  })

  test('behavior: search is trimmed (spaces encoded either way) and case-insensitive', async () => {
    const target = directoryWallets[50] as DirectoryWallet
    const word = (target.name ?? '').split(' ')[0] as string
    const plain = await wallets(`search=${encodeURIComponent(word)}`)
    expect(plain.data.map((w) => w.id)).toContain(target.id)
    expect(await wallets(`search=+++${word.toUpperCase()}+`)).toEqual(plain)
    expect(await wallets(`search=%20%09${word.toLowerCase()}%20`)).toEqual(plain)
    expect((await wallets('search=%20%20')).count).toBe(directoryWallets.length)
  })

  test('behavior: include, exclude, chains (CAIP-2) and badge_type filter the count and the page', async () => {
    const [a, b] = [directoryWallets[60] as DirectoryWallet, directoryWallets[61] as DirectoryWallet]
    expect((await wallets(`include=${a.id}%2C%20${b.id}`)).data.map((w) => w.id)).toEqual([a.id, b.id])
    expect((await wallets(`exclude=${a.id}`)).count).toBe(directoryWallets.length - 1)
    const sol = fixtureChains[1]
    const onSol = await wallets(`chains=${encodeURIComponent(sol)}&entries=100`)
    expect(onSol.count).toBe(directoryWallets.filter((w) => w.chains.includes(sol)).length)
    expect(onSol.data.every((w) => w.chains.includes(sol))).toBe(true)
    const certified = await wallets('badge_type=certified')
    expect(certified.count).toBe(directoryWallets.filter((w) => w.badge_type === 'certified').length)
  })

  test('edge: an unknown network, or a chain id not in CAIP-2 form, lists nothing', async () => {
    expect(await wallets('chains=eip155:424242')).toEqual({ count: 0, data: [] })
    expect(await wallets('chains=1')).toEqual({ count: 0, data: [] })
  })

  test('behavior: with a web wallet URL, its entry is first and the linkless one last', async () => {
    const first = await wallets('entries=2', withWallet.url)
    expect(first.count).toBe(directoryWallets.length + 2)
    expect(first.data[0]).toMatchObject({ id: devnetWebWalletId, mobile_link: walletUrl, webapp_link: walletUrl })
    const lastPage = Math.ceil(first.count / 100)
    const tail = await wallets(`page=${lastPage}&entries=100`, withWallet.url)
    expect(tail.data.at(-1)).toMatchObject({ id: devnetLinklessWalletId, mobile_link: null, webapp_link: null })
    // The emulator without one lists the fixture alone.
    expect((await wallets('search=devnet')).count).toBe(0)
    expect((await wallets('search=devnet', withWallet.url)).data.map((w) => w.id)).toEqual([
      devnetWebWalletId,
      devnetLinklessWalletId,
    ])
  })
})

describe('images', () => {
  test('behavior: wallet images are cacheable SVGs; the web wallet icon exists only where it is listed', async () => {
    const w = directoryWallets[0] as DirectoryWallet
    const icon = await get(`/getWalletImage/${w.image_id}`)
    expect(icon.status).toBe(200)
    expect(icon.response.headers.get('content-type')).toBe('image/svg+xml')
    expect(icon.response.headers.get('cache-control')).toBe('public, max-age=3600')
    const page = await wallets('entries=1', withWallet.url)
    expect((await get(`/getWalletImage/${page.data[0]?.image_id}`, Q, withWallet.url)).status).toBe(200)
  })

  test('error: an unknown wallet image is 404 with its id, as JSON', async () => {
    const missing = await get('/getWalletImage/img-nope')
    expect(missing.status).toBe(404)
    expect(missing.json).toEqual({ message: 'No wallet image img-nope' })
    // A wallet id is not an image id.
    expect((await get(`/getWalletImage/${directoryWallets[0]?.id}`)).status).toBe(404)
  })

  test('security: the hostile image ids are served as they are (the kit must not render them inline)', async () => {
    const scripted = await get(`/getWalletImage/${hostileImageIds.scriptedSvg}`)
    expect(scripted.response.headers.get('content-type')).toBe('image/svg+xml')
    expect(scripted.text).toMatch(/<script>/)
  })

  test('security: public images draw only letters and digits of the id, whatever it holds', async () => {
    for (const kind of ['getAssetImage', 'getCurrencyImage', 'getTokenImage']) {
      const hostile = await get(`/public/${kind}/${encodeURIComponent('<script>"x')}`)
      expect(hostile.status).toBe(200)
      expect(hostile.text).toMatch(/^<svg /)
      expect(hostile.text).not.toMatch(/<script|"x/)
      expect(hostile.text).toMatch(/>SC<\/text><\/svg>$/)
      const symbols = await get(`/public/${kind}/${encodeURIComponent('$$$')}`)
      expect(symbols.text).toMatch(/>\?<\/text><\/svg>$/)
    }
    // Each kind has its own icon for one id.
    const a = (await get('/public/getTokenImage/USDC')).text
    expect((await get('/public/getAssetImage/USDC')).text).not.toBe(a)
    expect((await get('/public/getTokenImage/USDC')).text).toBe(a)
  })
})

describe('config and origins', () => {
  test('behavior: config lists every feature; social_login carries the socials only while on', async () => {
    type Feature = { id: string; isEnabled: boolean; config: unknown }
    const features = async (projectId = 'p') =>
      ((await get('/appkit/v1/config', `projectId=${projectId}&st=appkit&sv=1`)).json.features as Feature[]).reduce<
        Record<string, Feature>
      >((all, f) => Object.assign(all, { [f.id]: f }), {})
    try {
      api.switches.socials = ['google', 'github']
      expect((await features()).social_login).toEqual({
        id: 'social_login',
        isEnabled: true,
        config: ['google', 'github'],
      })
      expect((await features()).reown_branding).toEqual({ id: 'reown_branding', isEnabled: false, config: null })
      api.switches.featuresFor = { quiet: { social_login: false } }
      expect((await features('quiet')).social_login).toEqual({ id: 'social_login', isEnabled: false, config: [] })
      expect((await features()).social_login?.isEnabled).toBe(true)
    } finally {
      api.switches.socials = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook']
      api.switches.featuresFor = {}
    }
  })

  test('error: the config and origins switches answer their status with the service message', async () => {
    try {
      api.switches.config = 429
      expect(await get('/appkit/v1/config')).toMatchObject({ status: 429, json: { message: 'Rate limited' } })
      api.switches.config = 500
      expect((await get('/appkit/v1/config')).json).toEqual({ message: 'Internal server error' })
      api.switches.origins = 403
      expect(await get('/projects/v1/origins')).toMatchObject({
        status: 403,
        json: { message: 'Unauthorized: origin not allowed' },
      })
      // Neither switch reaches the directory.
      expect((await get('/getWallets?entries=1')).status).toBe(200)
      expect((await get('/getAnalyticsConfig')).json).toEqual({ isAnalyticsEnabled: true })
    } finally {
      api.switches.config = 'ok'
      api.switches.origins = 'ok'
    }
    expect((await get('/projects/v1/origins')).json).toEqual({ allowedOrigins })
  })

  test('behavior: a project with its own allow-list gets it; others keep the loopback default', async () => {
    try {
      api.switches.originsFor = { shop: ['https://shop.example'], empty: [] }
      expect((await get('/projects/v1/origins', 'projectId=shop&st=a&sv=b')).json).toEqual({
        allowedOrigins: ['https://shop.example'],
      })
      expect((await get('/projects/v1/origins', 'projectId=empty&st=a&sv=b')).json).toEqual({ allowedOrigins: [] })
      expect((await get('/projects/v1/origins', 'projectId=SHOP&st=a&sv=b')).json).toEqual({ allowedOrigins })
    } finally {
      api.switches.originsFor = {}
    }
    expect(allowedOrigins).toEqual(['http://127.0.0.1:*', 'http://localhost:*'])
  })
})
