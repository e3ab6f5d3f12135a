import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { memoryStorage, testAdapters, testNetworks } from '../test/fixtures.js'

// Runs in plain Node: no window, no document, as on a server.
test('importing the entry and rendering on the server touch no browser globals', async () => {
  expect(typeof window).toBe('undefined')
  const { PorticoProvider, createPortico, useBalance, useConnection, useConnectors, useNetwork } = await import(
    '../exports/index.js'
  )
  const storage = memoryStorage({ '@portico/connected-connector:eip155': '"dev.portico.devnet"' })
  const portico = createPortico({
    projectId: 'p',
    networks: testNetworks().all,
    adapters: testAdapters(),
    ssr: true,
    storage,
  })
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
  const html = renderToString(
    <PorticoProvider config={portico}>
      <App />
    </PorticoProvider>,
  )
  // With ssr: true storage is read only on the client, so the server renders the
  // disconnected state the client's first render will also start from.
  expect(html.replaceAll('<!-- -->', '')).toBe('<p>disconnected|0|Devnet|idle</p>')
})
