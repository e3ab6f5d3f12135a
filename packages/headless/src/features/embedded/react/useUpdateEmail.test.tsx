// @vitest-environment happy-dom
// useUpdateEmail reads its step from the instance (flowStep.ts), so two components of one page agree
// on it and `reset` starts the instance's flow over. The flow itself (both mails, both codes, the
// frame) runs in tests/e2e/embeddedUpdateEmail.test.ts; here the Portico runs over the shared devnet
// with no embedded wallet, so every step is refused as the spec says.
import { act, renderHook, waitFor } from '@testing-library/react'
import { expect, test } from 'vitest'
import { hookSetup, settled } from '../../../test/hookHarness.js'
import { getUpdateEmailStep, setUpdateEmailStep } from '../flowStep.js'
import { useUpdateEmail } from './useUpdateEmail.js'

test('error: without an embedded wallet, updateEmail fails with the spec’s "No auth connector found" and the step stays at EMAIL', async () => {
  const { wrapper } = await hookSetup()
  const { result } = renderHook(() => useUpdateEmail(), { wrapper })
  act(() => result.current.updateEmail.mutate({ email: 'new@example.com' }))
  await waitFor(() => expect(result.current.updateEmail.isError).toBe(true), settled)
  expect(result.current.updateEmail.error).toMatchObject({
    name: 'NoAuthConnectorError',
    shortMessage: 'No auth connector found',
  })
  expect(result.current.step).toBe('EMAIL')
})

test('error: the code steps without an embedded wallet fail the same way and leave the step where it was', async () => {
  const { portico, wrapper } = await hookSetup()
  const { result } = renderHook(() => useUpdateEmail(), { wrapper })
  act(() => setUpdateEmailStep(portico, 'VERIFY_PRIMARY_OTP'))
  act(() => result.current.verifyPrimaryOtp.mutate({ otp: '123456' }))
  await waitFor(() => expect(result.current.verifyPrimaryOtp.isError).toBe(true), settled)
  expect(result.current.verifyPrimaryOtp.error).toMatchObject({ shortMessage: 'No auth connector found' })
  act(() => result.current.verifySecondaryOtp.mutate({ otp: '123456' }))
  await waitFor(() => expect(result.current.verifySecondaryOtp.isError).toBe(true), settled)
  expect(result.current.verifySecondaryOtp.error).toMatchObject({ shortMessage: 'No auth connector found' })
  expect(result.current.step).toBe('VERIFY_PRIMARY_OTP')
})

test('behavior: every component reads the instance’s step; reset starts over at EMAIL and clears the mutations', async () => {
  const { portico, wrapper } = await hookSetup()
  const first = renderHook(() => useUpdateEmail(), { wrapper })
  const second = renderHook(() => useUpdateEmail(), { wrapper })
  act(() => second.result.current.updateEmail.mutate({ email: 'new@example.com' }))
  await waitFor(() => expect(second.result.current.updateEmail.isError).toBe(true), settled)
  act(() => setUpdateEmailStep(portico, 'VERIFY_SECONDARY_OTP'))
  await waitFor(() => expect(first.result.current.step).toBe('VERIFY_SECONDARY_OTP'))
  expect(second.result.current.step).toBe('VERIFY_SECONDARY_OTP')
  act(() => second.result.current.reset())
  await waitFor(() => expect(first.result.current.step).toBe('EMAIL'))
  expect(getUpdateEmailStep(portico)).toBe('EMAIL')
  expect(second.result.current.updateEmail.isIdle).toBe(true)
})
