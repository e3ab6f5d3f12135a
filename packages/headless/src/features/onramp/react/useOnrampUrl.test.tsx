// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react'
import { expect, inject, test } from 'vitest'
import { useConnect } from '../../../kernel/react/useConnect.js'
import { useConnectors } from '../../../kernel/react/useConnectors.js'
import { hookSetup, renderConnected } from '../../../test/hookHarness.js'
import { onrampHookSetup } from '../../../test/onrampHookSetup.js'
import { useOnrampUrl } from './useOnrampUrl.js'

const devnet = inject('devnet')

test('the generator links the devnet checkout with the purchase in its query', async () => {
  const { wrapper, address } = onrampHookSetup()
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
  const { wrapper, address } = onrampHookSetup()
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
