// The swap mutation's options (query.ts) on the shared devnet (the emulator's convert routes over
// a real Uniswap V2) with a connected test wallet, driven by a real QueryClient and
// MutationObserver: one swap per mutate (a double click joins the swap in flight), the instance's
// swap step and the caller's onStep, and what is fetched again once a swap settles. The swap
// itself (approvals, permits, minimums) is tested in swap.devnet.test.ts, the quote, allowance,
// gas price and token queries beside their fetchers (swapQuote.test.ts, swapAllowance.test.ts…),
// the hook in react/useSwap.test.tsx.
// biome-ignore lint/style/noRestrictedImports: a test drives the mutation a host would, without React
import { MutationObserver, QueryClient } from '@tanstack/react-query'
import { createPublicClient, erc20Abi, type Hex, http, parseEther } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { balanceQueryKey } from '../../kernel/query/balance.js'
import { json, startHttpServer } from '../../test/fixtures.js'
import { connectedSuite, devnetToken, type HookSetupOptions, sharedDevnet } from '../../test/hookHarness.js'
import { capabilitiesQueryKey } from '../calls/query.js'
import { nativeSwapTokenAddress } from './convert.js'
import { swapMutationOptions } from './query.js'
import type { SwapStep } from './swap.js'
import { swap } from './swap.js'
import { swapAllowanceQueryKey } from './swapAllowance.js'
import { swapQuoteQueryKey } from './swapQuote.js'
import { getSwapStep, watchSwapStep } from './swapStep.js'

const suite = connectedSuite()
let offApi: Awaited<ReturnType<typeof startHttpServer>>
beforeAll(async () => {
  offApi = await startHttpServer((_, res) => json(res, 200, {}))
})
afterAll(() => offApi?.close())
// The harness creates its instance with `blockchainApi: false` (balances from the chain); swaps go
// through the blockchain API (the devnet's emulator), so these tests turn it on.
const connected = (options: HookSetupOptions = {}) =>
  suite.connected({ ...options, options: { blockchainApi: true, ...options.options } })
const chain = 'eip155:31337' as const
const other = '0x00000000000000000000000000000000000000bb'
const usdcOf = (owner: Hex) =>
  createPublicClient({ transport: http(sharedDevnet().evmRpcUrl) }).readContract({
    address: devnetToken('USDC'),
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })

/** Cached entries a swap may make wrong: the wallet's and another address's, and unrelated ones. */
function seed(queryClient: QueryClient, owner: string) {
  const keys = {
    // The owner as the balance hook writes it (checksummed) and as lowercase: both are the wallet.
    ownBalance: balanceQueryKey({ address: owner, caipNetworkId: chain }),
    ownBalanceLower: balanceQueryKey({ address: owner.toLowerCase(), caipNetworkId: chain }),
    otherBalance: balanceQueryKey({ address: other, caipNetworkId: chain }),
    ownAllowance: swapAllowanceQueryKey({
      caipNetworkId: chain,
      tokenAddress: devnetToken('USDC'),
      userAddress: owner,
    }),
    otherAllowance: swapAllowanceQueryKey({
      caipNetworkId: chain,
      tokenAddress: devnetToken('USDC'),
      userAddress: other,
    }),
    otherQuote: swapQuoteQueryKey({
      caipNetworkId: chain,
      from: nativeSwapTokenAddress,
      to: other,
      amount: 1n,
      userAddress: other,
    }),
    capabilities: capabilitiesQueryKey({ address: owner }),
  }
  for (const key of Object.values(keys)) queryClient.setQueryData(key, 'cached')
  const invalidated = () =>
    Object.fromEntries(
      Object.entries(keys).map(([name, key]) => [name, queryClient.getQueryState(key)?.isInvalidated ?? false]),
    )
  return invalidated
}

test('default: without a query client the options carry no onSettled (a caller’s own callback stays)', async () => {
  const { portico } = await connected()
  const options = swapMutationOptions(portico)
  expect(options.mutationKey).toEqual(['portico', 'swap'])
  expect('onSettled' in options).toBe(false)
  expect(typeof swapMutationOptions(portico, { queryClient: new QueryClient() }).onSettled).toBe('function')
})

test('behavior: a mutate swaps once; its steps reach the caller and the instance; the wallet’s balances, allowances and every quote are fetched again', async () => {
  const { portico, wallet, asked } = await connected()
  const queryClient = new QueryClient()
  const invalidated = seed(queryClient, wallet.address)
  const published: (SwapStep | undefined)[] = []
  const unwatch = watchSwapStep(portico, { onChange: (step) => published.push(step) })
  const steps: SwapStep[] = []
  const mutation = new MutationObserver(queryClient, swapMutationOptions(portico, { queryClient }))
  const before = await usdcOf(wallet.address)
  const data = await mutation.mutate({
    from: nativeSwapTokenAddress,
    to: devnetToken('USDC'),
    amount: parseEther('0.01'),
    onStep: (step) => steps.push(step),
  })
  unwatch()
  expect(asked('eth_sendTransaction')).toBe(1)
  expect(data.hash).toMatch(/^0x[0-9a-f]{64}$/)
  expect(data.approval).toBeUndefined()
  expect(data.received).toBe((await usdcOf(wallet.address)) - before)
  expect(data.received).toBeGreaterThan(0n)
  expect(steps).toEqual(['swap'])
  expect(published).toEqual(['swap', undefined])
  expect(getSwapStep(portico)).toBeUndefined()
  // TanStack awaits onSettled before the mutate resolves: the entries are already marked.
  expect(mutation.getCurrentResult().status).toBe('success')
  expect(invalidated()).toEqual({
    ownBalance: true,
    ownBalanceLower: true,
    otherBalance: false,
    ownAllowance: true,
    otherAllowance: false,
    otherQuote: true,
    capabilities: false,
  })
})

test('edge: a swap that failed before anything was sent still fetches the wallet’s entries again (onSettled), and the step ends', async () => {
  const { portico, wallet, asked } = await connected()
  const queryClient = new QueryClient()
  const invalidated = seed(queryClient, wallet.address)
  const mutation = new MutationObserver(queryClient, swapMutationOptions(portico, { queryClient }))
  // 31338 is no swap network: the convert API is never asked to build a swap there.
  await expect(
    mutation.mutate({
      from: nativeSwapTokenAddress,
      to: devnetToken('USDC'),
      amount: 1n,
      caipNetworkId: 'eip155:31338',
    }),
  ).rejects.toMatchObject({ name: 'SwapNetworkNotSupportedError' })
  expect(asked('eth_sendTransaction')).toBe(0)
  expect(getSwapStep(portico)).toBeUndefined()
  expect(invalidated()).toMatchObject({
    ownBalance: true,
    ownAllowance: true,
    otherQuote: true,
    otherBalance: false,
    otherAllowance: false,
  })
})

test('edge: a double click joins the swap in flight (one build, one transaction, one result); a later mutate swaps again', async () => {
  const fetched: string[] = []
  const { portico, asked } = await connected({ onFetch: (url) => fetched.push(new URL(url).pathname) })
  const built = () => fetched.filter((path) => path === '/v1/convert/build-transaction').length
  const queryClient = new QueryClient()
  const one = new MutationObserver(queryClient, swapMutationOptions(portico))
  const two = new MutationObserver(queryClient, swapMutationOptions(portico))
  const variables = { from: nativeSwapTokenAddress, to: devnetToken('USDC'), amount: parseEther('0.02') }
  // Each click brings its own onStep: callbacks are how a caller hears back, not what it asks.
  const [a, b] = await Promise.all([
    one.mutate({ ...variables, onStep: () => {} }),
    two.mutate({ ...variables, onStep: () => {} }),
  ])
  expect(a).toEqual(b)
  expect(built()).toBe(1)
  expect(asked('eth_sendTransaction')).toBe(1)
  const again = await one.mutate(variables)
  expect(again.hash).not.toBe(a.hash)
  expect(built()).toBe(2)
  expect(asked('eth_sendTransaction')).toBe(2)
})

test('security: with blockchainApi false a swap fails with SwapBlockchainApiDisabledError before any request; neither the API nor the wallet is asked', async () => {
  // A real loopback API that would answer: only the option decides that it is never asked.
  const fetched: string[] = []
  const { portico, asked } = await connected({
    onFetch: (url) => fetched.push(url),
    options: { blockchainApi: false, apiUrls: { blockchain: offApi.url, api: offApi.url } },
  })
  const queryClient = new QueryClient()
  const published: (SwapStep | undefined)[] = []
  const unwatch = watchSwapStep(portico, { onChange: (step) => published.push(step) })
  const steps: SwapStep[] = []
  const mutation = new MutationObserver(queryClient, swapMutationOptions(portico, { queryClient }))
  const disabled = { name: 'SwapBlockchainApiDisabledError', shortMessage: 'Swaps need the blockchain API' }
  // A token (its allowance would be asked first) through the mutation, the native currency directly.
  await expect(
    mutation.mutate({ from: devnetToken('USDC'), to: devnetToken('PTK'), amount: 1n, onStep: (s) => steps.push(s) }),
  ).rejects.toMatchObject(disabled)
  expect(mutation.getCurrentResult().error).toMatchObject(disabled)
  await expect(
    swap(portico, { from: nativeSwapTokenAddress, to: devnetToken('USDC'), amount: 1n }),
  ).rejects.toMatchObject(disabled)
  unwatch()
  expect(offApi.state.requests).toEqual([])
  expect(fetched.filter((url) => url.startsWith(offApi.url))).toEqual([])
  expect(asked('eth_sendTransaction') + asked('eth_signTypedData_v4')).toBe(0)
  expect(steps).toEqual([])
  expect(published.filter(Boolean)).toEqual([])
  expect(getSwapStep(portico)).toBeUndefined()
})
