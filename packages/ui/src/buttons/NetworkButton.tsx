import { type PorticoNetwork, useNetwork } from '@portico/headless'
import type { ReactNode } from 'react'
import { useLazyMark } from '../components/lazyMarks.js'
import { PorticoImage } from '../components/PorticoImage.js'
import { ThemeRoot } from '../components/ThemeRoot.js'
import { usePorticoUI } from '../context.js'
import { preloadModal } from '../modal/loadModal.js'
import { useModal } from '../useModal.js'
import * as css from './buttons.css.js'
import { modalOpener } from './modalOpener.js'

/**
 * The selected network; opens the network list. Shows "Wrong network" on an unsupported chain.
 *
 * @example
 * <NetworkButton />
 */
export function NetworkButton() {
  const { messages, modal } = usePorticoUI('NetworkButton')
  const { network, isUnsupported } = useNetwork()
  const { open } = useModal()
  const mark = useLazyMark((marks) => marks.networkMark(network))
  return (
    <ThemeRoot as="span">
      <button
        type="button"
        className={css.pill}
        data-slot="network-button"
        data-state={isUnsupported ? 'unsupported' : 'supported'}
        {...modalOpener(
          modal,
          () => open({ view: 'Networks' }),
          () => void preloadModal(modal.table, 'Networks'),
        )}
      >
        {isUnsupported ? null : (
          <PorticoImage src={network.assets?.imageUrl} mark={mark} name={network.name} size={30} radius="full" />
        )}
        <span>{isUnsupported ? messages.wrongNetwork : network.name}</span>
      </button>
    </ThemeRoot>
  )
}

/**
 * Render your own network button.
 *
 * @example
 * <NetworkButton.Custom>{({ network, open }) => <button onClick={open}>{network.name}</button>}</NetworkButton.Custom>
 */
function NetworkButtonCustom({
  children,
}: {
  children: (props: { network: PorticoNetwork; isUnsupported: boolean; open(): void }) => ReactNode
}) {
  const { network, isUnsupported } = useNetwork()
  const { open } = useModal()
  return children({ network, isUnsupported, open: () => open({ view: 'Networks' }) })
}
NetworkButton.Custom = NetworkButtonCustom
