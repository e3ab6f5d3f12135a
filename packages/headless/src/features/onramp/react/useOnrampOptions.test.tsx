// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react'
import { expect, inject, test } from 'vitest'
import { onrampHookSetup } from '../../../test/onrampHookSetup.js'
import { useOnrampOptions } from './useOnrampOptions.js'

const devnet = inject('devnet')

test('the emulator options, and the sample options when the call fails', async () => {
  const live = renderHook(() => useOnrampOptions(), { wrapper: onrampHookSetup().wrapper })
  await waitFor(() => expect(live.result.current.status).toBe('success'), { timeout: 15_000 })
  expect(live.result.current.data?.source).toBe('api')
  expect(live.result.current.data?.purchaseCurrencies.map((c) => c.symbol)).toEqual(['USDC', 'SOL'])
  expect(live.result.current.providers).toEqual(['hosted'])

  // A path the emulator does not serve answers 404: the spec's built-in sample options stand in.
  const failing = renderHook(() => useOnrampOptions({ providers: ['hosted', 'other'] }), {
    wrapper: onrampHookSetup({ blockchain: `${devnet.apiUrl}/missing` }).wrapper,
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

test('a provider list that is not an array of strings is emptied', async () => {
  const { wrapper } = onrampHookSetup()
  for (const providers of ['hosted', { 0: 'hosted' }, ['hosted', 1], null]) {
    const { result } = renderHook(() => useOnrampOptions({ providers }), { wrapper })
    expect(result.current.providers).toEqual([])
  }
})
