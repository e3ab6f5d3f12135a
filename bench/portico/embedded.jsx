// The prebuilt modal with the embedded wallet on the devnet, for the embedded wallet's figures only
// (not in the size table): email login through the devnet's auth server, inbox and secure frame
// (its own loopback origin), whose URLs the harness injects as window.__benchDevnet; and a
// sponsored batch (the smart account through the devnet's bundler, its paymaster paying).
import '@portico/ui/styles.css'
import {
  createPortico,
  eip155Adapter,
  eip155Network,
  PorticoProvider,
  useConnection,
  useSignMessage,
} from '@portico/headless'
import { sendCalls, waitForCallsStatus } from '@portico/headless/calls'
import { ConnectButton, PorticoUI } from '@portico/ui'
import { createRoot } from 'react-dom/client'

const devnet = window.__benchDevnet
const portico = createPortico({
  // A project the devnet's auth server knows (any loopback page).
  projectId: 'devnet',
  networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl, testnet: true })],
  adapters: [eip155Adapter()],
  embeddedWallet: { frameUrl: devnet.frameUrl },
  // The devnet's ERC-7677 paymaster sponsors every operation on its chain.
  ...(devnet.paymasterUrl ? { paymasterMap: { 'eip155:31337': devnet.paymasterUrl } } : {}),
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
      <button id="batch" type="button" onClick={sendBatch}>
        Send two calls
      </button>
    </>
  )
}

/**
 * Two calls in one batch (EIP-5792), then its status read every 25 ms until final: the time the
 * receipt is known, on the wall clock the harness reads too (its Approve click is in the frame).
 */
async function sendBatch() {
  try {
    const to = ['0x000000000000000000000000000000000000bEEF', '0x000000000000000000000000000000000000cafE']
    const { id } = await sendCalls(portico, { calls: to.map((address) => ({ to: address, value: 0n })) })
    const status = await waitForCallsStatus(portico, { id, pollingInterval: 25 })
    window.__batch = { doneWall: Date.now(), status: status.status, receipts: status.receipts?.length ?? 0 }
  } catch (error) {
    window.__batch = { error: String(error?.message ?? error) }
  }
}

createRoot(document.getElementById('root')).render(
  <PorticoProvider config={portico}>
    <PorticoUI>
      <ConnectButton />
      <Status />
    </PorticoUI>
  </PorticoProvider>,
)
