// ModalFrame, the header and the view shown: a network the app lacks shows Switch Network over the
// history with no Back (fixed, the view under it returns with Back); the title names the dialog and
// follows the view; Back and Close are labelled from the catalogue; Close from deep in the history
// and the next opening starts at the home view. Back at the first view closing, and the Close label
// translated, are in Modal.browser.test.tsx; a hostile wallet name in the header in
// features/connect/ConnectingExternalView.browser.test.tsx; the history rules in navigation.test.ts.
import { afterEach, expect, test, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { ConnectButton } from '../buttons/ConnectButton.js'
import { en } from '../i18n/messages.js'
import { createHarness, type HarnessOptions } from '../test/harness.js'
import { accountViewSettled } from '../test/modalSettled.js'
import { unreachableView } from '../test/unreachableView.js'
import { viewUnavailableEn } from './unavailable/unavailable.en.js'

const stops: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of stops.splice(0)) stop()
})

/** Connected (seeded balances, no chain), the modal opened on the Account view. */
async function mountOnAccount(options: HarnessOptions = {}) {
  const harness = await createHarness({ connected: true, ...options })
  stops.push(harness.cleanup)
  await render(
    <harness.Wrapper view="Account">
      <ConnectButton showNetwork={false} />
    </harness.Wrapper>,
  )
  await accountViewSettled()
  return harness
}

const dialogNamed = (name: string) => page.getByRole('dialog', { name })
const backButton = () => page.getByRole('button', { name: en.back })

test('behavior: the wallet moving to a network the app lacks shows Switch Network over the history, with no Back; fixed, the view under it returns with Back', async () => {
  const { wallet } = await mountOnAccount()
  await userEvent.click(document.querySelector('[data-slot="account-network"]') as HTMLElement)
  await expect.element(dialogNamed(en.titleNetworks)).toBeVisible()
  await expect.element(backButton()).toBeVisible()
  wallet.setChain(5)
  await expect.element(dialogNamed(en.titleUnsupported)).toBeVisible()
  // Left only by fixing what shows it: going back would pop a view the user cannot see.
  expect(backButton().query()).toBeNull()
  expect(page.getByRole('button', { name: en.close }).query()).not.toBeNull()
  wallet.setChain(31337)
  await expect.element(dialogNamed(en.titleNetworks)).toBeVisible()
  await userEvent.click(backButton())
  await expect.element(dialogNamed(en.titleAccount)).toBeVisible()
  expect(backButton().query()).toBeNull()
})

test('default: Back and Close take their labels from the catalogue; the title is the one heading and names the dialog as the view changes', async () => {
  await mountOnAccount({ ui: { messages: { back: 'Zurück', close: 'Schließen', titleNetworks: 'Netzwerk wählen' } } })
  const dialog = dialogNamed(en.titleAccount)
  await expect.element(dialog).toBeVisible()
  expect(dialog.element().querySelectorAll('h2')).toHaveLength(1)
  await userEvent.click(document.querySelector('[data-slot="account-network"]') as HTMLElement)
  await expect.element(dialogNamed('Netzwerk wählen')).toBeVisible()
  await expect.element(page.getByRole('button', { name: 'Zurück' })).toBeVisible()
  await expect.element(page.getByRole('button', { name: 'Schließen' })).toBeVisible()
  expect(backButton().query()).toBeNull()
  expect(page.getByRole('button', { name: en.close }).query()).toBeNull()
})

test('behavior: Close from deep in the history closes, and the next opening starts at the home view with nothing to go back to', async () => {
  await mountOnAccount()
  await userEvent.click(document.querySelector('[data-slot="account-network"]') as HTMLElement)
  await expect.element(dialogNamed(en.titleNetworks)).toBeVisible()
  await userEvent.click(page.getByRole('button', { name: en.close }))
  await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
  await userEvent.click(document.querySelector('[data-slot="account-button"]') as HTMLElement)
  await expect.element(dialogNamed(en.titleAccount)).toBeVisible()
  expect(backButton().query()).toBeNull()
})

test('error: a view whose code cannot load says so with Try again, not a spinner for good; Try again fetches it anew and shows it', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const { gone, load, reach, restore } = unreachableView('Networks')
  stops.push(() => {
    restore()
    warn.mockRestore()
  })
  await mountOnAccount()
  await userEvent.click(document.querySelector('[data-slot="account-network"]') as HTMLElement)
  // The header still names the view (its title is page start); the body says what happened.
  await expect.element(dialogNamed(en.titleNetworks)).toBeVisible()
  await expect.element(page.getByRole('alert').getByText(viewUnavailableEn.viewUnavailableTitle)).toBeVisible()
  expect(page.getByText(viewUnavailableEn.viewUnavailableBody).query()).not.toBeNull()
  expect(document.querySelector('[data-slot="modal-body"] [aria-busy="true"]')).toBeNull()
  expect(warn).toHaveBeenCalledWith('[portico] Could not load the Networks view.', gone)
  expect(load).toHaveBeenCalledTimes(1)
  // Back still works, and the view left behind is not marked failed.
  await userEvent.click(backButton())
  await expect.element(dialogNamed(en.titleAccount)).toBeVisible()
  expect(page.getByText(viewUnavailableEn.viewUnavailableTitle).query()).toBeNull()
  // Wanted again while still unreachable: fetched again, and failed again.
  await userEvent.click(document.querySelector('[data-slot="account-network"]') as HTMLElement)
  await expect.element(page.getByText(viewUnavailableEn.viewUnavailableTitle)).toBeVisible()
  expect(load).toHaveBeenCalledTimes(2)
  // Back online: Try again fetches it once and the view shows.
  reach()
  await userEvent.click(page.getByRole('button', { name: en.tryAgain }))
  await expect.element(page.getByRole('dialog').getByText('Devnet 2')).toBeVisible()
  expect(page.getByText(viewUnavailableEn.viewUnavailableTitle).query()).toBeNull()
  expect(load).toHaveBeenCalledTimes(3)
})
