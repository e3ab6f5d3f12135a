// `#/custom`: a wallet UI built on the @portico/headless hooks only. Nothing from @portico/ui is
// imported here (or anywhere this page's module graph reaches).
import { devnetConfig } from 'virtual:portico-devnet'
import {
  formatBalance,
  truncateAddress,
  useBalance,
  useConnect,
  useConnection,
  useConnectors,
  useDisconnect,
  useNetwork,
  useSwitchNetwork,
} from '@portico/headless'
import { useWalletConnectUri } from '@portico/headless/walletconnect/react'
import { useRef } from 'react'
import { SendTokenCard } from '../SendTokenCard.js'
import { SwapCard } from '../SwapCard.js'

const namespaceLabel: Record<string, string> = {
  eip155: 'EVM',
  solana: 'Solana',
  polkadot: 'Polkadot',
  bip122: 'Bitcoin',
  cosmos: 'Cosmos',
}

/** The pending WalletConnect pairing, as a headless UI shows it: the link, copy, cancel. */
function Pairing({ onCancel }: { onCancel: () => void }) {
  const pairing = useWalletConnectUri()
  if (!pairing) return <p className="muted">Creating a pairing link…</p>
  const webWallet = devnetConfig.walletConnect.walletUrl
  return (
    <div className="pairing" data-testid="custom-pairing">
      <p>Open this link in a WalletConnect wallet (it renews itself every 4 minutes):</p>
      <code className="mono" data-testid="custom-pairing-uri">
        {pairing.uri}
      </code>
      <p>
        <button type="button" onClick={() => navigator.clipboard.writeText(pairing.uri)}>
          Copy link
        </button>{' '}
        {webWallet ? (
          <a href={`${webWallet}#uri=${encodeURIComponent(pairing.uri)}`} target="_blank" rel="noopener noreferrer">
            Open in the devnet web wallet
          </a>
        ) : null}{' '}
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </p>
    </div>
  )
}

function Connectors() {
  // WalletConnect has one connector per namespace but one session for all: list it once.
  const connectors = useConnectors().filter(
    (c, i, all) => c.type !== 'WALLET_CONNECT' || all.findIndex((o) => o.type === 'WALLET_CONNECT') === i,
  )
  const connect = useConnect()
  const abort = useRef<AbortController | undefined>(undefined)
  const pendingWalletConnect = connect.isPending && connect.variables?.connector?.type === 'WALLET_CONNECT'
  return (
    <section className="card">
      <h2>Wallets</h2>
      {connectors.length === 0 ? <p className="muted">Looking for wallets…</p> : null}
      <ul className="connector-list" aria-label="Wallets">
        {connectors.map((connector) => (
          <li key={connector.uid}>
            <button
              type="button"
              className="connector"
              disabled={connect.isPending}
              onClick={() => {
                abort.current = new AbortController()
                connect.mutate({ connector, signal: abort.current.signal })
              }}
            >
              {connector.imageUrl ? <img src={connector.imageUrl} alt="" width={28} height={28} /> : null}
              <span>{connector.name}</span>
              <span className="badge">
                {connector.type === 'WALLET_CONNECT' ? 'All chains' : namespaceLabel[connector.chain]}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {pendingWalletConnect ? <Pairing onCancel={() => abort.current?.abort()} /> : null}
      {connect.isPending && !pendingWalletConnect ? (
        <p className="muted">Approve the connection in the wallet…</p>
      ) : null}
      {connect.error ? (
        <p role="alert" className="error">
          {connect.error.message}
        </p>
      ) : null}
    </section>
  )
}

function Balances() {
  const balance = useBalance()
  if (balance.isPending) return <p className="muted">Loading balances…</p>
  if (balance.isError) return <p className="error">Balances unavailable: {balance.error.message}</p>
  return (
    <table className="balances" aria-label="Balances">
      <thead>
        <tr>
          <th scope="col">Token</th>
          <th scope="col">Name</th>
          <th scope="col" className="num">
            Balance
          </th>
        </tr>
      </thead>
      <tbody>
        {balance.data.map((token) => (
          <tr key={token.address ?? 'native'}>
            <td>{token.symbol}</td>
            <td>{token.name}</td>
            <td className="num">{formatBalance(token.quantity.numeric)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function NetworkSwitcher({ namespace }: { namespace: string }) {
  const { network, networks } = useNetwork()
  const switchNetwork = useSwitchNetwork()
  const options = networks.filter((n) => n.chainNamespace === namespace)
  return (
    <label className="field">
      <span>Network</span>
      <select
        aria-label="Network"
        value={network.caipNetworkId}
        disabled={switchNetwork.isPending || options.length < 2}
        onChange={(event) =>
          switchNetwork.mutate({ caipNetworkId: event.target.value as (typeof options)[number]['caipNetworkId'] })
        }
      >
        {options.map((n) => (
          <option key={n.caipNetworkId} value={n.caipNetworkId}>
            {n.name}
          </option>
        ))}
      </select>
      {switchNetwork.error ? <span className="error">{switchNetwork.error.message}</span> : null}
    </label>
  )
}

function Account() {
  const { address, namespace, connectedWalletInfo } = useConnection()
  const disconnect = useDisconnect()
  if (!address) return null
  return (
    <section className="card" data-testid="custom-account">
      <h2>Connected{connectedWalletInfo?.name ? ` with ${connectedWalletInfo.name}` : ''}</h2>
      <p className="mono" title={address}>
        <span data-testid="custom-address">{address}</span> <span className="muted">({truncateAddress(address)})</span>
      </p>
      <NetworkSwitcher namespace={namespace} />
      <Balances />
      <button type="button" className="secondary" disabled={disconnect.isPending} onClick={() => disconnect.mutate()}>
        Disconnect
      </button>
    </section>
  )
}

function AccountAndSwap() {
  return (
    <>
      <Account />
      <SwapCard />
    </>
  )
}

export function CustomPage() {
  const { isConnected, status } = useConnection()
  return (
    <>
      <header className="page-header">
        <div>
          <h1>Custom UI</h1>
          <p className="muted">Built only on the @portico/headless hooks: no modal code on this page.</p>
        </div>
        <span className="status" data-testid="custom-status">
          {status}
        </span>
      </header>
      <main className="page">{isConnected ? <AccountAndSwap /> : <Connectors />}</main>
      {isConnected ? (
        <div className="page">
          <SendTokenCard />
        </div>
      ) : null}
    </>
  )
}
