// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, expect, inject, test } from 'vitest'
import { eip155Adapter } from '../../../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../../../kernel/createPortico.js'
import { eip155Network } from '../../../kernel/networks.js'
import { PorticoProvider } from '../../../kernel/react/PorticoProvider.js'
import { useConnect } from '../../../kernel/react/useConnect.js'
import { useConnectors } from '../../../kernel/react/useConnectors.js'
import { hookSetup, renderConnected } from '../../../test/hookHarness.js'
import { createTestEip1193Wallet } from '../../../testing/eip1193Wallet.js'
import { useOnrampUrl } from './useOnrampUrl.js'

const devnet = inject('devnet')
const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  localStorage.clear()
})

function setup({ blockchain = devnet.apiUrl, privateKey = generatePrivateKey() } = {}) {
  const wallet = createTestEip1193Wallet({
    accounts: [privateKey],
    chains: [{ id: 31337, rpcUrl: devnet.evmRpcUrl }],
  })
  stops.push(wallet.announce())
  const portico = createPortico({
    projectId: 'p',
    blockchainApi: false,
    walletConnect: false,
    remoteConfig: false,
    apiUrls: { api: devnet.apiUrl, blockchain },
    networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl, tokens: devnet.evmTokens })],
    adapters: [eip155Adapter()],
  })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <PorticoProvider config={portico}>{children}</PorticoProvider>
  )
  return { wrapper, address: privateKeyToAccount(privateKey).address }
}

test('the generator links the devnet checkout with the purchase in its query', async () => {
  const { wrapper, address } = setup()
  const { result } = renderHook(() => ({ connectors: useConnectors(), connect: useConnect(), url: useOnrampUrl() }), {
    wrapper,
  })
  await waitFor(() => expect(result.current.connectors).toHaveLength(1), { timeout: 15_000 })
  await act(() => result.current.connect.mutateAsync({ connector: result.current.connectors[0] }))

  let link = ''
  await act(async () => {
    link = await result.current.url.mutateAsync({ network: 'portico-devnet', asset: 'USDC', presetFiatAmount: 50 })
  })
  const url = new URL(link)
  expect(url.origin).toBe(devnet.onrampUrl)
  expect(url.pathname).toBe('/checkout')
  expect(Object.fromEntries(url.searchParams)).toEqual({
    walletAddress: address,
    destinationCurrencyCode: 'USDC',
    externalCustomerId: address,
    presetFiatAmount: '50',
    defaultExperience: 'buy',
  })
})

test('a direct provider gets the spec parameters; typed errors when not offered', async () => {
  const { wrapper, address } = setup()
  const { result } = renderHook(() => ({ connectors: useConnectors(), connect: useConnect(), url: useOnrampUrl() }), {
    wrapper,
  })
  await act(async () => {
    await expect(result.current.url.mutateAsync({})).rejects.toMatchObject({
      name: 'NotConnectedError',
      shortMessage: 'No ActiveCaipAddress found',
    })
  })
  await waitFor(() => expect(result.current.connectors).toHaveLength(1), { timeout: 15_000 })
  await act(() => result.current.connect.mutateAsync({ connector: result.current.connectors[0] }))

  let link = ''
  await act(async () => {
    link = await result.current.url.mutateAsync({
      provider: { url: `${devnet.onrampUrl}/checkout`, publicKey: 'pk_devnet' },
    })
  })
  expect(Object.fromEntries(new URL(link).searchParams)).toEqual({
    publicKey: 'pk_devnet',
    destinationCurrencyCode: 'USDC',
    walletAddress: address,
    externalCustomerId: address,
  })

  await act(async () => {
    await expect(result.current.url.mutateAsync({ timeZone: 'Asia/Hong_Kong' })).rejects.toMatchObject({
      name: 'OnrampNotAvailableError',
      shortMessage: 'Buying crypto is not available',
    })
  })
  await waitFor(() => expect(result.current.url.error?.name).toBe('OnrampNotAvailableError'), { timeout: 15_000 })
})

test('a double click on a provider creates one checkout link (one request to the link generator)', async () => {
  const generated: string[] = []
  const { wrapper } = await hookSetup({
    onFetch: (url) => {
      if (url.includes('/v1/generators/onrampurl')) generated.push(url)
    },
  })
  const { result } = await renderConnected(wrapper, () => useOnrampUrl())
  const variables = { network: 'ethereum', asset: 'USDC', presetFiatAmount: 100 }
  let links: Promise<string[]> | undefined
  act(() => {
    links = Promise.all([result.current.value.mutateAsync(variables), result.current.value.mutateAsync(variables)])
  })
  let urls: string[] = []
  await act(async () => {
    urls = (await links) ?? []
  })
  expect(generated).toHaveLength(1)
  expect(urls[0]).toMatch(/^http/)
  expect(urls[1]).toBe(urls[0])
})
