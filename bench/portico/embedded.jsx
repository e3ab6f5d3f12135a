// The prebuilt modal with the embedded wallet on the devnet, for the embedded wallet's figures only
// (not in the size table): email login through the devnet's auth server, inbox and secure frame
// (its own loopback origin), whose URLs the harness injects as window.__benchDevnet.
import '@portico/ui/styles.css'
import {
  createPortico,
  eip155Adapter,
  eip155Network,
  PorticoProvider,
  useConnection,
  useSignMessage,
} from '@portico/headless'
import { ConnectButton, PorticoUI } from '@portico/ui'
import { createRoot } from 'react-dom/client'

const devnet = window.__benchDevnet
const portico = createPortico({
  // A project the devnet's auth server knows (any loopback page).
  projectId: 'devnet',
  networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl, testnet: true })],
  adapters: [eip155Adapter()],
  embeddedWallet: { frameUrl: devnet.frameUrl },
  features: { analytics: false },
  walletConnect: false,
  metadata: { name: 'bench', description: 'bench', url: location.origin, icons: [] },
  apiUrls: { api: devnet.apiUrl, blockchain: devnet.apiUrl, analytics: devnet.apiUrl },
})

/** The page's view of the connection, and a request the embedded wallet asks the user to approve. */
function Status() {
  const { status } = useConnection()
  const sign = useSignMessage()
  return (
    <>
      <p id="status" data-status={status}>
        {status}
      </p>
      <button id="sign" type="button" onClick={() => sign.mutate({ message: 'bench' })}>
        Sign
      </button>
    </>
  )
}

createRoot(document.getElementById('root')).render(
  <PorticoProvider config={portico}>
    <PorticoUI>
      <ConnectButton />
      <Status />
    </PorticoUI>
  </PorticoProvider>,
)
