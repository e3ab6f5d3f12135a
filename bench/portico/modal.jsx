// (1) Portico prebuilt modal, built from the packed packages installed here (bench/portico/node_modules),
// as a user's app builds it: the published entries and the stylesheet users import.
import '@portico/ui/styles.css'
import { createPortico, eip155Adapter, mainnet, PorticoProvider } from '@portico/headless'
import { ConnectButton, PorticoUI } from '@portico/ui'
import { createRoot } from 'react-dom/client'

const portico = createPortico({ projectId: 'bench', networks: [mainnet], adapters: [eip155Adapter()] })

createRoot(document.getElementById('root')).render(
  <PorticoProvider config={portico}>
    <PorticoUI>
      <ConnectButton />
    </PorticoUI>
  </PorticoProvider>,
)
