import { getConnection, useAlerts, usePortico } from '@portico/headless'
import {
  getPrefersDark,
  resolveThemeVariables,
  type ThemeMode,
  type ThemeTokens,
  type ThemeVariables,
  watchColorScheme,
} from '@portico/themes'
import { type CSSProperties, type ReactNode, useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import './css/base.css.js'
import type { AllMessages } from './allMessages.js'
import { imageOrigins } from './components/imageSource.js'
import { PorticoUIContext, type PorticoUIContextValue } from './context.js'
import { viewTable } from './features/index.js'
import type { Locale } from './i18n/locales.js'
import { useLocale } from './i18n/useLocale.js'
import { useModalController } from './modal/controller.js'
import { useModalModule } from './modal/loadModal.js'
import { prefetchModalAtIdle } from './modal/prefetchAtIdle.js'
import { Activity } from './modal/prerender.js'
import { FeatureWatchers } from './modal/watchers.js'

export type PorticoUIProps = {
  /** `dark` (default), `light`, or `auto` to follow `prefers-color-scheme`. */
  themeMode?: ThemeMode | undefined
  /** AppKit-style variables (`--w3m-accent`, …) or Portico's own (`--portico-…`); sanitised. */
  themeVariables?: ThemeVariables | undefined
  /** Whole themes for each mode, e.g. `{ dark: darkTheme({ accentColor: '#7b61ff' }) }`. */
  theme?: { light?: ThemeTokens | undefined; dark?: ThemeTokens | undefined } | undefined
  /**
   * Translations: any subset of the messages (page-start and feature views alike); wins over the
   * `locale`'s own text.
   */
  messages?: Partial<AllMessages> | undefined
  /**
   * The language, a BCP 47 tag matched by best fit (`pt` → `pt-BR`, `zh-Hans` → `zh-CN`, unknown
   * → `en`): en, es, fr, de, pt-BR, zh-CN, ja, ko or ar (right to left). Default: the page's
   * `<html lang>`, else the browser's languages, else `en`. Loaded on demand.
   */
  // `string & {}` keeps the editor's completion of the shipped tags while any tag is accepted.
  locale?: Locale | (string & {}) | undefined
  /** Portal the modal to `document.body` (default) or render it where `<PorticoUI>` is. */
  appendToBody?: boolean | undefined
  /** The host places `<EmbeddedModal />` inline; it never closes (spec: embedded close rules). */
  embedded?: boolean | undefined
  /**
   * Controlled open state, like Radix: with `open` set, the modal opens and closes only when the
   * host changes it; the user's and the kit's requests arrive in `onOpenChange`.
   */
  open?: boolean | undefined
  /** Called with `true` / `false` when the modal asks to open or close (in both modes). */
  onOpenChange?: ((open: boolean) => void) | undefined
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
 *
 * // Controlled, like a Radix Dialog:
 * const [open, setOpen] = useState(false)
 * <PorticoUI open={open} onOpenChange={setOpen}>…</PorticoUI>
 */
export function PorticoUI({
  themeMode = 'dark',
  themeVariables,
  theme,
  messages,
  locale,
  appendToBody = true,
  embedded = false,
  open,
  onOpenChange,
  children,
}: PorticoUIProps) {
  const { portico } = usePortico('PorticoUI')
  const [modal, isOpen] = useModalController({ open, onOpenChange, embedded, table: viewTable })
  // The modal and its first view load at idle after the first render, so a click opens them at once.
  // With React's <Activity> the closed modal is then mounted, hidden, so its first render is done
  // ahead at idle priority too and the click only reveals it (docs/performance.md).
  const [requested, setRequested] = useState(embedded)
  useEffect(
    () =>
      prefetchModalAtIdle(
        viewTable,
        () => (getConnection(portico).isConnected ? 'Account' : 'Connect'),
        Activity ? () => setRequested(true) : undefined,
      ),
    [portico],
  )

  const prefersDark = useSyncExternalStore(
    themeMode === 'auto' ? watchColorScheme : noop,
    () => (themeMode === 'auto' ? (getPrefersDark() ?? true) : true),
    () => true,
  )
  // One step, not resolveTheme then toCssVariables: the latter would parse every colour again
  // before the button's first paint; the output is the same.
  const resolved = useMemo(
    () => resolveThemeVariables({ themeMode, themeVariables, light: theme?.light, dark: theme?.dark, prefersDark }),
    [themeMode, themeVariables, theme?.light, theme?.dark, prefersDark],
  )

  // The (lazy) modal is mounted from its first opening on. Its code failing to arrive (offline, a
  // deploy that replaced it) closes it again, warned about, so the button stays a click away. Each
  // opening and each closing is an attempt of its own: closed, the code is fetched again in the
  // background; a failure seen earlier never closes a new opening; and a host whose controlled
  // `open` stays true is not sent fetching in a loop.
  const [flips, setFlips] = useState({ isOpen, count: 0 })
  if (flips.isOpen !== isOpen) setFlips({ isOpen, count: flips.count + 1 })
  const ModalModule = useModalModule((requested || isOpen) && !embedded, flips.count)
  useEffect(() => {
    if (ModalModule !== null || !isOpen) return
    setRequested(true)
    modal.close()
  }, [ModalModule, isOpen, modal])
  // An error or warning alert (e.g. 'Token Balance Unavailable', 'The wallet ended the session')
  // must be seen even with the modal closed: load the modal chunk, whose toaster shows it. They are
  // rare, so page start stays lean.
  useAlerts((alert) => {
    if (alert.severity !== 'info') setRequested(true)
  })

  const [container, setContainer] = useState<HTMLElement | null>(null)
  const language = useLocale(locale, messages)
  const origins = useMemo(() => imageOrigins(portico), [portico])
  const value = useMemo<PorticoUIContextValue>(
    () => ({
      modal,
      ...language,
      mode: resolved.mode,
      themeStyle: resolved.variables as CSSProperties,
      embedded,
      appendToBody,
      container,
      imageOrigins: origins,
    }),
    [modal, language, resolved, embedded, appendToBody, container, origins],
  )

  return (
    <PorticoUIContext.Provider value={value}>
      {children}
      {appendToBody ? null : <div ref={setContainer} data-portico-container="" />}
      {ModalModule ? <ModalModule.Modal open={isOpen} /> : null}
      <FeatureWatchers />
    </PorticoUIContext.Provider>
  )
}
