import { type CSSProperties, createContext, useContext } from 'react'
import { UIProviderNotFoundError } from './errors.js'
import type { Locale } from './i18n/locales.js'
import type { Messages } from './i18n/messages.js'
import type { ModalController } from './modal/controller.js'

/** @internal What the UI's components share. */
export type PorticoUIContextValue = {
  /** The modal: its history, open state and each feature's per-instance state (stable). */
  modal: ModalController
  messages: Messages
  /** The language shown (English until the chosen one's catalogue has loaded). */
  locale: Locale
  /** `rtl` for Arabic: set on every root element we render, so the modal mirrors. */
  dir: 'ltr' | 'rtl'
  /** `light` or `dark` after resolving `auto`. */
  mode: 'light' | 'dark'
  /** The resolved theme as `--portico-*` variables, applied on every root element we render. */
  themeStyle: CSSProperties
  embedded: boolean
  appendToBody: boolean
  /** Where the modal portals to when `appendToBody` is false. */
  container: HTMLElement | null
  /** The origins images may load from (see `imageOrigins`), built once per instance. */
  imageOrigins: () => ReadonlySet<string>
}

/** @internal */
export const PorticoUIContext = createContext<PorticoUIContextValue | undefined>(undefined)

/** @internal */
export function usePorticoUI(component: string): PorticoUIContextValue {
  const value = useContext(PorticoUIContext)
  if (!value) throw new UIProviderNotFoundError({ component })
  return value
}
