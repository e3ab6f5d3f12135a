import { usePorticoUI } from '../../context.js'
import { useWalletConnectSession, WalletConnectGlyph, WalletConnectPanel } from './WalletConnectPanel.js'

/**
 * @internal
 * The generic WalletConnect entry: a QR code of the pending pairing for any wallet to scan, Copy
 * link, and the rejected and error states with Try again. Connected, it closes (or shows Account
 * when embedded).
 */
export function ConnectingWalletConnectBasicView() {
  usePorticoUI('ConnectingWalletConnectBasicView')
  const session = useWalletConnectSession()
  return (
    <WalletConnectPanel
      slot="connecting-walletconnect-basic-view"
      state={session.state}
      uri={session.uri}
      logo={<WalletConnectGlyph />}
      onRetry={session.retry}
    />
  )
}
