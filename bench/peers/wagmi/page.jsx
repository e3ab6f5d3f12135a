// (8) wagmi 3 + injected connector, a plain button listing connectors on click. wagmi 3 is the
// comparison the README page's page-start target names: its connectors' SDKs are optional peers,
// so `wagmi/connectors` brings only what the page uses (wagmi 2 pulled them all: 278.6 KiB).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { createConfig, http, useConnectors, WagmiProvider } from 'wagmi'
import { mainnet } from 'wagmi/chains'
import { injected } from 'wagmi/connectors'

const config = createConfig({ chains: [mainnet], connectors: [injected()], transports: { [mainnet.id]: http() } })
const queryClient = new QueryClient()

function Wallets() {
  const connectors = useConnectors()
  return (
    <ul id="wallets">
      {connectors.map((c) => (
        <li key={c.uid}>{c.name}</li>
      ))}
    </ul>
  )
}

function App() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button id="connect" type="button" onClick={() => setOpen(true)}>
        Connect Wallet
      </button>
      {open ? <Wallets /> : null}
    </>
  )
}

createRoot(document.getElementById('root')).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </WagmiProvider>,
)
