// @vitest-environment happy-dom
// wagmi's own React hooks over a config whose wallet Portico connects (a real EIP-6963 test wallet
// on the devnet's anvil): what a host that keeps its wagmi hooks sees.
import {
  createPortico,
  eip155Adapter,
  getConnection,
  getNetwork,
  initialize,
  connect as porticoConnect,
  switchNetwork,
} from '@portico/headless/core'
import { createTestEip1193Wallet } from '@portico/headless/testing'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { defineChain, http } from 'viem'
import { afterEach, expect, inject, test } from 'vitest'
import { useBalance, useConnection, useDisconnect, useSwitchChain, WagmiProvider } from 'wagmi'
// The devnet the unit project's globalSetup provides (its `inject` type).
import type {} from '../../headless/src/test/globalDevnet.js'
import { createWagmiConfig } from './createWagmiConfig.js'
import { porticoNetworks } from './porticoNetworks.js'

const devnet = inject('devnet')
const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

function setup() {
  const wallet = createTestEip1193Wallet({
    accounts: [devnet.evmPrivateKeys[1] as `0x${string}`],
    chains: [
      { id: 31337, rpcUrl: devnet.evmRpcUrl },
      { id: 31338, rpcUrl: devnet.evmRpcUrl },
    ],
  })
  stops.push(wallet.announce())
  const rpcUrls = { default: { http: [devnet.evmRpcUrl] } }
  const nativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }
  const chains = [
    defineChain({ id: 31337, name: 'Devnet', nativeCurrency, rpcUrls }),
    defineChain({ id: 31338, name: 'Devnet 2', nativeCurrency, rpcUrls }),
  ] as const
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: porticoNetworks(chains),
    adapters: [eip155Adapter()],
  })
  stops.push(initialize(portico))
  const config = createWagmiConfig({
    portico,
    chains,
    transports: { 31337: http(devnet.evmRpcUrl), 31338: http(devnet.evmRpcUrl) },
  })
  const queryClient = new QueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </WagmiProvider>
  )
  return { wallet, portico, wrapper }
}

test('behavior: useConnection, useBalance, useSwitchChain and useDisconnect follow Portico and drive it', async () => {
  const { wallet, portico, wrapper } = setup()
  const { result } = renderHook(
    () => ({
      connection: useConnection(),
      balance: useBalance({ address: wallet.address }),
      switchChain: useSwitchChain(),
      disconnect: useDisconnect(),
    }),
    { wrapper },
  )
  // WagmiProvider reconnects on mount; with nothing connected in Portico it settles disconnected.
  await waitFor(() => expect(result.current.connection.status).toBe('disconnected'), { timeout: 15_000 })

  await act(() => porticoConnect(portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' }))
  await waitFor(() =>
    expect(result.current.connection).toMatchObject({ status: 'connected', address: wallet.address, chainId: 31337 }),
  )
  await waitFor(() => expect(result.current.balance.data?.value).toBeGreaterThan(0n), { timeout: 15_000 })

  await act(() => result.current.switchChain.mutateAsync({ chainId: 31338 }))
  expect(getNetwork(portico, { namespace: 'eip155' }).network.id).toBe(31338)
  await waitFor(() => expect(result.current.connection.chainId).toBe(31338), { timeout: 15_000 })

  await act(() => switchNetwork(portico, { caipNetworkId: 'eip155:31337' }))
  await waitFor(() => expect(result.current.connection.chainId).toBe(31337), { timeout: 15_000 })

  await act(() => result.current.disconnect.mutateAsync())
  await waitFor(() => expect(result.current.connection.status).toBe('disconnected'), { timeout: 15_000 })
  expect(getConnection(portico, { namespace: 'eip155' }).isDisconnected).toBe(true)
})
