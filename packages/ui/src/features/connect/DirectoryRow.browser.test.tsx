// A directory wallet's row (DirectoryRow), rendered alone: a row reused for another wallet while
// its icon waits never shows the previous wallet's icon; selection by click and keyboard, once; the
// roving tab stop; and what a hostile directory entry (markup, a long or blank name, a javascript:
// or data:text/html icon) shows. Deferring the icon while scrolling and during a search, and the
// hostile entries reached by the keyboard, are tested in AllWalletsView.browser.test.tsx.
import type { DirectoryWallet } from '@portico/headless'
import { expect, inject, test, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { DirectoryRow } from './DirectoryRow.js'

const server = inject('imageServerUrl')

const alpha: DirectoryWallet = { id: 'alpha', name: 'Alpha Wallet', image_id: 'alpha' }
const beta: DirectoryWallet = { id: 'beta', name: 'Beta Wallet', image_id: 'beta' }
const icon = (id: string) => `${server}/getWalletImage/${id}`

const imageBox = () => document.querySelector('[data-slot="directory-wallet-row"] [data-state]')
const iconState = () => imageBox()?.getAttribute('data-state')
const shownSrc = () => imageBox()?.querySelector('img')?.getAttribute('src') ?? null

test('behavior: a row reused for another wallet while icons wait shows the new wallet’s initial, never the old icon', async () => {
  const row = (wallet: DirectoryWallet, deferImage: boolean) => (
    <DirectoryRow wallet={wallet} imageUrl={icon(wallet.id)} deferImage={deferImage} onSelect={() => {}} />
  )
  const { rerender } = await render(row(alpha, false))
  await expect.poll(iconState).toBe('loaded')
  expect(shownSrc()).toBe(icon('alpha'))
  // A search's stand-in puts Beta in Alpha's row while the list waits.
  await rerender(row(beta, true))
  expect(iconState()).toBe('fallback')
  expect(imageBox()?.textContent).toBe('B')
  expect(shownSrc()).toBeNull()
  await expect.element(page.getByRole('button', { name: 'Beta Wallet' })).toHaveAttribute('data-wallet', 'beta')
  // Once the wait is over, Beta's own icon is asked for and shown.
  await rerender(row(beta, false))
  await expect.poll(iconState).toBe('loaded')
  expect(shownSrc()).toBe(icon('beta'))
})

test('behavior: a click selects the row’s wallet, once per click', async () => {
  const onSelect = vi.fn()
  await render(<DirectoryRow wallet={alpha} imageUrl={undefined} deferImage={false} onSelect={onSelect} />)
  await userEvent.click(page.getByRole('button', { name: 'Alpha Wallet' }))
  expect(onSelect.mock.calls).toEqual([[alpha]])
})

test('a11y: named by the wallet alone (the initial is hidden); Enter and Space select; the roving tab stop is passed on', async () => {
  const onSelect = vi.fn()
  const { rerender } = await render(
    <DirectoryRow wallet={alpha} imageUrl={undefined} deferImage={false} onSelect={onSelect} tabIndex={-1} />,
  )
  const button = page.getByRole('button', { name: 'Alpha Wallet' })
  await expect.element(button).toHaveAccessibleName('Alpha Wallet')
  expect(button.element().getAttribute('type')).toBe('button')
  expect(button.element().getAttribute('tabindex')).toBe('-1')
  ;(button.element() as HTMLButtonElement).focus()
  await userEvent.keyboard('{Enter}')
  await userEvent.keyboard(' ')
  expect(onSelect.mock.calls).toEqual([[alpha], [alpha]])
  await rerender(
    <DirectoryRow wallet={alpha} imageUrl={undefined} deferImage={false} onSelect={onSelect} tabIndex={0} />,
  )
  expect(button.element().getAttribute('tabindex')).toBe('0')
})

test('security: markup in a name is text, and javascript: or data:text/html icons are never loaded', async () => {
  const name = '<img src=x onerror="window.__pwned=1">Evil'
  for (const url of ['javascript:window.__pwned=1', 'data:text/html,<script>window.__pwned=1</script>']) {
    const { unmount } = await render(
      <DirectoryRow wallet={{ id: 'evil', name }} imageUrl={url} deferImage={false} onSelect={() => {}} />,
    )
    const button = page.getByRole('button', { name: /Evil/ })
    await expect.element(button).toHaveTextContent(name)
    expect(iconState()).toBe('fallback')
    expect(imageBox()?.textContent).toBe('<')
    expect(document.querySelector('img')).toBeNull()
    await unmount()
  }
  expect((window as { __pwned?: number }).__pwned).toBeUndefined()
})

test('edge: a 400-character name stays inside a narrow row; a blank name shows the “?” glyph', async () => {
  const long = `Long ${'x'.repeat(400)}`
  await render(
    <div style={{ width: 320 }} data-testid="narrow">
      <DirectoryRow wallet={{ id: 'long', name: long }} imageUrl={undefined} deferImage={false} onSelect={() => {}} />
      <DirectoryRow wallet={{ id: 'blank', name: '   ' }} imageUrl={undefined} deferImage={false} onSelect={() => {}} />
    </div>,
  )
  const row = document.querySelector('[data-wallet="long"]') as HTMLElement
  const narrow = page.getByTestId('narrow').element().getBoundingClientRect()
  expect(row.getBoundingClientRect().right).toBeLessThanOrEqual(narrow.right + 0.5)
  expect(row.scrollWidth).toBeLessThanOrEqual(row.clientWidth + 1)
  expect(row.textContent).toContain(long)
  const blank = document.querySelector('[data-wallet="blank"] [data-state]')
  expect(blank?.textContent).toBe('?')
})
