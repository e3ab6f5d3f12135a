// The prebuilt modal on the devnet, for interaction figures only (not in the size table): the
// wallet directory (527 wallets) and WalletConnect through the devnet's emulator and relay, whose
// loopback URLs the harness injects as window.__benchDevnet before the page runs.
import '@portico/ui/styles.css'
import { createPortico, eip155Adapter, mainnet, PorticoProvider } from '@portico/headless'
import { ConnectButton, PorticoUI } from '@portico/ui'
import { createRoot } from 'react-dom/client'

const devnet = window.__benchDevnet
const portico = createPortico({
  projectId: 'bench',
  networks: [mainnet],
  adapters: [eip155Adapter()],
  features: { analytics: false },
  walletConnect: { relayUrl: devnet.relayUrl, verifyUrl: devnet.verifyUrl },
  metadata: { name: 'bench', description: 'bench', url: location.origin, icons: [] },
  apiUrls: { api: devnet.apiUrl, blockchain: devnet.apiUrl, analytics: devnet.apiUrl },
})

createRoot(document.getElementById('root')).render(
  <PorticoProvider config={portico}>
    <PorticoUI>
      <ConnectButton />
    </PorticoUI>
  </PorticoProvider>,
)
