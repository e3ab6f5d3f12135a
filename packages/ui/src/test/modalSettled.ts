import { expect } from 'vitest'
import { isModalSettled } from './isModalSettled.js'

/**
 * Resolves once the open modal is whole and still (see `isModalSettled`). Clicks that follow a part
 * arriving, and layout checks that read boxes, wait for it: mid-transition, a field low in a view
 * that just grew lies outside the dialog's box although nothing is wrong.
 */
export async function modalSettled(): Promise<void> {
  await expect.poll(isModalSettled).toBe(true)
}

/**
 * Resolves once the Account view is shown, whole and still: its balance and token rows are in (or
 * their error is), its wallet-feature row is shown, and the modal has stopped moving. Those parts
 * arrive after the view paints and grow the centred dialog, moving every button above them. A test
 * that clicks in the Account view waits for this first.
 */
export async function accountViewSettled(): Promise<void> {
  await expect.poll(() => document.querySelector('[role="dialog"] [data-slot="account-view"]') !== null).toBe(true)
  await modalSettled()
}
