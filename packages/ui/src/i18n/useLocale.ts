import { useEffect, useMemo, useState } from 'react'
import type { Locale } from './locales.js'
import { en, type Messages } from './messages.js'

/** @internal What `<PorticoUI>` puts in context for its `locale` and `messages` props. */
export type LocaleState = {
  locale: Locale
  dir: 'ltr' | 'rtl'
  messages: Messages
}

type Resolved = Omit<LocaleState, 'messages'> & { catalogue: Messages }

const english: Resolved = { locale: 'en', dir: 'ltr', catalogue: en }
/** Resolved language per list of requested tags (newline-joined), across mounts. */
const resolved = new Map<string, Resolved>()

/**
 * @internal
 * Resolves `<PorticoUI locale>` (any BCP 47 tag, best fit; by default the host's `<html lang>`,
 * else the browser's languages, else English), loads its catalogue on demand and lays the host's
 * `messages` over it (the host's overrides always win).
 *
 * Page start holds only this hook: matching and every catalogue but English live in lazily
 * loaded chunks (`locales.ts`, `locales/*.ts`), fetched at mount when the language is not English.
 * The first render is English unless that language was resolved before: the server renders
 * English too, so hydration matches, and a page never waits on a chunk to show its buttons.
 */
export function useLocale(requested: string | undefined, overrides: Partial<Messages> | undefined): LocaleState {
  // Detection reads the DOM, so it runs after mount (never during a server render), and again
  // when a multi-language site switches its <html lang> or the browser's languages change.
  const [detected, setDetected] = useState('')
  useEffect(() => {
    if (requested !== undefined) return
    const detect = () => setDetected(hostLanguages().join('\n'))
    detect()
    const observer = new MutationObserver(detect)
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] })
    window.addEventListener('languagechange', detect)
    return () => {
      observer.disconnect()
      window.removeEventListener('languagechange', detect)
    }
  }, [requested])
  const key = requested ?? detected
  const known = isEnglish(key) ? english : resolved.get(key)

  const [, setLoaded] = useState(0)
  useEffect(() => {
    if (known) return
    let live = true
    import('./locales.js')
      .then(async ({ matchLocale, loadLocale, localeDirection }) => {
        const locale = matchLocale(key.split('\n'))
        resolved.set(key, { locale, dir: localeDirection(locale), catalogue: await loadLocale(locale) })
        if (live) setLoaded((n) => n + 1)
      })
      .catch((error: unknown) => console.warn('[portico] Could not load the messages; showing English.', error))
    return () => {
      live = false
    }
  }, [key, known])

  // Until the catalogue is here, text, direction and numbers stay English together, so a
  // half-translated, half-mirrored modal is never shown.
  const { locale, dir, catalogue } = known ?? english
  return useMemo(
    () => ({ locale, dir, messages: overrides ? ({ ...catalogue, ...overrides } as Messages) : catalogue }),
    [locale, dir, catalogue, overrides],
  )
}

/** The host page's `<html lang>` when it has one (the page's language is the host's call), else the browser's. */
function hostLanguages(): readonly string[] {
  const lang = document.documentElement.getAttribute('lang')?.trim()
  if (lang) return [lang]
  return navigator.languages?.length ? navigator.languages : [navigator.language]
}

/** English needs no matching: nothing requested, or an `en` tag first. */
function isEnglish(key: string): boolean {
  return key === '' || /^en(?:[-_\n]|$)/i.test(key)
}
