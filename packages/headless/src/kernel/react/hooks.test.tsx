// @vitest-environment happy-dom
import { act, render, renderHook, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, expect, inject, test, vi } from 'vitest'
import { createTestEip1193Wallet } from '../../testing/eip1193Wallet.js'
import { eip155Adapter } from '../adapters/eip155/eip155Adapter.js'
import { createPortico } from '../createPortico.js'
import { eip155Network } from '../networks.js'
import type { Portico } from '../portico.js'
import { formatBalance } from '../utils/format.js'
import { PorticoProvider } from './PorticoProvider.js'
import { useAlerts } from './useAlerts.js'
import { useBalance } from './useBalance.js'
import { useConnect } from './useConnect.js'
import { useConnection } from './useConnection.js'
import { useConnectors } from './useConnectors.js'
import { useDisconnect } from './useDisconnect.js'
import { useNetwork } from './useNetwork.js'
import { useSwitchNetwork } from './useSwitchNetwork.js'

const devnet = inject('devnet')
const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  localStorage.clear()
  vi.restoreAllMocks()
})

function setup(privateKeyIndex = 0) {
  const wallet = createTestEip1193Wallet({
    accounts: [devnet.evmPrivateKeys[privateKeyIndex] as `0x${string}`],
    chains: [{ id: 31337, rpcUrl: devnet.evmRpcUrl }],
  })
  stops.push(wallet.announce())
  const networks = [
    eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl, tokens: devnet.evmTokens }),
    eip155Network({ id: 31338, name: 'Devnet 2', rpcUrl: devnet.evmRpcUrl }),
  ] as const
  const portico = createPortico({ projectId: 'p', walletConnect: false, networks, adapters: [eip155Adapter()] })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <PorticoProvider config={portico}>{children}</PorticoProvider>
  )
  return { portico, wallet, wrapper }
}

function useEverything() {
  return {
    connectors: useConnectors(),
    connect: useConnect(),
    connection: useConnection(),
    balance: useBalance(),
    network: useNetwork(),
    switchNetwork: useSwitchNetwork(),
    disconnect: useDisconnect(),
  }
}

test('connect, balance, switch and disconnect through the hooks', async () => {
  const { wrapper } = setup()
  const { result } = renderHook(useEverything, { wrapper })
  await waitFor(() => expect(result.current.connectors).toHaveLength(1), { timeout: 15_000 })
  expect(result.current.connection.status).toBe('disconnected')
  expect(result.current.balance.fetchStatus).toBe('idle')

  await act(() => result.current.connect.mutateAsync({ connector: result.current.connectors[0] }))
  expect(result.current.connect.status).toBe('success')
  expect(result.current.connection).toMatchObject({ status: 'connected', caipNetworkId: 'eip155:31337' })

  await waitFor(() => expect(result.current.balance.status).toBe('success'), { timeout: 15_000 })
  const [native, usdc, ptk] = result.current.balance.data ?? []
  expect(native?.symbol).toBe('ETH')
  expect(Number(native?.quantity.numeric)).toBeGreaterThan(0)
  expect([usdc?.symbol, ptk?.symbol]).toEqual(['USDC', 'PTK'])

  await act(() => result.current.switchNetwork.mutateAsync({ caipNetworkId: 'eip155:31338' }))
  expect(result.current.network.network.name).toBe('Devnet 2')

  await act(() => result.current.disconnect.mutateAsync())
  expect(result.current.connection.status).toBe('disconnected')
})

test('a rejected connect surfaces the typed error on the mutation', async () => {
  const { wrapper, wallet } = setup()
  const { result } = renderHook(useEverything, { wrapper })
  await waitFor(() => expect(result.current.connectors).toHaveLength(1), { timeout: 15_000 })
  wallet.rejectNext('eth_requestAccounts')
  await act(async () => {
    await result.current.connect.mutateAsync({ connector: result.current.connectors[0] }).catch(() => {})
  })
  // TanStack notifies observers in a later task: wait for the render that carries the error.
  await waitFor(() =>
    expect(result.current.connect.error).toMatchObject({
      name: 'ConnectionRejectedError',
      shortMessage: 'Connection rejected',
    }),
  )
  expect(result.current.connection.status).toBe('disconnected')
})

test('reload: PorticoProvider reconnects silently (reconnecting, then connected)', async () => {
  const first = setup()
  const { result, unmount } = renderHook(useEverything, { wrapper: first.wrapper })
  await waitFor(() => expect(result.current.connectors).toHaveLength(1), { timeout: 15_000 })
  await act(() => result.current.connect.mutateAsync({ connector: result.current.connectors[0] }))
  unmount()

  // Same localStorage, new instance: what a page reload does.
  const networks = [eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl })] as const
  const reloaded: Portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks,
    adapters: [eip155Adapter()],
  })
  const seen: string[] = []
  render(
    <PorticoProvider config={reloaded}>
      <Status seen={seen} />
    </PorticoProvider>,
  )
  await screen.findByText('connected')
  // The first render equals what a server renders (ssr is the default); the saved session is
  // read after mount.
  expect(seen).toEqual(['disconnected', 'reconnecting', 'connected'])
})

function Status({ seen }: { seen: string[] }) {
  const { status } = useConnection()
  if (seen.at(-1) !== status) seen.push(status)
  return <p>{status}</p>
}

test('useAlerts replays alerts raised before mount', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const portico = createPortico({
    networks: [eip155Network({ id: 1, name: 'x', rpcUrl: 'http://127.0.0.1:1' })],
    adapters: [eip155Adapter()],
  })
  const onAlert = vi.fn()
  renderHook(() => useAlerts(onAlert), {
    wrapper: ({ children }) => <PorticoProvider config={portico}>{children}</PorticoProvider>,
  })
  expect(onAlert).toHaveBeenCalledWith(expect.objectContaining({ code: 'PROJECT_ID_NOT_CONFIGURED' }))
})

test('hooks outside the provider throw a typed error naming the fix', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  expect(() => renderHook(() => useConnection())).toThrow('`useConnection` must be used within `<PorticoProvider>`.')
})

test('formatting helpers give the spec display of a balance', () => {
  expect(formatBalance('9999.99876543')).toBe('9,999.998')
})
