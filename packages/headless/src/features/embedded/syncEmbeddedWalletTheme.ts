import type { AppRequestPayload } from '@portico/secure/protocol'
import type { Portico } from '../../kernel/createPortico.js'

/** The theme the secure frame is given: the spec's themeMode (light or dark) and themeVariables. */
export type EmbeddedWalletTheme = AppRequestPayload<'SYNC_THEME'>

const themes = new WeakMap<Portico, EmbeddedWalletTheme>()
const senders = new WeakMap<Portico, (theme: EmbeddedWalletTheme) => void>()

/** @internal The last theme given for `portico` (sent by the embedded wallet when its frame starts). */
export function embeddedWalletTheme(portico: Portico): EmbeddedWalletTheme | undefined {
  return themes.get(portico)
}

/** @internal Called by the embedded wallet once its frame exists: later themes go straight to it. */
export function onEmbeddedWalletTheme(portico: Portico, send: (theme: EmbeddedWalletTheme) => void): void {
  senders.set(portico, send)
}

/**
 * Gives the embedded wallet's secure frame the host's theme (the spec's sync theme message), so
 * its approval and key-export prompts look like the modal. Call it with the modal's theme and
 * again whenever it changes; before the frame exists it is kept and sent when the frame starts.
 * The frame checks every value (a colour, a length, a font list) and ignores the others with a
 * warning: a theme cannot inject CSS into the frame.
 *
 * @example
 * ```ts
 * syncEmbeddedWalletTheme(portico, { themeMode: 'dark', themeVariables: { '--w3m-accent': '#7b61ff' } })
 * ```
 */
export function syncEmbeddedWalletTheme(portico: Portico, theme: EmbeddedWalletTheme): void {
  themes.set(portico, theme)
  senders.get(portico)?.(theme)
}
