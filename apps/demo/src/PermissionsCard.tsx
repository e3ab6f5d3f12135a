// Smart sessions (ERC-7715) on the demo, with `?smartSessions=on`: grant the dapp an allowance of
// 1000 wei a day from the connected EVM account, then send under it (within it: no prompt). The
// grant shows in the modal's Account view, where it can be revoked. Headless hooks only.
import { devnetConfig } from 'virtual:portico-devnet'
import { useConnection } from '@portico/headless'
import { useSendCalls } from '@portico/headless/calls/react'
import { useGrantPermissions } from '@portico/headless/permissions/react'
import { privateKeyToAddress } from 'viem/accounts'

/** Devnet account #3: the receiver of the demo's sends under the permission. */
const receiver = privateKeyToAddress(devnetConfig.evm.privateKeys[3] ?? '0x01')

export function PermissionsCard() {
  const { status } = useConnection({ namespace: 'eip155' })
  const grant = useGrantPermissions()
  const send = useSendCalls()
  if (status !== 'connected') return null
  const context = grant.data?.context
  return (
    <section className="card" aria-labelledby="permissions-title" data-testid="permissions-card">
      <h2 id="permissions-title">Permissions (smart sessions)</h2>
      <p className="muted">
        Grant this page up to 1000 wei a day for an hour; sends within it need no approval. Revoke it in the Account
        view.
      </p>
      <button
        type="button"
        data-testid="permissions-grant"
        disabled={grant.isPending}
        onClick={() =>
          grant.mutate({
            expiry: Math.floor(Date.now() / 1000) + 3600,
            permissions: [{ type: 'native-token-recurring-allowance', data: { allowance: '0x3e8', period: 86400 } }],
          })
        }
      >
        Grant 1000 wei a day
      </button>
      {context ? (
        <div className="mono" data-testid="permissions-context">
          {context}
        </div>
      ) : null}
      {grant.error ? <div data-testid="permissions-grant-error">{grant.error.name}</div> : null}
      <button
        type="button"
        data-testid="permissions-send"
        disabled={!context || send.isPending}
        onClick={() =>
          send.mutate({
            calls: [{ to: receiver, value: 600n }],
            capabilities: { permissions: { context } },
          })
        }
      >
        Send 600 wei under the permission
      </button>
      {send.data ? (
        <div className="mono" data-testid="permissions-sent">
          {send.data.id}
        </div>
      ) : null}
      {send.error ? <div data-testid="permissions-send-error">{send.error.name}</div> : null}
    </section>
  )
}
