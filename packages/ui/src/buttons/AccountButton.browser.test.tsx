// The connected button's look in real Chromium: the balance and the address as two readings, and
// the compact form (avatar and short address) wherever the host's header has no room for the
// balance: a phone, or a crowded header on a wide screen.
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

async function mountButton(container: { width?: string; locale?: 'ar' } = {}) {
  // Seeded balances (9,999.998 ETH), no chain needed.
  const harness = await createHarness({
    connected: true,
    ...(container.locale ? { ui: { locale: container.locale } } : {}),
  })
  stops.push(harness.cleanup)
  // The host's header: a logo and the button in a row, as wide as the host makes it.
  await render(
    <harness.Wrapper>
      <header data-testid="header" style={{ display: 'flex', alignItems: 'center', gap: 12, width: container.width }}>
        <strong style={{ flex: 'none', width: 120 }}>Logo</strong>
        <AccountButton />
      </header>
    </harness.Wrapper>,
  )
  const button = page.getByRole('button', { name: /0xf3/i })
  await expect.element(button).toBeVisible()
  return button.element() as HTMLElement
}

const slot = (root: Element, name: string) => root.querySelector(`[data-slot="${name}"]`) as HTMLElement | null

/** Whether `element` shows inside its clipping box (the button's one-line readings). */
function shown(element: HTMLElement | null): boolean {
  if (!element || getComputedStyle(element).display === 'none') return false
  const box = (element.parentElement as HTMLElement).getBoundingClientRect()
  const own = element.getBoundingClientRect()
  return own.width > 0 && own.top >= box.top && own.bottom <= box.bottom + 0.5
}

test('desktop: the balance and the address are separated by a rule and room on both sides', async () => {
  const button = await mountButton()
  await expect.poll(() => button.textContent).toMatch(/ETH/)
  const name = slot(button, 'account-button-name') as HTMLElement
  const balance = slot(button, 'account-button-balance') as HTMLElement
  expect(balance.textContent).toBe('9,999.998 ETH')
  expect(shown(balance)).toBe(true)
  const style = getComputedStyle(balance)
  expect(style.borderInlineEndStyle).toBe('solid')
  expect(Number.parseFloat(style.borderInlineEndWidth)).toBeGreaterThan(0)
  // The balance before the address, with its rule and room between them.
  const rule = balance.getBoundingClientRect().right
  expect(name.getBoundingClientRect().left).toBeGreaterThanOrEqual(rule + 4)
  expect(rule - Number.parseFloat(style.paddingInlineEnd)).toBeGreaterThan(balance.getBoundingClientRect().left)
})

test('a crowded header on a wide screen: the compact form by the room the host gives, back to full when it grows', async () => {
  const button = await mountButton({ width: '340px' })
  await expect.poll(() => button.textContent).toMatch(/ETH/)
  const header = document.querySelector('[data-testid="header"]') as HTMLElement
  // 340 px for a 120 px logo and the button: no room for the balance, and nothing overflows.
  await expect.poll(() => shown(slot(button, 'account-button-balance'))).toBe(false)
  expect(shown(slot(button, 'account-button-name'))).toBe(true)
  expect(header.scrollWidth).toBeLessThanOrEqual(header.clientWidth)
  expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(header.getBoundingClientRect().right + 0.5)
  // The host's header grows: the balance comes back.
  header.style.width = '800px'
  await expect.poll(() => shown(slot(button, 'account-button-balance'))).toBe(true)
})

test('right to left: the balance on the right of the address, its rule between them, the amount left to right', async () => {
  const button = await mountButton({ locale: 'ar' })
  await expect.poll(() => document.querySelector('[data-portico][dir="rtl"]')).not.toBeNull()
  const name = slot(button, 'account-button-name') as HTMLElement
  const balance = slot(button, 'account-button-balance') as HTMLElement
  await expect.poll(() => balance.textContent).toMatch(/ETH$/)
  expect(balance.getBoundingClientRect().left).toBeGreaterThanOrEqual(name.getBoundingClientRect().right)
  // The rule is on the balance's left, between it and the address.
  expect(getComputedStyle(balance).borderLeftStyle).toBe('solid')
  expect(getComputedStyle(balance).borderRightStyle).toBe('none')
})

test('phone (390 px): the compact form, avatar and short address, fits a header', async () => {
  await page.viewport(390, 844)
  const button = await mountButton()
  await expect.poll(() => button.textContent).toMatch(/0xf3/)
  expect(shown(slot(button, 'account-button-balance'))).toBe(false)
  // Avatar and address only: well under half the phone's width.
  expect(button.getBoundingClientRect().width).toBeLessThan(195)
})
