// @vitest-environment happy-dom
// The email login and email change hooks read their step from the instance (flowStep.ts), so two
// components of one page agree on it and `reset` starts the instance's flow over. The flows
// themselves (mail, code, frame) run in the e2e test tests/e2e/useEmailLogin.test.ts and the UI's
// EmailLogin browser test; here no embedded wallet is set up, so a step is refused as the spec says.
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { expect, test } from 'vitest'
import { eip155Adapter } from '../../../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../../../kernel/createPortico.js'
import { PorticoProvider } from '../../../kernel/react/PorticoProvider.js'
import { memoryStorage, testNetworks } from '../../../test/fixtures.js'
import { getUpdateEmailStep, setEmailLoginStep, setUpdateEmailStep } from '../flowStep.js'
import { useEmailLogin } from './useEmailLogin.js'
import { useUpdateEmail } from './useUpdateEmail.js'

function setup() {
  const portico = createPortico({
    projectId: 'p',
    networks: [testNetworks().devnet],
    adapters: [eip155Adapter({ eip6963: false })],
    storage: memoryStorage(),
  })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <PorticoProvider config={portico}>{children}</PorticoProvider>
  )
  return { portico, wrapper }
}

test('useEmailLogin shows the instance step to every component, and reset starts over at EMAIL', async () => {
  const { portico, wrapper } = setup()
  const first = renderHook(() => useEmailLogin(), { wrapper })
  const second = renderHook(() => useEmailLogin(), { wrapper })
  expect(first.result.current.step).toBe('EMAIL')
  act(() => setEmailLoginStep(portico, 'VERIFY_OTP'))
  await waitFor(() => expect(first.result.current.step).toBe('VERIFY_OTP'))
  expect(second.result.current.step).toBe('VERIFY_OTP')
  act(() => second.result.current.reset())
  await waitFor(() => expect(first.result.current.step).toBe('EMAIL'))
})

test('useUpdateEmail without an embedded wallet: the typed spec error, and the step stays at EMAIL', async () => {
  const { portico, wrapper } = setup()
  const { result } = renderHook(() => useUpdateEmail(), { wrapper })
  act(() => result.current.updateEmail.mutate({ email: 'new@example.com' }))
  await waitFor(() => expect(result.current.updateEmail.isError).toBe(true), { timeout: 30_000 })
  expect(result.current.updateEmail.error).toMatchObject({ shortMessage: 'No auth connector found' })
  expect(result.current.step).toBe('EMAIL')
  act(() => setUpdateEmailStep(portico, 'VERIFY_SECONDARY_OTP'))
  await waitFor(() => expect(result.current.step).toBe('VERIFY_SECONDARY_OTP'))
  act(() => result.current.reset())
  await waitFor(() => expect(result.current.step).toBe('EMAIL'))
  expect(getUpdateEmailStep(portico)).toBe('EMAIL')
  expect(result.current.updateEmail.isIdle).toBe(true)
})
