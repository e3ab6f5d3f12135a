import type { Portico } from '@portico/headless'
import { createStore } from '../../../utils/store.js'

/**
 * @internal
 * Whether the user ticked the legal checkbox, per modal (`modal.local(createConsent)`): kept while
 * the modal lives, so going to All Wallets and back does not ask again; a reload asks again.
 */
export function createConsent() {
  return createStore({ agreed: false })
}

/**
 * @internal
 * What the Connect view shows of the host's legal pages: nothing without a terms or privacy URL;
 * with one, the checkbox that connecting waits for when the `legalCheckbox` feature is on, else a
 * line saying that connecting agrees to them.
 */
export function legalMode(portico: Portico, legalCheckbox: boolean): 'checkbox' | 'notice' | undefined {
  const { termsConditionsUrl, privacyPolicyUrl } = portico.options
  if (!termsConditionsUrl && !privacyPolicyUrl) return undefined
  return legalCheckbox ? 'checkbox' : 'notice'
}
