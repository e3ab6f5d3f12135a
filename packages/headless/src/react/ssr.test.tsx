import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
// A static import of the public entry: touching `window` or `document` at import time would
// fail this file in the plain Node environment it runs in, as on a server.
import {
  createPortico,
  PorticoProvider,
  useBalance,
  useConnection,
  useConnectors,
  useNetwork,
} from '../exports/index.js'
import { memoryStorage, testAdapters, testNetworks } from '../test/fixtures.js'

function App() {
  const { status } = useConnection()
  const connectors = useConnectors()
  const { network } = useNetwork()
  const balance = useBalance()
  return (
    <p>
      {status}|{connectors.length}|{network.name}|{balance.fetchStatus}
    </p>
  )
}

test('importing the entry and rendering on the server touch no browser globals', () => {
  expect(typeof window).toBe('undefined')
  expect(typeof document).toBe('undefined')
  const storage = memoryStorage({ '@portico/connected-connector:eip155': '"dev.portico.devnet"' })
  const portico = createPortico({
    projectId: 'p',
    networks: testNetworks().all,
    adapters: testAdapters(),
    ssr: true,
    storage,
  })
  const html = renderToString(
    <PorticoProvider config={portico}>
      <App />
    </PorticoProvider>,
  )
  // With ssr: true storage is read only on the client, so the server renders the
  // WalletConnect connectors (configured, not discovered) and the
  // disconnected state the client's first render will also start from.
  expect(html.replaceAll('<!-- -->', '')).toBe('<p>disconnected|2|Devnet|idle</p>')
})
