import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.js'
import { installDevnetWallet } from './portico.js'
import './styles.css'

// The wallet is installed before the app starts, as an extension's content script would be.
await installDevnetWallet()

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
