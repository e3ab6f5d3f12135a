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
