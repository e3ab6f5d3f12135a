// openSocialPopup on the test window (test/embeddedStandIn.ts records what it opens): one named,
// centred 600x800 window per kit while it stays open, a new one once the user closed it, and the
// browser's refusal (no window, or one closed at once) passed on as `null`.
import { afterEach, expect, test } from 'vitest'
import { embeddedStandIn } from '../../test/embeddedStandIn.js'
import { removeTestWindow } from '../../test/window.js'
import { openSocialPopup, socialPopup } from './socialPopup.js'

afterEach(removeTestWindow)

test('opens one 600x800 window named for the kit, centred on the page; a second call reuses it while it is open', () => {
  const { portico, win, popups } = embeddedStandIn({})
  Object.assign(win, { screenX: 100, screenY: 50, outerWidth: 1400, outerHeight: 1000 })
  const first = openSocialPopup(portico)
  expect(win.open).toHaveBeenCalledTimes(1)
  const [url, name, features] = win.open.mock.calls[0] ?? []
  // An empty address: the login's own address comes once the frame gives it.
  expect(url).toBe('')
  expect(name).toBe(socialPopup.name)
  expect(features).toBe('popup=yes,width=600,height=800,left=500,top=150')

  expect(openSocialPopup(portico)).toBe(first)
  expect(win.open).toHaveBeenCalledTimes(1)
  expect(popups).toHaveLength(1)
})

test('a window the user closed is replaced by a new one; a window placed off a small screen starts at 0', () => {
  const { portico, win, popups } = embeddedStandIn({})
  Object.assign(win, { screenX: 0, screenY: 0, outerWidth: 400, outerHeight: 300 })
  const first = openSocialPopup(portico)
  expect(win.open.mock.calls[0]?.[2]).toBe('popup=yes,width=600,height=800,left=0,top=0')
  first?.close()
  const second = openSocialPopup(portico)
  expect(second).not.toBe(first)
  expect(popups).toHaveLength(2)
})

test('a blocked window is null, and the next call asks the browser again', () => {
  const { portico, win } = embeddedStandIn({}, { blocked: true })
  expect(openSocialPopup(portico)).toBeNull()
  expect(openSocialPopup(portico)).toBeNull()
  expect(win.open).toHaveBeenCalledTimes(2)
})

test('a window the browser closed at once (how some blockers refuse) is read as blocked, in the click: null', () => {
  const { portico, win } = embeddedStandIn({})
  win.open.mockImplementation(() => ({ closed: true, location: { href: 'about:blank' }, close() {} }))
  expect(openSocialPopup(portico)).toBeNull()
  // Nothing kept: the next click asks the browser again.
  expect(openSocialPopup(portico)).toBeNull()
  expect(win.open).toHaveBeenCalledTimes(2)
})
