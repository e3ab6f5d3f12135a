import { isHttpUrl } from './url.js'

/**
 * Only http(s) and data:image URLs may become image sources (what a host or the directory gives;
 * wallets' own announced icons are held to data URIs, see `announcedIcon.ts`). The kit's one image
 * rule: the options accept a custom wallet's icon by it, and the UI draws inline images by it.
 *
 * @example
 * isSafeImageUrl('data:image/avif;base64,AA==') // true
 * isSafeImageUrl('data:image/bmp;base64,Qk0=') // false
 */
export function isSafeImageUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false
  return /^data:image\/(png|jpe?g|gif|webp|svg\+xml|avif)[;,]/i.test(value) || isHttpUrl(value)
}
