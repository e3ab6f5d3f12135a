// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react'
import { expect, test } from 'vitest'
import { drainMicrotasks, hookSetup, renderConnected, settled } from '../../test/hookHarness.js'
import { useConnection } from './useConnection.js'
import { useSwitchNetwork } from './useSwitchNetwork.js'

test('switches the wallet’s chain: success, and the connection follows', async () => {
  const { wrapper, wallet } = await hookSetup()
  const { result } = await renderConnected(wrapper, () => ({ switch: useSwitchNetwork(), connection: useConnection() }))
  await act(() => result.current.value.switch.mutateAsync({ caipNetworkId: 'eip155:31338' }))
  await waitFor(() => expect(result.current.value.switch.status).toBe('success'), settled)
  expect(result.current.value.connection.caipNetworkId).toBe('eip155:31338')
  expect(await wallet.provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
})

test('a network the app does not configure is the typed error on the mutation; the chain stays', async () => {
  const { wrapper, asked } = await hookSetup()
  const { result } = await renderConnected(wrapper, () => ({ switch: useSwitchNetwork(), connection: useConnection() }))
  await act(async () => {
    await result.current.value.switch.mutateAsync({ caipNetworkId: 'eip155:424242' }).catch(() => {})
  })
  await waitFor(() => expect(result.current.value.switch.error?.name).toBe('SwitchNetworkNotFoundError'), settled)
  expect(result.current.value.switch.error?.shortMessage).toBe('switch network not found')
  expect(asked('wallet_switchEthereumChain')).toBe(0)
  expect(result.current.value.connection.caipNetworkId).toBe('eip155:31337')
})

test('a double click on a network asks the wallet once', async () => {
  const { wrapper, asked, approve } = await hookSetup({ slowMethod: 'wallet_switchEthereumChain' })
  const { result } = await renderConnected(wrapper, () => ({ switch: useSwitchNetwork(), connection: useConnection() }))
  act(() => {
    result.current.value.switch.mutate({ caipNetworkId: 'eip155:31338' })
    result.current.value.switch.mutate({ caipNetworkId: 'eip155:31338' })
  })
  await waitFor(() => expect(asked('wallet_switchEthereumChain')).toBeGreaterThan(0), settled)
  // Both clicks' work runs on while the prompt is open; then the user approves.
  await act(drainMicrotasks)
  approve()
  await waitFor(() => expect(result.current.value.switch.status).toBe('success'), settled)
  await waitFor(() => expect(result.current.value.connection.caipNetworkId).toBe('eip155:31338'), settled)
  expect(asked('wallet_switchEthereumChain')).toBe(1)
})
