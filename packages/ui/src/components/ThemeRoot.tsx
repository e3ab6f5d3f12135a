import type { CSSProperties, ReactNode } from 'react'
import { usePorticoUI } from '../context.js'

/**
 * @internal
 * Every element Portico renders into the host page starts here: the `[data-portico]` scope all
 * our styles live under, the resolved mode, and the theme as `--portico-*` variables.
 */
export function ThemeRoot({
  as: Element = 'div',
  style,
  children,
}: {
  as?: 'div' | 'span'
  style?: CSSProperties | undefined
  children?: ReactNode
}) {
  const { mode, themeStyle } = usePorticoUI('ThemeRoot')
  return (
    <Element data-portico="" data-theme={mode} style={style ? { ...themeStyle, ...style } : themeStyle}>
      {children}
    </Element>
  )
}
