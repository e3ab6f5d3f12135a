import { lazy, useLazy } from '../../../modal/lazy.js'

const more = lazy(() => import('./ConnectMore.js'))

/**
 * @internal
 * The Connect view's optional pieces (the collapsed wallets row's label, the branding line) in a
 * small chunk of their own, with their text: fetched only when the host's flags show one, so a
 * Connect view without them carries none of it.
 */
export function MoreSlot({ part }: { part: 'continueWithWallet' | 'branding' }) {
  const loaded = useLazy(more, true, 'the Connect view’s branding line')
  if (!loaded) return null
  return part === 'branding' ? <loaded.BrandingLine /> : <loaded.ContinueWithWalletLabel />
}
