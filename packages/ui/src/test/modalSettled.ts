import { expect } from 'vitest'

/**
 * Resolves once the open modal has stopped moving: its entrance is over, and its sizer (which
 * follows the view's height with a transition) has reached the view's height. Layout checks read
 * boxes after it: mid-transition, a field low in a view that just grew lies outside the dialog's
 * box although nothing is wrong.
 */
export async function modalSettled(): Promise<void> {
  await expect
    .poll(() => {
      const dialog = document.querySelector('[role="dialog"]')
      const inner = dialog?.querySelector('[data-slot="modal-body"]')?.parentElement
      const sizer = inner?.parentElement
      return Boolean(
        dialog &&
          sizer &&
          Math.abs(sizer.clientHeight - (inner?.offsetHeight ?? 0)) < 1 &&
          dialog
            .getAnimations({ subtree: true })
            // A spinner turns for as long as it is there: it is not the modal moving.
            .every(
              (animation) =>
                animation.playState === 'finished' ||
                animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
            ),
      )
    })
    .toBe(true)
}

/**
 * Resolves once the Account view is whole and still: its balance and token rows are in (or their
 * error is), its wallet-feature row is shown, and the modal has stopped moving. Those parts arrive
 * after the view paints and grow the centred dialog, moving every button above them: a press and a
 * release that land on different spots make no click (the browser fires `click` on their common
 * parent). A test that clicks in the Account view waits for this first.
 */
export async function accountViewSettled(): Promise<void> {
  await expect
    .poll(() => {
      const view = document.querySelector('[role="dialog"] [data-slot="account-view"]')
      return Boolean(view && !view.querySelector('[aria-busy="true"], [data-pending]'))
    })
    .toBe(true)
  await modalSettled()
}
