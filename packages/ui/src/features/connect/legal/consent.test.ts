// legalMode and createConsent: which legal line the Connect view shows for each pair of host URLs
// and the legalCheckbox feature, and the agreement kept per modal. The checkbox, the notice, their
// links and the wallets that wait for the box are rendered in LegalConsent.browser.test.tsx.
import { createPortico, eip155Adapter, eip155Network } from '@portico/headless'
import { expect, test } from 'vitest'
import { createModalController } from '../../../modal/controller.js'
import type { ViewTable } from '../../../modal/viewRegistry.js'
import { createConsent, legalMode } from './consent.js'

const terms = 'https://host.example/terms'
const privacy = 'https://host.example/privacy'

const portico = (legal: { termsConditionsUrl?: string; privacyPolicyUrl?: string }) =>
  createPortico({
    projectId: 'consent-test',
    walletConnect: false,
    storage: null,
    networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:9' })],
    adapters: [eip155Adapter()],
    ...legal,
  })

test('default: without a terms or privacy URL there is nothing to show, whether the checkbox feature is on or off', () => {
  const none = portico({})
  expect(legalMode(none, true)).toBeUndefined()
  expect(legalMode(none, false)).toBeUndefined()
})

test.each([
  ['terms only', { termsConditionsUrl: terms }],
  ['privacy only', { privacyPolicyUrl: privacy }],
  ['both', { termsConditionsUrl: terms, privacyPolicyUrl: privacy }],
])('behavior: with %s, the feature on asks for the checkbox and off shows the notice', (_, legal) => {
  const host = portico(legal)
  expect(legalMode(host, true)).toBe('checkbox')
  expect(legalMode(host, false)).toBe('notice')
})

test('default: a consent starts unticked, and each call makes its own store (one modal never ticks another)', () => {
  const first = createConsent()
  const second = createConsent()
  expect(first.get()).toEqual({ agreed: false })
  first.set({ agreed: true })
  expect(first.get().agreed).toBe(true)
  expect(second.get().agreed).toBe(false)
  expect(createConsent().get().agreed).toBe(false)
})

test('behavior: per modal, the same consent is read by every view (LegalConsent and ConnectView), and a second modal starts unticked', () => {
  const table = {} as ViewTable
  const modal = createModalController({ embedded: false, table })
  const box = modal.local(createConsent)
  box.set({ agreed: true })
  // Going to All Wallets and back reads the same slot: the agreement holds.
  expect(modal.local(createConsent)).toBe(box)
  expect(modal.local(createConsent).get().agreed).toBe(true)
  const other = createModalController({ embedded: false, table })
  expect(other.local(createConsent).get().agreed).toBe(false)
})

test('behavior: a listener hears the tick once and nothing after it unsubscribes', () => {
  const consent = createConsent()
  let heard = 0
  const stop = consent.subscribe(() => {
    heard++
  })
  consent.set({ agreed: true })
  expect(heard).toBe(1)
  stop()
  consent.set({ agreed: false })
  expect(heard).toBe(1)
  expect(consent.get().agreed).toBe(false)
})
