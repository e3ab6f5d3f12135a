/**
 * True once the open modal is whole and still: no part of a view is still on its way (`data-pending`:
 * the view's own chunk, the Account view's balance and token rows, a lazy part's code, a feature's
 * text, the data a part waits for before it knows whether it shows; see `PartPending`), the sizer
 * (which follows the view's height with a transition) has reached the view's height, and no
 * animation but a spinner's runs. Parts that arrive after a view paints grow
 * the centred dialog and move every button above them: a press and a release on different spots
 * make no click, and boxes read mid-transition lie.
 *
 * One rule for both suites: the browser tests poll it, and the e2e tests hand it to Playwright's
 * `page.waitForFunction`, which sends its source text to the page. So it stays self-contained: no
 * imports, nothing from outside its own body.
 */
export function isModalSettled(): boolean {
  const dialog = document.querySelector('[role="dialog"]')
  const inner = dialog?.querySelector('[data-slot="modal-body"]')?.parentElement
  const sizer = inner?.parentElement
  return Boolean(
    dialog &&
      sizer &&
      !dialog.querySelector('[data-pending]') &&
      Math.abs(sizer.clientHeight - (inner?.offsetHeight ?? 0)) < 1 &&
      dialog
        .getAnimations({ subtree: true })
        // A spinner turns for as long as it is there: it is not the modal moving.
        .every(
          (animation) =>
            animation.playState === 'finished' || animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
        ),
  )
}
