/**
 * @internal
 * The media query for "a phone": a touch screen whose shorter side is at most 500 CSS px (phones
 * are 320-430 wide in portrait and as short in landscape; the smallest tablets are 600+ both
 * ways). Its own screen is where the QR code is, so no camera can scan it; a tablet keeps the
 * code, as its user may well have the wallet on a phone beside it. User-agent sniffing is not
 * used: the viewport and the pointer are what decide whether a code can be scanned, and they
 * follow a resized window. The one rule: `usePhone` (the WalletConnect views) and the wallet row's CSS read it.
 */
export const phoneScreen = '(pointer: coarse) and (max-width: 500px), (pointer: coarse) and (max-height: 500px)'
