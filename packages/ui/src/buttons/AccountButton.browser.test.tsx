// The connected button's look in real Chromium: the balance and the address as two readings, and
// the compact form (avatar and short address) where a phone's header has no room for the balance.
import { afterEach, expect, test } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { createHarness } from '../test/harness.js'
import { AccountButton } from './AccountButton.js'

const stops: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of stops.splice(0)) stop()
  await page.viewport(1280, 800)
})

async function mountButton() {
  // Seeded balances (9,999.998 ETH), no chain needed.
  const harness = await createHarness({ connected: true })
  stops.push(harness.cleanup)
  await render(
    <harness.Wrapper>
      <AccountButton />
    </harness.Wrapper>,
  )
  const button = page.getByRole('button', { name: /0xf3/i })
  await expect.element(button).toBeVisible()
  return button.element() as HTMLElement
}

const slot = (root: Element, name: string) => root.querySelector(`[data-slot="${name}"]`) as HTMLElement

test('desktop: the balance and the address are separated by a rule and room on both sides', async () => {
  const button = await mountButton()
  await expect.poll(() => button.textContent).toMatch(/ETH/)
  const name = slot(button, 'account-button-name')
  const balance = name.previousElementSibling as HTMLElement
  expect(balance.textContent).toMatch(/ETH/)
  const style = getComputedStyle(name)
  expect(style.borderInlineStartStyle).toBe('solid')
  expect(Number.parseFloat(style.borderInlineStartWidth)).toBeGreaterThan(0)
  // The address text starts clear of the balance's end: gap, rule and padding.
  expect(name.getBoundingClientRect().left + Number.parseFloat(style.paddingInlineStart)).toBeGreaterThanOrEqual(
    balance.getBoundingClientRect().right + 8,
  )
})

test('phone (390 px): the compact form, avatar and short address, fits a header', async () => {
  await page.viewport(390, 844)
  const button = await mountButton()
  await expect.poll(() => button.textContent).toMatch(/ETH/)
  const balance = slot(button, 'account-button-name').previousElementSibling as HTMLElement
  expect(getComputedStyle(balance).display).toBe('none')
  // Avatar and address only: well under half the phone's width.
  expect(button.getBoundingClientRect().width).toBeLessThan(195)
  expect(getComputedStyle(slot(button, 'account-button-name')).borderInlineStartStyle).toBe('none')
})
