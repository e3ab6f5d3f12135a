// `#/`: the prebuilt modal. One <ConnectButton /> is the whole integration.

import { devnetConfig } from 'virtual:portico-devnet'
import { useFeatures } from '@portico/headless'
import { ConnectButton, PorticoUI } from '@portico/ui'
import { lazy, Suspense } from 'react'
import { AccountInfo } from '../AccountInfo.js'
import { SendTokenCard } from '../SendTokenCard.js'
import { SignMessageCard } from '../SignMessageCard.js'

// Loaded only with `?smartSessions=on`: the permissions feature stays off every other page load.
const PermissionsCard = lazy(() => import('../PermissionsCard.js').then((m) => ({ default: m.PermissionsCard })))

export function ModalPage() {
  const { smartSessions } = useFeatures()
  return (
    <PorticoUI themeMode="auto">
      <header className="page-header">
        <div>
          <h1>Prebuilt modal</h1>
          <p className="muted">@portico/ui on top of @portico/headless</p>
        </div>
        <ConnectButton />
      </header>
      <main className="page">
        <section className="card">
          <h2>How this page works</h2>
          <p>
            The button in the header is <code>&lt;ConnectButton /&gt;</code> inside <code>&lt;PorticoUI&gt;</code>.
            Click it and pick <strong>Devnet Wallet</strong>: a test wallet this page installs at start, holding the
            local devnet accounts (EIP-6963 for EVM, Wallet Standard for Solana). Once connected, the button shows the
            balance and opens the Account view, where you can switch between Devnet, Devnet 2 and Solana Devnet, or
            disconnect.
          </p>
          <p className="muted">
            Everything runs on loopback: anvil for EVM and a litesvm-backed RPC for Solana. Reload the page and the
            wallet reconnects silently.
          </p>
          <p>
            <strong>WalletConnect</strong> works offline too: pick WalletConnect in the modal, copy the link (or scan
            nothing: this is a laptop), then paste it into the{' '}
            {devnetConfig.walletConnect.walletUrl ? (
              <a
                href={devnetConfig.walletConnect.walletUrl}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="web-wallet-link"
              >
                devnet web wallet
              </a>
            ) : (
              'devnet web wallet'
            )}{' '}
            and approve. One session connects EVM, Solana, Polkadot, Bitcoin and Cosmos with the devnet keys.
          </p>
        </section>
        <AccountInfo />
        <SignMessageCard />
        <SendTokenCard />
        {smartSessions ? (
          <Suspense fallback={null}>
            <PermissionsCard />
          </Suspense>
        ) : null}
      </main>
    </PorticoUI>
  )
}
