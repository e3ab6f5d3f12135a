import { useEffect, useMemo, useState } from 'react'
import { usePorticoUI } from '../context.js'
import type { Catalogue, FeatureMessages } from './featureMessages.js'
import type { Locale } from './locales.js'

/**
 * @internal
 * A feature's messages in the modal's language, with the host's `<PorticoUI messages>` overrides
 * laid over them. `undefined` while that language's chunk loads: the view shows its loading state
 * rather than a flash of English (when the chunk fails, English is shown with a warning).
 *
 * @example
 * const text = useFeatureMessages(sendMessages)
 * if (!text) return <ViewLoading />
 * return <h2>{text.sendTitle}</h2>
 */
export function useFeatureMessages<english>(messages: FeatureMessages<english>): Catalogue<english> | undefined {
  const { locale, messages: shared } = usePorticoUI('useFeatureMessages')
  const [failed, setFailed] = useState<Locale | undefined>()
  const [, setVersion] = useState(0)
  const catalogue = messages.loaded(locale) ?? (failed === locale ? messages.en : undefined)
  useEffect(() => {
    if (catalogue) return
    let live = true
    messages.load(locale).then(
      () => live && setVersion((n) => n + 1),
      (error: unknown) => {
        console.warn(`[portico] Could not load the ${messages.feature} messages for ${locale}; showing English.`, error)
        if (live) setFailed(locale)
      },
    )
    return () => {
      live = false
    }
  }, [messages, locale, catalogue])
  return useMemo(() => {
    if (!catalogue) return undefined
    // The shared catalogue holds the host's overrides of any key; only the feature's own keys
    // are taken from it (the page-start catalogue never has them otherwise).
    let merged: Catalogue<english> | undefined
    const overrides = shared as Record<string, unknown>
    for (const key of Object.keys(messages.en)) {
      const value = overrides[key]
      if (value === undefined) continue
      if (typeof value !== typeof (messages.en as Record<string, unknown>)[key]) {
        console.warn(
          `[portico] Ignored the messages override of ${key}: expected a ${typeof (messages.en as Record<string, unknown>)[key]}.`,
        )
        continue
      }
      merged ??= { ...catalogue }
      ;(merged as Record<string, unknown>)[key] = value
    }
    return merged ?? catalogue
  }, [catalogue, shared, messages])
}
