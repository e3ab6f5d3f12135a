import { featureState } from '../../kernel/featureState.js'
import type { Portico } from '../../kernel/portico.js'
import { embeddedState } from './state.js'
import type { EmbeddedWalletTheme } from './types.js'

export type { EmbeddedWalletTheme }

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
  const state = featureState(portico, embeddedState)
  state.theme = theme
  state.wallet?.syncTheme(theme)
}
