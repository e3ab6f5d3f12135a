import type { CSSProperties, ReactNode } from 'react'
import { usePorticoUI } from '../context.js'

/**
 * @internal
 * Every element Portico renders into the host page starts here: the `[data-portico]` scope all
 * our styles live under, the resolved mode, the theme as `--portico-*` variables, and the
 * language and writing direction.
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
  const { mode, themeStyle, locale, dir } = usePorticoUI('ThemeRoot')
  // `lang` picks the right fonts and glyph forms (ja vs zh-CN Han), `dir` mirrors the modal for Arabic.
  return (
    <Element
      data-portico=""
      data-theme={mode}
      lang={locale}
      dir={dir}
      style={style ? { ...themeStyle, ...style } : themeStyle}
    >
      {children}
    </Element>
  )
}
