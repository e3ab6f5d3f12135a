import { useAlerts, useConnection, useNetwork } from '@portico/headless'
import {
  getPrefersDark,
  resolveTheme,
  type ThemeMode,
  type ThemeTokens,
  type ThemeVariables,
  toCssVariables,
  watchColorScheme,
} from '@portico/themes'
import { type CSSProperties, type ReactNode, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import './css/base.css.js'
import { PorticoUIContext, type PorticoUIContextValue } from './context.js'
import { en, type Messages } from './i18n/messages.js'
import { useModalModule } from './modal/loadModal.js'
import { prefetchModalAtIdle } from './modal/prefetchAtIdle.js'
import { createModalStore } from './state/modalStore.js'

export type PorticoUIProps = {
  /** `dark` (default), `light`, or `auto` to follow `prefers-color-scheme`. */
  themeMode?: ThemeMode | undefined
  /** AppKit-style variables (`--w3m-accent`, …) or Portico's own (`--portico-…`); sanitised. */
  themeVariables?: ThemeVariables | undefined
  /** Whole themes for each mode, e.g. `{ dark: darkTheme({ accentColor: '#7b61ff' }) }`. */
  theme?: { light?: ThemeTokens | undefined; dark?: ThemeTokens | undefined } | undefined
  /** Translations: any subset of the message catalogue. */
  messages?: Partial<Messages> | undefined
  /** Portal the modal to `document.body` (default) or render it where `<PorticoUI>` is. */
  appendToBody?: boolean | undefined
  /** The host places `<EmbeddedModal />` inline; it never closes (spec: embedded close rules). */
  embedded?: boolean | undefined
  children?: ReactNode
}

const noop = () => () => {}

/**
 * The prebuilt modal's provider: themes, messages and modal state for `ConnectButton`,
 * `AccountButton`, `NetworkButton` and `useModal`. Place it inside `<PorticoProvider>`. The modal's
 * code loads on demand: nothing of it is fetched until the user reaches for a button.
 *
 * @example
 * <PorticoProvider config={portico}>
 *   <PorticoUI themeMode="auto" themeVariables={{ '--w3m-accent': '#7b61ff' }}>
 *     <ConnectButton />
 *   </PorticoUI>
 * </PorticoProvider>
 */
export function PorticoUI({
  themeMode = 'dark',
  themeVariables,
  theme,
  messages,
  appendToBody = true,
  embedded = false,
  children,
}: PorticoUIProps) {
  const { isConnected } = useConnection()
  const { showUnsupportedView } = useNetwork()
  const flags = useRef({ isConnected, showUnsupportedView })
  flags.current = { isConnected, showUnsupportedView }
  const [store] = useState(() =>
    createModalStore({
      isConnected: () => flags.current.isConnected,
      showUnsupported: () => flags.current.showUnsupportedView,
      embedded,
    }),
  )
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run exactly when the connection flags the store reads change.
  useEffect(() => {
    store.syncConnection()
  }, [store, isConnected, showUnsupportedView])
  // The modal and its first view load at idle after the first render, so a click opens them at once.
  useEffect(() => prefetchModalAtIdle(() => (flags.current.isConnected ? 'Account' : 'Connect')), [])

  const prefersDark = useSyncExternalStore(
    themeMode === 'auto' ? watchColorScheme : noop,
    () => (themeMode === 'auto' ? (getPrefersDark() ?? true) : true),
    () => true,
  )
  const resolved = useMemo(
    () => resolveTheme({ themeMode, themeVariables, light: theme?.light, dark: theme?.dark, prefersDark }),
    [themeMode, themeVariables, theme?.light, theme?.dark, prefersDark],
  )

  // Mount the (lazy) modal from its first opening on; read from the store during render so an
  // open() fired by a child's mount effect, before ours run, is not missed.
  const isOpen = useSyncExternalStore(
    store.subscribe,
    () => store.getState().open,
    () => false,
  )
  const [requested, setRequested] = useState(embedded)
  if (isOpen && !requested) setRequested(true)
  const modalRequested = requested || isOpen
  const ModalModule = useModalModule(modalRequested && !embedded)
  // An error alert (e.g. 'Token Balance Unavailable') must be seen even with the modal closed: load
  // the modal chunk, whose toaster shows it. Errors are rare, so page start stays lean.
  useAlerts((alert) => {
    if (alert.severity === 'error' && alert.id > store.lastAlertShown) setRequested(true)
  })

  const [container, setContainer] = useState<HTMLElement | null>(null)
  const value = useMemo<PorticoUIContextValue>(
    () => ({
      store,
      messages: { ...en, ...messages } as Messages,
      mode: resolved.mode,
      themeStyle: toCssVariables(resolved.tokens) as CSSProperties,
      embedded,
      appendToBody,
      container,
    }),
    [store, messages, resolved, embedded, appendToBody, container],
  )

  return (
    <PorticoUIContext.Provider value={value}>
      {children}
      {appendToBody ? null : <div ref={setContainer} data-portico-container="" />}
      {ModalModule ? <ModalModule.Modal /> : null}
    </PorticoUIContext.Provider>
  )
}
