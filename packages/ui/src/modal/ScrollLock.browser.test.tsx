// The modal's scroll lock is static CSS keyed off an attribute on <html>: no <style> is injected
// (a strict CSP blocks those, and the page scrolled under the modal).
import { afterEach, expect, inject, test, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { ConnectButton } from '../buttons/ConnectButton.js'
import { createHarness } from '../test/harness.js'
import '../test/provided.js'
import { frames } from '../test/frames.js'
import { lockScroll, pageHasScrollbar, scrollLockAttribute, watchPageScrollbar } from './scrollLock.js'

const devnet = inject('devnet')
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const stop of cleanups.splice(0)) stop()
})

test('lockScroll: reference-counted, released once', () => {
  const first = lockScroll()
  const second = lockScroll()
  expect(document.documentElement.hasAttribute(scrollLockAttribute)).toBe(true)
  first()
  first()
  expect(document.documentElement.hasAttribute(scrollLockAttribute)).toBe(true)
  second()
  expect(document.documentElement.hasAttribute(scrollLockAttribute)).toBe(false)
})

test('the open modal locks page scroll without injecting a <style>, and unlocks on close', async () => {
  const spacer = document.createElement('div')
  spacer.style.height = '5000px'
  document.body.append(spacer)
  cleanups.push(() => spacer.remove())
  const harness = await createHarness({ rpcUrl: devnet.evmRpcUrl })
  cleanups.push(harness.cleanup)
  const { Wrapper } = harness
  await render(
    <Wrapper>
      <ConnectButton />
    </Wrapper>,
  )
  // Vite's dev server delivers lazily loaded CSS as <style data-vite-dev-id>; a build links files.
  const injected = () => document.querySelectorAll('style:not([data-vite-dev-id])').length
  const styles = injected()
  await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
  await expect.element(page.getByRole('dialog')).toBeVisible()
  expect(injected()).toBe(styles)
  expect(document.documentElement.hasAttribute(scrollLockAttribute)).toBe(true)
  expect(getComputedStyle(document.documentElement).overflow).toBe('hidden')
  // (User scrolling under the lock is asserted with real wheel input in tests/e2e/csp.test.ts.)
  await userEvent.keyboard('{Escape}')
  await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
  expect(document.documentElement.hasAttribute(scrollLockAttribute)).toBe(false)
  expect(getComputedStyle(document.documentElement).overflow).toBe('visible')
})

test('the page scrollbar watcher follows the page, and answers without reading layout', async () => {
  watchPageScrollbar()
  await frames()
  // Headless Chromium hides scrollbars (they never take room), so <html>'s width reports one: a
  // 15 px scrollbar while `scrollbar` is true. The ResizeObserver and its timing are real.
  const clientWidth = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth')?.get
  if (!clientWidth) throw new Error('Element.prototype.clientWidth has a getter')
  let scrollbar = false
  let reads = 0
  Object.defineProperty(document.documentElement, 'clientWidth', {
    configurable: true,
    get(this: Element) {
      reads++
      return clientWidth.call(this) - (scrollbar ? 15 : 0)
    },
  })
  const root = document.documentElement
  cleanups.push(() => {
    Reflect.deleteProperty(root, 'clientWidth')
    root.style.paddingRight = ''
  })
  // The page changes so that its scrollbar shows, then goes: <html> gets narrower, then wider again,
  // and the watcher measures it each time.
  for (const shows of [true, false]) {
    scrollbar = shows
    root.style.paddingRight = shows ? '15px' : ''
    await frames()
    reads = 0
    expect(pageHasScrollbar()).toBe(shows)
    expect(reads).toBe(0)
  }
})

test('opening reads no layout for the scrollbar once the closed modal is rendered ahead; the lock is right', async () => {
  const spacer = document.createElement('div')
  spacer.style.height = '5000px'
  document.body.append(spacer)
  cleanups.push(() => spacer.remove())
  const harness = await createHarness({ rpcUrl: devnet.evmRpcUrl })
  cleanups.push(harness.cleanup)
  const { Wrapper } = harness
  await render(
    <Wrapper>
      <ConnectButton />
    </Wrapper>,
  )
  // Every read of <html>'s width while the modal opens, and whether the modal was in the DOM then.
  const reads: boolean[] = []
  const clientWidth = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth')
  if (!clientWidth?.get) throw new Error('Element.prototype.clientWidth has a getter')
  const get = clientWidth.get
  Object.defineProperty(document.documentElement, 'clientWidth', {
    configurable: true,
    get(this: Element) {
      reads.push(document.querySelector('[data-slot="modal-overlay"]') !== null)
      return get.call(this)
    },
  })
  cleanups.push(() => Reflect.deleteProperty(document.documentElement, 'clientWidth'))
  // The closed modal rendered ahead, and a frame for the watcher it starts.
  await vi.waitFor(() => expect(document.querySelector('[data-slot="modal-content"]')).not.toBeNull(), {
    timeout: 10_000,
  })
  await frames()
  await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
  await expect.element(page.getByRole('dialog')).toBeVisible()
  expect(reads).toEqual([])
  // This page scrolls, so its scrollbar keeps its gutter (or has none: overlay scrollbars take no room).
  const gutter = window.innerWidth - get.call(document.documentElement) > 0
  expect(document.documentElement.getAttribute(scrollLockAttribute)).toBe(gutter ? 'gutter' : '')
  await userEvent.keyboard('{Escape}')
  await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
})
