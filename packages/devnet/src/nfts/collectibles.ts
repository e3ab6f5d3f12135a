/**
 * The devnet's NFT collections: plain constants (browser-safe), like `tokens.ts`. Start-up
 * installs them on anvil (`installCollectibles`) and the blockchain-API emulator serves each
 * account's holdings from the chain (`GET /v1/account/{address}/nfts`).
 */

/**
 * One token of a devnet collection and who holds how many (`holders`: index in `evmAccounts` to
 * amount; an ERC-721 token has one holder holding 1).
 *
 * @example
 * ```ts
 * const pioneer: DevnetNft = devnetCollections[0].tokens[0] // { id: 1n, name: 'Pioneer #1', ... }
 * ```
 */
export interface DevnetNft {
  id: bigint
  name: string
  holders: Readonly<Record<number, bigint>>
}

/**
 * An NFT collection on the devnet EVM chain. `spam` marks the collection the emulator flags
 * `is_spam`, as an indexer flags unsolicited airdrops.
 *
 * @example
 * ```ts
 * const spam: DevnetCollection | undefined = devnetCollections.find((c) => c.spam)
 * ```
 */
export interface DevnetCollection {
  address: `0x${string}`
  standard: 'ERC721' | 'ERC1155'
  name: string
  symbol: string
  spam: boolean
  tokens: readonly DevnetNft[]
}

/**
 * The devnet's collections, installed at fixed addresses at start-up (no transaction: every
 * account's nonce and the block height stay as the snapshot left them). Account #0 holds
 * Pioneers #1 and #2 and both Editions; account #1 Pioneer #3 and a Genesis Badge; account #2
 * Pioneer #4; accounts #3 and #4 only the spam voucher, which every account holds.
 *
 * @example
 * ```ts
 * import { devnetCollections } from '@portico/devnet'
 * import { erc721Abi } from 'viem'
 *
 * const [pioneers] = devnetCollections
 * const owner = await client.readContract({ address: pioneers.address, abi: erc721Abi, functionName: 'ownerOf', args: [1n] })
 * ```
 */
export const devnetCollections: readonly DevnetCollection[] = [
  {
    address: '0x7357000000000000000000000000000000000721',
    standard: 'ERC721',
    name: 'Portico Pioneers',
    symbol: 'PIONEER',
    spam: false,
    tokens: [
      { id: 1n, name: 'Pioneer #1', holders: { 0: 1n } },
      { id: 2n, name: 'Pioneer #2', holders: { 0: 1n } },
      { id: 3n, name: 'Pioneer #3', holders: { 1: 1n } },
      { id: 4n, name: 'Pioneer #4', holders: { 2: 1n } },
    ],
  },
  {
    address: '0x7357000000000000000000000000000000001155',
    standard: 'ERC1155',
    name: 'Portico Editions',
    symbol: 'EDITION',
    spam: false,
    tokens: [
      { id: 1n, name: 'Genesis Badge', holders: { 0: 3n, 1: 1n } },
      { id: 2n, name: 'Launch Ticket', holders: { 0: 1n } },
    ],
  },
  {
    address: '0x7357000000000000000000000000000000009999',
    standard: 'ERC1155',
    name: 'Claim Rewards Voucher',
    symbol: 'CLAIM',
    spam: true,
    tokens: [{ id: 1n, name: 'Visit claim-rewards.example to redeem', holders: { 0: 1n, 1: 1n, 2: 1n, 3: 1n, 4: 1n } }],
  },
]
