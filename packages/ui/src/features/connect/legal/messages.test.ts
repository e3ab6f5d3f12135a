import { expect, test } from 'vitest'
import { expectCompleteTranslations } from '../../../test/featureMessages.js'
import { legalEn } from './legal.en.js'
import { legalMessages } from './messages.js'

test('the legal line’s messages are complete in every language', () =>
  expectCompleteTranslations(legalMessages, {
    legalTermsRef: ['T'],
    legalPrivacyRef: ['P'],
    legalBoth: ['T', 'P'],
    legalAgree: ['D'],
    legalNotice: ['D'],
  }))

test('every language keeps both documents, once each, in its sentences', async () => {
  for (const locale of ['en', 'es', 'fr', 'de', 'pt-BR', 'zh-CN', 'ja', 'ko', 'ar'] as const) {
    const text = locale === 'en' ? legalEn : await legalMessages.load(locale)
    const both = text.legalBoth(text.legalTermsRef('\uE000'), text.legalPrivacyRef('\uE001'))
    for (const sentence of [text.legalAgree(both), text.legalNotice(both)]) {
      expect(sentence.split('\uE000'), `${locale}: ${sentence}`).toHaveLength(2)
      expect(sentence.split('\uE001'), `${locale}: ${sentence}`).toHaveLength(2)
    }
  }
})
