// usePhone and useCoarsePointer in Chromium emulating each device (touch and viewport through the
// DevTools protocol): a phone in portrait and in landscape, a tablet (touch, not a phone), a desktop
// window as narrow as a phone (not a phone), and the values following a resized window. What the
// WalletConnect views do with them (no QR code on a phone) is in WalletConnectPhone.browser.test.tsx
// and WalletConnect.browser.test.tsx; the server render's false is asserted here too.
import { renderToString } from 'react-dom/server'
import { afterEach, expect, test } from 'vitest'
import { cdp, page } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { useCoarsePointer, usePhone } from './phone.js'

// The Playwright provider's session; its `send` type lives in a package the ui types do not load.
const session = () => cdp() as unknown as { send(method: string, params?: object): Promise<unknown> }

afterEach(async () => {
  await session().send('Emulation.setTouchEmulationEnabled', { enabled: false })
  await page.viewport(1280, 800)
})

function Probe() {
  const phone = usePhone()
  const coarse = useCoarsePointer()
  return <output data-phone={String(phone)} data-coarse={String(coarse)} />
}

const probe = () => document.querySelector('output')
const state = () => ({ phone: probe()?.dataset.phone, coarse: probe()?.dataset.coarse })

test('default: a desktop window reads neither phone nor touch, even made as narrow as a phone', async () => {
  await render(<Probe />)
  expect(state()).toEqual({ phone: 'false', coarse: 'false' })
  await page.viewport(390, 844)
  await expect.poll(() => matchMedia('(max-width: 500px)').matches).toBe(true)
  // A mouse is no phone: its user can hold a phone up to this screen's QR code.
  expect(state()).toEqual({ phone: 'false', coarse: 'false' })
})

test('behavior: a touch screen follows the window: tablet (touch, no phone), phone in portrait, phone in landscape, tablet again', async () => {
  // Touch first: Chromium flips `(pointer: coarse)` without a change event; the viewport then fires one.
  await session().send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 })
  await page.viewport(820, 1180)
  const screen = await render(<Probe />)
  expect(state()).toEqual({ phone: 'false', coarse: 'true' })
  await page.viewport(390, 844)
  await expect.poll(state).toEqual({ phone: 'true', coarse: 'true' })
  // Landscape: the shorter side is the height, still at most 500 px.
  await page.viewport(844, 390)
  await expect.poll(state).toEqual({ phone: 'true', coarse: 'true' })
  await page.viewport(820, 1180)
  await expect.poll(state).toEqual({ phone: 'false', coarse: 'true' })
  screen.unmount()
  expect(probe()).toBeNull()
})

test('edge: the phone rule is at most 500 px on the shorter side: 500 is a phone, 501 both ways is not', async () => {
  await session().send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 })
  await page.viewport(600, 900)
  await render(<Probe />)
  expect(state().phone).toBe('false')
  await page.viewport(500, 900)
  await expect.poll(() => state().phone).toBe('true')
  await page.viewport(501, 501)
  await expect.poll(() => state().phone).toBe('false')
})

test('default: a server render reads neither, even on a phone (there is no window to ask); the browser render does', async () => {
  await session().send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 })
  await page.viewport(390, 844)
  await expect.poll(() => matchMedia('(pointer: coarse) and (max-width: 500px)').matches).toBe(true)
  const html = renderToString(<Probe />)
  expect(html).toContain('data-phone="false"')
  expect(html).toContain('data-coarse="false"')
  await render(<Probe />)
  expect(state()).toEqual({ phone: 'true', coarse: 'true' })
})
