// (7) React alone: the floor. A button that shows a static list on click.
import { useState } from 'react'
import { createRoot } from 'react-dom/client'

function App() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button id="connect" type="button" onClick={() => setOpen(true)}>
        Connect Wallet
      </button>
      {open ? (
        <ul id="wallets">
          <li>Injected</li>
        </ul>
      ) : null}
    </>
  )
}

createRoot(document.getElementById('root')).render(<App />)
