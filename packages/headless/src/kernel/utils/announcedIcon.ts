/** Longest announced icon accepted (a data URI); bigger ones are dropped, not truncated. */
export const announcedIconMaxLength = 200_000

// Only raster and SVG images, base64 or percent-encoded, nothing else in the header. An `<img>`
// never runs an SVG's script, and a data URI is never fetched: no tracking pixel, no referer.
const dataImage = /^data:image\/(?:png|jpeg|gif|webp|svg\+xml)(?:;[a-z0-9=._-]+)*(?:;base64)?,/i
// Controls and format characters have no place in an icon (plain spaces do occur in unencoded SVG).
const invisible = /[\p{Cc}\p{Cf}]/u

/**
 * Whether `value` is an icon a wallet may announce about itself (EIP-6963 `info.icon`, a Wallet
 * Standard `icon`): a `data:image/(png|jpeg|gif|webp|svg+xml)` URI of at most
 * {@link announcedIconMaxLength} characters. http(s) URLs are refused: the page would fetch them
 * from a host the extension chose, with the page as referer (a tracking pixel any extension could
 * plant). A refused icon gives the UI's placeholder.
 *
 * @internal
 * @example
 * isAnnouncedIcon('data:image/svg+xml;base64,PHN2Zy8+') // true
 * isAnnouncedIcon('https://tracker.example/pixel.png') // false
 */
export function isAnnouncedIcon(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= announcedIconMaxLength &&
    dataImage.test(value) &&
    !invisible.test(value)
  )
}
