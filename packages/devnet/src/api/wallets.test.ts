// The wallet directory fixture and its query, called directly: the fixture's shape and the hostile
// entries' places, every filter of `queryWallets` (include, exclude, chains, search, badge), paging
// and the devnet entries around the fixture, and the SVG icons (`iconSvg`, `walletImage`).
// The HTTP side (`GET /getWallets`, parameter checks, image routes) is in routes/directory.test.ts
// and server.test.ts (a devnet with its web wallet listed first).
import { describe, expect, test } from 'vitest'
import { evmChainId, solanaCaipNetworkId } from '../accounts.js'
import {
  type DirectoryWallet,
  devnetLinklessWalletEntry,
  devnetLinklessWalletId,
  devnetWebWalletEntry,
  devnetWebWalletId,
  directoryWallets,
  fixtureChains,
  generatedWalletCount,
  hostileImageIds,
  hostileWalletIds,
  iconSvg,
  oversizedSvg,
  queryWallets,
  scriptedSvg,
  walletImage,
} from './wallets.js'

const hostileCount = Object.keys(hostileWalletIds).length
const all = (extra: Partial<Parameters<typeof queryWallets>[0]> = {}) =>
  queryWallets({ page: 1, entries: 1000, ...extra })
const ids = (list: readonly DirectoryWallet[]) => list.map((w) => w.id)

describe('directoryWallets', () => {
  test('behavior: the generated wallets plus every hostile entry, ids unique, hostile ones at 2, 5, 8, …', () => {
    expect(directoryWallets).toHaveLength(generatedWalletCount + hostileCount)
    expect(new Set(ids(directoryWallets)).size).toBe(directoryWallets.length)
    expect(new Set(directoryWallets.map((w) => w.image_id)).size).toBe(directoryWallets.length)
    Object.values(hostileWalletIds).forEach((id, i) => {
      expect(directoryWallets[2 + i * 3]?.id).toBe(id)
    })
    // Every hostile entry is within a default first page (40).
    expect(directoryWallets.slice(0, 40).filter((w) => w.id.startsWith('hostile-'))).toHaveLength(hostileCount)
  })

  test('behavior: generated wallets are well formed, declare fixture chains only, one in five certified', () => {
    const generated = directoryWallets.filter((w) => !w.id.startsWith('hostile-'))
    expect(generated).toHaveLength(generatedWalletCount)
    generated.forEach((w, i) => {
      expect(w.id).toMatch(/^[0-9a-f]{64}$/)
      expect(w.name).toMatch(/^[A-Z][a-z0-9]+ Wallet$/)
      expect(w.chains.length).toBeGreaterThan(0)
      expect(w.chains.every((c) => (fixtureChains as readonly string[]).includes(c))).toBe(true)
      // The chain at i % 3 is always declared, so every chain has wallets.
      expect(w.chains).toContain(fixtureChains[i % 3])
      expect(w.badge_type).toBe(i % 5 === 0 ? 'certified' : 'none')
      expect(w.mobile_link).toMatch(/^[a-z0-9]+:\/\/$/)
      expect(w.webapp_link === null || /^https:\/\/[a-z0-9]+\.example$/.test(w.webapp_link)).toBe(true)
    })
  })

  test('security: the hostile entries carry the attacks they are named after', () => {
    const byId = new Map(directoryWallets.map((w) => [w.id, w]))
    expect(byId.get(hostileWalletIds.javascriptLink)?.webapp_link).toBe('javascript:alert(document.domain)')
    expect(byId.get(hostileWalletIds.dataHtmlLink)?.desktop_link).toMatch(/^data:text\/html,<script>/)
    expect(byId.get(hostileWalletIds.markupName)?.name).toContain('<script>alert(1)</script>')
    expect(byId.get(hostileWalletIds.longName)?.name).toHaveLength(600)
    expect(byId.get(hostileWalletIds.scriptedSvg)?.image_id).toBe(hostileImageIds.scriptedSvg)
    expect(byId.get(hostileWalletIds.oversizedSvg)?.image_id).toBe(hostileImageIds.oversizedSvg)
    const malformed = byId.get(hostileWalletIds.malformed)
    expect(malformed).toBeDefined()
    expect(Object.hasOwn(malformed as object, 'name')).toBe(false)
  })

  test('edge: the fixture is frozen, so no caller can change what the next one is served', () => {
    expect(Object.isFrozen(directoryWallets)).toBe(true)
    expect(() => (directoryWallets as DirectoryWallet[]).push(directoryWallets[0] as DirectoryWallet)).toThrow()
  })
})

describe('devnet entries', () => {
  const url = 'http://127.0.0.1:4321'

  test('behavior: the web wallet entry links its page as mobile and web app; the linkless one links nothing', () => {
    const web = devnetWebWalletEntry(url)
    expect(web).toMatchObject({
      id: devnetWebWalletId,
      mobile_link: url,
      webapp_link: url,
      desktop_link: null,
      homepage: url,
      chains: [`eip155:${evmChainId}`, solanaCaipNetworkId],
    })
    const linkless = devnetLinklessWalletEntry(url)
    expect(linkless).toMatchObject({
      id: devnetLinklessWalletId,
      mobile_link: null,
      desktop_link: null,
      webapp_link: null,
      homepage: url,
    })
    expect(walletImage(web.image_id)).toMatch(/>DW<\/text><\/svg>$/)
    expect(walletImage(linkless.image_id)).toMatch(/>DL<\/text><\/svg>$/)
  })

  test('behavior: listedFirst comes before the fixture and listedLast after it, in count and search', () => {
    const first = devnetWebWalletEntry(url)
    const last = devnetLinklessWalletEntry(url)
    const page1 = queryWallets({ page: 1, entries: 3 }, [first], [last])
    expect(page1.count).toBe(directoryWallets.length + 2)
    expect(ids(page1.data)).toEqual([devnetWebWalletId, directoryWallets[0]?.id, directoryWallets[1]?.id])
    const end = queryWallets({ page: 1, entries: 1000 }, [first], [last])
    expect(end.data.at(-1)?.id).toBe(devnetLinklessWalletId)
    expect(ids(queryWallets({ page: 1, entries: 40, search: 'devnet' }, [first], [last]).data)).toEqual([
      devnetWebWalletId,
      devnetLinklessWalletId,
    ])
    // Filters apply to them as to the fixture.
    expect(queryWallets({ page: 1, entries: 40, exclude: devnetWebWalletId }, [first], [last]).data[0]?.id).toBe(
      directoryWallets[0]?.id,
    )
    expect(queryWallets({ page: 1, entries: 40, chains: 'eip155:1' }, [first], [last]).data[0]?.id).not.toBe(
      devnetWebWalletId,
    )
  })

  test('default: without devnet entries the fixture alone is listed', () => {
    expect(queryWallets({ page: 1, entries: 2 })).toEqual({
      count: directoryWallets.length,
      data: directoryWallets.slice(0, 2),
    })
  })
})

describe('queryWallets', () => {
  test('behavior: pages are consecutive slices of one order; count is the filtered total on every page', () => {
    const whole = all().data
    expect(whole).toEqual([...directoryWallets])
    const p3 = queryWallets({ page: 3, entries: 7 })
    expect(p3.count).toBe(directoryWallets.length)
    expect(p3.data).toEqual(whole.slice(14, 21))
    const lastPage = Math.ceil(directoryWallets.length / 100)
    expect(queryWallets({ page: lastPage, entries: 100 }).data).toHaveLength(
      directoryWallets.length - (lastPage - 1) * 100,
    )
    expect(queryWallets({ page: lastPage + 1, entries: 100 })).toEqual({ count: directoryWallets.length, data: [] })
  })

  test('behavior: include keeps only the listed ids, trimmed, empty items ignored, in directory order', () => {
    const [a, b] = [directoryWallets[30] as DirectoryWallet, directoryWallets[10] as DirectoryWallet]
    const included = all({ include: ` ${a.id} ,, ${b.id} ,` })
    expect(included.count).toBe(2)
    expect(ids(included.data)).toEqual([b.id, a.id])
    expect(all({ include: 'no-such-wallet' })).toEqual({ count: 0, data: [] })
    // An include of only separators is no include at all.
    expect(all({ include: ' , ' }).count).toBe(directoryWallets.length)
  })

  test('behavior: exclude drops the listed ids, and wins over include', () => {
    const [a, b] = [directoryWallets[0] as DirectoryWallet, directoryWallets[1] as DirectoryWallet]
    const excluded = all({ exclude: `${a.id}, ${b.id}` })
    expect(excluded.count).toBe(directoryWallets.length - 2)
    expect(ids(excluded.data)).not.toContain(a.id)
    expect(ids(excluded.data)).not.toContain(b.id)
    expect(ids(all({ include: `${a.id},${b.id}`, exclude: a.id }).data)).toEqual([b.id])
  })

  test('behavior: chains keeps wallets declaring any listed CAIP-2 chain', () => {
    const [evm, sol, btc] = fixtureChains
    const count = (chain: string) => directoryWallets.filter((w) => w.chains.includes(chain)).length
    const onSol = all({ chains: sol })
    expect(onSol.count).toBe(count(sol))
    expect(onSol.data.every((w) => w.chains.includes(sol))).toBe(true)
    const either = all({ chains: ` ${sol} , ${btc} ` })
    expect(either.count).toBe(directoryWallets.filter((w) => w.chains.includes(sol) || w.chains.includes(btc)).length)
    expect(either.count).toBeGreaterThan(onSol.count)
    expect(all({ chains: evm }).count).toBe(count(evm))
  })

  test('edge: a chain no wallet declares, or a chain id not in CAIP-2 form, matches nothing', () => {
    expect(all({ chains: 'eip155:999999' })).toEqual({ count: 0, data: [] })
    expect(all({ chains: '1' }).count).toBe(0)
    expect(all({ chains: 'eip155' }).count).toBe(0)
    expect(all({ chains: 'EIP155:1' }).count).toBe(0)
  })

  test('behavior: search is trimmed and case-insensitive, matching part of the name', () => {
    const target = directoryWallets[100] as DirectoryWallet
    const word = (target.name ?? '').slice(1, 4)
    const found = all({ search: `\t  ${word.toUpperCase()} \n` })
    expect(ids(found.data)).toContain(target.id)
    expect(found.count).toBe(found.data.length)
    expect(found.data.every((w) => w.name?.toLowerCase().includes(word.toLowerCase()))).toBe(true)
    expect(found.count).toBe(directoryWallets.filter((w) => w.name?.toLowerCase().includes(word)).length)
    // Whitespace alone is no search.
    expect(all({ search: '   ' }).count).toBe(directoryWallets.length)
    expect(all({ search: 'zzzzzz' })).toEqual({ count: 0, data: [] })
  })

  test('edge: search treats markup and regex characters literally; the nameless entry never matches', () => {
    expect(ids(all({ search: '<script>' }).data)).toEqual([hostileWalletIds.markupName])
    expect(all({ search: '.*' }).count).toBe(0)
    expect(all({ search: 'undefined' }).count).toBe(0)
    expect(ids(all({ search: 'wallet' }).data)).not.toContain(hostileWalletIds.malformed)
    expect(all({ search: 'wallet' }).count).toBe(directoryWallets.length - 1)
  })

  test('behavior: badge_type keeps that badge, trimmed; an unknown badge matches nothing', () => {
    const certified = all({ badge_type: ' certified ' })
    expect(certified.count).toBe(directoryWallets.filter((w) => w.badge_type === 'certified').length)
    expect(certified.count).toBeGreaterThan(0)
    expect(certified.data.every((w) => w.badge_type === 'certified')).toBe(true)
    expect(all({ badge_type: 'gold' }).count).toBe(0)
    expect(all({ badge_type: '' }).count).toBe(directoryWallets.length)
  })

  test('behavior: filters combine (all must hold)', () => {
    const sol = fixtureChains[1]
    const both = all({ chains: sol, badge_type: 'certified' })
    expect(both.count).toBe(
      directoryWallets.filter((w) => w.chains.includes(sol) && w.badge_type === 'certified').length,
    )
    expect(both.count).toBeLessThan(all({ chains: sol }).count)
  })
})

describe('icons', () => {
  test('behavior: iconSvg is deterministic per seed, differs between seeds, shows up to two upper-case initials', () => {
    const a = iconSvg('img-kalo', 'kalo')
    expect(iconSvg('img-kalo', 'kalo')).toBe(a)
    expect(iconSvg('img-other', 'kalo')).not.toBe(a)
    expect(a).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="96" height="96"/)
    expect(a).toMatch(/>KA<\/text><\/svg>$/)
  })

  test('security: iconSvg escapes markup in its label', () => {
    const svg = iconSvg('seed', '<"')
    expect(svg).toMatch(/>&#60;&#34;<\/text><\/svg>$/)
    expect(iconSvg('seed', "'&")).toMatch(/>&#39;&#38;<\/text><\/svg>$/)
    expect(svg.match(/</g)).toHaveLength(iconSvg('seed', 'ab').match(/</g)?.length ?? 0)
  })

  test('behavior: walletImage gives each wallet the initials of its name; unknown ids give undefined', () => {
    const w = directoryWallets.find((x) => x.id.length === 64) as DirectoryWallet
    const initials = (w.name ?? '')
      .split(' ')
      .map((p) => p[0])
      .join('')
      .toUpperCase()
    expect(walletImage(w.image_id)).toBe(iconSvg(w.image_id, initials))
    expect(walletImage('img-nope')).toBeUndefined()
    expect(walletImage('')).toBeUndefined()
    // Wallet ids are not image ids.
    expect(walletImage(w.id)).toBeUndefined()
  })

  test('security: the markup-named wallet gets a plain icon with letters of its name, no script', () => {
    const markup = directoryWallets.find((w) => w.id === hostileWalletIds.markupName) as DirectoryWallet
    const icon = walletImage(markup.image_id)
    expect(icon).toMatch(/^<svg /)
    expect(icon).not.toMatch(/<script|onerror|onload/)
    expect(icon).toMatch(/>SS<\/text><\/svg>$/)
  })

  // A nameless wallet (or one whose name has no letters) gets the '?' label.
  test('edge: the nameless wallet gets the "?" initials icon', () => {
    const malformed = directoryWallets.find((w) => w.id === hostileWalletIds.malformed) as DirectoryWallet
    expect(walletImage(malformed.image_id)).toBe(iconSvg(malformed.image_id, '?'))
  })

  test('security: the hostile image ids serve the scripted and the oversized SVG, built once', () => {
    expect(walletImage(hostileImageIds.scriptedSvg)).toBe(scriptedSvg)
    expect(scriptedSvg).toMatch(/<script>/)
    expect(scriptedSvg).toMatch(/onload=/)
    const big = walletImage(hostileImageIds.oversizedSvg)
    expect(big?.length).toBeGreaterThan(1024 * 1024)
    expect(big?.length).toBeLessThan(1.2 * 1024 * 1024)
    expect(big).toMatch(/^<svg [^>]*><path d="M0 0L96 96L0 96Z/)
    expect(big).toMatch(/<\/svg>$/)
    expect(oversizedSvg()).toBe(big)
  })
})
