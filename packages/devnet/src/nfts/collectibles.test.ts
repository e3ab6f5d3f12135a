import { createPublicClient, createWalletClient, defineChain, erc721Abi, http, parseAbi } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { compileCollectibles } from '../../scripts/build-collectibles.js'
import type { ApiNft } from '../api/nfts.js'
import { type Devnet, devnetCollections, evmAccounts, startDevnet } from '../index.js'
import { collectible721Runtime, collectible1155Runtime, collectibleSlots } from './collectiblesCode.js'

const Q = 'projectId=test-project&st=appkit&sv=html-wagmi-1.0.0'
const erc1155Abi = parseAbi([
  'function balanceOf(address account, uint256 id) view returns (uint256)',
  'function supportsInterface(bytes4 id) view returns (bool)',
])
const [pioneers, editions, spam] = devnetCollections as [
  (typeof devnetCollections)[0],
  (typeof devnetCollections)[0],
  (typeof devnetCollections)[0],
]

let devnet: Devnet
beforeAll(async () => {
  devnet = (await startDevnet({
    walletConnect: false,
    auth: false,
    social: false,
    farcaster: false,
    aa: false,
  })) as unknown as Devnet
}, 60_000)
afterAll(() => devnet?.stop())

const chain = () =>
  defineChain({
    id: 31337,
    name: 'Portico devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [devnet.evm.rpcUrl] } },
  })
const client = () => createPublicClient({ chain: chain(), transport: http(devnet.evm.rpcUrl) })
const nftsOf = async (address: string) => {
  const response = await fetch(`${devnet.api.url}/v1/account/${address}/nfts?chainId=eip155:31337&${Q}`)
  expect(response.status).toBe(200)
  return (await response.json()) as { data: ApiNft[]; next: string | null }
}

test('the committed bytecode and slots are what contracts/DevnetCollectibles.sol compiles to', () => {
  const compiled = compileCollectibles()
  expect(compiled.erc721).toBe(collectible721Runtime)
  expect(compiled.erc1155).toBe(collectible1155Runtime)
  expect(compiled.slots).toEqual(collectibleSlots)
}, 120_000)

test('the collections answer the standard calls on the devnet chain', async () => {
  const read = client()
  expect(await read.readContract({ address: pioneers.address, abi: erc721Abi, functionName: 'name' })).toBe(
    'Portico Pioneers',
  )
  expect(await read.readContract({ address: pioneers.address, abi: erc721Abi, functionName: 'symbol' })).toBe('PIONEER')
  expect(
    await read.readContract({ address: pioneers.address, abi: erc721Abi, functionName: 'ownerOf', args: [3n] }),
  ).toBe(evmAccounts[1].address)
  expect(
    await read.readContract({
      address: pioneers.address,
      abi: erc721Abi,
      functionName: 'balanceOf',
      args: [evmAccounts[0].address],
    }),
  ).toBe(2n)
  expect(
    await read.readContract({
      address: editions.address,
      abi: erc1155Abi,
      functionName: 'balanceOf',
      args: [evmAccounts[0].address, 1n],
    }),
  ).toBe(3n)
  // ERC-1155's interface id.
  expect(
    await read.readContract({
      address: editions.address,
      abi: erc1155Abi,
      functionName: 'supportsInterface',
      args: ['0xd9b67a26'],
    }),
  ).toBe(true)
})

test('the API lists an account’s NFTs with amounts, flags spam, and serves their images', async () => {
  const { data, next } = await nftsOf(evmAccounts[0].address)
  expect(next).toBeNull()
  expect(data.map((n) => [n.collection_info.name, n.nft_info.name, n.amount, n.nft_info.flags.is_spam])).toEqual([
    ['Portico Pioneers', 'Pioneer #1', '1', false],
    ['Portico Pioneers', 'Pioneer #2', '1', false],
    ['Portico Editions', 'Genesis Badge', '3', false],
    ['Portico Editions', 'Launch Ticket', '1', false],
    ['Claim Rewards Voucher', spam.tokens[0]?.name, '1', true],
  ])
  expect(data[0]).toMatchObject({
    id: `eip155:31337:${pioneers.address}:1`,
    chain: 'eip155:31337',
    nft_info: { contract_address: pioneers.address, token_id: '1', interface: 'ERC721' },
  })
  const image = await fetch(data[0]?.nft_info.content.preview.url ?? '')
  expect(image.status).toBe(200)
  expect(image.headers.get('content-type')).toContain('image/svg+xml')
  expect(new URL(data[0]?.nft_info.content.preview.url ?? '').origin).toBe(devnet.api.url)
  // Account #3 holds the spam voucher only; another chain has none.
  expect((await nftsOf(evmAccounts[3].address)).data.map((n) => n.nft_info.flags.is_spam)).toEqual([true])
  const solana = await fetch(`${devnet.api.url}/v1/account/${evmAccounts[0].address}/nfts?chainId=eip155:1&${Q}`)
  expect(((await solana.json()) as { data: unknown[] }).data).toEqual([])
})

test('a token transferred with safeTransferFrom moves to its new holder in the API', async () => {
  const from = privateKeyToAccount(evmAccounts[2].privateKey)
  const to = evmAccounts[4].address
  const wallet = createWalletClient({ account: from, chain: chain(), transport: http(devnet.evm.rpcUrl) })
  const hash = await wallet.writeContract({
    address: pioneers.address,
    abi: erc721Abi,
    functionName: 'safeTransferFrom',
    args: [from.address, to, 4n],
  })
  expect((await client().waitForTransactionReceipt({ hash, pollingInterval: 20 })).status).toBe('success')
  expect((await nftsOf(from.address)).data.map((n) => n.nft_info.name)).not.toContain('Pioneer #4')
  expect((await nftsOf(to)).data.map((n) => n.nft_info.name)).toEqual(['Pioneer #4', spam.tokens[0]?.name])
})
