import { useAlerts, useConnection, usePortico } from '@portico/headless'
import { sendAnalyticsEvent } from '@portico/headless/internal'
import { Direction } from 'radix-ui'
import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react'
import { createPortal } from 'react-dom'
import { Icon } from '../components/Icon.js'
import { iconButton } from '../components/primitives.css.js'
import { ThemeRoot } from '../components/ThemeRoot.js'
import { type PorticoUIContextValue, usePorticoUI } from '../context.js'
import type { Messages } from '../i18n/messages.js'
import type { ViewName } from '../state/modalStore.js'
import { type FeatureViewName, useFeatureTitle } from './featureTitle.js'
import { ModalContent } from './ModalContent.js'
import { ModalOverlay } from './ModalOverlay.js'
import * as css from './modal.css.js'
import { Activity } from './prerender.js'
import { watchPageScrollbar } from './scrollLock.js'
import { Toaster } from './Toaster.js'
import { afterNextPaint } from './useAfterFirstPaint.js'
import { ViewSwitch } from './ViewSwitch.js'
import { warmLayoutAtIdle } from './warmLayout.js'

// Feature views (Send, Swap, Buy, …) title themselves from their own catalogues: see featureTitle.ts.
const titles: Record<Exclude<ViewName, FeatureViewName>, keyof Messages> = {
  Connect: 'titleConnect',
  AllWallets: 'titleAllWallets',
  ConnectingExternal: 'titleConnect',
  ConnectingWalletConnect: 'titleWalletConnect',
  ConnectingWalletConnectBasic: 'titleWalletConnect',
  Account: 'titleAccount',
  Networks: 'titleNetworks',
  UnsupportedChain: 'titleUnsupported',
  // Titled with the app's name below; the key is the fallback.
  SIWXSignMessage: 'titleConnect',
}

function useModalState(ui: PorticoUIContextValue) {
  return useSyncExternalStore(ui.store.subscribe, ui.store.getState, ui.store.getState)
}

/**
 * @internal The dialog: ModalContent handles focus trap and restore, Escape and outside presses;
 * ModalOverlay the scroll lock.
 */
export function Modal() {
  const ui = usePorticoUI('Modal')
  const state = useModalState(ui)
  useModalSignals(ui, state.open)
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
  const [wasOpen, setWasOpen] = useState(state.open)
  if (wasOpen !== state.open) {
    setWasOpen(state.open)
    if (!state.open) setGeneration(generation + 1)
  }
  if (typeof document === 'undefined') return null
  const container = (ui.appendToBody ? null : ui.container) ?? document.body
  const dialog = (
    <ThemeRoot>
      <Direction.Provider dir={ui.dir}>
        {state.open ? <ModalOverlay /> : null}
        <ModalContent store={ui.store} titleId={titleId} open={state.open}>
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
          effects unmounted), and re-renders at idle priority: opening only reveals it (issue 18). */}
      {Activity
        ? createPortal(<Activity mode={state.open ? 'visible' : 'hidden'}>{dialog}</Activity>, container)
        : state.open
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

/**
 * @internal
 * Header, animated height and the current view; shared by the dialog and the embedded modal.
 */
export function ModalFrame({ title }: { title?: (text: string) => ReactNode }) {
  const ui = usePorticoUI('ModalFrame')
  const state = useModalState(ui)
  const entry = state.history[state.history.length - 1] ?? { view: 'Connect' as const }
  // A directory wallet's view is titled with the wallet's name (spec: the wallet being connected).
  const featureTitle = useFeatureTitle(entry)
  const appName = usePortico('ModalFrame').portico.options.metadata?.name
  const text =
    entry.view === 'ConnectingWalletConnect'
      ? entry.data.wallet.name
      : entry.view === 'SIWXSignMessage' && appName
        ? appName
        : entry.view in titles
          ? (ui.messages[titles[entry.view as keyof typeof titles]] as string)
          : (featureTitle ?? '')
  const canGoBack = state.history.length > 1
  const showClose = !ui.embedded

  // Animate the modal's height between views (spec: 150 ms) by measuring the content.
  const inner = useRef<HTMLDivElement>(null)
  const [height, setHeight] = useState<number | undefined>(undefined)
  useLayoutEffect(() => {
    const node = inner.current
    if (!node || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => setHeight(node.offsetHeight))
    observer.observe(node)
    return () => observer.disconnect()
  }, [])

  const shake = useShake(ui)
  return (
    <div
      data-slot="modal-frame"
      data-view={entry.view}
      data-shake={shake}
      className={ui.embedded ? css.inline : undefined}
    >
      <div className={css.header}>
        {canGoBack ? (
          <button
            type="button"
            className={iconButton}
            onClick={ui.store.back}
            aria-label={ui.messages.back}
            data-slot="modal-back"
          >
            <Icon name="back" />
          </button>
        ) : (
          <span />
        )}
        {title ? title(text) : <h2 className={css.title}>{text}</h2>}
        {showClose ? (
          <button
            type="button"
            className={iconButton}
            onClick={ui.store.close}
            aria-label={ui.messages.close}
            data-slot="modal-close"
          >
            <Icon name="close" />
          </button>
        ) : (
          <span />
        )}
      </div>
      <div className={css.sizer} style={{ height }}>
        <div ref={inner}>
          <div
            key={`${state.history.length}:${entry.view}`}
            className={css.body}
            data-direction={state.direction}
            data-slot="modal-body"
          >
            <ViewSwitch entry={entry} />
          </div>
        </div>
      </div>
    </div>
  )
}

/** Shakes the frame (spec: 500 ms) when a view calls `store.shake()`, e.g. on a rejection. */
function useShake(ui: PorticoUIContextValue) {
  const [shaking, setShaking] = useState(false)
  useEffect(() => ui.store.onShake(() => setShaking(true)), [ui.store])
  useEffect(() => {
    if (!shaking) return
    const timer = setTimeout(() => setShaking(false), 500)
    return () => clearTimeout(timer)
  }, [shaking])
  return shaking
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

/**
 * Analytics for the modal's life (no request at all when analytics is off) and error alerts as
 * toasts (e.g. 'Invalid App Configuration'). Lives in the lazily loaded chunk: none of it costs
 * page start.
 */
function useModalSignals(ui: PorticoUIContextValue, open: boolean) {
  const { portico } = usePortico('Modal')
  const { address, status } = useConnection()
  const wasOpen = useRef<boolean | undefined>(undefined)
  useEffect(() => {
    if (wasOpen.current === open) return
    // Sent after the frame that shows (or hides) the modal: the first event asks the project's
    // analytics configuration, a request that has no place between the click and the list.
    if (wasOpen.current !== undefined || open) {
      const event = { event: open ? 'MODAL_OPEN' : 'MODAL_CLOSE', properties: { connected: Boolean(address) } }
      afterNextPaint(() => void sendAnalyticsEvent(portico, event, address))
    }
    wasOpen.current = open
  }, [open, portico, address])
  const previous = useRef(status)
  useEffect(() => {
    if (previous.current !== 'connected' && status === 'connected')
      void sendAnalyticsEvent(portico, { event: 'CONNECT_SUCCESS' }, address)
    previous.current = status
  }, [status, portico, address])
  useAlerts((alert) => {
    if (alert.severity !== 'error' || alert.id <= ui.store.lastAlertShown) return
    ui.store.lastAlertShown = alert.id
    ui.store.showToast('error', alert.message)
  })
}
