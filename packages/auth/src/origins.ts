/**
 * Whether `origin` is on an allow-list: an exact match, or a pattern where `*` stands for one or
 * more characters of a host label or port (`https://*.example.com`, `http://localhost:*`).
 *
 * @example
 * ```ts
 * isOriginAllowed('http://127.0.0.1:5173', ['http://127.0.0.1:*']) // true
 * isOriginAllowed('https://evil.com', ['https://*.example.com']) // false
 * ```
 */
export function isOriginAllowed(origin: string, allowList: readonly string[]): boolean {
  const normalized = origin.trim().toLowerCase().replace(/\/+$/, '')
  return allowList.some((entry) => {
    const pattern = entry.trim().toLowerCase().replace(/\/+$/, '')
    if (pattern === '*') return true
    if (!pattern.includes('*')) return pattern === normalized
    // `*` never crosses a dot, a colon or a slash: `*.example.com` does not match `a.b.evil.com/x.example.com`.
    const source = pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^./:]+')
    return new RegExp(`^${source}$`).test(normalized)
  })
}
