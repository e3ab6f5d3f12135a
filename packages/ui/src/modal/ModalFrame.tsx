import { useConnection, useNetwork, usePortico } from '@portico/headless'
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react'
import { Icon } from '../components/Icon.js'
import { iconButton } from '../components/primitives.css.js'
import { usePorticoUI } from '../context.js'
import { useStore } from '../utils/store.js'
import { useFeatureTitle } from './featureTitle.js'
import * as css from './modal.css.js'
import { shownView } from './navigation.js'
import { ShakeContext, shakeMs } from './shake.js'
import { ViewLoading } from './ViewLoading.js'
import { ViewUnavailable } from './ViewUnavailable.js'
import { useView, viewTitle } from './views.js'

/**
 * @internal
 * Header (back, title, close), animated height and the view shown: the top of the history as the
 * connection decides it at render (see `shownView`). Shared by the dialog and the embedded modal.
 */
export function ModalFrame({ title }: { title?: (text: string) => ReactNode }) {
  const { modal, messages, embedded } = usePorticoUI('ModalFrame')
  const { history, direction } = useStore(modal.navigation)
  const { isConnected } = useConnection()
  const { showUnsupportedView } = useNetwork()
  const top = history[history.length - 1] ?? { view: 'Connect' }
  const entry = shownView(top, { isConnected, showUnsupported: showUnsupportedView })
  const featureTitle = useFeatureTitle(entry)
  const { portico } = usePortico('ModalFrame')
  // From the page-start catalogue (the connection's views), else the feature's own catalogue.
  const text = viewTitle(modal.table, entry, messages, portico) ?? featureTitle ?? ''
  // A view shown over the history (the unsupported chain) is left only by fixing what shows it.
  const canGoBack = history.length > 1 && entry === top

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

  const [shaking, setShaking] = useState(false)
  const shake = useCallback(() => setShaking(true), [])
  useEffect(() => {
    if (!shaking) return
    const timer = setTimeout(() => setShaking(false), shakeMs)
    return () => clearTimeout(timer)
  }, [shaking])

  // A view whose code could not arrive (offline, a deploy replaced its chunk) says so, with Try
  // again fetching it anew, rather than spinning for good.
  const [attempt, retry] = useReducer((n: number) => n + 1, 0)
  const View = useView(modal.table, entry.view, attempt)
  return (
    <div
      data-slot="modal-frame"
      data-view={entry.view}
      data-shake={shaking}
      className={embedded ? css.inline : undefined}
    >
      <div className={css.header}>
        {canGoBack ? (
          <button
            type="button"
            className={iconButton}
            onClick={modal.back}
            aria-label={messages.back}
            data-slot="modal-back"
          >
            <Icon name="back" />
          </button>
        ) : (
          <span />
        )}
        {title ? title(text) : <h2 className={css.title}>{text}</h2>}
        {embedded ? (
          <span />
        ) : (
          <button
            type="button"
            className={iconButton}
            onClick={modal.close}
            aria-label={messages.close}
            data-slot="modal-close"
          >
            <Icon name="close" />
          </button>
        )}
      </div>
      <div className={css.sizer} style={{ height }}>
        <div ref={inner}>
          <div
            key={`${history.length}:${entry.view}`}
            className={css.body}
            data-direction={direction}
            data-slot="modal-body"
          >
            <ShakeContext.Provider value={shake}>
              {View ? <View {...entry} /> : View === null ? <ViewUnavailable onRetry={retry} /> : <ViewLoading />}
            </ShakeContext.Provider>
          </div>
        </div>
      </div>
    </div>
  )
}
