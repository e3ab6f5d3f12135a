import type { DirectoryWallet } from '@portico/headless'
import { memo, useState } from 'react'
import { PorticoImage } from '../../components/PorticoImage.js'
import * as css from '../../components/primitives.css.js'

/**
 * @internal
 * A directory wallet's row; memoised, so a scroll renders only the rows that come into view. Its
 * icon is asked for once the list is not being scrolled and the search is answered
 * (`deferImage`); the name's initial stands in until then, and an icon asked for stays while the
 * row shows that wallet.
 */
export const DirectoryRow = memo(function DirectoryRow({
  wallet,
  imageUrl,
  deferImage,
  onSelect,
  tabIndex,
}: {
  wallet: DirectoryWallet
  imageUrl: string | undefined
  /**
   * The list is being scrolled, or this row stands in for a search's answer still on its way (or
   * lists an answer whose frame is not painted yet).
   * Each icon is an SVG drawn on the main thread: drawing those of every row passed made frames of
   * a fast scroll late (the bench's scroll frame interval at 4× CPU throttling, p95 50-67 ms with
   * icons, 33 without), and the stand-ins' icons arrived just as the answer did, ahead of its
   * render (~20 ms of a 4× throttled search).
   */
  deferImage: boolean
  onSelect(wallet: DirectoryWallet): void
  /** The list's roving tab stop: 0 on the active row, -1 on the others. */
  tabIndex?: number | undefined
}) {
  // The wallet whose icon may be asked for: a row shows another wallet after a search (rows are
  // kept by position), and that wallet's icon waits like any new row's.
  const [imageFor, setImageFor] = useState(deferImage ? undefined : wallet.id)
  if (!deferImage && imageFor !== wallet.id) setImageFor(wallet.id)
  const showImage = imageFor === wallet.id
  return (
    <button
      type="button"
      className={css.row}
      tabIndex={tabIndex}
      onClick={() => onSelect(wallet)}
      data-slot="directory-wallet-row"
      data-wallet={wallet.id}
    >
      <PorticoImage src={showImage ? imageUrl : undefined} name={wallet.name} size={40} />
      <span className={css.rowLabel}>{wallet.name}</span>
    </button>
  )
})
