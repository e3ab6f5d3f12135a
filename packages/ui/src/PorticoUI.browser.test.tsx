// PorticoUI's props as a host uses them: a controlled `open` the host does not update never opens
// or closes the modal by itself (Escape, Close and the overlay only ask, once each; the closed
// modal rendered ahead stays hidden and is no dialog); `theme` whole themes per mode; `themeMode`
// 'auto' following the system's colour scheme live; a `locale` changed at runtime. The controller's
// state rules are in modal/controller.browser.test.tsx; a controlled host that does update,
// themeVariables (and hostile ones), light/dark and appendToBody in modal/Modal.browser.test.tsx;
// locales, <html lang> and right to left in i18n/locales.browser.test.tsx.
import { PorticoProvider } from '@portico/headless'
import { darkTheme, lightTheme } from '@portico/themes'
import type { ReactNode } from 'react'
import { afterEach, expect, test } from 'vitest'
import { cdp, page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { ConnectButton } from './buttons/ConnectButton.js'
import { en } from './i18n/messages.js'
import { PorticoUI, type PorticoUIProps } from './PorticoUI.js'
import { createHarness } from './test/harness.js'
import { modalSettled } from './test/modalSettled.js'

const stops: (() => unknown)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of stops.splice(0)) await stop()
})

async function mount(props: Omit<PorticoUIProps, 'children'>, children: ReactNode = <ConnectButton />) {
  const harness = await createHarness()
  stops.push(harness.cleanup)
  const tree = (next: Omit<PorticoUIProps, 'children'>) => (
    <PorticoProvider config={harness.portico} queryClient={harness.queryClient} reconnectOnMount={false}>
      <PorticoUI {...next}>{children}</PorticoUI>
    </PorticoProvider>
  )
  const screen = await render(tree(props))
  return { ...harness, rerender: (next: Omit<PorticoUIProps, 'children'>) => screen.rerender(tree(next)) }
}

const dialog = () => page.getByRole('dialog')

test('behavior: a controlled open={true} the host never changes: Escape, Close and an overlay click each ask once to close, and the modal stays open', async () => {
  const requests: boolean[] = []
  await mount({ open: true, onOpenChange: (open) => requests.push(open) })
  await expect.element(page.getByRole('heading', { name: en.titleConnect })).toBeVisible()
  await expect.poll(() => dialog().element().contains(document.activeElement)).toBe(true)
  await userEvent.keyboard('{Escape}')
  expect(requests).toEqual([false])
  await userEvent.click(page.getByRole('button', { name: en.close }))
  expect(requests).toEqual([false, false])
  await modalSettled()
  await userEvent.click(document.querySelector('[data-slot="modal-overlay"]') as HTMLElement, {
    position: { x: 10, y: 10 },
  })
  await expect.poll(() => requests).toEqual([false, false, false])
  // Still open: only the host's `open` closes it.
  await modalSettled()
  await expect.element(dialog()).toBeVisible()
  expect(requests).not.toContain(true)
})

test('behavior: a controlled open={false} the host never changes: the button asks, nothing opens, and the modal rendered ahead stays hidden and no dialog', async () => {
  const requests: boolean[] = []
  await mount({ open: false, onOpenChange: (open) => requests.push(open) })
  // The closed modal is rendered ahead at idle.
  await expect.poll(() => document.querySelector('[data-slot="modal-content"]')).not.toBeNull()
  const content = document.querySelector('[data-slot="modal-content"]') as HTMLElement
  await userEvent.click(page.getByRole('button', { name: en.connectWallet }))
  expect(requests).toEqual([true])
  expect(dialog().query()).toBeNull()
  expect(content.checkVisibility()).toBe(false)
  expect(content.getAttribute('data-state')).toBe('closed')
  expect(document.querySelector('[data-slot="modal-overlay"]')).toBeNull()
  // The page is not hidden from assistive tech by a modal that is not open.
  expect(document.querySelector('[data-slot="connect-button"]')?.closest('[aria-hidden="true"]')).toBeNull()
})

test('behavior: `theme` gives whole themes per mode: the dark one in dark mode, the light one in light mode', async () => {
  const theme = { dark: darkTheme({ accentColor: '#7b61ff' }), light: lightTheme({ accentColor: '#00a86b' }) }
  const { rerender } = await mount({ theme })
  const background = () =>
    getComputedStyle(page.getByRole('button', { name: en.connectWallet }).element()).backgroundColor
  await expect.poll(background).toBe('rgb(123, 97, 255)')
  await rerender({ theme, themeMode: 'light' })
  await expect.poll(background).toBe('rgb(0, 168, 107)')
  expect(
    document.querySelector('[data-slot="connect-button"]')?.closest('[data-portico]')?.getAttribute('data-theme'),
  ).toBe('light')
})

test("behavior: themeMode 'auto' follows the system's colour scheme, and changes with it while the page is open", async () => {
  const session = cdp() as unknown as { send(method: string, params?: object): Promise<unknown> }
  const scheme = (value: 'light' | 'dark') =>
    session.send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value }] })
  stops.push(() => session.send('Emulation.setEmulatedMedia', { features: [] }))
  // Each step waits for the page's media query to report the emulated scheme, then has a frame
  // drawn before it looks at the kit. The page dispatches `change` to media query listeners only
  // while it renders, and the test frame of this harness sometimes rendered nothing for the whole
  // test unless asked (in about one run of three, no listener, the test's own included, heard any
  // change); a screenshot draws one, and re-renders nothing of the kit's.
  const emulated = async (value: 'light' | 'dark') => {
    await expect.poll(() => window.matchMedia('(prefers-color-scheme: dark)').matches).toBe(value === 'dark')
    await page.screenshot({ save: false })
  }
  await scheme('light')
  await emulated('light')
  await mount({ themeMode: 'auto' })
  const mode = () =>
    document.querySelector('[data-slot="connect-button"]')?.closest('[data-portico]')?.getAttribute('data-theme')
  await expect.poll(mode).toBe('light')
  await scheme('dark')
  await emulated('dark')
  await expect.poll(mode).toBe('dark')
  await scheme('light')
  await emulated('light')
  await expect.poll(mode).toBe('light')
})

test('behavior: a locale changed at runtime switches the text and the lang; host messages still win', async () => {
  const { rerender } = await mount({ locale: 'en' })
  await expect.element(page.getByRole('button', { name: en.connectWallet })).toBeVisible()
  await rerender({ locale: 'de' })
  const root = () => document.querySelector('[data-slot="connect-button"]')?.closest('[data-portico]')
  await expect.poll(() => root()?.getAttribute('lang')).toBe('de')
  await expect
    .poll(() => document.querySelector('[data-slot="connect-button"]')?.textContent)
    .not.toBe(en.connectWallet)
  await rerender({ locale: 'de', messages: { connectWallet: 'Mit Wallet anmelden' } })
  await expect.element(page.getByRole('button', { name: 'Mit Wallet anmelden' })).toBeVisible()
})
