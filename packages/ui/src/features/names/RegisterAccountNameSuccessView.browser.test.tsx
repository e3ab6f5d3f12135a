// The success step (RegisterAccountNameSuccessView) in real Chromium: the name it is given shown as
// text (markup stays text; the longest registrable name stays inside the dialog), its title and body, and
// Back to account going back to the Account view it came from, with focus kept in the dialog. The
// flow that reaches it (the form replaced on success) is in RegisterAccountName.browser.test.tsx and
// registerForm.test.ts; the e2e registration in tests/e2e/names.test.ts.
import { useEffect } from 'react'
import { afterEach, expect, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { expectNoSeriousA11yViolations } from '../../__infra__/axe.js'
import { usePorticoUI } from '../../context.js'
import { createHarness } from '../../test/harness.js'
import { modalSettled } from '../../test/modalSettled.js'

const cleanups: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of cleanups.splice(0)) stop()
})

let history: () => string[] = () => []

/** The Account view with the success step over it, as a registration leaves the modal. */
function OpenSuccess({ name }: { name: string }) {
  const { modal } = usePorticoUI('OpenSuccess')
  history = () => modal.navigation.get().history.map((e) => e.view)
  useEffect(() => {
    modal.open({ view: 'Account' })
    modal.push({ view: 'RegisterAccountNameSuccess', data: { name } })
  }, [modal, name])
  return null
}

async function mount(name: string) {
  // No chain and no service (closed loopback ports): the Account view's reads fail fast.
  const harness = await createHarness({ connected: true, blockchainApiUrl: 'http://127.0.0.1:9' })
  cleanups.push(harness.cleanup)
  await render(
    <harness.Wrapper>
      <OpenSuccess name={name} />
    </harness.Wrapper>,
  )
  await expect.element(page.getByRole('heading', { name: 'Name registered' })).toBeVisible()
}

const dialog = () => page.getByRole('dialog')

test('behavior: the registered name, the spec body, and Back to account back on the Account view', async () => {
  await mount('alice-1.reown.id')
  expect(history()).toEqual(['Account', 'RegisterAccountNameSuccess'])
  const headline = document.querySelector('[data-slot="register-name-success-name"]')
  expect(headline?.textContent).toBe('alice-1.reown.id')
  await expect.element(dialog().getByText('alice-1.reown.id now points to your account.')).toBeVisible()
  await expectNoSeriousA11yViolations(dialog().element())
  await modalSettled()
  await userEvent.click(dialog().getByRole('button', { name: 'Back to account' }))
  await expect.element(dialog().getByRole('heading', { name: 'Account' })).toBeVisible()
  expect(history()).toEqual(['Account'])
  // The modal stays open and keeps focus inside it.
  expect(dialog().element().contains(document.activeElement)).toBe(true)
})

test('a11y: Back to account is reached and pressed from the keyboard', async () => {
  await mount('keys-1.reown.id')
  const back = dialog().getByRole('button', { name: 'Back to account' }).element() as HTMLElement
  for (let i = 0; i < 10 && document.activeElement !== back; i++) await userEvent.keyboard('{Tab}')
  expect(document.activeElement).toBe(back)
  await userEvent.keyboard('{Enter}')
  await expect.element(dialog().getByRole('heading', { name: 'Account' })).toBeVisible()
})

test('security: markup in the name is shown as text, never made into elements', async () => {
  const hostile = '<img src=x onerror="window.__pwned=1">.reown.id'
  await mount(hostile)
  expect(document.querySelector('[data-slot="register-name-success-name"]')?.textContent).toBe(hostile)
  await expect.element(dialog().getByText(`${hostile} now points to your account.`)).toBeVisible()
  expect(dialog().element().querySelector('img[src="x"]')).toBeNull()
  expect((window as { __pwned?: unknown }).__pwned).toBeUndefined()
})

// The longest name the form can register (a 63-character label, 72 characters with the suffix) is
// one unbroken word: it wraps inside the dialog, so the user can read the name they just registered.
test('edge: the longest registrable name (63-character label) stays inside the dialog, whole', async () => {
  const name = `${'a'.repeat(63)}.reown.id`
  await mount(name)
  await modalSettled()
  const box = dialog().element()
  const headline = box.querySelector('[data-slot="register-name-success-name"]') as HTMLElement
  expect(headline.textContent).toBe(name)
  const outer = box.getBoundingClientRect()
  const inner = headline.getBoundingClientRect()
  expect(inner.left).toBeGreaterThanOrEqual(outer.left - 1)
  expect(inner.right).toBeLessThanOrEqual(outer.right + 1)
  // Its text wraps inside its own box rather than spilling out of it.
  expect(headline.scrollWidth).toBeLessThanOrEqual(headline.clientWidth + 1)
  for (const node of box.querySelectorAll('*'))
    if (getComputedStyle(node).overflowX !== 'visible')
      expect(node.scrollWidth, node.outerHTML.slice(0, 80)).toBeLessThanOrEqual(node.clientWidth + 1)
  await expect.element(dialog().getByRole('button', { name: 'Back to account' })).toBeVisible()
})
