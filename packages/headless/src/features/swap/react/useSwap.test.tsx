// @vitest-environment happy-dom
// The swap hooks against the shared devnet: the emulator's convert routes over a real Uniswap V2.
// Each test swaps from a fresh key that anvil funds with ETH (no shared account is spent from).
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import {
  createPublicClient,
  createTestClient,
  erc20Abi,
  formatUnits,
  type Hex,
  http,
  parseEther,
  parseUnits,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, expect, inject, test } from 'vitest'
import { eip155Adapter } from '../../../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../../../kernel/createPortico.js'
import { eip155Network } from '../../../kernel/networks.js'
import { PorticoProvider } from '../../../kernel/react/PorticoProvider.js'
import { useBalance } from '../../../kernel/react/useBalance.js'
import { useConnect } from '../../../kernel/react/useConnect.js'
import { useConnectors } from '../../../kernel/react/useConnectors.js'
import { hookSetup, renderConnected, settled } from '../../../test/hookHarness.js'
import { createTestEip1193Wallet } from '../../../testing/eip1193Wallet.js'
import { nativeSwapTokenAddress } from '../convert.js'
import type { SwapStep } from '../swap.js'
import { useSwap } from './useSwap.js'
import { useSwapAllowance } from './useSwapAllowance.js'
import { useSwapGasPrice } from './useSwapGasPrice.js'
import { useSwapQuote } from './useSwapQuote.js'
import { useSwapTokens } from './useSwapTokens.js'

const devnet = inject('devnet')
const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  localStorage.clear()
})

const usdc = devnet.evmTokens.find((t) => t.symbol === 'USDC')?.address as Hex
const ptk = devnet.evmTokens.find((t) => t.symbol === 'PTK')?.address as Hex
const chain = createPublicClient({ transport: http(devnet.evmRpcUrl) })
const balanceOf = (token: Hex, owner: Hex) =>
  chain.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

async function setup() {
  const key = generatePrivateKey()
  const address = privateKeyToAccount(key).address
  await createTestClient({ mode: 'anvil', transport: http(devnet.evmRpcUrl) }).setBalance({
    address,
    value: parseEther('10'),
  })
  const wallet = createTestEip1193Wallet({ accounts: [key], chains: [{ id: 31337, rpcUrl: devnet.evmRpcUrl }] })
  stops.push(wallet.announce())
  const portico = createPortico({
    projectId: 'p',
    // Swaps go through the blockchain API (the devnet's emulator): on, as by default.
    blockchainApi: true,
    walletConnect: false,
    networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl, tokens: devnet.evmTokens })],
    adapters: [eip155Adapter()],
    apiUrls: { blockchain: devnet.apiUrl, api: devnet.apiUrl },
  })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <PorticoProvider config={portico}>{children}</PorticoProvider>
  )
  return { wallet, wrapper, address }
}

async function connectFirst(result: {
  current: { connectors: ReturnType<typeof useConnectors>; connect: ReturnType<typeof useConnect> }
}) {
  await waitFor(() => expect(result.current.connectors).toHaveLength(1), { timeout: 15_000 })
  await act(() => result.current.connect.mutateAsync({ connector: result.current.connectors[0] }))
}

test('useSwap: ETH → USDC without approval, then USDC → PTK with an approve first; balances move on the chain', async () => {
  const { wrapper, wallet, address } = await setup()
  // Every step the hook rendered with: the step in progress is state a view can show.
  const rendered: (SwapStep | undefined)[] = []
  const { result } = renderHook(
    () => {
      const swap = useSwap()
      rendered.push(swap.step)
      return {
        connectors: useConnectors(),
        connect: useConnect(),
        balance: useBalance(),
        allowance: useSwapAllowance({ tokenAddress: usdc }),
        swap,
      }
    },
    { wrapper },
  )
  await connectFirst(result)
  await waitFor(() => expect(result.current.balance.status).toBe('success'), { timeout: 15_000 })
  const usdcShown = () => Number(result.current.balance.data?.find((b) => b.symbol === 'USDC')?.quantity.numeric ?? 0)
  expect(usdcShown()).toBe(0)
  await waitFor(() => expect(result.current.allowance.data).toBe(0n), { timeout: 15_000 })

  const steps: SwapStep[] = []
  await act(async () => {
    const pending = result.current.swap.mutateAsync({
      from: nativeSwapTokenAddress,
      to: usdc,
      amount: parseEther('1'),
      onStep: (s) => steps.push(s),
    })
    await pending
  })
  expect(steps).toEqual(['swap'])
  expect(rendered).toContain('swap')
  await waitFor(() => expect(result.current.swap.status).toBe('success'), { timeout: 15_000 })
  expect(result.current.swap.data?.approval).toBeUndefined()
  expect(result.current.swap.step).toBeUndefined()
  const usdcGot = await balanceOf(usdc, address)
  // ~2,960 USDC on the fresh devnet pool, less once other files have swapped ETH into it (shared).
  expect(usdcGot).toBeGreaterThan(parseUnits('1000', 6))
  // The balance query refetched on its own after the swap: it shows what the chain holds.
  await waitFor(() => expect(usdcShown()).toBe(Number(formatUnits(usdcGot, 6))), { timeout: 15_000 })

  const amount = parseUnits('100', 6)
  const ptkBefore = await balanceOf(ptk, address)
  const second: SwapStep[] = []
  await act(() => result.current.swap.mutateAsync({ from: usdc, to: ptk, amount, onStep: (s) => second.push(s) }))
  expect(second).toEqual(['allowance', 'approve', 'swap'])
  await waitFor(() => expect(result.current.swap.data?.approval?.kind).toBe('approve'), { timeout: 15_000 })
  expect(await balanceOf(usdc, address)).toBe(usdcGot - amount)
  expect((await balanceOf(ptk, address)) - ptkBefore).toBeGreaterThan(parseUnits('190', 18))
  expect(wallet.requests.filter((r) => r.method === 'eth_sendTransaction')).toHaveLength(3)
  await waitFor(() => expect(result.current.allowance.data).toBe(0n)) // the swap spent exactly the approval
})

test("unsupported network: the spec's texts as typed errors, no request left pending", async () => {
  const { wrapper } = await setup()
  const { result } = renderHook(
    () => ({
      connectors: useConnectors(),
      connect: useConnect(),
      tokens: useSwapTokens({ caipNetworkId: 'eip155:5' }),
      quote: useSwapQuote({ caipNetworkId: 'eip155:5', from: nativeSwapTokenAddress, to: usdc, amount: 1n }),
      gas: useSwapGasPrice({ caipNetworkId: 'eip155:5' }),
      swap: useSwap(),
    }),
    { wrapper },
  )
  await connectFirst(result)
  await waitFor(() =>
    expect(result.current.tokens.error).toMatchObject({ shortMessage: 'Network not supported for Swaps' }),
  )
  await waitFor(() =>
    expect(result.current.quote.error).toMatchObject({ shortMessage: 'Network not supported for Swaps' }),
  )
  await waitFor(() =>
    expect(result.current.gas.error).toMatchObject({ shortMessage: 'Network not supported for Gas Price' }),
  )
  await act(async () => {
    await result.current.swap
      .mutateAsync({ caipNetworkId: 'eip155:5', from: nativeSwapTokenAddress, to: usdc, amount: 1n })
      .catch(() => {})
  })
  await waitFor(() => expect(result.current.swap.error).toMatchObject({ name: 'SwapNetworkNotSupportedError' }), {
    timeout: 15_000,
  })
  act(() => result.current.swap.reset())
  await waitFor(() => expect(result.current.swap.status).toBe('idle'), { timeout: 15_000 })
})

test('a double click on "Approve and swap" approves once and swaps once', async () => {
  const { wrapper, asked } = await hookSetup({ usdcUnits: 100_000_000n, options: { blockchainApi: true } })
  const { result } = await renderConnected(wrapper, () => useSwap())
  // A wide slippage: other files trade on the shared devnet's pools at the same time, and what is
  // asserted here is how many requests a double click makes, not the price.
  const variables = { from: usdc, to: ptk, amount: parseUnits('10', 6), slippage: 50 }
  act(() => {
    // Inline callbacks differ on each click; they are how the caller hears back, not what is asked.
    result.current.value.mutate({ ...variables, onStep: () => {} })
    result.current.value.mutate({ ...variables, onStep: () => {} })
  })
  await waitFor(() => expect(['success', 'error']).toContain(result.current.value.status), settled)
  // The error itself on failure, not only its status.
  expect(result.current.value.error).toBeNull()
  expect(result.current.value.status).toBe('success')
  expect(result.current.value.data?.approval?.kind).toBe('approve')
  // One approve and one swap transaction.
  expect(asked('eth_sendTransaction')).toBe(2)
})
