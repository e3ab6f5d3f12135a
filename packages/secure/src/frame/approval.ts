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

let pending: { settle: (approved: boolean) => void } | undefined

const style = `
:root{color-scheme:light dark;font-family:system-ui,sans-serif}
body{margin:0;background:transparent}
.card{box-sizing:border-box;margin:0;padding:20px;min-height:100vh;background:Canvas;color:CanvasText;display:flex;flex-direction:column;gap:12px}
h1{font-size:18px;margin:0}
.origin{font-size:13px;opacity:.75;margin:0}
dl{margin:0;display:grid;gap:6px}
dt{font-size:12px;opacity:.7}
dd{margin:0;font-family:ui-monospace,monospace;font-size:13px;white-space:pre-wrap;overflow-wrap:anywhere;max-height:160px;overflow:auto}
.actions{display:flex;gap:8px;margin-top:auto}
button{flex:1;padding:10px;border-radius:10px;border:1px solid #8884;font:inherit;cursor:pointer}
button[data-kind=approve]{background:#2b6de8;color:#fff;border-color:#2b6de8}
`

/** Shows the prompt; resolves with the user's choice (false when the request is aborted meanwhile). */
export function requestApproval(request: ApprovalRequest, onShow: (visible: boolean) => void): Promise<boolean> {
  cancelApproval()
  const root = document.createElement('section')
  root.className = 'card'
  root.setAttribute('role', 'dialog')
  root.setAttribute('aria-modal', 'true')
  root.setAttribute('aria-labelledby', 'portico-approval-title')
  const heading = document.createElement('h1')
  heading.id = 'portico-approval-title'
  heading.textContent = request.title
  const origin = document.createElement('p')
  origin.className = 'origin'
  origin.textContent = request.origin
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
  const reject = document.createElement('button')
  reject.type = 'button'
  reject.dataset.kind = 'reject'
  reject.textContent = 'Reject'
  const approve = document.createElement('button')
  approve.type = 'button'
  approve.dataset.kind = 'approve'
  approve.textContent = 'Approve'
  actions.append(reject, approve)
  root.append(heading, origin, list, actions)
  const sheet = document.createElement('style')
  sheet.textContent = style
  document.body.replaceChildren(sheet, root)
  onShow(true)
  return new Promise<boolean>((resolve) => {
    const settle = (approved: boolean) => {
      if (pending?.settle !== settle) return
      pending = undefined
      document.body.replaceChildren()
      onShow(false)
      resolve(approved)
    }
    pending = { settle }
    // Only trusted events count: a synthetic click (dispatchEvent) is never an approval.
    approve.addEventListener('click', (event) => settle(event.isTrusted))
    reject.addEventListener('click', () => settle(false))
    approve.focus()
  })
}

/** Closes an open prompt as rejected (an aborted request). */
export function cancelApproval(): void {
  pending?.settle(false)
}
