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
import { createTestEip1193Wallet } from '../../../testing/eip1193Wallet.js'
import { useOnrampOptions } from './useOnrampOptions.js'
import { useOnrampQuote } from './useOnrampQuote.js'
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

test('useOnrampOptions: the emulator options, and the sample options when the call fails', async () => {
  const live = renderHook(() => useOnrampOptions(), { wrapper: setup().wrapper })
  await waitFor(() => expect(live.result.current.status).toBe('success'), { timeout: 15_000 })
  expect(live.result.current.data?.source).toBe('api')
  expect(live.result.current.data?.purchaseCurrencies.map((c) => c.symbol)).toEqual(['USDC', 'SOL'])
  expect(live.result.current.providers).toEqual(['hosted'])

  // A path the emulator does not serve answers 404: the spec's built-in sample options stand in.
  const failing = renderHook(() => useOnrampOptions({ providers: ['hosted', 'other'] }), {
    wrapper: setup({ blockchain: `${devnet.apiUrl}/missing` }).wrapper,
  })
  await waitFor(() => expect(failing.result.current.status).toBe('success'), { timeout: 15_000 })
  expect(failing.result.current.data?.source).toBe('sample')
  expect(failing.result.current.data?.purchaseCurrencies[0]?.symbol).toBe('USDC')
  expect(failing.result.current.data?.purchaseCurrencies[0]?.networks.map((n) => n.name)).toEqual([
    'ethereum',
    'polygon',
  ])
  expect(failing.result.current.data?.paymentCurrencies.map((c) => c.id)).toEqual(['USD', 'EUR'])
  expect(failing.result.current.data?.paymentCurrencies[0]?.payment_method_limits).toEqual([
    { id: 'card', min: '10.00', max: '7500.00' },
    { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
  ])
  expect(failing.result.current.providers).toEqual(['hosted', 'other'])
})

test('useOnrampOptions: a provider list that is not an array of strings is emptied', async () => {
  const { wrapper } = setup()
  for (const providers of ['hosted', { 0: 'hosted' }, ['hosted', 1], null]) {
    const { result } = renderHook(() => useOnrampOptions({ providers }), { wrapper })
    expect(result.current.providers).toEqual([])
  }
})

test('useOnrampQuote: loading flag while fetching, the emulator quote, reset, placeholder on failure', async () => {
  const { wrapper } = setup()
  const { result, rerender } = renderHook(
    (props: { amount: string }) =>
      useOnrampQuote({ purchaseCurrency: 'USDC', paymentCurrency: 'USD', network: 'portico-devnet', ...props }),
    { wrapper, initialProps: { amount: '100' } },
  )
  expect(result.current.isLoading).toBe(true)
  await waitFor(() => expect(result.current.quote).toBeDefined(), { timeout: 15_000 })
  expect(result.current.isLoading).toBe(false)
  // 100 USD less the 1.5% provider fee and the 0.50 network fee, at 1 USD per USDC.
  expect(result.current.quote).toMatchObject({
    placeholder: false,
    paymentTotal: { amount: '100.00', currency: 'USD' },
    networkFee: { amount: '0.50', currency: 'USD' },
    purchaseAmount: { amount: '98.000000', currency: 'USDC' },
  })

  act(() => result.current.reset())
  expect(result.current.quote).toBeUndefined()
  expect(result.current.isLoading).toBe(false)

  // Below the card minimum the emulator answers 400: the placeholder quote, not an error.
  rerender({ amount: '5' })
  await waitFor(() => expect(result.current.quote).toBeDefined(), { timeout: 15_000 })
  expect(result.current.quote).toMatchObject({
    placeholder: true,
    paymentTotal: { amount: '5.00', currency: 'USD' },
    purchaseAmount: { amount: '0', currency: 'USDC' },
  })
  expect(result.current.query.status).toBe('success')
})

test('useOnrampUrl: the generator links the devnet checkout with the purchase in its query', async () => {
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

test('useOnrampUrl: a direct provider gets the spec parameters; typed errors when not offered', async () => {
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
