import * as z from 'zod/mini'
import { fetchJson } from '../../kernel/api/http.js'
import { blockchainApiUrl } from '../../kernel/api/urls.js'
import type { Portico } from '../../kernel/portico.js'
import type { CaipNetworkId } from '../../kernel/utils/caip.js'
import { NftsUnavailableError, type NftsUnavailableErrorType } from './errors.js'

const url = z.optional(z.nullable(z.object({ url: z.optional(z.nullable(z.string())) })))
const nftSchema = z.object({
  id: z.string(),
  chain: z.optional(z.nullable(z.string())),
  amount: z.optional(z.string()),
  nft_info: z.object({
    contract_address: z.string(),
    token_id: z.string(),
    interface: z.optional(z.string()),
    name: z.optional(z.nullable(z.string())),
    content: z.optional(z.nullable(z.object({ preview: url }))),
    flags: z.optional(z.nullable(z.object({ is_spam: z.optional(z.boolean()) }))),
  }),
  collection_info: z.optional(
    z.nullable(
      z.object({ name: z.optional(z.nullable(z.string())), content: z.optional(z.nullable(z.object({ icon: url }))) }),
    ),
  ),
})
const pageSchema = z.object({ data: z.array(z.unknown()), next: z.optional(z.nullable(z.string())) })

/**
 * An NFT the account holds: an ERC-721 token (`amount` '1') or an ERC-1155 balance.
 *
 * @example
 * const label = `${nft.collection.name} · ${nft.name}`
 */
export type Nft = {
  /** The API's id for the token (unique per network, contract and token id). */
  id: string
  caipNetworkId: string
  contractAddress: string
  tokenId: string
  /** `ERC721` or `ERC1155` (as the API names the interface). */
  standard: string
  /** The token's name, else the collection's and the token id. */
  name: string
  /** How many the account holds, a decimal string. */
  amount: string
  /** The token's image on the configured image host (http or https only). */
  imageUrl: string | undefined
  collection: { name: string; iconUrl: string | undefined }
}

export type FetchNftsParameters = {
  address: string
  caipNetworkId: CaipNetworkId
  /** The API's cursor of the page to fetch (from the previous page's `next`). */
  cursor?: string | undefined
}
export type FetchNftsReturnType = { data: Nft[]; next: string | undefined }
export type FetchNftsErrorType = NftsUnavailableErrorType

/** An image URL from the API is kept only when it is http(s): it lands in an `<img src>`. */
function imageUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined
  try {
    const { protocol } = new URL(value)
    return protocol === 'https:' || protocol === 'http:' ? value : undefined
  } catch {
    return undefined
  }
}

/**
 * One page of the ERC-721 and ERC-1155 tokens an account holds on one network
 * (`GET {blockchain}/v1/account/{address}/nfts?chainId=…`, `cursor` for the next page). Tokens
 * flagged spam and tokens of other networks are dropped, as in the history; malformed entries
 * are dropped one by one; any other failure is an {@link NftsUnavailableError}, as is a call with
 * `blockchainApi: false` (before any request).
 *
 * @example
 * const { data, next } = await fetchNfts(portico, { address, caipNetworkId: 'eip155:1' })
 */
export async function fetchNfts(
  portico: Portico,
  { address, caipNetworkId, cursor }: FetchNftsParameters,
): Promise<FetchNftsReturnType> {
  if (!address) throw new NftsUnavailableError({ cause: new Error('An account address is required') })
  // `blockchainApi: false` keeps the account's address off the blockchain API: no NFTs then.
  if (!portico.options.blockchainApi)
    throw new NftsUnavailableError({ cause: new Error('The blockchain API is off (blockchainApi: false)') })
  const request = blockchainApiUrl(portico, `/v1/account/${encodeURIComponent(address)}/nfts`)
  request.searchParams.set('chainId', caipNetworkId)
  if (cursor) request.searchParams.set('cursor', cursor)
  let page: z.infer<typeof pageSchema>
  try {
    page = pageSchema.parse(await fetchJson(portico, request))
  } catch (error) {
    throw new NftsUnavailableError({ cause: error })
  }
  const data: Nft[] = []
  for (const entry of page.data) {
    const parsed = nftSchema.safeParse(entry)
    if (!parsed.success) continue
    const { nft_info: info, collection_info: collection, chain, amount } = parsed.data
    if (chain && chain !== caipNetworkId) continue
    if (info.flags?.is_spam === true) continue
    const collectionName = collection?.name ?? ''
    data.push({
      id: parsed.data.id,
      caipNetworkId,
      contractAddress: info.contract_address,
      tokenId: info.token_id,
      standard: info.interface ?? '',
      name: info.name || `${collectionName} #${info.token_id}`.trim(),
      amount: amount && /^\d+$/.test(amount) ? amount : '1',
      imageUrl: imageUrl(info.content?.preview?.url),
      collection: { name: collectionName, iconUrl: imageUrl(collection?.content?.icon?.url) },
    })
  }
  return { data, next: page.next ?? undefined }
}
