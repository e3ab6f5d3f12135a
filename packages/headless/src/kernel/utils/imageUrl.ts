import { isHttpUrl } from './url.js'

/**
 * Only http(s) and data:image URLs may become image sources (what a host or the directory gives;
 * wallets' own announced icons are held to data URIs, see `announcedIcon.ts`).
 */
export function isSafeImageUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false
  return /^data:image\/(png|jpe?g|gif|webp|svg\+xml|avif)[;,]/i.test(value) || isHttpUrl(value)
}
