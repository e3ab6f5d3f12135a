// Reown AppKit with its wagmi adapter; <appkit-button> opens the modal.

import { mainnet } from '@reown/appkit/networks'
import { createAppKit } from '@reown/appkit/react'
import { WagmiAdapter } from '@reown/appkit-adapter-wagmi'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'

const networks = [mainnet]
const projectId = 'bench'
const wagmiAdapter = new WagmiAdapter({ networks, projectId })
createAppKit({
  adapters: [wagmiAdapter],
  networks,
  projectId,
  metadata: { name: 'bench', description: 'bench', url: location.origin, icons: [] },
})
const queryClient = new QueryClient()

createRoot(document.getElementById('root')).render(
  <WagmiProvider config={wagmiAdapter.wagmiConfig}>
    <QueryClientProvider client={queryClient}>
      <appkit-button />
    </QueryClientProvider>
  </WagmiProvider>,
)
