// What the host app knows about the connection, read with the headless hooks only.
import { formatBalance, useBalance, useConnection } from '@portico/headless'

export function AccountInfo() {
  const { status, address, caipAddress, network } = useConnection()
  const balance = useBalance()
  const native = balance.data?.[0]
  return (
    <section className="card" aria-labelledby="account-info-title">
      <h2 id="account-info-title">Account info</h2>
      <dl className="facts" data-testid="account-info">
        <dt>Status</dt>
        <dd data-testid="account-status">{status}</dd>
        <dt>Address</dt>
        <dd className="mono" data-testid="account-address">
          {address ?? '—'}
        </dd>
        <dt>CAIP-10</dt>
        <dd className="mono">{caipAddress ?? '—'}</dd>
        <dt>Network</dt>
        <dd data-testid="account-network">{network ? `${network.name} (${network.caipNetworkId})` : '—'}</dd>
        <dt>Balance</dt>
        <dd data-testid="account-balance">
          {native ? `${formatBalance(native.quantity.numeric)} ${native.symbol}` : address ? 'Loading…' : '—'}
        </dd>
      </dl>
    </section>
  )
}
