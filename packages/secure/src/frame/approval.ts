import { frameTexts } from '../protocol/texts.js'
import { button, closePrompt, currentDapp, currentStorageNote, showAlert, showPrompt } from './ui.js'
import { canTrackVisibility, guardPrompt, type PromptGuard } from './visibility.js'
import { type OpenedWindow, openWalletWindow } from './walletWindow.js'

/**
 * The approval prompt, drawn by the secure origin in its own document. The host page can ask the
 * frame to sign, but only a click inside this cross-origin document approves: no message a host
 * script can post approves anything, and a host script cannot reach into this document.
 *
 * A click counts only when the user could see what they approve: the prompt must have been fully
 * visible and on top for {@link approvalDelayMs} (IntersectionObserver v2, from inside this
 * document), and still be in a fresh look taken after the click. A click on a prompt the page made
 * transparent, filtered, covered or shrank is not counted: the prompt says so, the page is told (so
 * an honest kit can put the frame back and warn its developer), and the request stays pending until
 * the user approves it in view or rejects it. Where the browser cannot report visibility (Firefox,
 * Safari), the frame has no Approve of its own: the request is approved in a window of the wallet's
 * origin, which the page cannot hide.
 */

export type ApprovalRequest = {
  title: string
  /** The host page asking (shown so the user knows who asks). */
  origin: string
  rows: readonly { label: string; value: string }[]
}

/** How a prompt talks to the page around the frame. */
export type PromptHost = {
  /** Asks the page to show the frame (while a prompt is up) or to hide it. */
  show(visible: boolean): void
  /** Tells the page a click on the prompt was not counted because the page hid or covered it. */
  hidden(): void
}

/** The alert a click on a hidden or covered prompt shows. */
export const hiddenClickText = `${frameTexts.approvalHidden}, so your click did not count. Approve once the whole request is in view.`

/**
 * Wires a prompt's confirming button (Approve, Reveal key) to `guard`: disabled (aria-disabled, so a
 * click still reaches it and can be explained) until armed; a trusted click counts only when
 * {@link PromptGuard.confirm} agrees, otherwise a click on a hidden prompt is explained and reported.
 */
export function guardButton(
  target: HTMLButtonElement,
  guard: PromptGuard,
  alert: HTMLElement,
  host: Pick<PromptHost, 'hidden'>,
  onConfirmed: () => void,
  onHidden: () => void = () => {},
): void {
  target.setAttribute('aria-disabled', String(guard.state() !== 'armed'))
  // One click at a time: a second click (a double click) while the first one's look is awaited
  // would pass that look too, and run the confirmed action twice.
  let checking = false
  target.addEventListener('click', async (event) => {
    // Only trusted events count: a synthetic click (dispatchEvent) is never an approval.
    if (!event.isTrusted || checking) return
    checking = true
    let confirmed: boolean
    try {
      confirmed = await guard.confirm()
    } finally {
      checking = false
    }
    if (confirmed) {
      onConfirmed()
      return
    }
    if (guard.state() !== 'hidden') return
    showAlert(alert, hiddenClickText)
    host.hidden()
    onHidden()
  })
}

/** Shows the prompt; resolves with the user's choice (false when the request is aborted meanwhile). */
export function requestApproval(request: ApprovalRequest, host: PromptHost): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    let approved = false
    let guard: PromptGuard | undefined
    let opened: OpenedWindow | undefined
    showPrompt(
      {
        title: request.title,
        origin: request.origin,
        onClose: () => {
          guard?.stop()
          opened?.close()
          host.show(false)
          resolve(approved)
        },
      },
      ({ card, body, alert, actions }, close) => {
        const list = document.createElement('dl')
        for (const row of request.rows) {
          const dt = document.createElement('dt')
          dt.textContent = row.label
          const dd = document.createElement('dd')
          dd.textContent = row.value
          list.append(dt, dd)
        }
        body.append(list)
        const reject = button('Reject', 'reject')
        reject.addEventListener('click', close)
        /** "Review in a secure window": the request, approved in a window of the wallet's origin. */
        const reviewButton = () => {
          const review = button('Review in a secure window', 'approve')
          review.addEventListener('click', (event) => {
            if (!event.isTrusted) return
            if (opened) return opened.focus()
            opened = openWalletWindow('approval', {
              onReady: (send) =>
                send({ ...request, dapp: currentDapp(), storageNote: currentStorageNote(), theme: themeProperties() }),
              onAnswer: (answer) => {
                approved = answer
                close()
              },
              onClosed: () => {
                opened = undefined
                close()
              },
            })
            if (opened) {
              const note = document.createElement('p')
              note.className = 'note'
              note.textContent = 'Answer in the wallet’s window. Closing it rejects the request.'
              body.append(note)
            } else
              showAlert(alert, 'Your browser blocked the wallet’s window: allow pop-ups for this site, then try again.')
          })
          return review
        }
        if (!canTrackVisibility()) {
          const review = reviewButton()
          actions.append(reject, review)
          return review
        }
        const approve = button('Approve', 'approve')
        actions.append(reject, approve)
        guard = guardPrompt(card, (state) => approve.setAttribute('aria-disabled', String(state !== 'armed')))
        guardButton(
          approve,
          guard,
          alert,
          host,
          () => {
            approved = true
            close()
          },
          // A page that cannot help hiding the frame (say, one that scales its whole layout) still
          // lets the user approve: in the wallet's own window.
          () => {
            if (!actions.querySelector('[data-portico-review]')) {
              const review = reviewButton()
              review.dataset.porticoReview = ''
              review.dataset.kind = 'reject'
              actions.insertBefore(review, approve)
            }
          },
        )
        return approve
      },
    )
    host.show(true)
  })
}

/** The theme custom properties set on this document (already sanitised when set), for the window. */
function themeProperties(): [string, string][] {
  const style = document.documentElement.style
  const properties: [string, string][] = []
  for (let index = 0; index < style.length; index++) {
    const name = style.item(index)
    if (name.startsWith('--portico-')) properties.push([name, style.getPropertyValue(name)])
  }
  return properties
}

/** Closes an open prompt as rejected (an aborted request). */
export function cancelApproval(): void {
  closePrompt()
}
