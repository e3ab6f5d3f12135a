import { type DirectoryWallet, useConnectors, useNetwork, usePortico, walletImageUrl } from '@portico/headless'
import { Icon } from '../../components/Icon.js'
import { PorticoImage } from '../../components/PorticoImage.js'
import { button, row, rowLabel } from '../../components/primitives.css.js'
import { Spinner } from '../../components/Spinner.js'
import * as views from '../../components/views.css.js'
import { usePorticoUI } from '../../context.js'
import type { ViewEntryOf } from '../../modal/views.js'
import { safeWebLink } from '../../utils/safeLink.js'
import { ConnectionFailed } from './ConnectionFailed.js'
import { namespaceName, useConnectionAttempt, useConnectWith, useStartConnection } from './connection.js'

/**
 * @internal
 * Waiting on an installed wallet (waiting, retry, rejected and error states), or, for a directory
 * wallet that is not installed, where to get it.
 */
export function ConnectingExternalView({ data }: ViewEntryOf<'ConnectingExternal'>) {
  if ('directoryWallet' in data) return <NotInstalled wallet={data.directoryWallet} />
  if ('connectorUids' in data) return <ChooseNamespace connectorUids={data.connectorUids} />
  return <ConnectingInstalled connectorUid={data.connectorUid} />
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

/**
 * A wallet installed for several namespaces (its connectors, as listed): one button per namespace,
 * the active one first; the chosen connector connects (Back returns to the list).
 */
function ChooseNamespace({ connectorUids }: { connectorUids: readonly string[] }) {
  const { messages } = usePorticoUI('ConnectingExternalView')
  const all = useConnectors()
  const connectWith = useConnectWith(useStartConnection())
  const { network } = useNetwork()
  const listed = connectorUids.flatMap((uid) => all.filter((c) => c.uid === uid))
  const wallet = listed[0]
  // The active namespace first: the likeliest choice is the first button.
  const connectors = [
    ...listed.filter((c) => c.chain === network.chainNamespace),
    ...listed.filter((c) => c.chain !== network.chainNamespace),
  ]
  const name = wallet?.name ?? ''
  return (
    <div className={views.center} data-slot="connecting-external" data-state="choose-namespace">
      <PorticoImage src={wallet?.imageUrl} name={name || '?'} size={72} />
      <p className={views.headline}>{name}</p>
      <ul className={views.list} aria-label={messages.titleNetworks} style={{ alignSelf: 'stretch' }}>
        {connectors.map((connector) => (
          <li key={connector.uid}>
            <button
              type="button"
              className={row}
              onClick={() => connectWith(connector)}
              data-slot="choose-namespace"
              data-namespace={connector.chain}
            >
              <span className={rowLabel}>{namespaceName(connector.chain)}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}

function ConnectingInstalled({ connectorUid }: { connectorUid: string }) {
  const { messages } = usePorticoUI('ConnectingExternalView')
  const connector = useConnectors().find((c) => c.uid === connectorUid)
  const start = useStartConnection()
  const state = useConnectionAttempt()
  // Try again is the user's click, like the first attempt.
  const retry = () => connector && start({ connector })
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
        <ConnectionFailed state={state} onRetry={retry} />
      )}
    </div>
  )
}
