// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createPublicClient, erc20Abi, http, parseAbi } from 'viem'
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
import { useEstimateSendFee } from './useEstimateSendFee.js'
import { useSendToken } from './useSendToken.js'

const devnet = inject('devnet')
const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  localStorage.clear()
})

// An account no other test spends from (the shared devnet serves every DOM test).
const senderIndex = 3

function setup() {
  const wallet = createTestEip1193Wallet({
    accounts: [devnet.evmPrivateKeys[senderIndex] as `0x${string}`],
    chains: [{ id: 31337, rpcUrl: devnet.evmRpcUrl }],
  })
  stops.push(wallet.announce())
  const networks = [
    eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl, tokens: devnet.evmTokens }),
  ] as const
  const portico = createPortico({
    projectId: 'p',
    blockchainApi: false,
    walletConnect: false,
    networks,
    adapters: [eip155Adapter()],
  })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <PorticoProvider config={portico}>{children}</PorticoProvider>
  )
  return { wallet, wrapper }
}

test('useSendToken: sends USDC, then the sender balance query refetches on its own', async () => {
  const { wrapper } = setup()
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  const { result } = renderHook(
    () => ({ connectors: useConnectors(), connect: useConnect(), balance: useBalance(), send: useSendToken() }),
    { wrapper },
  )
  await waitFor(() => expect(result.current.connectors).toHaveLength(1), { timeout: 15_000 })
  await act(() => result.current.connect.mutateAsync({ connector: result.current.connectors[0] }))
  await waitFor(() => expect(result.current.balance.status).toBe('success'), { timeout: 15_000 })
  const usdc = result.current.balance.data?.find((b) => b.symbol === 'USDC')
  expect(usdc).toBeDefined()
  const before = Number(usdc?.quantity.numeric)

  await act(() => result.current.send.mutateAsync({ token: usdc, amount: '2', receiver }))
  await waitFor(() => expect(result.current.send.status).toBe('success'), { timeout: 15_000 })
  expect(result.current.send.data).toMatch(/^0x[0-9a-f]{64}$/)
  await waitFor(() =>
    expect(Number(result.current.balance.data?.find((b) => b.symbol === 'USDC')?.quantity.numeric)).toBe(before - 2),
  )
  const client = createPublicClient({ transport: http(devnet.evmRpcUrl) })
  const address = devnet.evmTokens.find((t) => t.symbol === 'USDC')?.address as `0x${string}`
  expect(await client.readContract({ address, abi: erc20Abi, functionName: 'balanceOf', args: [receiver] })).toBe(
    2_000_000n,
  )
})

test('useSendToken: a refused input is the typed error on the mutation, and the form can retry', async () => {
  const { wrapper } = setup()
  const { result } = renderHook(
    () => ({ connectors: useConnectors(), connect: useConnect(), balance: useBalance(), send: useSendToken() }),
    { wrapper },
  )
  await waitFor(() => expect(result.current.connectors).toHaveLength(1), { timeout: 15_000 })
  await act(() => result.current.connect.mutateAsync({ connector: result.current.connectors[0] }))
  await waitFor(() => expect(result.current.balance.status).toBe('success'), { timeout: 15_000 })
  await act(async () => {
    await result.current.send.mutateAsync({ token: undefined, amount: '1', receiver: '0x1' }).catch(() => {})
  })
  await waitFor(() =>
    expect(result.current.send.error).toMatchObject({
      name: 'TokenRequiredError',
      shortMessage: 'A token is required',
    }),
  )
  act(() => result.current.send.reset())
  await waitFor(() => expect(result.current.send.status).toBe('idle'), { timeout: 15_000 })
})

test('useEstimateSendFee: quotes the fee of a native transfer in ETH', async () => {
  const { wrapper } = setup()
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  const { result } = renderHook(
    () => {
      const balance = useBalance()
      const token = balance.data?.[0]
      return {
        connectors: useConnectors(),
        connect: useConnect(),
        balance,
        fee: useEstimateSendFee({ token, amount: '0.01', receiver }),
      }
    },
    { wrapper },
  )
  expect(result.current.fee.fetchStatus).toBe('idle') // nothing to quote before a connection
  await waitFor(() => expect(result.current.connectors).toHaveLength(1), { timeout: 15_000 })
  await act(() => result.current.connect.mutateAsync({ connector: result.current.connectors[0] }))
  await waitFor(() => expect(result.current.fee.status).toBe('success'), { timeout: 15_000 })
  expect(result.current.fee.data).toMatchObject({ symbol: 'ETH', gas: 21_000n })
})

test('useSendToken: a double click on Send sends one transaction; a deliberate second send afterwards sends again', async () => {
  const { wrapper, asked } = await hookSetup({ usdcUnits: 10_000_000n })
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  const { result } = await renderConnected(wrapper, () => ({ balance: useBalance(), send: useSendToken() }))
  await waitFor(() => expect(result.current.value.balance.data?.some((b) => b.symbol === 'USDC')).toBe(true), settled)
  const token = result.current.value.balance.data?.find((b) => b.symbol === 'USDC')
  act(() => {
    result.current.value.send.mutate({ token, amount: '1', receiver })
    result.current.value.send.mutate({ token, amount: '1', receiver })
  })
  await waitFor(() => expect(result.current.value.send.status).toBe('success'), settled)
  expect(asked('eth_sendTransaction')).toBe(1)
  const usdc = devnet.evmTokens.find((t) => t.symbol === 'USDC')?.address as `0x${string}`
  const reader = createPublicClient({ transport: http(devnet.evmRpcUrl) })
  const received = () =>
    reader.readContract({
      address: usdc,
      abi: parseAbi(['function balanceOf(address) view returns (uint256)']),
      functionName: 'balanceOf',
      args: [receiver],
    })
  expect(await received()).toBe(1_000_000n)

  // The same send on purpose, once the first finished: it is a new payment, and it is sent.
  await act(() => result.current.value.send.mutateAsync({ token, amount: '1', receiver }))
  expect(asked('eth_sendTransaction')).toBe(2)
  expect(await received()).toBe(2_000_000n)
})
