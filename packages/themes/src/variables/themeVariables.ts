/**
 * AppKit-compatible theme variables, for hosts migrating from Reown AppKit / Web3Modal: the
 * `--w3m-…` keys keep their AppKit meaning, and each has a `--portico-…` twin for new code. When
 * both spellings of one variable are given, the `--portico-…` one wins. Values are validated;
 * see {@link applyThemeVariables} for what each one changes.
 *
 * | AppKit key                   | Portico key                      | Value                                   |
 * | ---------------------------- | -------------------------------- | --------------------------------------- |
 * | `--w3m-accent`               | `--portico-accent`               | colour: accent (foreground recomputed)  |
 * | –                            | `--portico-accent-foreground`    | colour: text on the accent              |
 * | `--w3m-color-mix`            | `--portico-color-mix`            | colour blended into surfaces and border |
 * | `--w3m-color-mix-strength`   | `--portico-color-mix-strength`   | number 0–100: how much of it (percent)  |
 * | `--w3m-font-family`          | `--portico-font-family`          | font family of body text                |
 * | `--w3m-font-size-master`     | `--portico-font-size-master`     | px/rem length; `10px` = default sizes   |
 * | `--w3m-border-radius-master` | `--portico-border-radius-master` | px/rem length; `4px` = theme's radii    |
 * | `--w3m-z-index`              | `--portico-z-index`              | integer z-index of the modal            |
 * | `--w3m-qr-color`             | `--portico-qr-color`             | colour of the QR code modules           |
 *
 * These are inputs, not CSS variables Portico reads at runtime; the resulting tokens are exposed
 * as `--portico-<group>-<key>` (see {@link toCssVariables}).
 *
 * @see https://portico.dev/docs/theming
 * @example
 * import type { ThemeVariables } from '@portico/themes'
 *
 * // An AppKit config works unchanged:
 * const themeVariables: ThemeVariables = { '--w3m-color-mix': '#00bb7f', '--w3m-color-mix-strength': 40 }
 */
export type ThemeVariables = {
  '--w3m-accent'?: string
  '--w3m-color-mix'?: string
  '--w3m-color-mix-strength'?: number
  '--w3m-font-family'?: string
  '--w3m-font-size-master'?: string
  '--w3m-border-radius-master'?: string
  '--w3m-z-index'?: number
  '--w3m-qr-color'?: string
  '--portico-accent'?: string
  '--portico-accent-foreground'?: string
  '--portico-color-mix'?: string
  '--portico-color-mix-strength'?: number
  '--portico-font-family'?: string
  '--portico-font-size-master'?: string
  '--portico-border-radius-master'?: string
  '--portico-z-index'?: number
  '--portico-qr-color'?: string
}

/**
 * A theme variable under its Portico name (the key {@link applyThemeVariables} acts on).
 *
 * @example
 * const name: PorticoThemeVariable = themeVariableAliases['--w3m-z-index'] // '--portico-z-index'
 */
export type PorticoThemeVariable = Extract<keyof ThemeVariables, `--portico-${string}`>

/**
 * The AppKit → Portico name mapping used by {@link applyThemeVariables}, exported so migration
 * tools and docs can show it.
 *
 * @example
 * import { themeVariableAliases } from '@portico/themes'
 *
 * themeVariableAliases['--w3m-accent'] // '--portico-accent'
 */
export const themeVariableAliases: {
  readonly [key in Extract<keyof ThemeVariables, `--w3m-${string}`>]: PorticoThemeVariable
} = {
  '--w3m-accent': '--portico-accent',
  '--w3m-color-mix': '--portico-color-mix',
  '--w3m-color-mix-strength': '--portico-color-mix-strength',
  '--w3m-font-family': '--portico-font-family',
  '--w3m-font-size-master': '--portico-font-size-master',
  '--w3m-border-radius-master': '--portico-border-radius-master',
  '--w3m-z-index': '--portico-z-index',
  '--w3m-qr-color': '--portico-qr-color',
}
