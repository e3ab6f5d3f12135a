import { useSyncExternalStore } from 'react'

// The one rule for "a phone" in the kit's WalletConnect parts (the views and the WalletConnect
// row's badge), kept apart from the views so a list row can ask without loading them.
const coarsePointer = '(pointer: coarse)'
// A phone: a touch screen whose shorter side is at most 500 CSS px (phones are 320-430 wide in
// portrait and as short in landscape; the smallest tablets are 600+ both ways). Its own screen
// is where the QR code is, so no camera can scan it; a tablet keeps the code, as its user may
// well have the wallet on a phone beside it. User-agent sniffing is not used: the viewport and
// the pointer are what decide whether a code can be scanned, and they follow a resized window.
const phoneScreen = '(pointer: coarse) and (max-width: 500px), (pointer: coarse) and (max-height: 500px)'

const mediaStore = (query: string) => ({
  subscribe(onChange: () => void) {
    if (typeof matchMedia === 'undefined') return () => {}
    const list = matchMedia(query)
    list.addEventListener('change', onChange)
    return () => list.removeEventListener('change', onChange)
  },
  matches: () => typeof matchMedia !== 'undefined' && matchMedia(query).matches,
})
const pointer = mediaStore(coarsePointer)
const phone = mediaStore(phoneScreen)
const onServer = () => false

/** @internal A touch device (phone, tablet): a deep link into the wallet app beats a QR code there. */
export function useCoarsePointer(): boolean {
  return useSyncExternalStore(pointer.subscribe, pointer.matches, onServer)
}

/** @internal A phone (see `phoneScreen`): the QR code on its screen cannot be scanned. */
export function usePhone(): boolean {
  return useSyncExternalStore(phone.subscribe, phone.matches, onServer)
}
