// The Account view's wallet features row in real Chromium: it shows its buttons at once, so none
// moves under a pointer already aiming at it. Kept in its own file: the Buy button's chunk must not
// have been loaded by an earlier test (it is cached per page).
import { afterEach, expect, inject, test } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { createHarness } from '../../test/harness.js'

const stops: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of stops.splice(0)) stop()
})

type RowState = { pending: boolean; visible: boolean; offsets: Record<string, number> }

/** The row's states: pending or not, visible or not, each button's offset in it. */
function watchRow() {
  const states: RowState[] = []
  const record = () => {
    const row = document.querySelector<HTMLElement>('[data-slot="wallet-features"]')
    if (!row) return
    const offsets: Record<string, number> = {}
    // Layout offsets, not client rects: the modal's opening animation moves the whole row.
    for (const button of row.querySelectorAll<HTMLElement>('button'))
      offsets[button.dataset.slot ?? ''] = button.offsetLeft - row.offsetLeft
    states.push({
      pending: row.querySelector('[data-pending]') !== null,
      visible: getComputedStyle(row).visibility === 'visible',
      offsets,
    })
  }
  // At each change of the DOM (so a pending state is never missed) and at each frame (what is painted).
  const observer = new MutationObserver(record)
  observer.observe(document.body, { childList: true, subtree: true, attributes: true })
  let frame = requestAnimationFrame(function sample() {
    record()
    frame = requestAnimationFrame(sample)
  })
  stops.push(() => {
    observer.disconnect()
    cancelAnimationFrame(frame)
  })
  return states
}

test('the row waits for a button still loading (Buy), then shows every button at once: Send never moves once shown', async () => {
  // With the blockchain API, which swaps need (without it there is no Swap button).
  const harness = await createHarness({ connected: true, blockchainApiUrl: inject('devnet').apiUrl })
  stops.push(harness.cleanup)
  const states = watchRow()
  const { Wrapper } = harness
  await render(<Wrapper view="Account" />)
  await expect.element(page.getByRole('button', { name: 'Buy', exact: true })).toBeVisible()
  await expect.element(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible()
  // Buy’s chunk had not loaded when the row first rendered: it was pending, and the row hidden.
  expect(states.some((state) => state.pending)).toBe(true)
  expect(states.filter((state) => state.pending).every((state) => !state.visible)).toBe(true)
  // Wherever Send was visible, it was at one place.
  const sendAt = new Set(states.filter((state) => state.visible).map((state) => state.offsets['wallet-feature-send']))
  expect([...sendAt]).toHaveLength(1)
  expect([...sendAt][0]).toBeTypeOf('number')
  // Every feature in spec order, in one row.
  const row = document.querySelector('[data-slot="wallet-features"]') as HTMLElement
  expect([...row.querySelectorAll('button')].map((b) => b.dataset.slot)).toEqual([
    'wallet-feature-buy',
    'wallet-feature-swap',
    'wallet-feature-receive',
    'wallet-feature-send',
  ])
  expect(getComputedStyle(row).visibility).toBe('visible')
})
