import { formatBalance, truncateAddress, useBalance, useConnection, useNetwork } from '@portico/headless'
import type { ReactNode } from 'react'
import { Avatar } from '../components/Avatar.js'
import { ThemeRoot } from '../components/ThemeRoot.js'
import { usePorticoUI } from '../context.js'
import { AccountNameSlot } from '../features/names/AccountNameSlot.js'
import { preloadModal } from '../modal/loadModal.js'
import { useModal } from '../useModal.js'
import * as css from './buttons.css.js'
import { modalOpener } from './modalOpener.js'

/**
 * The connected account: its profile picture or else a generated avatar, balance (3 decimals) and
 * its profile name (`alice.reown.id`) or else its truncated address (both from the profile
 * service's reverse lookup, cached 5 minutes). Opens the Account
 * view, or the unsupported-chain view while the wallet is on a network the app does not support
 * (the network button then says "Wrong network"; the balance of an unknown chain is not shown).
 * Renders nothing while disconnected. Where its container leaves too little width (a phone, a
 * crowded header), it takes its compact form, the avatar and the name, without the balance.
 *
 * @example
 * <AccountButton />
 */
export function AccountButton({ showBalance = true }: { showBalance?: boolean }) {
  const { modal } = usePorticoUI('AccountButton')
  const { address, namespace, isConnected, isReconnecting } = useConnection()
  const { showUnsupportedView } = useNetwork()
  const balance = useBalance({ query: { enabled: showBalance } })
  const { open } = useModal()
  if (!(isConnected || isReconnecting) || !address) return null
  const native = balance.data?.[0]
  const evm = namespace === 'eip155' ? address : undefined
  return (
    <ThemeRoot as="span">
      <button
        type="button"
        className={css.pill}
        data-slot="account-button"
        data-state={showUnsupportedView ? 'unsupported' : 'connected'}
        {...modalOpener(
          modal,
          () => open({ view: 'Account' }),
          () => void preloadModal(modal.table, showUnsupportedView ? 'UnsupportedChain' : 'Account'),
        )}
      >
        <AccountNameSlot address={evm} fallback={<Avatar address={address} size={30} />} avatar={30} />
        {/* The name first: shown after the balance, it stays when the balance has no room. */}
        <span className={css.readings}>
          <span data-slot="account-button-name">
            <AccountNameSlot address={evm} fallback={truncateAddress(address)} />
          </span>
          {showBalance && native && !showUnsupportedView ? (
            <span className={css.balance} data-slot="account-button-balance">
              <span dir="ltr">
                {formatBalance(native.quantity.numeric)} {native.symbol}
              </span>
            </span>
          ) : null}
        </span>
      </button>
    </ThemeRoot>
  )
}

/**
 * Render your own account button.
 *
 * @example
 * <AccountButton.Custom>{({ address, open }) => <button onClick={open}>{address}</button>}</AccountButton.Custom>
 */
function AccountButtonCustom({
  children,
}: {
  children: (props: { address: string | undefined; isConnected: boolean; open(): void }) => ReactNode
}) {
  const { address, isConnected } = useConnection()
  const { open } = useModal()
  return children({ address, isConnected, open: () => open({ view: 'Account' }) })
}
AccountButton.Custom = AccountButtonCustom
