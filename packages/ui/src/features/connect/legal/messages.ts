import { defineFeatureMessages } from '../../../i18n/featureMessages.js'

/**
 * English text of the Connect view's legal line; other languages load on demand. The documents'
 * names are links: each sentence takes them as values, so a language orders them as it needs.
 */
export const legalEn = {
  legalTerms: 'Terms of Service',
  legalPrivacy: 'Privacy Policy',
  /** Each document as a sentence refers to it (an article where the language needs one). */
  legalTermsRef: (terms: string) => `the ${terms}`,
  legalPrivacyRef: (privacy: string) => `the ${privacy}`,
  /** Both documents in one phrase. */
  legalBoth: (terms: string, privacy: string) => `${terms} and ${privacy}`,
  /** The checkbox's label (the `legalCheckbox` feature): connecting waits for it. */
  legalAgree: (documents: string) => `I agree to ${documents}`,
  /** The line under the wallets when no checkbox is asked for. */
  legalNotice: (documents: string) => `By connecting your wallet, you agree to ${documents}.`,
}

/** @internal The legal line's messages (`defineFeatureMessages`). */
export const legalMessages = defineFeatureMessages('legal', legalEn, {
  es: () => import('./legal.es.js').then((m) => m.legalEs),
  fr: () => import('./legal.fr.js').then((m) => m.legalFr),
  de: () => import('./legal.de.js').then((m) => m.legalDe),
  'pt-BR': () => import('./legal.pt-BR.js').then((m) => m.legalPtBR),
  'zh-CN': () => import('./legal.zh-CN.js').then((m) => m.legalZhCN),
  ja: () => import('./legal.ja.js').then((m) => m.legalJa),
  ko: () => import('./legal.ko.js').then((m) => m.legalKo),
  ar: () => import('./legal.ar.js').then((m) => m.legalAr),
})
