import { useFeatures } from '@portico/headless'
import { HeldPlace } from '../../components/HeldPlace.js'
import { lazy, useLazy } from '../../modal/lazy.js'

const button = lazy(() => import('./WalletsButton.js').then((m) => m.WalletsButton))

/**
 * @internal
 * Where the Account view offers the connected wallets (ProfileWallets): only while the
 * `multiWallet` feature is on. Its code (and the wallets text) loads only then.
 */
export function WalletsSlot() {
  const features = useFeatures()
  const Button = useLazy(button, features.multiWallet, 'the connected wallets entry')
  if (Button) return <Button />
  return features.multiWallet && Button === undefined ? <HeldPlace /> : null
}
