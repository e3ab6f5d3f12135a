import { type Devnet, startDevnet } from '@portico/devnet'
import { createPublicClient, createWalletClient, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createPortico } from '../../kernel/createPortico.js'
import { json, startHttpServer, testAdapters, testNetworks } from '../../test/fixtures.js'
import { fetchTransactions, isSpamTransaction, type Transaction } from './fetchTransactions.js'

let devnet: Devnet
let fixture: Awaited<ReturnType<typeof startHttpServer>>
beforeAll(async () => {
  devnet = await startDevnet()
  fixture = await startHttpServer((_, res) => json(res, 404, {}))
})
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

test('default: a transfer made on the devnet shows in the history, newest first', async () => {
  const account = privateKeyToAccount(devnet.evm.accounts[1].privateKey)
  const wallet = createWalletClient({ account, transport: http(devnet.evm.rpcUrl) })
  const hash = await wallet.sendTransaction({
    to: devnet.evm.accounts[2].address,
    value: parseEther('0.5'),
    chain: null,
  })
  await createPublicClient({ transport: http(devnet.evm.rpcUrl) }).waitForTransactionReceipt({
    hash,
    pollingInterval: 20,
  })
  const { data } = await fetchTransactions(portico(devnet.api.url), {
    address: account.address,
    caipNetworkId: 'eip155:31337',
  })
  expect(data[0]?.metadata).toMatchObject({ hash, operationType: 'send' })
  expect(data[0]?.transfers?.[0]).toMatchObject({ direction: 'out', quantity: { numeric: '0.5' } })
})

const entry = (id: string, extra: Partial<Transaction> = {}, spam?: boolean[]) => ({
  id,
  metadata: { minedAt: '2026-11-21T00:00:00Z', chain: 'eip155:31337', ...extra.metadata },
  transfers: (spam ?? [false]).map((is_spam) => ({ nft_info: { flags: { is_spam } } })),
})

test('behavior: spam (every transfer flagged), other networks and malformed entries are dropped; cursor passed on', async () => {
  fixture.state.handler = (_, res) =>
    json(res, 200, {
      data: [
        entry('keep'),
        entry('partly-spam', {}, [true, false]),
        entry('all-spam', {}, [true, true]),
        entry('other-chain', { metadata: { minedAt: '2026-11-21T00:00:00Z', chain: 'eip155:1' } }),
        { id: 'malformed' },
      ],
      next: 'cursor-2',
    })
  const result = await fetchTransactions(portico(fixture.url), {
    address: '0xabc',
    caipNetworkId: 'eip155:31337',
    cursor: 'c1',
  })
  expect(result.data.map((t) => t.id)).toEqual(['keep', 'partly-spam'])
  expect(result.next).toBe('cursor-2')
  const url = new URL(fixture.state.requests.at(-1)?.url ?? '', fixture.url)
  expect(url.pathname).toBe('/v1/account/0xabc/history')
  expect(Object.fromEntries(url.searchParams)).toMatchObject({ chainId: 'eip155:31337', cursor: 'c1', projectId: 'p1' })
})

test("behavior: failures are 'Failed to fetch transactions'; an address is required", async () => {
  fixture.state.handler = (_, res) => json(res, 500, {})
  await expect(
    fetchTransactions(portico(fixture.url), { address: '0xabc', caipNetworkId: 'eip155:1' }),
  ).rejects.toMatchObject({
    name: 'TransactionHistoryError',
    shortMessage: 'Failed to fetch transactions',
  })
  await expect(
    fetchTransactions(portico(fixture.url), { address: '', caipNetworkId: 'eip155:1' }),
  ).rejects.toMatchObject({
    name: 'TransactionHistoryError',
  })
  expect(isSpamTransaction({ id: 'x', metadata: { minedAt: '' }, transfers: [] })).toBe(false)
})

test('security: with blockchainApi false the account’s address never reaches the blockchain API: TransactionHistoryError before any request', async () => {
  const before = fixture.state.requests.length
  const off = createPortico({
    projectId: 'p1',
    networks: testNetworks().all,
    adapters: testAdapters(),
    storage: null,
    apiUrls: { blockchain: fixture.url },
    blockchainApi: false,
  })
  await expect(
    fetchTransactions(off, { address: devnet.evm.accounts[1].address, caipNetworkId: 'eip155:31337' }),
  ).rejects.toMatchObject({ name: 'TransactionHistoryError' })
  expect(fixture.state.requests.length).toBe(before)
})
