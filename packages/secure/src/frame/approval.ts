import { button, closePrompt, showPrompt } from './ui.js'

/**
 * The approval prompt, drawn by the secure origin in its own document. The host page can ask the
 * frame to sign, but only a click inside this cross-origin document approves: no message a host
 * script can post approves anything, and a host script cannot reach into this document.
 */

export type ApprovalRequest = {
  title: string
  /** The host page asking (shown so the user knows who asks). */
  origin: string
  rows: readonly { label: string; value: string }[]
}

/** Shows the prompt; resolves with the user's choice (false when the request is aborted meanwhile). */
export function requestApproval(request: ApprovalRequest, onShow: (visible: boolean) => void): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    let approved = false
    showPrompt(
      {
        title: request.title,
        origin: request.origin,
        onClose: () => {
          onShow(false)
          resolve(approved)
        },
      },
      (card, close) => {
        const list = document.createElement('dl')
        for (const row of request.rows) {
          const dt = document.createElement('dt')
          dt.textContent = row.label
          const dd = document.createElement('dd')
          dd.textContent = row.value
          list.append(dt, dd)
        }
        const actions = document.createElement('div')
        actions.className = 'actions'
        const reject = button('Reject', 'reject')
        const approve = button('Approve', 'approve')
        actions.append(reject, approve)
        card.append(list, actions)
        // Only trusted events count: a synthetic click (dispatchEvent) is never an approval.
        approve.addEventListener('click', (event) => {
          approved = event.isTrusted
          close()
        })
        reject.addEventListener('click', close)
        return approve
      },
    )
    onShow(true)
  })
}

/** Closes an open prompt as rejected (an aborted request). */
export function cancelApproval(): void {
  closePrompt()
}
