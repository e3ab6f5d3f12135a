'use client'
import { formatBalance, useBalance, useConnection, useDisconnect } from '@portico/headless'

/** The headless hooks: the same connection the prebuilt button shows, in the host's own markup. */
export function Account() {
  const { status, address, network } = useConnection()
  const { data: balances } = useBalance()
  const disconnect = useDisconnect()
  const native = balances?.[0]
  return (
    <section aria-label="Account">
      <p>
        Status: <span data-testid="status">{status}</span>
      </p>
      {address ? (
        <p>
          <span data-testid="address">{address}</span> on {network?.name}
          {native ? ` · ${formatBalance(native.quantity.numeric)} ${native.symbol}` : null}{' '}
          <button type="button" onClick={() => disconnect.mutate({})}>
            Disconnect
          </button>
        </p>
      ) : null}
    </section>
  )
}
