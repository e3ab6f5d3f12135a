import { usePorticoUI } from '../../context.js'
import { usePhone } from './phone.js'
import { useWalletConnectSession, WalletConnectGlyph, WalletConnectPanel } from './WalletConnectPanel.js'

/**
 * @internal
 * The generic WalletConnect entry: a QR code of the pending pairing for any wallet to scan, Copy
 * link, and the rejected and error states with Try again. Connected, it closes (or shows Account
 * when embedded). On a phone, whose own screen cannot be scanned, it does what wallet kits do
 * there: no QR code, but Open wallet app (the `wc:` link, which the phone hands to an installed
 * wallet), Choose your wallet (the wallet list, each with its own link) and Copy link.
 */
export function ConnectingWalletConnectBasicView() {
  const { modal } = usePorticoUI('ConnectingWalletConnectBasicView')
  const session = useWalletConnectSession()
  const phone = usePhone()
  return (
    <WalletConnectPanel
      slot="connecting-walletconnect-basic-view"
      state={session.state}
      uri={session.uri}
      logo={<WalletConnectGlyph />}
      phone={phone}
      onChooseWallet={() => modal.push({ view: 'AllWallets' })}
      onRetry={session.retry}
    />
  )
}
