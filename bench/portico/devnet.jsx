// The prebuilt modal on the devnet, for interaction figures only (not in the size table): the
// wallet directory (527 wallets) and WalletConnect through the devnet's emulator and relay, whose
// loopback URLs the harness injects as window.__benchDevnet before the page runs.
import '@portico/ui/styles.css'
import { createPortico, eip155Adapter, eip155Network, mainnet, PorticoProvider } from '@portico/headless'
import { createTestEip1193Wallet } from '@portico/headless/testing'
import { ConnectButton, PorticoUI, useModal } from '@portico/ui'
import { createRoot } from 'react-dom/client'

const devnet = window.__benchDevnet
// The Send and Swap figures need a connected account on the devnet chain (anvil with Uniswap V2):
// a test wallet (a public anvil key) is announced only for those runs, so the other figures
// measure the same Connect view, on mainnet's configuration, as before.
const devnetChain = devnet.connectWallet
  ? eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl, tokens: devnet.evmTokens, testnet: true })
  : null
if (devnetChain)
  createTestEip1193Wallet({
    accounts: [devnet.privateKey],
    chains: [{ id: 31337, rpcUrl: devnet.evmRpcUrl }],
    info: { name: 'Bench Wallet' },
  }).announce()
const portico = createPortico({
  projectId: 'bench',
  networks: devnetChain ? [devnetChain] : [mainnet],
  adapters: [eip155Adapter()],
  features: { analytics: false },
  walletConnect: { relayUrl: devnet.relayUrl, verifyUrl: devnet.verifyUrl },
  metadata: { name: 'bench', description: 'bench', url: location.origin, icons: [] },
  apiUrls: { api: devnet.apiUrl, blockchain: devnet.apiUrl, analytics: devnet.apiUrl },
})

/** Lets the harness open the Swap view prefilled ETH → USDC, as a host does with `useModal().open`. */
function BenchHooks() {
  const modal = useModal()
  window.__benchOpenSwap = () => modal.open({ view: 'Swap', data: { fromToken: 'ETH', toToken: 'USDC' } })
  return null
}

createRoot(document.getElementById('root')).render(
  <PorticoProvider config={portico}>
    <PorticoUI>
      <ConnectButton />
      <BenchHooks />
    </PorticoUI>
  </PorticoProvider>,
)
