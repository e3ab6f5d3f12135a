// @vitest-environment happy-dom
// lockScroll's bookkeeping on <html> (the lock is an attribute the static stylesheet reads):
// nesting, the page's own inline styles left exactly as they were, stray releases, and a server
// with no document. A DOM test in the unit project (happy-dom, like imageSource.test.ts): the name
// `scrollLock.browser.test.tsx` would differ only in case from ScrollLock.browser.test.tsx, which
// covers the real CSS (overflow hidden under CSP) and the scrollbar watcher in Chromium.
import { afterEach, expect, test, vi } from 'vitest'
import { lockScroll, pageHasScrollbar, scrollLockAttribute, watchPageScrollbar } from './scrollLock.js'

const root = () => document.documentElement
const lock = () => root().getAttribute(scrollLockAttribute)

/** Every lock a test took is released, so the next test starts unlocked. */
const releases: (() => void)[] = []
const take = (hasScrollbar?: boolean) => {
  const release = lockScroll(hasScrollbar)
  releases.push(release)
  return release
}
afterEach(() => {
  for (const release of releases.splice(0)) release()
  root().removeAttribute('style')
  document.body.removeAttribute('style')
  vi.unstubAllGlobals()
})

test('behavior: locked twice and unlocked once, the page stays locked; the last unlock frees it', () => {
  expect(root().hasAttribute(scrollLockAttribute)).toBe(false)
  const outer = take(false)
  const inner = take(false)
  inner()
  expect(root().hasAttribute(scrollLockAttribute)).toBe(true)
  outer()
  expect(root().hasAttribute(scrollLockAttribute)).toBe(false)
})

test('behavior: overlapping locks released in either order share one lock', () => {
  const first = take(false)
  const second = take(false)
  first()
  expect(root().hasAttribute(scrollLockAttribute)).toBe(true)
  const third = take(false)
  second()
  expect(root().hasAttribute(scrollLockAttribute)).toBe(true)
  third()
  expect(root().hasAttribute(scrollLockAttribute)).toBe(false)
})

test("behavior: the page's own overflow and padding (a scrollbar-width padding included) are never touched, and are exactly as before after unlock", () => {
  root().setAttribute('style', 'overflow-y: scroll; padding-right: 17px; scrollbar-gutter: auto;')
  document.body.setAttribute('style', 'overflow: auto; padding-right: 15px; margin: 0px;')
  const htmlBefore = root().getAttribute('style')
  const bodyBefore = document.body.getAttribute('style')
  const release = take(true)
  // Locked by attribute alone: no inline style is written (a strict CSP's `style-src` allows it).
  expect(lock()).toBe('gutter')
  expect(root().getAttribute('style')).toBe(htmlBefore)
  expect(document.body.getAttribute('style')).toBe(bodyBefore)
  release()
  expect(root().getAttribute('style')).toBe(htmlBefore)
  expect(document.body.getAttribute('style')).toBe(bodyBefore)
  expect(root().style.paddingRight).toBe('17px')
  expect(root().hasAttribute(scrollLockAttribute)).toBe(false)
})

test('behavior: a page with a scrollbar keeps its gutter; one without gets none; the first lock decides for nested ones', () => {
  const withBar = take(true)
  expect(lock()).toBe('gutter')
  const nested = take(false)
  expect(lock()).toBe('gutter')
  nested()
  withBar()
  const noBar = take(false)
  expect(lock()).toBe('')
  noBar()
})

test('default: without a measured answer, lockScroll reads the page: a layout where <html> is narrower than the window has a scrollbar', () => {
  const width = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth')
  Object.defineProperty(root(), 'clientWidth', { configurable: true, get: () => window.innerWidth - 15 })
  try {
    expect(pageHasScrollbar()).toBe(true)
    take()
    expect(lock()).toBe('gutter')
  } finally {
    Reflect.deleteProperty(root(), 'clientWidth')
  }
  expect(Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth')).toEqual(width)
})

test('edge: a release called again, even after a new lock was taken, does not free the new lock', () => {
  const stale = take(false)
  stale()
  stale()
  expect(root().hasAttribute(scrollLockAttribute)).toBe(false)
  const fresh = take(false)
  stale()
  expect(root().hasAttribute(scrollLockAttribute)).toBe(true)
  fresh()
  expect(root().hasAttribute(scrollLockAttribute)).toBe(false)
  // The count never went below zero: one lock still locks, one release still frees.
  const again = take(false)
  expect(root().hasAttribute(scrollLockAttribute)).toBe(true)
  again()
  expect(root().hasAttribute(scrollLockAttribute)).toBe(false)
})

test('edge: a server render (no document) takes no lock and gets a harmless release', () => {
  vi.stubGlobal('document', undefined)
  const release = lockScroll(true)
  expect(pageHasScrollbar()).toBe(false)
  expect(() => watchPageScrollbar()).not.toThrow()
  release()
  vi.unstubAllGlobals()
  // The browser's count was not touched: a real lock and its release still work.
  const real = take(false)
  expect(root().hasAttribute(scrollLockAttribute)).toBe(true)
  real()
  expect(root().hasAttribute(scrollLockAttribute)).toBe(false)
})
