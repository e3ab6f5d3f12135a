// The prebuilt modal on the devnet, for interaction figures only (not in the size table): the
// wallet directory (527 wallets) and WalletConnect through the devnet's emulator and relay, whose
// loopback URLs the harness injects as window.__benchDevnet before the page runs.
import '@portico/ui/styles.css'
import { createPortico, eip155Adapter, mainnet, PorticoProvider } from '@portico/headless'
import { createTestEip1193Wallet } from '@portico/headless/testing'
import { ConnectButton, PorticoUI } from '@portico/ui'
import { createRoot } from 'react-dom/client'

const devnet = window.__benchDevnet
// The Send figure needs a connected account: a test wallet (a public anvil key) is announced only
// for that run, so the other figures measure the same Connect view as before. Its chain has no
// node: the Send view opens without one (balances fail, which the figure does not wait for).
if (devnet.sendWallet)
  createTestEip1193Wallet({
    accounts: ['0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'],
    chains: [{ id: 1, rpcUrl: 'http://127.0.0.1:9' }],
    info: { name: 'Bench Wallet' },
  }).announce()
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
