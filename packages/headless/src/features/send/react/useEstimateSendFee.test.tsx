// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import { getBalance } from '../../../kernel/actions/getBalance.js'
import type { TokenBalance } from '../../../kernel/types.js'
import { hookSetup, renderConnected, settled } from '../../../test/hookHarness.js'
import { useEstimateSendFee } from './useEstimateSendFee.js'

const receiver = privateKeyToAccount(generatePrivateKey()).address

test('default: waits for token, amount and receiver, then quotes the fee of the send', async () => {
  const { portico, wrapper, asked } = await hookSetup()
  const { result } = await renderConnected(wrapper, () => {
    const [token, setToken] = useState<TokenBalance>()
    return { setToken, fee: useEstimateSendFee({ token, amount: '1', receiver }) }
  })
  expect(result.current.value.fee.fetchStatus).toBe('idle')
  expect(asked('eth_estimateGas')).toBe(0)
  const eth = (await getBalance(portico)).find((b) => b.address === undefined)
  act(() => result.current.value.setToken({ ...eth, price: 1000 } as TokenBalance))
  await waitFor(() => expect(result.current.value.fee.isSuccess).toBe(true), settled)
  const fee = result.current.value.fee.data
  expect(fee).toMatchObject({ symbol: 'ETH', gas: 21_000n })
  expect(fee?.usd).toBeCloseTo(Number(fee?.formatted) * 1000, 10)
})

test('behavior: a refused send is the query’s error (the same typed error sendToken gives)', async () => {
  const { portico, wrapper } = await hookSetup()
  const { result } = await renderConnected(wrapper, () => {
    const [token, setToken] = useState<TokenBalance>()
    return { setToken, fee: useEstimateSendFee({ token, amount: '1000000', receiver }) }
  })
  const eth = (await getBalance(portico)).find((b) => b.address === undefined)
  act(() => result.current.value.setToken(eth))
  await waitFor(() => expect(result.current.value.fee.isError).toBe(true), settled)
  expect(result.current.value.fee.error).toMatchObject({ name: 'InsufficientBalanceError' })
})
