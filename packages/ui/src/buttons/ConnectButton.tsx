import { type ConnectionStatus, useConnection } from '@portico/headless'
import type { ReactNode } from 'react'
import { button } from '../components/primitives.css.js'
import { ThemeRoot } from '../components/ThemeRoot.js'
import { usePorticoUI } from '../context.js'
import { preloadModal } from '../modal/loadModal.js'
import { useModal } from '../useModal.js'
import { AccountButton } from './AccountButton.js'
import { modalOpener } from './modalOpener.js'
import { NetworkButton } from './NetworkButton.js'

export type ConnectButtonProps = {
  /** Label while disconnected. Default: the catalogue's "Connect Wallet". */
  label?: string | undefined
  /** When connected, also show the network button. Default `true`. */
  showNetwork?: boolean | undefined
}

/**
 * The one button most hosts need: "Connect Wallet" while disconnected (opens the modal), a quiet
 * state while connecting or restoring, and the account (and network) buttons once connected.
 * Hovering or focusing it starts loading the modal, so the wallet list is ready at the click.
 *
 * @example
 * <ConnectButton />
 */
export function ConnectButton({ label, showNetwork = true }: ConnectButtonProps) {
  const { messages, modal } = usePorticoUI('ConnectButton')
  const { status, address } = useConnection()
  const { open } = useModal()
  // A restoring session with a known address (saved, or rendered by the server from a cookie)
  // shows the account at once; it turns back into "Connect Wallet" if the wallet no longer answers.
  if (status === 'connected' || (status === 'reconnecting' && address))
    return (
      <ThemeRoot as="span" style={{ display: 'inline-flex', gap: 8 }}>
        {showNetwork ? <NetworkButton /> : null}
        <AccountButton />
      </ThemeRoot>
    )
  const busy = status === 'connecting' || status === 'reconnecting'
  return (
    <ThemeRoot as="span">
      <button
        type="button"
        className={button({ variant: 'primary', size: 'md' })}
        data-slot="connect-button"
        data-state={status}
        aria-busy={busy || undefined}
        {...modalOpener(
          modal,
          () => open(),
          () => void preloadModal(modal.table),
        )}
      >
        {status === 'reconnecting'
          ? messages.restoring
          : status === 'connecting'
            ? messages.connecting
            : (label ?? messages.connectWallet)}
      </button>
    </ThemeRoot>
  )
}

/** What `ConnectButton.Custom` hands its render function. */
export type ConnectButtonRenderProps = {
  status: ConnectionStatus
  address: string | undefined
  isConnected: boolean
  openConnect(): void
  openAccount(): void
  openNetworks(): void
}

/**
 * The escape hatch: render your own button from the connection state and the modal's openers.
 *
 * @example
 * <ConnectButton.Custom>{({ isConnected, openConnect }) => <MyButton onClick={openConnect} />}</ConnectButton.Custom>
 */
function ConnectButtonCustom({ children }: { children: (props: ConnectButtonRenderProps) => ReactNode }) {
  const { status, address } = useConnection()
  const { open } = useModal()
  return children({
    status,
    address,
    isConnected: status === 'connected',
    openConnect: () => open({ view: 'Connect' }),
    openAccount: () => open({ view: 'Account' }),
    openNetworks: () => open({ view: 'Networks' }),
  })
}
ConnectButton.Custom = ConnectButtonCustom
