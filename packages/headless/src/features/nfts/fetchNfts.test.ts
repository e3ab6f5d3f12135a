import { devnetCollections, evmAccounts, startDevnet } from '@portico/devnet'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createPortico } from '../../kernel/createPortico.js'
import { json, startHttpServer, testAdapters, testNetworks } from '../../test/fixtures.js'
import { NftsUnavailableError } from './errors.js'
import { fetchNfts } from './fetchNfts.js'

let devnet: Awaited<ReturnType<typeof start>>
let fixture: Awaited<ReturnType<typeof startHttpServer>>
const start = () => startDevnet({ walletConnect: false, auth: false, social: false, farcaster: false, aa: false })
beforeAll(async () => {
  devnet = await start()
  fixture = await startHttpServer((_, res) => json(res, 404, {}))
}, 60_000)
afterAll(async () => {
  await devnet?.stop()
  await fixture?.close()
})

const portico = (blockchain: string) =>
  createPortico({
    projectId: 'p1',
    networks: testNetworks().all,
    adapters: testAdapters(),
    storage: null,
    apiUrls: { blockchain },
  })

test('default: the devnet collection’s tokens of account #0, spam hidden, images on the API’s image host', async () => {
  const { data, next } = await fetchNfts(portico(devnet.api.url), {
    address: evmAccounts[0].address,
    caipNetworkId: 'eip155:31337',
  })
  expect(next).toBeUndefined()
  expect(data.map((n) => [n.collection.name, n.name, n.standard, n.amount])).toEqual([
    ['Portico Pioneers', 'Pioneer #1', 'ERC721', '1'],
    ['Portico Pioneers', 'Pioneer #2', 'ERC721', '1'],
    ['Portico Editions', 'Genesis Badge', 'ERC1155', '3'],
    ['Portico Editions', 'Launch Ticket', 'ERC1155', '1'],
  ])
  expect(data[0]).toMatchObject({
    caipNetworkId: 'eip155:31337',
    contractAddress: devnetCollections[0]?.address,
    tokenId: '1',
  })
  expect(new URL(data[0]?.imageUrl ?? '').origin).toBe(devnet.api.url)
  expect((await fetch(data[0]?.imageUrl ?? '')).status).toBe(200)
  // Account #3 holds only the spam voucher: nothing to show.
  expect(
    (await fetchNfts(portico(devnet.api.url), { address: evmAccounts[3].address, caipNetworkId: 'eip155:31337' })).data,
  ).toEqual([])
})

const entry = (id: string, extra: Record<string, unknown> = {}, info: Record<string, unknown> = {}) => ({
  id,
  chain: 'eip155:31337',
  amount: '1',
  nft_info: { contract_address: '0x01', token_id: id, interface: 'ERC721', name: `Token ${id}`, ...info },
  collection_info: { name: 'C' },
  ...extra,
})

test('behavior: spam, other networks and malformed entries dropped; unsafe image URLs dropped; cursor passed on', async () => {
  fixture.state.handler = (_, res) =>
    json(res, 200, {
      data: [
        entry('keep', {}, { content: { preview: { url: 'https://img.test/keep.png' } } }),
        entry('spam', {}, { flags: { is_spam: true } }),
        entry('other-chain', { chain: 'eip155:1' }),
        entry('script', {}, { name: null, content: { preview: { url: 'javascript:alert(1)' } } }),
        { id: 'malformed' },
      ],
      next: 'cursor-2',
    })
  const result = await fetchNfts(portico(fixture.url), {
    address: '0xabc',
    caipNetworkId: 'eip155:31337',
    cursor: 'c1',
  })
  expect(result.data.map((n) => [n.id, n.name, n.imageUrl])).toEqual([
    ['keep', 'Token keep', 'https://img.test/keep.png'],
    ['script', 'C #script', undefined],
  ])
  expect(result.next).toBe('cursor-2')
  const url = new URL(fixture.state.requests.at(-1)?.url ?? '', fixture.url)
  expect(url.pathname).toBe('/v1/account/0xabc/nfts')
  expect(Object.fromEntries(url.searchParams)).toMatchObject({ chainId: 'eip155:31337', cursor: 'c1', projectId: 'p1' })
})

test("behavior: failures are 'Failed to fetch NFTs'; an address is required", async () => {
  fixture.state.handler = (_, res) => json(res, 500, {})
  const failed = fetchNfts(portico(fixture.url), { address: '0xabc', caipNetworkId: 'eip155:31337' })
  await expect(failed).rejects.toBeInstanceOf(NftsUnavailableError)
  await expect(failed).rejects.toMatchObject({ shortMessage: 'Failed to fetch NFTs' })
  fixture.state.handler = (_, res) => json(res, 200, { data: 'not a list' })
  await expect(fetchNfts(portico(fixture.url), { address: '0xabc', caipNetworkId: 'eip155:31337' })).rejects.toThrow(
    'Failed to fetch NFTs',
  )
  await expect(fetchNfts(portico(fixture.url), { address: '', caipNetworkId: 'eip155:31337' })).rejects.toBeInstanceOf(
    NftsUnavailableError,
  )
})

test('security: with blockchainApi false the account’s address never reaches the blockchain API: NftsUnavailableError before any request', async () => {
  const before = fixture.state.requests.length
  const off = createPortico({
    projectId: 'p1',
    networks: testNetworks().all,
    adapters: testAdapters(),
    storage: null,
    apiUrls: { blockchain: fixture.url },
    blockchainApi: false,
  })
  const error = await fetchNfts(off, { address: evmAccounts[0].address, caipNetworkId: 'eip155:31337' }).catch(
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(NftsUnavailableError)
  expect(fixture.state.requests.length).toBe(before)
})
