// A React host page for the useEmailLogin e2e test: the form a site would build with the hook.
import { createPortico, eip155Adapter, eip155Network, PorticoProvider, useConnection } from '@portico/headless'
import { useEmailLogin, useEmbeddedWallet } from '@portico/headless/embedded/react'
import { useState } from 'react'
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

function Login() {
  const login = useEmailLogin()
  const { exportKey } = useEmbeddedWallet()
  const { status, address } = useConnection()
  const [email, setEmail] = useState('')
  const [otp, setOtp] = useState('')
  return (
    <main>
      <p data-testid="step">{login.step}</p>
      <p data-testid="status">{status}</p>
      <p data-testid="address">{address ?? ''}</p>
      <p role="alert">{login.sendEmail.error?.shortMessage ?? login.verifyOtp.error?.shortMessage ?? ''}</p>
      <label>
        Email
        <input value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <button type="button" onClick={() => login.sendEmail.mutate({ email })}>
        Send code
      </button>
      <label>
        Code
        <input value={otp} onChange={(e) => setOtp(e.target.value)} />
      </label>
      <button type="button" onClick={() => login.verifyOtp.mutate({ otp })}>
        Verify
      </button>
      <p data-testid="export">{exportKey.status}</p>
      <button type="button" onClick={() => exportKey.mutate({ namespace: 'eip155' })}>
        Export key
      </button>
    </main>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <PorticoProvider config={portico}>
    <Login />
  </PorticoProvider>,
)
