import type { Nft } from '@portico/headless/nfts'
import { useNfts } from '@portico/headless/nfts/react'
import { EmptyState } from '../../components/EmptyState.js'
import { PorticoImage } from '../../components/PorticoImage.js'
import * as css from '../../components/primitives.css.js'
import { Spinner } from '../../components/Spinner.js'
import * as views from '../../components/views.css.js'
import { usePorticoUI } from '../../context.js'
import type { Catalogue } from '../../i18n/featureMessages.js'
import { useFeatureMessages } from '../../i18n/useFeatureMessages.js'
import { nftsMessages } from './nftMessages.js'
import type { nftsEn } from './nfts.en.js'
import { RetryButton } from './RetryButton.js'

/** @internal The NFTs tab: the account's ERC-721 and ERC-1155 tokens on the active network (spam hidden), paged. */
export function NftList() {
  const { messages } = usePorticoUI('NftList')
  const nfts = useNfts()
  const text = useFeatureMessages(nftsMessages)
  if (!text || (nfts.isPending && nfts.fetchStatus !== 'idle'))
    return (
      <div className={views.center}>
        <Spinner size={24} label={messages.loading} />
      </div>
    )
  if (nfts.isError)
    return (
      <div className={views.center} data-slot="nfts-error">
        <EmptyState title={text.nftsFailed} />
        <RetryButton slot="retry-nfts" onRetry={() => void nfts.refetch()} />
      </div>
    )
  const list = nfts.data?.pages.flatMap((page) => page.data) ?? []
  if (list.length === 0) return <EmptyState title={messages.noNfts} body={messages.noNftsBody} />
  return (
    <ul className={views.list} aria-label={messages.tabNfts} data-slot="nft-list">
      {list.map((nft) => (
        <NftRow key={nft.id} nft={nft} text={text} />
      ))}
      {nfts.hasNextPage ? (
        <li>
          <button
            type="button"
            className={css.button({ variant: 'secondary', size: 'sm' })}
            disabled={nfts.isFetchingNextPage}
            onClick={() => void nfts.fetchNextPage()}
          >
            {messages.loadMore}
          </button>
        </li>
      ) : null}
    </ul>
  )
}

function NftRow({ nft, text }: { nft: Nft; text: Catalogue<typeof nftsEn> }) {
  return (
    <li className={css.row} data-slot="nft-row" data-standard={nft.standard}>
      <PorticoImage src={nft.imageUrl ?? nft.collection.iconUrl} name={nft.name} size={48} radius="md" />
      <span className={css.rowLabel}>
        <span data-slot="nft-name">{nft.name}</span>
        <span className={css.rowMeta} style={{ display: 'block' }} data-slot="nft-collection">
          {nft.collection.name}
        </span>
      </span>
      {nft.amount !== '1' ? (
        <span className={views.amount} data-slot="nft-amount">
          {text.nftsOwned(nft.amount)}
        </span>
      ) : null}
    </li>
  )
}
