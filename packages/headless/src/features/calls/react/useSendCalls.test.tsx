// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createPublicClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, expect, inject, test } from 'vitest'
import { eip155Adapter } from '../../../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../../../kernel/createPortico.js'
import { eip155Network } from '../../../kernel/networks.js'
import { PorticoProvider } from '../../../kernel/react/PorticoProvider.js'
import { useConnect } from '../../../kernel/react/useConnect.js'
import { useConnectors } from '../../../kernel/react/useConnectors.js'
import { hookSetup, renderConnected, settled } from '../../../test/hookHarness.js'
import { createTestEip1193Wallet } from '../../../testing/eip1193Wallet.js'
import { useCallsStatus } from './useCallsStatus.js'
import { useCapabilities } from './useCapabilities.js'
import { useSendCalls } from './useSendCalls.js'

const devnet = inject('devnet')
const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  localStorage.clear()
})

// An account no other DOM test spends from (the shared devnet serves every DOM test).
const senderIndex = 4

function setup({ eip5792 = true } = {}) {
  const wallet = createTestEip1193Wallet({
    accounts: [devnet.evmPrivateKeys[senderIndex] as `0x${string}`],
    chains: [{ id: 31337, rpcUrl: devnet.evmRpcUrl }],
    eip5792,
    // Its own id: announcements of an earlier test's wallet must not stand in for this one.
    info: eip5792 ? undefined : { rdns: 'dev.portico.plain', name: 'Plain Wallet' },
  })
  stops.push(wallet.announce())
  const portico = createPortico({
    projectId: 'p',
    blockchainApi: false,
    walletConnect: false,
    networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl })] as const,
    adapters: [eip155Adapter()],
  })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <PorticoProvider config={portico}>{children}</PorticoProvider>
  )
  return { wallet, wrapper }
}

test('useSendCalls + useCallsStatus + useCapabilities: a batch lands and its status settles on its own', async () => {
  const { wrapper } = setup()
  const to = privateKeyToAccount(generatePrivateKey()).address
  const { result } = renderHook(
    () => {
      const send = useSendCalls()
      return {
        connectors: useConnectors(),
        connect: useConnect(),
        capabilities: useCapabilities(),
        send,
        status: useCallsStatus({ id: send.data?.id }),
      }
    },
    { wrapper },
  )
  expect(result.current.capabilities.fetchStatus).toBe('idle') // no address yet: nothing asked
  await waitFor(() => expect(result.current.connectors).toHaveLength(1), { timeout: 15_000 })
  await act(() => result.current.connect.mutateAsync({ connector: result.current.connectors[0] }))
  await waitFor(() =>
    expect(result.current.capabilities.data).toEqual({
      31337: { atomic: { status: 'unsupported' }, assetDiscovery: { supported: true } },
    }),
  )
  expect(result.current.status.fetchStatus).toBe('idle') // no id yet
  await act(() =>
    result.current.send.mutateAsync({
      calls: [
        { to, value: 7n },
        { to, value: 5n },
      ],
    }),
  )
  await waitFor(() => expect(result.current.status.data?.status).toBe('success'), { timeout: 15_000 })
  expect(result.current.status.data?.receipts).toHaveLength(2)
  expect(await createPublicClient({ transport: http(devnet.evmRpcUrl) }).getBalance({ address: to })).toBe(12n)
})

test('useSendCalls: a wallet without EIP-5792 is a typed error on the mutation, not a crash', async () => {
  const { wrapper } = setup({ eip5792: false })
  const { result } = renderHook(
    () => ({
      connectors: useConnectors(),
      connect: useConnect(),
      send: useSendCalls(),
      capabilities: useCapabilities(),
    }),
    { wrapper },
  )
  await waitFor(() => expect(result.current.connectors).toHaveLength(1), { timeout: 15_000 })
  await act(() => result.current.connect.mutateAsync({ connector: result.current.connectors[0] }))
  await waitFor(() => expect(result.current.capabilities.error?.name).toBe('CallsNotSupportedError'), {
    timeout: 15_000,
  })
  await act(() =>
    result.current.send.mutateAsync({ calls: [{ to: '0x0000000000000000000000000000000000000001' }] }).catch(() => {}),
  )
  await waitFor(() => expect(result.current.send.status).toBe('error'), { timeout: 15_000 })
  expect(result.current.send.error?.name).toBe('CallsNotSupportedError')
})

test('useSendCalls: a double click sends one wallet_sendCalls', async () => {
  const { wrapper, asked } = await hookSetup()
  const to = privateKeyToAccount(generatePrivateKey()).address
  const { result } = await renderConnected(wrapper, () => useSendCalls())
  act(() => {
    result.current.value.mutate({ calls: [{ to, value: 1n }] })
    result.current.value.mutate({ calls: [{ to, value: 1n }] })
  })
  await waitFor(() => expect(result.current.value.status).toBe('success'), settled)
  expect(asked('wallet_sendCalls')).toBe(1)
})
