import { useEffect, useMemo, useState } from 'react'
import { detectLocale, type Locale, loadedMessages, loadLocale, localeDirection, matchLocale } from './locales.js'
import { en, type Messages } from './messages.js'

/** @internal What `<PorticoUI>` puts in context for its `locale` and `messages` props. */
export type LocaleState = {
  locale: Locale
  dir: 'ltr' | 'rtl'
  messages: Messages
}

/**
 * @internal
 * Resolves `<PorticoUI locale>` (any BCP 47 tag, best fit; by default the host's `<html lang>`,
 * else the browser's languages, else English), loads its catalogue on demand and lays the host's
 * `messages` over it (the host's overrides always win).
 *
 * The first render is English unless the catalogue is already loaded: the server renders
 * English too, so hydration matches, and a page never waits on a chunk to show its buttons.
 * The chosen language follows as soon as its chunk arrives (it is fetched at mount, long before
 * a user opens the modal).
 */
export function useLocale(requested: string | undefined, overrides: Partial<Messages> | undefined): LocaleState {
  // Detection reads the DOM, so it runs after mount (never during a server render), and again
  // when a multi-language site switches its <html lang> or the browser's languages change.
  const [detected, setDetected] = useState<Locale | undefined>(undefined)
  useEffect(() => {
    if (requested !== undefined) return
    const detect = () => setDetected(detectLocale())
    detect()
    const observer = new MutationObserver(detect)
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] })
    window.addEventListener('languagechange', detect)
    return () => {
      observer.disconnect()
      window.removeEventListener('languagechange', detect)
    }
  }, [requested])
  const locale: Locale = requested !== undefined ? matchLocale([requested]) : (detected ?? 'en')

  const [, setLoaded] = useState(0)
  const catalogue = loadedMessages(locale)
  useEffect(() => {
    if (catalogue) return
    let live = true
    loadLocale(locale).then(
      () => live && setLoaded((n) => n + 1),
      (error: unknown) => console.warn(`[portico] Could not load the "${locale}" messages; showing English.`, error),
    )
    return () => {
      live = false
    }
  }, [locale, catalogue])

  // Until the catalogue is here, text, direction and numbers stay English together,
  // so a half-translated, half-mirrored modal is never shown.
  const shown: Locale = catalogue ? locale : 'en'
  const base = catalogue ?? en
  return useMemo(
    () => ({
      locale: shown,
      dir: localeDirection(shown),
      messages: overrides ? ({ ...base, ...overrides } as Messages) : base,
    }),
    [shown, base, overrides],
  )
}
