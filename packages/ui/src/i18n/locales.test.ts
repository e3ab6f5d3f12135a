import { describe, expect, test } from 'vitest'
import { loadedMessages, loadLocale, localeDirection, matchLocale, supportedLocales } from './locales.js'
import { en } from './messages.js'

// Sample arguments per function message: counts take numbers (every Arabic plural form), the
// rest take a wallet name or a search query.
const samples: Record<string, unknown[][]> = {
  walletCount: [[0], [1], [2], [3], [11], [100], [101]],
}
const defaultSamples = [['MetaMask'], ['Coinbase Wallet.']]

describe.each(supportedLocales.filter((locale) => locale !== 'en'))('the %s catalogue', (locale) => {
  test('has exactly the English keys, each of the same kind, with the same arguments', async () => {
    const messages = await loadLocale(locale)
    expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort())
    for (const [key, english] of Object.entries(en)) {
      const translated = (messages as Record<string, unknown>)[key]
      expect(typeof translated, key).toBe(typeof english)
      if (typeof english === 'function') expect((translated as () => string).length, key).toBe(english.length)
    }
  })

  test('every message is non-empty text, translated where English words are', async () => {
    const messages = await loadLocale(locale)
    for (const [key, value] of Object.entries(messages)) {
      const texts =
        typeof value === 'function'
          ? (samples[key] ?? defaultSamples).map((args) => (value as (...a: unknown[]) => unknown)(...args))
          : [value]
      for (const text of texts) {
        expect(typeof text, key).toBe('string')
        expect((text as string).trim(), key).not.toBe('')
      }
      if (typeof value === 'function') {
        // The interpolated value reaches the text (word order may differ).
        if (!samples[key]) expect((value as (a: string) => string)('MetaMask'), key).toContain('MetaMask')
        else if (key === 'walletCount') expect((value as (n: number) => string)(3), key).toContain('3')
      }
    }
    // Long sentences are translated, not copied from English (brand names and short labels like
    // 'NFT' or 'Tokens' may legitimately stay the same).
    for (const key of ['noWalletsBody', 'connectionFailedBody', 'unsupportedBody', 'acceptRequest'] as const)
      expect(messages[key], key).not.toBe(en[key])
  })

  test('is loaded lazily and kept', async () => {
    const messages = await loadLocale(locale)
    expect(loadedMessages(locale)).toBe(messages)
    expect(await loadLocale(locale)).toBe(messages)
  })
})

test('English is built in: available synchronously', () => {
  expect(loadedMessages('en')).toBe(en)
})

test('only Arabic is right to left', () => {
  expect(supportedLocales.filter((locale) => localeDirection(locale) === 'rtl')).toEqual(['ar'])
})

test.each([
  [['ja'], 'ja'],
  [['JA-jp'], 'ja'],
  [['pt'], 'pt-BR'],
  [['pt-PT'], 'pt-BR'],
  [['pt-BR'], 'pt-BR'],
  [['zh'], 'zh-CN'],
  [['zh-Hans'], 'zh-CN'],
  [['zh-Hans-SG'], 'zh-CN'],
  [['zh-SG'], 'zh-CN'],
  [['zh-TW', 'ja'], 'ja'],
  [['zh-Hant'], 'en'],
  [['de-AT'], 'de'],
  [['fr-CA'], 'fr'],
  [['es-419'], 'es'],
  [['ar-EG'], 'ar'],
  [['ko-KR'], 'ko'],
  [['en-GB'], 'en'],
  [['sv-SE', 'fr-FR'], 'fr'],
  [['tlh'], 'en'],
  [['en_US'], 'en'],
  [['de_DE'], 'de'],
  [['!!', '', undefined, null, 'es'], 'es'],
  [[], 'en'],
] as const)('best fit of %j is %s', (requested, locale) => {
  expect(matchLocale(requested)).toBe(locale)
})
