// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import { hookSetup, renderConnected, settled } from '../../../test/hookHarness.js'
import { sendCalls } from '../sendCalls.js'
import { useCallsStatus } from './useCallsStatus.js'

test('default: waits for an id, then reads the batch’s status until it settles', async () => {
  const { portico, wrapper, asked } = await hookSetup()
  const { result } = await renderConnected(wrapper, () => {
    const [id, setId] = useState<string>()
    return { setId, status: useCallsStatus({ id }) }
  })
  expect(result.current.value.status.fetchStatus).toBe('idle')
  expect(asked('wallet_getCallsStatus')).toBe(0)

  const to = privateKeyToAccount(generatePrivateKey()).address
  const { id } = await sendCalls(portico, { calls: [{ to, value: 1n }] })
  act(() => result.current.value.setId(id))
  await waitFor(() => expect(result.current.value.status.data?.status).toBe('success'), settled)
  expect(result.current.value.status.data).toMatchObject({ id, statusCode: 200, chainId: 31337 })
  expect(result.current.value.status.data?.receipts).toHaveLength(1)
})

test('behavior: an unknown id surfaces the wallet’s refusal (CallsRejectedError) as the query’s error', async () => {
  const { wrapper } = await hookSetup()
  const { result } = await renderConnected(wrapper, () => {
    const [id, setId] = useState<string>()
    return { setId, status: useCallsStatus({ id }) }
  })
  act(() => result.current.value.setId('0x1234'))
  await waitFor(() => expect(result.current.value.status.isError).toBe(true), settled)
  expect(result.current.value.status.error).toMatchObject({ name: 'CallsRejectedError', reason: 'unknownId' })
})
