/**
 * An account's NFTs for the blockchain-API emulator, read live from the devnet chain: each devnet
 * collection's `ownerOf` / `balanceOf` in one JSON-RPC batch, so a token transferred with the
 * standard calls moves between accounts here too.
 */
import { decodeFunctionResult, encodeFunctionData, type Hex, parseAbi } from 'viem'
import { type DevnetCollection, devnetCollections } from '../nfts/collectibles.js'
import { evmCaip2, rpcBatch } from './chain.js'

const abi = parseAbi([
  'function ownerOf(uint256 id) view returns (address)',
  'function balanceOf(address account, uint256 id) view returns (uint256)',
])

/**
 * An NFT as `GET /v1/account/{address}/nfts` returns it: the token (`nft_info`, with the same
 * `flags.is_spam` as a history transfer's), its collection, and how many the account holds.
 */
export interface ApiNft {
  id: string
  chain: string
  amount: string
  nft_info: {
    contract_address: string
    token_id: string
    interface: DevnetCollection['standard']
    name: string
    content: { preview: { url: string } }
    flags: { is_spam: boolean }
  }
  collection_info: { name: string; content: { icon: { url: string } } }
}

/** The URL of an image on the emulator's image host, by image id. */
export type ImageUrl = (id: string) => string

/** The NFTs `owner` holds on the devnet EVM chain, collection by collection, token id order. */
export async function evmNfts(rpcUrl: string, owner: string, imageUrl: ImageUrl): Promise<ApiNft[]> {
  const tokens = devnetCollections.flatMap((collection) => collection.tokens.map((token) => ({ collection, token })))
  const calls: [string, unknown[]][] = tokens.map(({ collection, token }) => [
    'eth_call',
    [
      {
        to: collection.address,
        data:
          collection.standard === 'ERC721'
            ? encodeFunctionData({ abi, functionName: 'ownerOf', args: [token.id] })
            : encodeFunctionData({ abi, functionName: 'balanceOf', args: [owner as Hex, token.id] }),
      },
      'latest',
    ],
  ])
  // ownerOf reverts for a burned token: read each answer on its own rather than failing the batch.
  const results = await Promise.all(
    calls.map((call) =>
      rpcBatch<Hex>(rpcUrl, [call]).then(
        ([r]) => r,
        () => undefined,
      ),
    ),
  )
  const me = owner.toLowerCase()
  return tokens.flatMap(({ collection, token }, i) => {
    const result = results[i]
    if (!result || result === '0x') return []
    const amount =
      collection.standard === 'ERC721'
        ? decodeFunctionResult({ abi, functionName: 'ownerOf', data: result }).toLowerCase() === me
          ? 1n
          : 0n
        : decodeFunctionResult({ abi, functionName: 'balanceOf', data: result })
    if (amount === 0n) return []
    const imageId = `nft-${collection.symbol}-${token.id}`.toLowerCase()
    return [
      {
        id: `${evmCaip2}:${collection.address}:${token.id}`,
        chain: evmCaip2,
        amount: amount.toString(),
        nft_info: {
          contract_address: collection.address,
          token_id: token.id.toString(),
          interface: collection.standard,
          name: token.name,
          content: { preview: { url: imageUrl(imageId) } },
          flags: { is_spam: collection.spam },
        },
        collection_info: {
          name: collection.name,
          content: { icon: { url: imageUrl(`collection-${collection.symbol}`.toLowerCase()) } },
        },
      },
    ]
  })
}
