// A page of its own for browser tests that need the kit on an origin other than the test page's
// (Vitest's `localhost`, which the kit's default allow-list always allows): the test frames it from
// `http://<name>.localhost:<port>`, Vite serving it as it serves the tests. The page renders the UI
// through the test harness (the query gives the project and the services) and tells its parent
// what a test cannot read across origins (its assertions run in their own page; only clicks, by
// Playwright, enter this one): the dialog showing or gone, each toast as it shows, the instance's
// allowed-origins check after each opening, and any error (the page's HTML reports those).
import { createRoot } from 'react-dom/client'
import { afterNextPaint } from '../modal/useAfterFirstPaint.js'
import { useModal } from '../useModal.js'
import { createHarness } from './harness.js'

/** What the page posts to its parent (`*`: the test page is on another origin, on loopback). */
export type OtherOriginMessage =
  | { kind: 'dialog'; open: boolean }
  | { kind: 'toast'; id: string; message: string }
  | { kind: 'originCheck'; result: string }
  | { kind: 'error'; message: string }

const params = new URL(window.location.href).searchParams
const post = (message: OtherOriginMessage) => window.parent.postMessage(message, '*')

const { portico, Wrapper } = await createHarness({
  rpcUrl: params.get('rpcUrl') ?? undefined,
  projectId: params.get('projectId') ?? undefined,
  remoteConfigUrl: params.get('apiUrl') ?? undefined,
  devnetWallet: false,
})

// The dialog as it comes and goes, and every toast, once, as it shows (each leaves after 2.5 s).
const seen = new Set<string>()
let dialog = false
new MutationObserver(() => {
  const shown = document.querySelector('[role="dialog"]') !== null
  if (shown !== dialog) {
    dialog = shown
    post({ kind: 'dialog', open: shown })
    if (shown) reportOriginCheck()
  }
  for (const toast of document.querySelectorAll('[data-slot="toast"]')) {
    const id = toast.getAttribute('data-toast-id') ?? ''
    if (seen.has(id)) continue
    seen.add(id)
    post({ kind: 'toast', id, message: toast.textContent ?? '' })
  }
}).observe(document.body, { childList: true, subtree: true })

/** Resolves once no toast is shown: none is waiting either (a replacement waits with the old one shown). */
function noToast(): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (document.querySelector('[data-slot="toast"]')) return
      observer.disconnect()
      resolve()
    }
    const observer = new MutationObserver(check)
    observer.observe(document.body, { childList: true, subtree: true })
    check()
  })
}

/**
 * The instance's allowed-origins check after an opening, as it settled: two frames after the dialog
 * showed (after the modal's own after-paint work for that opening, the check among it), or as soon
 * after as the modal started it (its chunk may still load on a first opening; the page never starts
 * a check itself), and once its alert, if any, has shown and gone.
 */
function reportOriginCheck() {
  const settled = () => {
    const check = portico._internal.originCheck
    if (!check) return void afterNextPaint(settled)
    void check.then(async (result) => {
      await noToast()
      post({ kind: 'originCheck', result })
    })
  }
  afterNextPaint(() => afterNextPaint(settled))
}

function OpenButton() {
  const { open } = useModal()
  return (
    <button type="button" onClick={() => open()}>
      Open the modal
    </button>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <Wrapper>
    <OpenButton />
  </Wrapper>,
)
