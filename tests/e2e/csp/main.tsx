// A host page for the strict-CSP test: the prebuilt modal with an announced wallet, the directory
// and the remote configuration served by the devnet's API emulator on the page's own origin.
import { createPortico, eip155Adapter, eip155Network, PorticoProvider } from '@portico/headless'
import { createTestEip1193Wallet } from '@portico/headless/testing'
import { ConnectButton, PorticoUI } from '@portico/ui'
import { QueryClient } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'

const rpcUrl = `${location.origin}/rpc`
const wallet = createTestEip1193Wallet({
  accounts: ['0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'],
  chains: [{ id: 31337, rpcUrl }],
})
wallet.announce()

const portico = createPortico({
  projectId: 'csp-test',
  walletConnect: false,
  networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl, testnet: true })],
  adapters: [eip155Adapter()],
  apiUrls: { api: `${location.origin}/api`, blockchain: `${location.origin}/api`, analytics: `${location.origin}/api` },
})

const container = document.getElementById('root')
if (!container) throw new Error('no #root')
createRoot(container).render(
  <PorticoProvider config={portico} queryClient={new QueryClient()}>
    <PorticoUI>
      <ConnectButton />
    </PorticoUI>
  </PorticoProvider>,
)
