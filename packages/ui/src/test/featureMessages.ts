import { expect } from 'vitest'
import type { FeatureMessages } from '../i18n/featureMessages.js'
import { supportedLocales } from '../i18n/locales.js'
import { en as shared } from '../i18n/messages.js'

/**
 * @internal Test helper: every language of `messages` has exactly the English keys, each of the
 * same kind (text or function of the same arity), every text non-empty, and interpolated values
 * reach the text. `samples` gives arguments for functions whose parameters are not names (e.g.
 * counts); others are called with 'MetaMask'. No key repeats the page-start catalogue.
 *
 * @example
 * test('send messages are complete in every language', () => expectCompleteTranslations(sendMessages))
 */
export async function expectCompleteTranslations<english>(
  messages: FeatureMessages<english>,
  samples: Record<string, unknown[]> = {},
): Promise<void> {
  const english = messages.en as Record<string, unknown>
  expect(Object.keys(english).filter((key) => key in shared)).toEqual([])
  for (const locale of supportedLocales) {
    const catalogue = (await messages.load(locale)) as Record<string, unknown>
    expect(Object.keys(catalogue).sort(), `${messages.feature} ${locale}`).toEqual(Object.keys(english).sort())
    for (const [key, value] of Object.entries(catalogue)) {
      const label = `${messages.feature} ${locale} ${key}`
      expect(typeof value, label).toBe(typeof english[key])
      if (typeof value === 'function') {
        expect(value.length, label).toBe((english[key] as () => string).length)
        const args = samples[key] ?? Array.from({ length: value.length }, () => 'MetaMask')
        const text = (value as (...a: unknown[]) => unknown)(...args)
        expect(typeof text, label).toBe('string')
        expect((text as string).trim(), label).not.toBe('')
        for (const arg of args) if (typeof arg === 'string') expect(text, label).toContain(arg)
      } else {
        expect((value as string).trim(), label).not.toBe('')
      }
    }
  }
}
