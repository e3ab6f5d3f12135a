// @vitest-environment happy-dom
import { act } from '@testing-library/react'
import { expect, test } from 'vitest'
import { hookSetup, renderConnected } from '../../../test/hookHarness.js'
import { useOnrampUrl } from './useOnrampUrl.js'

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
