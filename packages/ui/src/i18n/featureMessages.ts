import type { Locale } from './locales.js'

/**
 * A catalogue's shape from its English object: strings stay strings, functions keep their
 * parameters (so word order can change per language) and return a string.
 */
export type Catalogue<english> = {
  [key in keyof english]: english[key] extends (...args: infer a) => string ? (...args: a) => string : string
}

/** The languages a feature must translate: every shipped one but English. */
export type TranslatedLocale = Exclude<Locale, 'en'>

/** One loader per language: each a literal dynamic import, so bundlers give each its own chunk. */
export type FeatureTranslations<english> = {
  [locale in TranslatedLocale]: () => Promise<Catalogue<english>>
}

/** A feature's messages: its English catalogue and its translations, loaded on demand. */
export type FeatureMessages<english> = {
  /** The feature's name, for warnings and tests. */
  readonly feature: string
  readonly en: Catalogue<english>
  /** The catalogue of `locale` once loaded (English always is), else `undefined`. */
  loaded(locale: Locale): Catalogue<english> | undefined
  /** Loads the catalogue of `locale` (a failed chunk is retried on the next call). */
  load(locale: Locale): Promise<Catalogue<english>>
}

/**
 * @internal
 * Declares the messages of a feature view (Send, Swap, Buy, sign-in, …). Feature text is not
 * part of the page-start catalogue (`messages.ts`): the English object lives in the feature's own
 * lazily loaded chunk and each other language is one more chunk, fetched only when a view of the
 * feature shows in that language. The `Catalogue<typeof en>` type on each translation makes a
 * missing or extra key a compile error; `expectCompleteTranslations` (in the feature's test)
 * checks the same at run time.
 *
 * Keys must not repeat a key of the page-start catalogue: a host's `<PorticoUI messages>` is
 * one flat object, and its overrides reach the feature by key (see `useFeatureMessages`, in
 * `useFeatureMessages.ts`).
 *
 * @example
 * // features/send/send.en.ts: English, like every other language, in a file of its own
 * export const sendEn = { sendTitle: 'Send', sendMax: 'Max', sendTo: (name: string) => `Send to ${name}` }
 * // features/send/messages.ts (imported only by the Send views)
 * export const sendMessages = defineFeatureMessages(
 *   'send',
 *   sendEn,
 *   {
 *     es: () => import('./send.es.js').then((m) => m.default),
 *     fr: () => import('./send.fr.js').then((m) => m.default),
 *     // … de, pt-BR, zh-CN, ja, ko, ar
 *   },
 * )
 * // features/send/send.es.ts
 * import type { Catalogue } from '../../i18n/featureMessages.js'
 * import type { sendEn } from './send.en.js'
 * export default { sendTitle: 'Enviar', sendMax: 'Máx.', sendTo: (name) => `Enviar a ${name}` } satisfies Catalogue<typeof sendEn>
 * // in a view
 * const text = useFeatureMessages(sendMessages)
 * if (!text) return <ViewLoading />
 */
export function defineFeatureMessages<const english extends Record<string, string | ((...args: never[]) => string)>>(
  feature: string,
  en: english,
  translations: FeatureTranslations<english>,
): FeatureMessages<english> {
  const english = en as unknown as Catalogue<english>
  const loaded = new Map<Locale, Catalogue<english>>([['en', english]])
  const pending = new Map<Locale, Promise<Catalogue<english>>>()
  return {
    feature,
    en: english,
    loaded: (locale) => loaded.get(locale),
    load(locale) {
      const ready = loaded.get(locale)
      if (ready) return Promise.resolve(ready)
      let promise = pending.get(locale)
      if (!promise) {
        promise = translations[locale as TranslatedLocale]().then(
          (catalogue) => {
            loaded.set(locale, catalogue)
            pending.delete(locale)
            return catalogue
          },
          (error: unknown) => {
            pending.delete(locale)
            throw error
          },
        )
        pending.set(locale, promise)
      }
      return promise
    },
  }
}
