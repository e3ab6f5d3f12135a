import { expect } from 'vitest'
import { commands, page } from 'vitest/browser'
import { modalSettled } from './modalSettled.js'

/**
 * A user's double click on the element matching `selector` (a button that opens the modal), with a
 * real user's timing: the first press opens the modal, and the second (click count 2, same point)
 * comes once the dialog is on screen and its outside-press listener is in place (one macrotask after
 * it mounts), so it lands on the overlay now over the button. `userEvent.dblClick` sends both presses
 * before that listener exists. Resolves once that second press has been handled.
 */
export async function doubleClickAsAUser(selector: string): Promise<void> {
  await commands.mousePress(selector, 1)
  await expect.element(page.getByRole('dialog')).toBeVisible()
  await modalSettled()
  await commands.mousePress(selector, 2)
  // A dismissal that an intercepted click defers runs one macrotask after it.
  await new Promise((resolve) => setTimeout(resolve, 0))
}
