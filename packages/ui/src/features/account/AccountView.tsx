import {
  truncateAddress,
  useBalance,
  useConnection,
  useDisconnect,
  useFeatures,
  useNetwork,
  usePortico,
} from '@portico/headless'
import { useIdentity } from '@portico/headless/identity/react'
import { Tabs } from 'radix-ui'
import { Avatar } from '../../components/Avatar.js'
import { EmptyState } from '../../components/EmptyState.js'
import { Icon } from '../../components/Icon.js'
import { networkImage, tokenImage } from '../../components/marks.js'
import { PorticoImage } from '../../components/PorticoImage.js'
import * as css from '../../components/primitives.css.js'
import { Spinner } from '../../components/Spinner.js'
import * as views from '../../components/views.css.js'
import { usePorticoUI } from '../../context.js'
import { useToasts } from '../../modal/toasts.js'
import { useAfterFirstPaint } from '../../modal/useAfterFirstPaint.js'
import { explorerAddressUrl } from '../../utils/explorer.js'
import { useFormat } from '../../utils/useFormat.js'
import { EmbeddedAccountSlot } from '../embedded/EmbeddedAccountSlot.js'
import { AccountNameSlot } from '../names/AccountNameSlot.js'
import { ChooseNameSlot } from '../names/ChooseNameSlot.js'
import { PermissionsSlot } from '../permissions/PermissionsSlot.js'
import { SiwxAccountSlot } from '../siwx/SiwxAccountSlot.js'
import { WalletsSlot } from '../wallets/WalletsSlot.js'
import { ActivityList } from './ActivityList.js'
import { NftList } from './NftList.js'
import { RetryButton } from './RetryButton.js'
import { sortTokensByValue } from './sortTokensByValue.js'
import { WalletFeatures } from './WalletFeatures.js'

/** @internal The connected account: identity, balance, actions, and the Tokens / NFTs / Activity tabs. */
export function AccountView() {
  const { modal, messages } = usePorticoUI('AccountView')
  const { portico } = usePortico('AccountView')
  const toasts = useToasts()
  const format = useFormat()
  const connection = useConnection()
  const { network } = useNetwork()
  const balance = useBalance()
  const disconnect = useDisconnect()
  const identity = useIdentity()
  // The remote configuration decides the Activity tab (and the wallet features' flags) like it
  // decides the Connect view's: asked once this view has painted, when the Connect view was not shown.
  const { activity } = useFeatures({ remote: useAfterFirstPaint() })
  // The NFT and Activity lists come only from the blockchain API: with it off they could only fail,
  // so their tabs are not offered (as the Swap button is not); balances come from the RPC then.
  const blockchainApi = portico.options.blockchainApi
  const address = connection.address ?? ''
  // Names and their pictures are EVM only (the spec).
  const evmAddress = connection.namespace === 'eip155' ? address : undefined
  const [native, ...tokens] = balance.data ?? []
  // A disabled query (no network yet, or an unsupported one) is pending for ever: not loading.
  const balanceLoading = balance.isPending && balance.fetchStatus !== 'idle'

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address)
      toasts.show('success', messages.addressCopied)
    } catch {
      toasts.show('error', messages.copyFailed)
    }
  }
  const explorer = explorerAddressUrl(network, address)

  // The Tokens list: a tab beside NFTs and Activity, or alone (blockchain API off) without a tab list of one.
  const tokenList = (
    <>
      {balanceLoading ? (
        <div className={views.center}>
          <Spinner size={24} label={messages.loading} />
        </div>
      ) : balance.isError || !native ? (
        <div className={views.center} data-slot="balance-error">
          <EmptyState title={messages.balanceUnavailable} />
          {balance.isError ? (
            <RetryButton
              slot="retry-balance"
              retryAt={balance.error.name === 'BalanceUnavailableError' ? balance.error.retryAt : undefined}
              onRetry={() => void balance.refetch()}
            />
          ) : null}
        </div>
      ) : (
        // Spec: balances with 3 decimals, value and price with 2; the most valuable first.
        sortTokensByValue([native, ...tokens]).map((token) => (
          <div key={token.address ?? 'native'} className={css.row} data-slot="token-row">
            <PorticoImage {...tokenImage(token)} name={token.symbol || token.name} size={36} radius="full" />
            <span className={css.rowLabel}>
              {token.name}
              {/* Wraps rather than clips: a long price (Arabic's "US$" after the digits) takes a line of its own. */}
              <span className={css.rowMeta} style={{ display: 'flex', flexWrap: 'wrap', columnGap: '0.25em' }}>
                {token.symbol}
                {typeof token.price === 'number' && Number.isFinite(token.price) ? (
                  <span data-slot="token-price"> · {format.currency(token.price)}</span>
                ) : null}
              </span>
            </span>
            <span className={views.amount}>
              <span data-slot="token-balance">{format.balance(token.quantity.numeric)}</span>
              {typeof token.value === 'number' && Number.isFinite(token.value) ? (
                <span className={css.rowMeta} style={{ display: 'block' }} data-slot="token-value">
                  {format.currency(token.value)}
                </span>
              ) : null}
            </span>
          </div>
        ))
      )}
    </>
  )
  const tokenPanel = {
    className: views.list,
    'aria-busy': balanceLoading || undefined,
    'data-pending': balanceLoading ? '' : undefined,
  }

  return (
    <div data-slot="account-view">
      <div className={views.accountHead}>
        <AccountNameSlot address={evmAddress} fallback={<Avatar address={address} size={64} />} avatar={64} />
        <p className={views.address} data-slot="account-name">
          {connection.profileName ?? (
            <AccountNameSlot address={evmAddress} fallback={identity.data?.name ?? truncateAddress(address)} />
          )}
          <button
            type="button"
            className={css.iconButton}
            onClick={copy}
            aria-label={messages.copyAddress}
            data-slot="copy-address"
          >
            <Icon name="copy" size={16} />
          </button>
        </p>
        <p
          className={views.balance}
          data-slot="account-balance"
          aria-busy={balanceLoading || undefined}
          data-pending={balanceLoading ? '' : undefined}
        >
          {native ? (
            format.amount(native.quantity.numeric, native.symbol)
          ) : balanceLoading ? (
            <Spinner size={14} />
          ) : (
            '—'
          )}
        </p>
        <div className={views.actions}>
          <button
            type="button"
            className={css.button({ variant: 'secondary', size: 'sm' })}
            onClick={() => modal.push({ view: 'Networks' })}
            data-slot="account-network"
          >
            <PorticoImage {...networkImage(network)} name={network.name} size={18} radius="full" />
            {network.name}
          </button>
          {explorer ? (
            <a
              className={css.button({ variant: 'secondary', size: 'sm' })}
              href={explorer}
              target="_blank"
              rel="noopener noreferrer"
            >
              {messages.viewOnExplorer}
              <Icon name="external" size={14} />
            </a>
          ) : null}
        </div>
        <WalletFeatures />
        <ChooseNameSlot />
        <WalletsSlot />
      </div>
      <EmbeddedAccountSlot />
      <SiwxAccountSlot />
      <PermissionsSlot />

      {blockchainApi ? (
        <Tabs.Root defaultValue="tokens">
          <Tabs.List className={views.tabsList} aria-label={messages.titleAccount}>
            <Tabs.Trigger className={views.tab} value="tokens">
              {messages.tabTokens}
            </Tabs.Trigger>
            <Tabs.Trigger className={views.tab} value="nfts">
              {messages.tabNfts}
            </Tabs.Trigger>
            {activity ? (
              <Tabs.Trigger className={views.tab} value="activity">
                {messages.tabActivity}
              </Tabs.Trigger>
            ) : null}
          </Tabs.List>
          <Tabs.Content value="tokens" {...tokenPanel}>
            {tokenList}
          </Tabs.Content>
          <Tabs.Content value="nfts">
            <NftList />
          </Tabs.Content>
          {activity ? (
            <Tabs.Content value="activity">
              <ActivityList />
            </Tabs.Content>
          ) : null}
        </Tabs.Root>
      ) : (
        <section aria-label={messages.tabTokens} {...tokenPanel}>
          {tokenList}
        </section>
      )}

      <button
        type="button"
        className={css.button({ variant: 'danger', size: 'lg' })}
        style={{ marginTop: 12 }}
        disabled={disconnect.isPending}
        onClick={() => {
          // Spec: disconnect closes the modal. Close first: once disconnected this view is gone,
          // and with it any per-call mutation callback.
          modal.close()
          disconnect.mutateAsync().then(
            () => toasts.show('success', messages.disconnected),
            () => toasts.show('error', messages.disconnectFailed),
          )
        }}
        data-slot="disconnect"
      >
        <Icon name="disconnect" size={18} />
        {messages.disconnect}
      </button>
    </div>
  )
}
