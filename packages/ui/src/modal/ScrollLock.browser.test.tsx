// The modal's scroll lock is static CSS keyed off an attribute on <html>: no <style> is injected
// (a strict CSP blocks those, and the page scrolled under the modal).
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { ConnectButton } from '../buttons/ConnectButton.js'
import { createHarness } from '../test/harness.js'
import '../test/provided.js'
import { lockScroll, scrollLockAttribute } from './scrollLock.js'

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

test('the scrollbar is measured before the modal is in the DOM (a read after it forced a layout of page and modal)', async () => {
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
  await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
  await expect.element(page.getByRole('dialog')).toBeVisible()
  expect(reads.length).toBeGreaterThan(0)
  expect(reads).not.toContain(true)
  // This page scrolls, so its scrollbar keeps its gutter (or has none: overlay scrollbars take no room).
  const gutter = window.innerWidth - get.call(document.documentElement) > 0
  expect(document.documentElement.getAttribute(scrollLockAttribute)).toBe(gutter ? 'gutter' : '')
  await userEvent.keyboard('{Escape}')
  await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
})
