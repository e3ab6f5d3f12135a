import { useFeatures } from '@portico/headless'
import { HeldPlace } from '../../components/HeldPlace.js'
import { LazyPart } from '../../modal/LazyPart.js'
import { lazy } from '../../modal/lazy.js'

const button = lazy(() => import('./WalletsButton.js').then((m) => m.WalletsButton))

/**
 * @internal
 * Where the Account view offers the connected wallets (ProfileWallets): only while the
 * `multiWallet` feature is on. Its code (and the wallets text) loads only then.
 */
export function WalletsSlot() {
  const features = useFeatures()
  return (
    <LazyPart part={button} enabled={features.multiWallet} what="the connected wallets entry" held={<HeldPlace />} />
  )
}
