// (2) Portico headless hooks only, from the packed @portico/headless installed here: a plain button that lists the connectors on click.

import { createPortico, eip155Adapter, mainnet, PorticoProvider, useConnectors } from '@portico/headless'
import { useState } from 'react'
import { createRoot } from 'react-dom/client'

const portico = createPortico({ projectId: 'bench', networks: [mainnet], adapters: [eip155Adapter()] })

function Wallets() {
  const connectors = useConnectors()
  return (
    <ul id="wallets">
      {connectors.length === 0 ? (
        <li>No wallets found</li>
      ) : (
        connectors.map((c) => <li key={c.uid ?? c.id}>{c.name}</li>)
      )}
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
  <PorticoProvider config={portico}>
    <App />
  </PorticoProvider>,
)
