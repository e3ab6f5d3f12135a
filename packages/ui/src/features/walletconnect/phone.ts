import { useSyncExternalStore } from 'react'
import { phoneScreen } from '../../components/phoneQuery.js'

// The WalletConnect views' media queries, kept apart from the views (the phone rule itself is
// `phoneScreen`, which the CSS reads too).
const coarsePointer = '(pointer: coarse)'

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

/** @internal A phone (`phoneScreen`): the QR code on its screen cannot be scanned. */
export function usePhone(): boolean {
  return useSyncExternalStore(phone.subscribe, phone.matches, onServer)
}
