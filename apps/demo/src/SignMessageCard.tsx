// Signing on every connected namespace, read and driven with the headless hooks only. Over
// WalletConnect one session covers all of them; each signature is in its chain's own encoding.
import { type ChainNamespace, useConnection, useSignMessage } from '@portico/headless'
import { useState } from 'react'

const namespaces: ChainNamespace[] = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos']
export const demoMessage = 'Hello from the Portico demo'

function NamespaceRow({ namespace }: { namespace: ChainNamespace }) {
  const { status, address } = useConnection({ namespace })
  const sign = useSignMessage()
  const [signature, setSignature] = useState<string>()
  if (status !== 'connected' || !address) return null
  return (
    <li data-testid={`sign-${namespace}`}>
      <strong>{namespace}</strong> <span className="mono">{address}</span>{' '}
      <button
        type="button"
        data-testid={`sign-${namespace}-button`}
        disabled={sign.isPending}
        onClick={() =>
          sign.mutate(
            { namespace, message: demoMessage },
            { onSuccess: setSignature, onError: () => setSignature(undefined) },
          )
        }
      >
        Sign “{demoMessage}”
      </button>
      {signature ? (
        <div className="mono" data-testid={`sign-${namespace}-signature`}>
          {signature}
        </div>
      ) : null}
      {sign.error ? <div data-testid={`sign-${namespace}-error`}>{sign.error.name}</div> : null}
    </li>
  )
}

export function SignMessageCard() {
  return (
    <section className="card" aria-labelledby="sign-title">
      <h2 id="sign-title">Sign a message</h2>
      <p className="muted">
        Each connected namespace signs with its wallet (WalletConnect: one session for all of them).
      </p>
      <ul className="sign-list" data-testid="sign-list">
        {namespaces.map((namespace) => (
          <NamespaceRow key={namespace} namespace={namespace} />
        ))}
      </ul>
    </section>
  )
}
