// `#/sign-in`: Sign in with X. Connecting in the prebuilt modal opens the sign step; the signed
// message goes to this demo's server (/api/siwx), which verifies it and sets a session cookie;
// /api/me answers only while that session lives. Reload keeps it; disconnect signs out.

import { PorticoProvider, useConnection } from '@portico/headless'
import { useSiwx } from '@portico/headless/siwx/react'
import { ConnectButton, PorticoUI } from '@portico/ui'
import { QueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { siwxPortico } from '../siwxPortico.js'

const queryClient = new QueryClient()

export function SignInPage() {
  return (
    <PorticoProvider config={siwxPortico} queryClient={queryClient}>
      <PorticoUI themeMode="auto">
        <header className="page-header">
          <div>
            <h1>Sign in with your wallet</h1>
            <p className="muted">useSiwx and @portico/auth/siwx on the demo server</p>
          </div>
          <ConnectButton />
        </header>
        <main className="page">
          <SignInCard />
        </main>
      </PorticoUI>
    </PorticoProvider>
  )
}

function SignInCard() {
  const connection = useConnection()
  const siwx = useSiwx()
  const [me, setMe] = useState<string>('')
  const callProtected = async () => {
    const response = await fetch('/api/me', { cache: 'no-store' })
    const body = (await response.json()) as { address?: string; error?: string }
    setMe(response.ok ? `200 ${body.address}` : `${response.status} ${body.error}`)
  }
  return (
    <section className="card">
      <h2>Session</h2>
      <p>
        Connect with the button above and pick <strong>Devnet Wallet</strong>: the modal asks you to sign a message, the
        server checks it (domain, nonce, time, signature) and remembers this browser.
      </p>
      <dl>
        <dt>Wallet</dt>
        <dd data-testid="signin-connection">{connection.status}</dd>
        <dt>Sign-in</dt>
        <dd data-testid="signin-status">{siwx.status}</dd>
        <dt>Signed in as</dt>
        <dd data-testid="signin-address">{siwx.sessions[0]?.data.accountAddress ?? '—'}</dd>
      </dl>
      <div className="row">
        <button type="button" data-testid="signin-me" onClick={() => void callProtected()}>
          Call the protected endpoint
        </button>
        {siwx.status === 'authenticated' ? (
          <button type="button" data-testid="signin-sign-out" onClick={() => void siwx.signOut()}>
            Sign out
          </button>
        ) : connection.isConnected ? (
          <button type="button" data-testid="signin-sign-in" onClick={() => void siwx.signIn().catch(() => {})}>
            Sign in
          </button>
        ) : null}
      </div>
      <p className="muted" data-testid="signin-me-result">
        {me}
      </p>
    </section>
  )
}
