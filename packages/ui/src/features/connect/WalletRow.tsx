import type { SortedConnector } from '@portico/headless'
import { memo } from 'react'
import { PorticoImage } from '../../components/PorticoImage.js'
import * as css from '../../components/primitives.css.js'
import { walletConnectMark } from '../../components/walletConnectMark.js'
import { usePorticoUI } from '../../context.js'
import { namespaceName, pairsRemotely } from './connection.js'
import type { WalletConnectors } from './walletConnectors.js'

/**
 * @internal A wallet in the Connect and AllWallets lists, with its badge. Memoised: the virtual
 * list re-renders on every scroll frame, and rows whose connector did not change need not.
 */
export const WalletRow = memo(function WalletRow({
  connectors,
  onSelect,
  onIntent,
  tabIndex,
}: {
  /**
   * The wallet's connectors, one per namespace (a wallet installed for several namespaces is one
   * row): the first gives the row its name, image and badge; their namespaces' names show. Kept
   * stable by the list, for the memo.
   */
  connectors: WalletConnectors
  /** Given the row's connectors (the views' `useSelectWallet`). */
  onSelect(connectors: readonly SortedConnector[]): void
  /** A list's roving tab stop (All Wallets): 0 on the active row, -1 on the others. */
  tabIndex?: number | undefined
  /** Called when the pointer moves over or presses, or focus reaches, a WalletConnect row (readies its pairing). */
  onIntent?: (() => void) | undefined
}) {
  const { messages } = usePorticoUI('WalletRow')
  const [connector] = connectors
  const badge = pairsRemotely(connector)
    ? // Its slot hides it on a phone (primitives.css.ts), where WalletConnect shows no QR code.
      { text: messages.badgeQrCode, tone: 'neutral' as const, slot: 'qr-code-badge' }
    : connector.isRecent
      ? { text: messages.badgeRecent, tone: 'accent' as const }
      : connector.isInstalled
        ? { text: messages.badgeInstalled, tone: 'success' as const }
        : connector.isFeatured
          ? { text: messages.badgeFeatured, tone: 'neutral' as const }
          : undefined
  const intent = onIntent && pairsRemotely(connector) ? onIntent : undefined
  return (
    <button
      type="button"
      className={css.row}
      tabIndex={tabIndex}
      onClick={() => onSelect(connectors)}
      // A moving pointer: a modal that opens under a resting pointer is no intent. A press is (a
      // touch has no move before it).
      onPointerMove={intent}
      onPointerDown={intent}
      onFocus={intent}
      data-slot="wallet-row"
      data-connector={connector.uid}
    >
      <PorticoImage
        // WalletConnect's row is the kit's own: its mark stands in unless the host gave an image
        // (and when that image does not load).
        src={connector.imageUrl}
        mark={pairsRemotely(connector) ? walletConnectMark : undefined}
        name={connector.name}
        size={40}
      />
      <span className={css.rowLabel}>{connector.name}</span>
      {connectors.length > 1 ? (
        <span className={css.rowMeta} data-slot="wallet-namespaces">
          {connectors.map((c) => namespaceName(c.chain)).join(' · ')}
        </span>
      ) : connector.chain !== 'eip155' ? (
        <span className={css.rowMeta}>{namespaceName(connector.chain)}</span>
      ) : null}
      {badge ? (
        <span className={css.badge({ tone: badge.tone })} data-slot={badge.slot}>
          {badge.text}
        </span>
      ) : null}
    </button>
  )
})

/**
 * @internal
 * The connectors as the lists show them: WalletConnect has one connector per namespace but is
 * one entry (a pairing connects every namespace at once), kept where the first one sorts.
 */
export function listedConnectors(connectors: readonly SortedConnector[]): SortedConnector[] {
  let walletConnect = false
  return connectors.filter((c) => {
    if (!pairsRemotely(c)) return true
    if (walletConnect) return false
    walletConnect = true
    return true
  })
}
