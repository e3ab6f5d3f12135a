import { frameTexts } from '../protocol/texts.js'
import { button, setDappData, setStorageNote, showAlert, showPrompt } from './ui.js'
import { guardPrompt, type PromptGuard } from './visibility.js'

/**
 * A window of the wallet's own origin, opened by the frame from a click in it, for the two steps a
 * frame inside another site cannot do well by itself:
 * - `approval`: where the browser cannot tell the frame whether it is visible (no
 *   IntersectionObserver v2: Firefox, Safari), the approval is shown here instead. A top-level
 *   window cannot be made transparent or covered by the page, and its address bar shows the wallet's
 *   origin. The frame keeps the key and signs; the window only carries the user's answer back.
 * - `storage`: a visit to the wallet's own site as a first party, which browsers require before
 *   they let a frame of that site ask for storage access (Chrome, Safari).
 *
 * The frame and the window trust only each other: the window answers only its opener, on this
 * origin; the frame listens only to the window it opened, on this origin. The page that embeds the
 * frame has neither reference nor origin.
 */

export type WalletWindowKind = 'approval' | 'storage'

/** What the frame sends its approval window to draw (all of it already checked by the frame). */
export type WindowApproval = {
  title: string
  origin: string
  rows: readonly { label: string; value: string }[]
  dapp?: { name: string; icon?: string | undefined } | undefined
  storageNote?: string | undefined
  /** The frame's theme, as `--portico-*` custom properties already sanitised there. */
  theme: readonly [string, string][]
}

type FromWindow = { type: 'ready' } | { type: 'answer'; approved: boolean } | { type: 'done' }
type ToWindow = { type: 'show'; approval: WindowApproval }

const channel = 'portico-wallet-window'
const hashes: Record<WalletWindowKind, string> = { approval: '#portico-approval', storage: '#portico-storage' }

/** The window kind this document was opened as, when it is one (top level, with an opener, the hash). */
export function walletWindowKind(): WalletWindowKind | undefined {
  if (window.parent !== window || !window.opener) return undefined
  return (Object.keys(hashes) as WalletWindowKind[]).find((kind) => location.hash === hashes[kind])
}

function read(event: MessageEvent): FromWindow | ToWindow | undefined {
  const data = event.data as { channel?: unknown; message?: { type?: unknown } } | null
  if (data?.channel !== channel || typeof data.message?.type !== 'string') return undefined
  return data.message as FromWindow | ToWindow
}
const wrap = (message: FromWindow | ToWindow) => ({ channel, message })

/** The frame's handle on a window it opened. */
export type OpenedWindow = { focus(): void; close(): void }

/**
 * Opens the wallet's window of `kind` from the frame (call it from a click: browsers open windows
 * only on a user's gesture). `onMessage` hears the window; `onClosed` runs once when it is gone,
 * however it went. Returns `undefined` when the browser refused to open it.
 */
export function openWalletWindow(
  kind: WalletWindowKind,
  handlers: {
    onReady?: (send: (approval: WindowApproval) => void) => void
    onAnswer?: (approved: boolean) => void
    onDone?: () => void
    onClosed: () => void
  },
): OpenedWindow | undefined {
  const url = `${location.origin}${location.pathname}${hashes[kind]}`
  const opened = window.open(url, '_blank', 'popup,width=420,height=640')
  if (!opened) return undefined
  let ended = false
  const end = () => {
    if (ended) return
    ended = true
    window.removeEventListener('message', onMessage)
    clearInterval(poll)
    handlers.onClosed()
  }
  const onMessage = (event: MessageEvent) => {
    if (event.source !== opened || event.origin !== location.origin) return
    const message = read(event)
    if (message?.type === 'ready')
      handlers.onReady?.((approval) => opened.postMessage(wrap({ type: 'show', approval }), location.origin))
    else if (message?.type === 'answer' && typeof message.approved === 'boolean') {
      handlers.onAnswer?.(message.approved)
      finish()
    } else if (message?.type === 'done') {
      handlers.onDone?.()
      finish()
    }
  }
  // The frame closes the window once it has heard its last word. Were the window to close itself
  // right after posting, a look at `closed` could come before the message (they travel apart),
  // and an approval would be read as the user closing the window: a rejection.
  const finish = () => {
    opened.close()
    end()
  }
  window.addEventListener('message', onMessage)
  // A closed window sends nothing: its closing is seen by looking (browsers have no event for it).
  const poll = setInterval(() => {
    if (opened.closed) end()
  }, 250)
  return {
    focus: () => opened.focus(),
    close: finish,
  }
}

/** Runs this document as the wallet's window of `kind` (see {@link walletWindowKind}). */
export function runWalletWindow(kind: WalletWindowKind): void {
  const opener = window.opener as Window
  const send = (message: FromWindow) => opener.postMessage(wrap(message), location.origin)
  // The frame closes this window when it hears the last message (see openWalletWindow); the window
  // closes itself only when no frame is left to do it.
  const last = (message: FromWindow) => {
    send(message)
    if (opener.closed) window.close()
  }
  if (kind === 'storage') {
    showStorageVisit(() => last({ type: 'done' }))
    return
  }
  window.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== opener || event.origin !== location.origin) return
    const message = read(event)
    if (message?.type !== 'show') return
    showWindowApproval(message.approval, (approved) => last({ type: 'answer', approved }))
  })
  send({ type: 'ready' })
}

function showStorageVisit(onContinue: () => void): void {
  document.title = 'Portico wallet'
  showPrompt({ title: 'Portico wallet', origin: location.origin, onClose: () => {} }, ({ body, actions }) => {
    const text = document.createElement('p')
    text.className = 'note'
    text.textContent =
      'This is the wallet’s own page. Opening it lets your browser know you use this wallet; go back to the site you came from and allow access there.'
    body.append(text)
    const next = button('Continue', 'approve')
    next.addEventListener('click', (event) => {
      if (event.isTrusted) onContinue()
    })
    actions.append(next)
    return next
  })
}

function showWindowApproval(approval: WindowApproval, answer: (approved: boolean) => void): void {
  document.title = approval.title
  const root = document.documentElement
  for (const [name, value] of approval.theme)
    if (/^--portico-[A-Za-z0-9-]+$/.test(name) && !/[;{}<>\\]|url\(|expression\(|@import/i.test(value))
      root.style.setProperty(name, value)
  setDappData({
    projectId: 'window',
    metadata: { name: approval.dapp?.name ?? '', icons: [approval.dapp?.icon ?? ''] },
  })
  setStorageNote(approval.storageNote)
  let answered = false
  let guard: PromptGuard | undefined
  showPrompt(
    {
      title: approval.title,
      origin: approval.origin,
      onClose: () => {
        guard?.stop()
        if (!answered) answer(false)
      },
    },
    ({ card, body, alert, actions }, close) => {
      const list = document.createElement('dl')
      for (const row of approval.rows) {
        const dt = document.createElement('dt')
        dt.textContent = row.label
        const dd = document.createElement('dd')
        dd.textContent = row.value
        list.append(dt, dd)
      }
      body.append(list)
      const reject = button('Reject', 'reject')
      const approve = button('Approve', 'approve')
      actions.append(reject, approve)
      // The window arms like the frame does (it may open under the cursor of a double-click), and
      // again whenever the user leaves it.
      guard = guardPrompt(card, (state) => approve.setAttribute('aria-disabled', String(state !== 'armed')), {
        focus: true,
      })
      approve.addEventListener('click', async (event) => {
        if (!event.isTrusted || answered) return
        if (!(await guard?.confirm())) {
          if (guard?.state() === 'hidden') showAlert(alert, `${frameTexts.approvalHidden}: your click did not count.`)
          return
        }
        answered = true
        answer(true)
        close()
      })
      reject.addEventListener('click', () => {
        answered = true
        answer(false)
        close()
      })
      // Closing the window is a rejection too.
      window.addEventListener('pagehide', () => {
        if (answered) return
        answered = true
        answer(false)
      })
      return approve
    },
  )
}
