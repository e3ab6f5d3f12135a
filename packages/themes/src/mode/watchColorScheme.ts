/**
 * Receives whether the system colour scheme is now dark.
 *
 * @example
 * const listener: ColorSchemeListener = (prefersDark) => console.log(prefersDark ? 'dark' : 'light')
 */
export type ColorSchemeListener = (prefersDark: boolean) => void

/**
 * Stops watching. Safe to call more than once.
 *
 * @example
 * const unwatch: WatchColorSchemeReturnType = watchColorScheme(listener)
 */
export type WatchColorSchemeReturnType = () => void

/**
 * Calls `onChange` whenever the system colour scheme (`prefers-color-scheme`) changes, with
 * whether it is now dark. Returns an unsubscribe function. It only reports changes; read the
 * current value with {@link getPrefersDark}.
 *
 * `window` is touched only when this is called, never at import, and where there is no
 * `matchMedia` (server rendering) it does nothing and returns a no-op, so it is SSR-safe.
 *
 * @see https://portico.dev/docs/theming
 * @example
 * import { getPrefersDark, resolveTheme, watchColorScheme } from '@portico/themes'
 *
 * let theme = resolveTheme({ themeMode: 'auto', prefersDark: getPrefersDark() })
 * const unwatch = watchColorScheme((prefersDark) => {
 *   theme = resolveTheme({ themeMode: 'auto', prefersDark })
 * })
 * // later
 * unwatch()
 *
 * // React
 * const prefersDark = useSyncExternalStore(watchColorScheme, getPrefersDark, () => undefined)
 */
export function watchColorScheme(onChange: ColorSchemeListener): WatchColorSchemeReturnType {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {}
  const media = window.matchMedia('(prefers-color-scheme: dark)')
  const listener = (event: MediaQueryListEvent) => onChange(event.matches)
  // Safari before 14 only has the deprecated addListener/removeListener pair.
  if (typeof media.addEventListener === 'function') {
    media.addEventListener('change', listener)
    return () => media.removeEventListener('change', listener)
  }
  media.addListener(listener)
  return () => media.removeListener(listener)
}
