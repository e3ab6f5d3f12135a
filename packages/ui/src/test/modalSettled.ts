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
