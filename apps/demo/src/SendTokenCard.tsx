// A send form on the headless hooks alone: the balances pick the token, useEstimateSendFee quotes
// the fee as the user types, useSendToken sends and waits for the chain (the sender's balances
// refetch on success). Validation errors are the typed errors sendToken throws, shown as is.
import { formatBalance, useBalance, useConnection } from '@portico/headless'
import { useEstimateSendFee, useSendToken } from '@portico/headless/send/react'
import { useState } from 'react'

export function SendTokenCard() {
  const { isConnected, namespace } = useConnection()
  const balance = useBalance()
  const [tokenKey, setTokenKey] = useState('native')
  const [amount, setAmount] = useState('')
  const [receiver, setReceiver] = useState('')
  const send = useSendToken({
    mutation: {
      onSuccess: () => {
        setAmount('')
        setReceiver('')
      },
    },
  })
  const tokens = balance.data ?? []
  const token = tokens.find((t) => (t.address ?? 'native') === tokenKey) ?? tokens[0]
  const fee = useEstimateSendFee({ token, amount, receiver })
  if (!isConnected || (namespace !== 'eip155' && namespace !== 'solana')) return null
  return (
    <section className="card" aria-labelledby="send-title">
      <h2 id="send-title">Send a token (headless)</h2>
      <form
        className="send-form"
        onSubmit={(event) => {
          event.preventDefault()
          send.mutate({ token, amount, receiver })
        }}
      >
        <label className="field">
          <span>Token</span>
          <select aria-label="Token" value={token?.address ?? 'native'} onChange={(e) => setTokenKey(e.target.value)}>
            {tokens.map((t) => (
              <option key={t.address ?? 'native'} value={t.address ?? 'native'}>
                {t.symbol} ({formatBalance(t.quantity.numeric)})
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Amount</span>
          <input aria-label="Amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </label>
        <label className="field">
          <span>Receiver</span>
          <input
            aria-label="Receiver"
            className="mono"
            spellCheck={false}
            value={receiver}
            onChange={(e) => setReceiver(e.target.value)}
          />
        </label>
        <p className="muted" data-testid="send-fee">
          {fee.data
            ? `Network fee ≈ ${fee.data.formatted} ${fee.data.symbol}`
            : fee.error
              ? fee.error.message.split('\n')[0]
              : amount && receiver
                ? 'Estimating the fee…'
                : 'Network fee: enter an amount and a receiver'}
        </p>
        <button type="submit" disabled={send.isPending || !token}>
          {send.isPending ? 'Confirm in the wallet…' : 'Send'}
        </button>
      </form>
      {send.data ? (
        <p className="mono" data-testid="send-result">
          {send.data}
        </p>
      ) : null}
      {send.error ? (
        <p role="alert" className="error" data-testid="send-error">
          {send.error.message.split('\n')[0]}
        </p>
      ) : null}
    </section>
  )
}
