// (1) Portico prebuilt modal, measured from the workspace sources (like packages/ui/src/exports/pageStart.test.ts).
import { createRoot } from 'react-dom/client'
import { createPortico, eip155Adapter, mainnet, PorticoProvider } from '../../packages/headless/src/exports/index.ts'
import { ConnectButton, PorticoUI } from '../../packages/ui/src/exports/index.ts'

const portico = createPortico({ projectId: 'bench', networks: [mainnet], adapters: [eip155Adapter()] })

createRoot(document.getElementById('root')).render(
  <PorticoProvider config={portico}>
    <PorticoUI>
      <ConnectButton />
    </PorticoUI>
  </PorticoProvider>,
)
