/**
 * Only http(s) and data:image URLs may become image sources (what a host or the directory gives;
 * wallets' own announced icons are held to data URIs, see `announcedIcon.ts`).
 */
export function isSafeImageUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false
  if (/^data:image\/(png|jpe?g|gif|webp|svg\+xml|avif)[;,]/i.test(value)) return true
  try {
    const { protocol } = new URL(value)
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}
