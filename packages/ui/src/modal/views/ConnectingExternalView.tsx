import { useConnect, useConnectors } from '@portico/headless'
import { useEffect, useRef } from 'react'
import { Icon } from '../../components/Icon.js'
import { PorticoImage } from '../../components/PorticoImage.js'
import { button } from '../../components/primitives.css.js'
import { Spinner } from '../../components/Spinner.js'
import { usePorticoUI } from '../../context.js'
import * as views from './views.css.js'

type State = 'connecting' | 'rejected' | 'error'

/** @internal Waiting on an installed wallet: waiting, retry, rejected and error states. */
export function ConnectingExternalView({ data }: { data?: Readonly<Record<string, unknown>> | undefined }) {
  const { store, messages, embedded } = usePorticoUI('ConnectingExternalView')
  const connectors = useConnectors()
  const connector = connectors.find((c) => c.uid === data?.uid)
  const connect = useConnect()
  const started = useRef(false)

  const start = () => {
    if (!connector) return
    connect.mutate(
      { connector },
      {
        onSuccess: () => (embedded ? store.open({ view: 'Account' }) : store.close()),
        onError: () => store.shake(),
      },
    )
  }
  // Once per visit (React StrictMode mounts twice; a wallet must not get two prompts).
  useEffect(() => {
    if (started.current || !connector) return
    started.current = true
    start()
  })

  const state: State =
    connect.status === 'error'
      ? connect.error?.name === 'ConnectionRejectedError'
        ? 'rejected'
        : 'error'
      : 'connecting'
  const name = connector?.name ?? ''
  return (
    <div className={views.center} data-slot="connecting-external" data-state={state}>
      <div className={views.walletRing} data-state={state}>
        <PorticoImage src={connector?.imageUrl} name={name || '?'} size={72} />
      </div>
      {state === 'connecting' ? (
        <>
          <p className={views.headline}>{messages.continueInWallet(name)}</p>
          <p className={views.muted}>{messages.acceptRequest}</p>
          <Spinner size={20} label={messages.connecting} />
        </>
      ) : (
        <>
          <p className={`${views.headline} ${views.danger}`}>
            {state === 'rejected' ? messages.connectionRejected : messages.connectionFailed}
          </p>
          <p className={views.muted}>
            {state === 'rejected' ? messages.connectionRejectedBody : messages.connectionFailedBody}
          </p>
          <button
            type="button"
            className={button({ variant: 'secondary', size: 'md' })}
            onClick={start}
            data-slot="retry"
          >
            <Icon name="back" size={16} style={{ transform: 'rotate(180deg)' }} />
            {messages.tryAgain}
          </button>
        </>
      )}
    </div>
  )
}
