// A React host page for the useConnectSocial e2e test: the social button a site would build with the hook.
import { createPortico, eip155Adapter, eip155Network, PorticoProvider, useConnection } from '@portico/headless'
import { useConnectSocial } from '@portico/headless/embedded/react'
import { createRoot } from 'react-dom/client'

const params = new URLSearchParams(location.search)
const portico = createPortico({
  projectId: 'test-project',
  networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl: params.get('rpcUrl') ?? '' })],
  adapters: [eip155Adapter()],
  embeddedWallet: { frameUrl: params.get('frameUrl') ?? '' },
  remoteConfig: false,
  blockchainApi: false,
  walletDirectory: false,
  walletConnect: false,
  enableInjected: false,
})

function Social() {
  const social = useConnectSocial()
  const { status, address, socialProvider, preferredAccountType, smartAccountDeployed, user, connectedWalletInfo } =
    useConnection()
  return (
    <main>
      <p data-testid="status">{status}</p>
      <p data-testid="address">{address ?? ''}</p>
      <p data-testid="account">
        {JSON.stringify({ socialProvider, preferredAccountType, smartAccountDeployed, user, connectedWalletInfo })}
      </p>
      <p data-testid="mutation">{social.status}</p>
      <p role="alert">{social.error?.shortMessage ?? ''}</p>
      <button type="button" onClick={() => social.connectSocial({ provider: 'github' })}>
        GitHub
      </button>
    </main>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <PorticoProvider config={portico}>
    <Social />
  </PorticoProvider>,
)
