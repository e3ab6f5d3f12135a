// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react'
import { expect, test } from 'vitest'
import { onrampHookSetup } from '../../../test/onrampHookSetup.js'
import { useOnrampQuote } from './useOnrampQuote.js'

test('loading flag while fetching, the emulator quote, reset, placeholder on failure', async () => {
  const { wrapper } = onrampHookSetup()
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
