import { type DirectoryWallet, useConnect, useConnectors, usePortico, walletImageUrl } from '@portico/headless'
import { useEffect, useRef } from 'react'
import { Icon } from '../../components/Icon.js'
import { PorticoImage } from '../../components/PorticoImage.js'
import { button } from '../../components/primitives.css.js'
import { Spinner } from '../../components/Spinner.js'
import { usePorticoUI } from '../../context.js'
import { safeWebLink } from '../../utils/safeLink.js'
import { ConnectionFailed } from './ConnectionFailed.js'
import * as views from './views.css.js'

type State = 'connecting' | 'rejected' | 'error'

/**
 * @internal
 * Waiting on an installed wallet (waiting, retry, rejected and error states), or, for a directory
 * wallet that is not installed, where to get it.
 */
export function ConnectingExternalView({ data }: { data?: Readonly<Record<string, unknown>> | undefined }) {
  const directoryWallet = data?.directoryWallet as DirectoryWallet | undefined
  if (directoryWallet) return <NotInstalled wallet={directoryWallet} />
  return <ConnectingInstalled data={data} />
}

function NotInstalled({ wallet }: { wallet: DirectoryWallet }) {
  const { messages } = usePorticoUI('ConnectingExternalView')
  const { portico } = usePortico('ConnectingExternalView')
  const link = safeWebLink(wallet.webapp_link) ?? safeWebLink(wallet.desktop_link)
  return (
    <div className={views.center} data-slot="connecting-external" data-state="not-installed">
      <PorticoImage src={walletImageUrl(portico, wallet.image_id)} name={wallet.name} size={72} />
      <p className={views.headline}>{messages.notInstalled(wallet.name)}</p>
      <p className={views.muted}>{messages.notInstalledBody}</p>
      {link ? (
        <a className={button({ variant: 'primary', size: 'md' })} href={link} target="_blank" rel="noopener noreferrer">
          {messages.getWallet(wallet.name)}
          <Icon name="external" size={16} />
        </a>
      ) : null}
    </div>
  )
}

function ConnectingInstalled({ data }: { data?: Readonly<Record<string, unknown>> | undefined }) {
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
        <ConnectionFailed state={state} onRetry={start} />
      )}
    </div>
  )
}
