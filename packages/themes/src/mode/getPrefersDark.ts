const query = '(prefers-color-scheme: dark)'

/**
 * Whether the visitor's system prefers a dark colour scheme, read once. `undefined` where there is
 * no `window.matchMedia` (server rendering, tests, old browsers), so callers can keep their own
 * default (Portico's is dark) instead of guessing.
 *
 * Pairs with {@link watchColorScheme} as `useSyncExternalStore(watchColorScheme, getPrefersDark,
 * () => undefined)`.
 *
 * @see https://portico.dev/docs/theming
 * @example
 * import { getPrefersDark, resolveTheme } from '@portico/themes'
 *
 * const { mode, tokens } = resolveTheme({ themeMode: 'auto', prefersDark: getPrefersDark() })
 */
export function getPrefersDark(): boolean | undefined {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return undefined
  return window.matchMedia(query).matches
}
