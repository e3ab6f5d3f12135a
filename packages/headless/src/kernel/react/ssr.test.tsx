import { renderToString } from 'react-dom/server'
import { expect, test, vi } from 'vitest'
// A static import of the public entry: touching `window` or `document` at import time would
// fail this file in the plain Node environment it runs in, as on a server.
import {
  cookieToInitialState,
  createPortico,
  getConnection,
  PorticoProvider,
  useBalance,
  useConnection,
  useConnectors,
  useNetwork,
} from '../../exports/index.js'
import { memoryStorage, testAdapters, testNetworks } from '../../test/fixtures.js'

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

const account0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
/** A `Cookie` header as `cookieStorage` writes it (names and values URI-encoded JSON). */
function cookieHeader(values: Record<string, unknown>) {
  return Object.entries(values)
    .map(([key, value]) => `${encodeURIComponent(`@portico/${key}`)}=${encodeURIComponent(JSON.stringify(value))}`)
    .join('; ')
}
const sessionCookie = cookieHeader({
  'connected-connector:eip155': 'dev.portico.devnet',
  'connected-address:eip155': account0,
  'active-network': { namespace: 'eip155', networks: { eip155: 'eip155:31338' } },
})

test('initialState from the cookies: the server renders the restored account, and only for that request', () => {
  const networks = testNetworks()
  const portico = createPortico({ projectId: 'p', networks: networks.all, adapters: testAdapters(), ssr: true })
  const initialState = cookieToInitialState(portico, `theme=dark; ${sessionCookie}`)
  const render = (state: typeof initialState) =>
    renderToString(
      <PorticoProvider config={portico} initialState={state}>
        <Address />
      </PorticoProvider>,
    ).replaceAll('<!-- -->', '')
  expect(render(initialState)).toBe(`<p>reconnecting|${account0}|Devnet 2|eip155:31338:${account0}</p>`)
  // The instance is shared by every request: the next visitor without cookies sees no account.
  expect(render(undefined)).toBe('<p>disconnected||Devnet|</p>')
  expect(getConnection(portico).status).toBe('disconnected')
})

test('tampered cookies are ignored with a warning, never thrown', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const portico = createPortico({ projectId: 'p', networks: testNetworks().all, adapters: testAdapters(), ssr: true })
  const header = [
    cookieHeader({ 'connected-connector:eip155': 'dev.portico.devnet' }),
    // not an EVM address, not JSON, a foreign shape, a broken escape
    cookieHeader({ 'connected-address:eip155': '0x1234' }),
    `${encodeURIComponent('@portico/connected-connector:solana')}={oops`,
    cookieHeader({ 'active-network': { namespace: 'eip155', networks: ['x'] } }),
    '%E0%A4%A=1',
  ].join('; ')
  const initialState = cookieToInitialState(portico, header)
  expect(initialState).toEqual({ '@portico/connected-connector:eip155': '"dev.portico.devnet"' })
  expect(warn.mock.calls.map(([message]) => message)).toEqual([
    '[portico] Ignored the cookie @portico/active-network: it does not have the expected shape.',
    '[portico] Ignored the cookie @portico/connected-address:eip155: it does not have the expected shape.',
    '[portico] Ignored the cookie @portico/connected-connector:solana: it is not JSON.',
  ])
  // Restoring without a trusted address: "Restoring…", not an account.
  const html = renderToString(
    <PorticoProvider config={portico} initialState={initialState}>
      <Address />
    </PorticoProvider>,
  ).replaceAll('<!-- -->', '')
  expect(html).toBe('<p>reconnecting||Devnet|</p>')
  // A hand-made initialState is checked again by the provider.
  expect(
    renderToString(
      <PorticoProvider
        config={portico}
        initialState={{ '@portico/connected-connector:eip155': '"x"', '@portico/connected-address:eip155': '"a b"' }}
      >
        <Address />
      </PorticoProvider>,
    ).replaceAll('<!-- -->', ''),
  ).toBe('<p>reconnecting||Devnet|</p>')
  expect(cookieToInitialState(portico, undefined)).toBeUndefined()
  expect(cookieToInitialState(portico, 'theme=dark')).toBeUndefined()
  warn.mockRestore()
})

function Address() {
  const { status, address, network, caipAddress } = useConnection()
  return (
    <p>
      {status}|{address}|{network?.name}|{caipAddress}
    </p>
  )
}
