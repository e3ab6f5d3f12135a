/**
 * @internal
 * A value built on its first use instead of at import. For zod schemas in modules the main entry
 * reaches (the API clients): built at import, every page ran them between navigation and the
 * connect button's first paint (schema objects and their closures, thousands of calls into zod)
 * and kept them in its heap, used or not. The features' response schemas (swap, on-ramp, names, the
 * sign-in session) use it too: the README page imports them with its feature examples before any
 * connect, and its heap after the modal went from 3.34 to 3.23 MB (`docs/performance.md`).
 *
 * @example
 * const schemas = lazy(() => ({ page: z.object({ next: z.string() }) }))
 * schemas().page.parse(body)
 */
export function lazy<T>(create: () => T): () => T {
  let built: { value: T } | undefined
  return () => {
    built ??= { value: create() }
    return built.value
  }
}
