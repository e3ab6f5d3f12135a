import { useAlerts, useConnection, usePortico } from '@portico/headless'
import { checkAllowedOrigin, sendAnalyticsEvent } from '@portico/headless/internal'
// Radix's own packages, not the `radix-ui` barrel: esbuild gives a chunk importing a barrel every
// module of it the host's build uses (the Account view's Tabs, with roving focus and collection),
// 7.2 KiB gzip more on the first opening of the README page's modal.
import * as Direction from '@radix-ui/react-direction'
import { useEffect, useId, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { ThemeRoot } from '../components/ThemeRoot.js'
import { usePorticoUI } from '../context.js'
import { trackJourney } from './analyticsJourney.js'
import { ModalContent } from './ModalContent.js'
import { ModalFrame } from './ModalFrame.js'
import { ModalOverlay } from './ModalOverlay.js'
import * as css from './modal.css.js'
import { Activity } from './prerender.js'
import { watchPageScrollbar } from './scrollLock.js'
import { Toaster } from './Toaster.js'
import { useToasts } from './toasts.js'
import { afterNextPaint } from './useAfterFirstPaint.js'
import { warmLayoutAtIdle } from './warmLayout.js'

/**
 * @internal The dialog: ModalContent handles focus trap and restore, Escape and outside presses;
 * ModalOverlay the scroll lock.
 */
export function Modal({ open }: { open: boolean }) {
  const ui = usePorticoUI('Modal')
  useModalSignals(open)
  const titleId = useId()
  // The page's scrollbar, followed from now on, so opening reads no layout (see ModalOverlay).
  useEffect(watchPageScrollbar, [])
  // The closed dialog, rendered ahead and hidden, laid out once as a copy at idle (see warmLayout).
  useEffect(
    () =>
      Activity
        ? warmLayoutAtIdle(() => {
            const root = document.getElementById(titleId)?.closest<HTMLElement>('[data-portico]')
            // Once a view is in it (not the loading state of a view still on its way).
            return root?.querySelector('[data-slot="modal-body"] [data-slot$="-view"]') ? root : null
          })
        : undefined,
    [titleId],
  )
  // A fresh frame after each close, rendered ahead while hidden: the next opening starts from a new
  // view (no text typed before, no scroll position), as it did when the closed modal was unmounted.
  const [generation, setGeneration] = useState(0)
  const [wasOpen, setWasOpen] = useState(open)
  if (wasOpen !== open) {
    setWasOpen(open)
    if (!open) setGeneration(generation + 1)
  }
  if (typeof document === 'undefined') return null
  const container = (ui.appendToBody ? null : ui.container) ?? document.body
  const dialog = (
    <ThemeRoot>
      <Direction.Provider dir={ui.dir}>
        {open ? <ModalOverlay /> : null}
        <ModalContent modal={ui.modal} titleId={titleId} open={open}>
          <ModalFrame
            key={generation}
            title={(text) => (
              <h2 id={titleId} className={css.title}>
                {text}
              </h2>
            )}
          />
        </ModalContent>
      </Direction.Provider>
    </ThemeRoot>
  )
  return (
    <>
      {/* With React's <Activity> the closed dialog stays rendered, hidden (display: none, its
          effects unmounted), and re-renders at idle priority: opening only reveals it. */}
      {Activity
        ? createPortal(<Activity mode={open ? 'visible' : 'hidden'}>{dialog}</Activity>, container)
        : open
          ? createPortal(dialog, container)
          : null}
      {/* Toasts outlive the dialog (e.g. "Wallet disconnected" after it closed): their own portal. */}
      {createPortal(
        <ThemeRoot>
          <Toaster />
        </ThemeRoot>,
        container,
      )}
    </>
  )
}

/** @internal The modal rendered inline in the host's layout (`<PorticoUI embedded>`). */
export function EmbeddedModal() {
  return (
    <ThemeRoot>
      <ModalFrame />
      <Toaster />
    </ThemeRoot>
  )
}

/** Whether this modal reports the journey yet (see `trackJourney`). */
const journeyState = () => ({ started: false })

/**
 * Analytics for the modal's life and the user's journey from its first opening (`INITIALIZE`,
 * then each step: analyticsJourney.ts; no request at all when analytics is off), the allowed-origins
 * check on the first opening, and error and warning alerts as toasts (e.g. 'Invalid App
 * Configuration', 'Origin Not Allowed'). Lives in the lazily loaded chunk: none of it costs
 * page start.
 */
function useModalSignals(open: boolean) {
  const { portico, queryClient } = usePortico('Modal')
  const { modal } = usePorticoUI('Modal')
  const toasts = useToasts()
  const { address } = useConnection()
  const wasOpen = useRef<boolean | undefined>(undefined)
  // The journey is reported from the first opening for the modal's life, not only while it shows:
  // disconnecting closes it first, and a swap may be confirmed after it closed.
  const journey = modal.local(journeyState)
  useEffect(() => {
    if (wasOpen.current === open) return
    // Sent after the frame that shows (or hides) the modal: the first event asks the project's
    // analytics configuration, a request that has no place between the click and the list.
    if (wasOpen.current !== undefined || open) {
      const event = { event: open ? 'MODAL_OPEN' : 'MODAL_CLOSE', properties: { connected: Boolean(address) } }
      afterNextPaint(() => {
        if (open && !journey.started) {
          journey.started = true
          trackJourney(portico, queryClient)
        }
        void sendAnalyticsEvent(portico, event, address)
        // The page's origin against the project's allow-list ('Origin Not Allowed'), asked once.
        if (open) void checkAllowedOrigin(portico)
      })
    }
    wasOpen.current = open
  }, [open, portico, queryClient, journey, address])
  // Warnings too: e.g. 'The wallet ended the session', when the wallet (not the user) disconnected.
  useAlerts((alert) => {
    if (alert.severity === 'info' || alert.id <= toasts.lastAlertShown) return
    toasts.lastAlertShown = alert.id
    toasts.show('error', alert.message)
  })
}
