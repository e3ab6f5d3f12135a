/**
 * The wallet directory fixture served by the API emulator: 520 deterministic, generated wallets
 * plus a handful of deliberately hostile entries (script links, markup in names, scripted and
 * oversized SVG icons, a malformed record) so UIs can be tested against a directory that lies.
 */

import { evmChainId, solanaCaipNetworkId } from '../accounts.js'

/** CAIP-2 ids wallets in the fixture can declare. */
export const fixtureChains = [
  'eip155:1',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'bip122:000000000019d6689c085ae165831e93',
] as const

/**
 * One directory entry as `GET /getWallets` returns it. `name` is absent on the malformed entry.
 *
 * @example
 * ```ts
 * const { data }: { data: DirectoryWallet[] } = await (await fetch(`${api.url}/getWallets?projectId=p&st=s&sv=v`)).json()
 * ```
 */
export interface DirectoryWallet {
  id: string
  name?: string
  image_id: string
  rdns: string | null
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  chains: string[]
  homepage: string
  badge_type: 'certified' | 'none'
}

/**
 * Ids of the hostile directory entries, so tests can look them up.
 *
 * @example
 * ```ts
 * const res = await fetch(`${api.url}/getWallets?include=${hostileWalletIds.javascriptLink}&projectId=p&st=s&sv=v`)
 * ```
 */
export const hostileWalletIds = {
  javascriptLink: 'hostile-javascript-webapp-link',
  dataHtmlLink: 'hostile-data-html-desktop-link',
  markupName: 'hostile-markup-name',
  longName: 'hostile-600-char-name',
  scriptedSvg: 'hostile-scripted-svg',
  oversizedSvg: 'hostile-oversized-svg',
  malformed: 'hostile-malformed-missing-name',
} as const

/**
 * The directory id of the devnet web wallet's entry (listed first when the emulator knows the
 * web wallet's URL, see {@link devnetWebWalletEntry}).
 *
 * @example
 * ```ts
 * const row = page.locator(`[data-wallet="${devnetWebWalletId}"]`)
 * ```
 */
export const devnetWebWalletId = 'portico-devnet-web-wallet'

/**
 * The directory entry of the devnet web wallet served at `walletUrl`: its `mobile_link` and
 * `webapp_link` are that URL, so a wallet kit's deep link (`{walletUrl}/wc?uri=…`) opens the web
 * wallet with the pairing, as a phone opens a wallet app through its universal link.
 *
 * @example
 * ```ts
 * const entry = devnetWebWalletEntry(devnet.walletConnect.walletUrl)
 * // entry.mobile_link === devnet.walletConnect.walletUrl
 * ```
 */
export function devnetWebWalletEntry(walletUrl: string): DirectoryWallet {
  return {
    id: devnetWebWalletId,
    name: 'Devnet Web Wallet',
    image_id: devnetWebWalletImageId,
    rdns: null,
    mobile_link: walletUrl,
    desktop_link: null,
    webapp_link: walletUrl,
    chains: [`eip155:${evmChainId}`, solanaCaipNetworkId],
    homepage: walletUrl,
    badge_type: 'none',
  }
}

const devnetWebWalletImageId = 'img-portico-devnet-web-wallet'

/**
 * The directory id of a second entry for the devnet web wallet, without any app link (see
 * {@link devnetLinklessWalletEntry}).
 *
 * @example
 * ```ts
 * const row = page.locator(`[data-wallet="${devnetLinklessWalletId}"]`)
 * ```
 */
export const devnetLinklessWalletId = 'portico-devnet-linkless-wallet'

/**
 * A directory entry with no mobile, desktop or web app link (as some wallets have), listed after
 * the fixture when the emulator knows the web wallet's URL: a kit can only offer it the plain
 * `wc:` pairing URI, which the devnet web wallet accepts (pasted, or at `{walletUrl}/wc?uri=…`,
 * as a phone hands a `wc:` link to an installed wallet app).
 *
 * @example
 * ```ts
 * const entry = devnetLinklessWalletEntry(devnet.walletConnect.walletUrl)
 * // entry.mobile_link === null
 * ```
 */
export function devnetLinklessWalletEntry(walletUrl: string): DirectoryWallet {
  return {
    id: devnetLinklessWalletId,
    name: 'Devnet Linkless Wallet',
    image_id: devnetLinklessWalletImageId,
    rdns: null,
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
    chains: [`eip155:${evmChainId}`, solanaCaipNetworkId],
    homepage: walletUrl,
    badge_type: 'none',
  }
}

const devnetLinklessWalletImageId = 'img-portico-devnet-linkless-wallet'

/** Number of generated (well-behaved) wallets; the hostile ones come on top. */
export const generatedWalletCount = 520

const SYLLABLES = ['ka', 'lo', 'mi', 'ra', 'zen', 'to', 'vi', 'nu', 'pe', 'sol', 'ar', 'qui', 'bex', 'do', 'fy', 'gra']

/** mulberry32: tiny deterministic PRNG, so the fixture is identical on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function hex(random: () => number, length: number): string {
  let out = ''
  for (let i = 0; i < length; i++) out += Math.floor(random() * 16).toString(16)
  return out
}

function generate(): DirectoryWallet[] {
  const random = prng(0x9027)
  const wallets: DirectoryWallet[] = []
  const seen = new Set<string>()
  for (let i = 0; wallets.length < generatedWalletCount; i++) {
    const parts = 2 + Math.floor(random() * 2)
    let base = ''
    for (let p = 0; p < parts; p++) base += SYLLABLES[Math.floor(random() * SYLLABLES.length)]
    const slug = seen.has(base) ? `${base}${i}` : base
    seen.add(slug)
    const name = `${slug[0]?.toUpperCase()}${slug.slice(1)} Wallet`
    const chains = fixtureChains.filter((_, c) => c === wallets.length % 3 || random() < 0.4)
    wallets.push({
      id: hex(random, 64),
      name,
      image_id: `img-${slug}`,
      rdns: `com.example.${slug}`,
      mobile_link: `${slug}://`,
      desktop_link: random() < 0.5 ? `${slug}://` : null,
      webapp_link: random() < 0.5 ? `https://${slug}.example` : null,
      chains,
      homepage: `https://${slug}.example`,
      badge_type: wallets.length % 5 === 0 ? 'certified' : 'none',
    })
  }
  return wallets
}

function hostile(): DirectoryWallet[] {
  const base = (id: string, slug: string): DirectoryWallet => ({
    id,
    name: `${slug} Wallet`,
    image_id: `img-${slug}`,
    rdns: `com.example.${slug}`,
    mobile_link: `${slug}://`,
    desktop_link: null,
    webapp_link: `https://${slug}.example`,
    chains: ['eip155:1'],
    homepage: `https://${slug}.example`,
    badge_type: 'none',
  })
  const malformed = base(hostileWalletIds.malformed, 'malformed')
  delete malformed.name
  return [
    { ...base(hostileWalletIds.javascriptLink, 'jslink'), webapp_link: 'javascript:alert(document.domain)' },
    {
      ...base(hostileWalletIds.dataHtmlLink, 'datalink'),
      desktop_link: 'data:text/html,<script>alert(document.domain)</script>',
    },
    {
      ...base(hostileWalletIds.markupName, 'markup'),
      name: '<script>alert(1)</script><img src=x onerror="alert(2)">Markup Wallet',
    },
    { ...base(hostileWalletIds.longName, 'longname'), name: `Long${'o'.repeat(589)} Wallet` },
    { ...base(hostileWalletIds.scriptedSvg, 'scripted'), image_id: hostileImageIds.scriptedSvg },
    { ...base(hostileWalletIds.oversizedSvg, 'oversized'), image_id: hostileImageIds.oversizedSvg },
    malformed,
  ]
}

/**
 * Image ids whose `/getWalletImage/{id}` is hostile (an SVG with `<script>` and `onload`; a >1 MB SVG).
 *
 * @example
 * ```ts
 * const svg = await (await fetch(`${api.url}/getWalletImage/${hostileImageIds.scriptedSvg}?projectId=p&st=s&sv=v`)).text()
 * ```
 */
export const hostileImageIds = {
  scriptedSvg: 'hostile-image-scripted-svg',
  oversizedSvg: 'hostile-image-oversized-svg',
} as const

/**
 * The full directory: the generated wallets with the hostile entries spread over the first page
 * (positions 2, 5, 8, …), so a default page-1 query always meets them.
 *
 * @example
 * ```ts
 * const named = directoryWallets.filter((w) => w.name !== undefined)
 * ```
 */
export const directoryWallets: readonly DirectoryWallet[] = (() => {
  const list = generate()
  hostile().forEach((entry, i) => {
    list.splice(2 + i * 3, 0, entry)
  })
  return Object.freeze(list)
})()

/**
 * Query for {@link queryWallets}, mirroring `GET /getWallets` parameters. List parameters are
 * comma-separated strings as on the wire.
 */
export interface WalletQuery {
  page: number
  entries: number
  include?: string
  exclude?: string
  chains?: string
  search?: string
  badge_type?: string
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
}

/**
 * Filters and pages the directory like the hosted `getWallets`: `include` keeps only the listed
 * ids, `exclude` drops them, `chains` keeps wallets supporting any listed chain, `search` matches
 * the trimmed, case-insensitive name, `badge_type` keeps that badge. `count` is the filtered total.
 * `listedFirst` (the devnet web wallet's entry, when one runs) comes before the fixture and
 * `listedLast` (its linkless entry) after it.
 *
 * @example
 * ```ts
 * const { count, data } = queryWallets({ page: 1, entries: 40, search: 'zen' })
 * ```
 */
export function queryWallets(
  query: WalletQuery,
  listedFirst: readonly DirectoryWallet[] = [],
  listedLast: readonly DirectoryWallet[] = [],
): { count: number; data: DirectoryWallet[] } {
  const include = new Set(list(query.include))
  const exclude = new Set(list(query.exclude))
  const chains = list(query.chains)
  const search = (query.search ?? '').trim().toLowerCase()
  const badge = query.badge_type?.trim()
  const matches = [...listedFirst, ...directoryWallets, ...listedLast].filter(
    (w) =>
      (include.size === 0 || include.has(w.id)) &&
      !exclude.has(w.id) &&
      (chains.length === 0 || w.chains.some((c) => chains.includes(c))) &&
      (search === '' || (w.name ?? '').toLowerCase().includes(search)) &&
      (!badge || w.badge_type === badge),
  )
  const start = (query.page - 1) * query.entries
  return { count: matches.length, data: matches.slice(start, start + query.entries) }
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

function hashString(text: string): number {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619)
  return h >>> 0
}

/**
 * A deterministic square SVG icon: two colours derived from `seed` and up to two initials.
 *
 * @example
 * ```ts
 * const svg = iconSvg('img-kalo', 'KL')
 * ```
 */
export function iconSvg(seed: string, label: string): string {
  const h = hashString(seed)
  const hue = h % 360
  const hue2 = (hue + 40 + ((h >>> 9) % 120)) % 360
  const initials = escapeXml(label.slice(0, 2).toUpperCase())
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue} 70% 50%)"/><stop offset="1" stop-color="hsl(${hue2} 70% 40%)"/>` +
    `</linearGradient></defs><rect width="96" height="96" rx="24" fill="url(#g)"/>` +
    `<text x="48" y="60" font-family="sans-serif" font-size="36" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`
  )
}

/** An SVG that runs script when rendered inline or opened as a document. */
export const scriptedSvg =
  `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" onload="alert('svg onload')">` +
  `<script>alert('svg script')</script><rect width="96" height="96" fill="#c00"/></svg>`

let oversized: string | undefined
/** A valid SVG a little over 1 MB (1.1 MB of path data), built on first use. */
export function oversizedSvg(): string {
  if (oversized === undefined) {
    const segment = 'M0 0L96 96L0 96Z'
    const path = segment.repeat(Math.ceil((1.1 * 1024 * 1024) / segment.length))
    oversized = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><path d="${path}" fill="#333"/></svg>`
  }
  return oversized
}

const byImageId = new Map(directoryWallets.map((w) => [w.image_id, w]))

/** The SVG for `GET /getWalletImage/{imageId}`, or `undefined` for an unknown id. */
export function walletImage(imageId: string): string | undefined {
  if (imageId === hostileImageIds.scriptedSvg) return scriptedSvg
  if (imageId === hostileImageIds.oversizedSvg) return oversizedSvg()
  if (imageId === devnetWebWalletImageId) return iconSvg(imageId, 'DW')
  if (imageId === devnetLinklessWalletImageId) return iconSvg(imageId, 'DL')
  const wallet = byImageId.get(imageId)
  if (!wallet) return undefined
  const words = (wallet.name ?? '').replace(/[^A-Za-z ]/g, '').split(' ')
  const initials = words.length > 1 ? `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}` : (words[0] ?? '')
  return iconSvg(imageId, initials || '?')
}
