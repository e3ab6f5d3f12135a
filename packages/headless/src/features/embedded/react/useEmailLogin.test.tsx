// @vitest-environment happy-dom
// The email login hook reads its step from the instance (flowStep.ts), so two components of one
// page agree on it and `reset` starts the instance's flow over. The flow itself (mail, code, frame)
// runs in the e2e test tests/e2e/useEmailLogin.test.ts and the UI's EmailLogin browser test.
import { act, renderHook, waitFor } from '@testing-library/react'
import { expect, test } from 'vitest'
import { hookSetup } from '../../../test/hookHarness.js'
import { setEmailLoginStep } from '../flowStep.js'
import { useEmailLogin } from './useEmailLogin.js'

test('behavior: every component reads the instance’s step, and reset starts over at EMAIL', async () => {
  const { portico, wrapper } = await hookSetup()
  const first = renderHook(() => useEmailLogin(), { wrapper })
  const second = renderHook(() => useEmailLogin(), { wrapper })
  expect(first.result.current.step).toBe('EMAIL')
  act(() => setEmailLoginStep(portico, 'VERIFY_OTP'))
  await waitFor(() => expect(first.result.current.step).toBe('VERIFY_OTP'))
  expect(second.result.current.step).toBe('VERIFY_OTP')
  act(() => second.result.current.reset())
  await waitFor(() => expect(first.result.current.step).toBe('EMAIL'))
})
