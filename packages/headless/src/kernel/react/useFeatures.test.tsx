// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react'
import { expect, test } from 'vitest'
import { hookSetup, settled } from '../../test/hookHarness.js'
import { defaultFeatures } from '../defaults.js'
import { useFeatures } from './useFeatures.js'

test('reads the app’s settings over the defaults and asks the network for nothing by default', async () => {
  const requests: string[] = []
  const { wrapper } = await hookSetup({
    onFetch: (url) => requests.push(url),
    options: { features: { swaps: false } },
  })
  const { result } = renderHook(() => useFeatures(), { wrapper })
  expect(result.current).toMatchObject({ ...defaultFeatures, swaps: false })
  expect(requests.filter((url) => url.includes('/appkit/v1/config'))).toEqual([])
})

test('remote: true loads the devnet’s project configuration once and re-renders with it', async () => {
  const requests: string[] = []
  const { wrapper } = await hookSetup({
    onFetch: (url) => requests.push(url),
    // The devnet's configuration turns social login on with its providers; locally it is off.
    options: { remoteConfig: true, features: { socials: [] } },
  })
  const { result, rerender } = renderHook(() => useFeatures({ remote: true }), { wrapper })
  await waitFor(() => expect(result.current.socials).not.toEqual([]), settled)
  rerender()
  expect(requests.filter((url) => url.includes('/appkit/v1/config'))).toHaveLength(1)
})
