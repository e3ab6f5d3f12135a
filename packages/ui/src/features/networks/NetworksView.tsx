import {
  getConnection,
  type PorticoNetwork,
  useConnection,
  useNetwork,
  usePortico,
  useSwitchNetwork,
} from '@portico/headless'
import { Icon } from '../../components/Icon.js'
import { networkImage } from '../../components/marks.js'
import { PorticoImage } from '../../components/PorticoImage.js'
import * as css from '../../components/primitives.css.js'
import { Spinner } from '../../components/Spinner.js'
import * as views from '../../components/views.css.js'
import { usePorticoUI } from '../../context.js'
import { useShake } from '../../modal/shake.js'
import { useToasts } from '../../modal/toasts.js'

/** @internal The configured networks; picking one asks the wallet to switch when connected. */
export function NetworksView({
  only,
}: {
  view?: 'Networks'
  only?: ((network: PorticoNetwork) => boolean) | undefined
}) {
  const { modal, messages } = usePorticoUI('NetworksView')
  const toasts = useToasts()
  const shake = useShake()
  const { network: active, networks } = useNetwork()
  const { isConnected } = useConnection()
  const { portico } = usePortico('NetworksView')
  const switchNetwork = useSwitchNetwork()
  const pending = switchNetwork.isPending ? switchNetwork.variables?.caipNetworkId : undefined
  const list = only ? networks.filter(only) : networks

  const pick = (network: PorticoNetwork) => {
    if (network.caipNetworkId === active.caipNetworkId) return modal.back()
    switchNetwork.mutate(
      { caipNetworkId: network.caipNetworkId },
      {
        onSuccess: () => {
          if (!isConnected) return modal.back()
          // A network of another namespace, where no wallet is connected: offer that namespace's
          // wallets (back returns here); the connected wallet stays connected on its own.
          const there = network.chainNamespace
          if (!getConnection(portico, { namespace: there }).isConnected)
            return modal.push({ view: 'Connect', data: { namespace: there } })
          modal.open({ view: 'Account' })
        },
        onError: () => {
          shake()
          toasts.show('error', messages.switchNetworkFailed)
        },
      },
    )
  }

  return (
    <ul className={views.list} aria-label={messages.titleNetworks} data-slot="networks-view">
      {list.map((network) => {
        const isActive = network.caipNetworkId === active.caipNetworkId
        return (
          <li key={network.caipNetworkId}>
            <button
              type="button"
              className={css.row}
              data-state={isActive ? 'active' : 'inactive'}
              aria-current={isActive ? 'true' : undefined}
              disabled={Boolean(pending)}
              onClick={() => pick(network)}
              data-network={network.caipNetworkId}
            >
              <PorticoImage {...networkImage(network)} name={network.name} size={36} radius="full" />
              <span className={css.rowLabel}>{network.name}</span>
              {pending === network.caipNetworkId ? (
                <Spinner size={16} label={messages.switchingNetwork} />
              ) : isActive ? (
                <span className={css.badge({ tone: 'accent' })}>{messages.networkActive}</span>
              ) : (
                <Icon name="chevron" size={16} />
              )}
            </button>
          </li>
        )
      })}
    </ul>
  )
}
