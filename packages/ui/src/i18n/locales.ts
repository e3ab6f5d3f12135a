import { en, type Messages } from './messages.js'

/** The languages the UI ships, as BCP 47 tags. English is built in; the others load on demand. */
export const supportedLocales = ['en', 'es', 'fr', 'de', 'pt-BR', 'zh-CN', 'ja', 'ko', 'ar'] as const

/** A language the UI ships. */
export type Locale = (typeof supportedLocales)[number]

/** Locales written right to left: the modal's root gets `dir="rtl"` and mirrors. */
const rtlLocales: ReadonlySet<Locale> = new Set<Locale>(['ar'])

/** @internal `rtl` for Arabic, else `ltr`. */
export function localeDirection(locale: Locale): 'ltr' | 'rtl' {
  return rtlLocales.has(locale) ? 'rtl' : 'ltr'
}

/**
 * @internal
 * BCP 47 best fit of the first usable tag in `requested` (in order of preference) against
 * {@link supportedLocales}: an exact tag wins, else the language decides (`pt` and `pt-PT` →
 * `pt-BR`, `de-AT` → `de`, `ar-EG` → `ar`). Chinese also needs the script to agree: `zh`,
 * `zh-Hans` and `zh-SG` read Simplified, so they get `zh-CN`; `zh-TW` and `zh-Hant` read
 * Traditional, which we do not ship, so the next preference is tried. Malformed tags are skipped;
 * nothing usable gives `en`.
 *
 * @example
 * matchLocale(['zh-Hans']) // 'zh-CN'
 * matchLocale(['sv-SE', 'fr-CA']) // 'fr'
 * matchLocale(['tlh']) // 'en'
 */
export function matchLocale(requested: readonly (string | null | undefined)[]): Locale {
  for (const tag of requested) {
    const parsed = parseTag(tag)
    if (!parsed) continue
    const exact = supportedLocales.find((locale) => locale.toLowerCase() === parsed.baseName.toLowerCase())
    if (exact) return exact
    for (const locale of supportedLocales) {
      const candidate = new Intl.Locale(locale)
      if (candidate.language !== parsed.language) continue
      if (parsed.language === 'zh' && candidate.maximize().script !== parsed.maximize().script) continue
      return locale
    }
  }
  return 'en'
}

function parseTag(tag: string | null | undefined): Intl.Locale | undefined {
  if (typeof tag !== 'string' || !tag.trim()) return undefined
  try {
    return new Intl.Locale(tag.trim())
  } catch {
    // Not a well-formed BCP 47 tag (e.g. `en_US` from a hand-written <html lang>).
    try {
      return new Intl.Locale(tag.trim().replace(/_/g, '-'))
    } catch {
      return undefined
    }
  }
}

const loaded = new Map<Locale, Messages>([['en', en]])
const pending = new Map<Locale, Promise<Messages>>()

/**
 * @internal
 * The catalogue of `locale` if it is already loaded (English always is), else `undefined`.
 */
export function loadedMessages(locale: Locale): Messages | undefined {
  return loaded.get(locale)
}

/**
 * Loads the message catalogue of `locale`. Each language is its own chunk (one literal dynamic
 * import per locale, so bundlers split them): a page fetches only the one it shows, and English
 * costs nothing extra. Call it early (e.g. beside `createPortico`) to have the modal's text
 * ready before the first render.
 *
 * @example
 * const messages = await loadLocale('ja')
 * messages.connectWallet // 'ウォレットを接続'
 */
export function loadLocale(locale: Locale): Promise<Messages> {
  const ready = loaded.get(locale)
  if (ready) return Promise.resolve(ready)
  let promise = pending.get(locale)
  if (!promise) {
    promise = importLocale(locale).then(
      (messages) => {
        loaded.set(locale, messages)
        pending.delete(locale)
        return messages
      },
      (error: unknown) => {
        // A failed chunk (offline, deploy swapped the files) may load on a later try.
        pending.delete(locale)
        throw error
      },
    )
    pending.set(locale, promise)
  }
  return promise
}

function importLocale(locale: Exclude<Locale, 'en'> | 'en'): Promise<Messages> {
  switch (locale) {
    case 'en':
      return Promise.resolve(en)
    case 'es':
      return import('./locales/es.js').then((m) => m.es)
    case 'fr':
      return import('./locales/fr.js').then((m) => m.fr)
    case 'de':
      return import('./locales/de.js').then((m) => m.de)
    case 'pt-BR':
      return import('./locales/pt-BR.js').then((m) => m.ptBR)
    case 'zh-CN':
      return import('./locales/zh-CN.js').then((m) => m.zhCN)
    case 'ja':
      return import('./locales/ja.js').then((m) => m.ja)
    case 'ko':
      return import('./locales/ko.js').then((m) => m.ko)
    case 'ar':
      return import('./locales/ar.js').then((m) => m.ar)
  }
}
