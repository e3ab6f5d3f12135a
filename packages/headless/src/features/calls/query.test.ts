// The calls feature's option factories (query.ts) on the shared devnet with a real test wallet:
// the keys of a batch's status and of a wallet's capabilities, when each query runs, how often it
// is retried and re-read, and that the sendCalls mutation asks the wallet once per mutate. The
// verbs themselves (what the wallet answers and its errors) are tested beside them
// (getCallsStatus.test.ts, getCapabilities.test.ts, sendCalls.devnet.test.ts); the hooks in react/.
// biome-ignore lint/style/noRestrictedImports: a test gives the options factories the query client a host would, without React
import { MutationObserver, QueryClient } from '@tanstack/react-query'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import { connectedSuite, drainMicrotasks } from '../../test/hookHarness.js'
import { getCallsStatus } from './getCallsStatus.js'
import {
  callsStatusQueryKey,
  callsStatusQueryOptions,
  capabilitiesQueryKey,
  capabilitiesQueryOptions,
  sendCallsMutationOptions,
} from './query.js'
import { sendCalls } from './sendCalls.js'

const { connected } = connectedSuite()
const fresh = () => privateKeyToAccount(generatePrivateKey()).address
const status = (s: 'pending' | 'success' | 'failure' | undefined) => ({
  state: { data: s === undefined ? undefined : { id: '0x1', status: s, statusCode: 100, atomic: false, receipts: [] } },
})

test('behavior: a batch status key holds the batch id: two ids never share a key, the same id gives an equal key', () => {
  expect(callsStatusQueryKey({ id: '0xaa' })).toEqual(['portico', 'callsStatus', { id: '0xaa' }])
  expect(callsStatusQueryKey({ id: '0xaa' })).toEqual(callsStatusQueryKey({ id: '0xaa' }))
  expect(callsStatusQueryKey({ id: '0xaa' })).not.toEqual(callsStatusQueryKey({ id: '0xbb' }))
  expect(callsStatusQueryKey({ id: '0xaa' })).not.toEqual(callsStatusQueryKey())
})

test('behavior: the status query is off until an id is known, and off when the caller turns it off', async () => {
  const portico = (await connected()).portico
  expect(callsStatusQueryOptions(portico).enabled).toBe(false)
  expect(callsStatusQueryOptions(portico, { id: '' }).enabled).toBe(false)
  expect(callsStatusQueryOptions(portico, { id: '0xaa' }).enabled).toBe(true)
  expect(callsStatusQueryOptions(portico, { id: '0xaa', query: { enabled: false } }).enabled).toBe(false)
  // A caller's overrides cannot turn it on without an id, nor swap its key.
  const overridden = callsStatusQueryOptions(portico, {
    query: { enabled: true, queryKey: ['other'], retry: 3 },
  })
  expect(overridden.enabled).toBe(false)
  expect(overridden.queryKey).toEqual(callsStatusQueryKey())
  expect(overridden.retry).toBe(3)
})

test('default: the status is re-read every second while the batch is pending, then left alone; no retry', async () => {
  const { portico } = await connected()
  const options = callsStatusQueryOptions(portico, { id: '0xaa' })
  expect(options.retry).toBe(false)
  expect(options.refetchInterval(status('pending'))).toBe(1000)
  expect(options.refetchInterval(status('success'))).toBe(false)
  expect(options.refetchInterval(status('failure'))).toBe(false)
  expect(options.refetchInterval(status(undefined))).toBe(false)
})

test('behavior: fetchQuery asks the wallet for the batch of the key and answers what getCallsStatus answers', async () => {
  const { portico, wallet } = await connected()
  const to = fresh()
  const { id } = await sendCalls(portico, { calls: [{ to, value: 3n }] })
  const other = await sendCalls(portico, {
    calls: [
      { to, value: 4n },
      { to, value: 5n },
    ],
  })
  const queryClient = new QueryClient()
  const data = await queryClient.fetchQuery(callsStatusQueryOptions(portico, { id }))
  expect(data).toEqual(await getCallsStatus(portico, { id }))
  expect(data).toMatchObject({ id, status: 'success', statusCode: 200 })
  expect(data.receipts).toHaveLength(1)
  const asked = wallet.requests.filter((r) => r.method === 'wallet_getCallsStatus').map((r) => r.params)
  expect(asked[0]).toEqual([id])
  // The other batch has its own entry: the first batch's status never answers for it.
  const second = await queryClient.fetchQuery(callsStatusQueryOptions(portico, { id: other.id }))
  expect(second.id).toBe(other.id)
  expect(second.receipts).toHaveLength(2)
  expect(queryClient.getQueryData(callsStatusQueryKey({ id }))).toEqual(data)
})

test('error: an unknown batch id fails the query once, without a retry (CallsRejectedError)', async () => {
  const { portico, asked } = await connected()
  const queryClient = new QueryClient()
  await expect(queryClient.fetchQuery(callsStatusQueryOptions(portico, { id: '0x1234' }))).rejects.toMatchObject({
    name: 'CallsRejectedError',
    reason: 'unknownId',
  })
  expect(asked('wallet_getCallsStatus')).toBe(1)
})

test('behavior: a capabilities key holds the address and the chain ids; equal inputs give an equal key', () => {
  const a = '0x00000000000000000000000000000000000000aa'
  const b = '0x00000000000000000000000000000000000000bb'
  expect(capabilitiesQueryKey({ address: a, chainIds: [1] })).toEqual([
    'portico',
    'capabilities',
    { address: a, chainIds: [1] },
  ])
  expect(capabilitiesQueryKey({ address: a, chainIds: [1, 10] })).toEqual(
    capabilitiesQueryKey({ address: a, chainIds: [1, 10] }),
  )
  expect(capabilitiesQueryKey({ address: a })).not.toEqual(capabilitiesQueryKey({ address: b }))
  expect(capabilitiesQueryKey({ address: a, chainIds: [1] })).not.toEqual(
    capabilitiesQueryKey({ address: a, chainIds: [10] }),
  )
  expect(capabilitiesQueryKey({ address: a, chainIds: [1] })).not.toEqual(capabilitiesQueryKey({ address: a }))
})

test('default: capabilities wait for an address (spec), stay fresh 5 minutes and are not retried', async () => {
  const { portico, wallet } = await connected()
  expect(capabilitiesQueryOptions(portico).enabled).toBe(false)
  expect(capabilitiesQueryOptions(portico, { chainIds: [31337] }).enabled).toBe(false)
  expect(capabilitiesQueryOptions(portico, { address: wallet.address }).enabled).toBe(true)
  expect(capabilitiesQueryOptions(portico, { address: wallet.address, query: { enabled: false } }).enabled).toBe(false)
  const options = capabilitiesQueryOptions(portico, { address: wallet.address })
  expect(options.staleTime).toBe(5 * 60_000)
  expect(options.retry).toBe(false)
  expect(capabilitiesQueryOptions(portico, { address: wallet.address, query: { staleTime: 0 } }).staleTime).toBe(0)
})

test('behavior: the capabilities query asks the wallet for its address and chains, then answers from the cache while fresh', async () => {
  const { portico, wallet, asked } = await connected()
  const queryClient = new QueryClient()
  const options = capabilitiesQueryOptions(portico, { address: wallet.address, chainIds: [31337] })
  const data = await queryClient.fetchQuery(options)
  expect(data).toEqual({ 31337: { atomic: { status: 'unsupported' }, assetDiscovery: { supported: true } } })
  expect(wallet.requests.find((r) => r.method === 'wallet_getCapabilities')?.params).toEqual([
    wallet.address,
    ['0x7a69'],
  ])
  expect(await queryClient.fetchQuery(options)).toEqual(data)
  expect(asked('wallet_getCapabilities')).toBe(1)
  // Other chains are another request: the cached answer for 31337 does not stand in for them.
  const all = await queryClient.fetchQuery(capabilitiesQueryOptions(portico, { address: wallet.address }))
  expect(Object.keys(all).sort()).toEqual(['31337', '31338'])
  expect(asked('wallet_getCapabilities')).toBe(2)
})

test('error: a malformed address fails the capabilities query once, before the wallet is asked', async () => {
  const { portico, asked } = await connected()
  const queryClient = new QueryClient()
  await expect(queryClient.fetchQuery(capabilitiesQueryOptions(portico, { address: 'nope' }))).rejects.toMatchObject({
    name: 'CapabilitiesAddressRequiredError',
  })
  expect(asked('wallet_getCapabilities')).toBe(0)
})

test('behavior: each sendCalls mutate sends its batch once; data is the batch id getCallsStatus reads', async () => {
  const { portico, asked } = await connected()
  const queryClient = new QueryClient()
  const options = sendCallsMutationOptions(portico)
  expect(options.mutationKey).toEqual(['portico', 'sendCalls'])
  const mutation = new MutationObserver(queryClient, options)
  const to = fresh()
  const first = await mutation.mutate({ calls: [{ to, value: 11n }] })
  expect(asked('wallet_sendCalls')).toBe(1)
  expect(await getCallsStatus(portico, first)).toMatchObject({ id: first.id, status: 'success' })
  // The same batch again, once the first settled, is a deliberate second send.
  const second = await mutation.mutate({ calls: [{ to, value: 11n }] })
  expect(asked('wallet_sendCalls')).toBe(2)
  expect(second.id).not.toBe(first.id)
  expect(mutation.getCurrentResult().data).toEqual(second)
})

test('edge: a double mutate with the same batch while the first is with the wallet joins it: the batch is prepared and sent once', async () => {
  // With a host paymaster, each send first asks the wallet's capabilities: a second send that was
  // not joined would ask them again (the wallet request itself is joined lower down, in request).
  const { portico, asked, approve } = await connected({
    slowMethod: 'wallet_sendCalls',
    options: { paymasterMap: { 'eip155:31337': 'http://127.0.0.1:9/paymaster' } },
  })
  const queryClient = new QueryClient()
  const to = fresh()
  const one = new MutationObserver(queryClient, sendCallsMutationOptions(portico))
  const two = new MutationObserver(queryClient, sendCallsMutationOptions(portico))
  const first = one.mutate({ calls: [{ to, value: 21n }] })
  while (asked('wallet_sendCalls') < 1) await drainMicrotasks() // the wallet shows its prompt
  const second = two.mutate({ calls: [{ to, value: 21n }] })
  await drainMicrotasks()
  approve()
  const [a, b] = await Promise.all([first, second])
  expect(a).toEqual(b)
  expect(asked('wallet_getCapabilities')).toBe(1)
  expect(asked('wallet_sendCalls')).toBe(1)
  // Different batches at the same time are not joined: both reach the wallet (the test wallet
  // signs them from one nonce, so one of the two may be refused; that is the wallet's business).
  await Promise.allSettled([one.mutate({ calls: [{ to, value: 22n }] }), two.mutate({ calls: [{ to, value: 23n }] })])
  expect(asked('wallet_sendCalls')).toBe(3)
})
