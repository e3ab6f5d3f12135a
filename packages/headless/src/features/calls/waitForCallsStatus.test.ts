import { createPublicClient, encodeFunctionData, erc20Abi, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import { connectedSuite, devnetToken, sharedDevnet } from '../../test/hookHarness.js'
import { sendCalls } from './sendCalls.js'
import { waitForCallsStatus } from './waitForCallsStatus.js'

const { connected } = connectedSuite()
const client = () => createPublicClient({ transport: http(sharedDevnet().evmRpcUrl) })
const fresh = () => privateKeyToAccount(generatePrivateKey()).address

test('default: resolves with the final status once the batch is mined: an ETH and a USDC transfer both landed', async () => {
  const { portico } = await connected({ usdcUnits: 5_000_000n })
  const usdc = devnetToken('USDC')
  const to = fresh()
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, 2_500_000n] })
  const { id } = await sendCalls(portico, {
    calls: [
      { to, value: parseEther('0.5') },
      { to: usdc, data },
    ],
  })
  const status = await waitForCallsStatus(portico, { id, pollingInterval: 50 })
  expect(status).toMatchObject({ status: 'success', statusCode: 200, atomic: false, chainId: 31337 })
  expect(status.receipts).toHaveLength(2)
  expect(status.receipts.every((r) => r.status === 'success' && typeof r.blockNumber === 'bigint')).toBe(true)
  expect(await client().getBalance({ address: to })).toBe(parseEther('0.5'))
  expect(await client().readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [to] })).toBe(
    2_500_000n,
  )
})

test('parameters: signal: an aborted wait rejects with the abort reason before the wallet is asked', async () => {
  const { portico, asked } = await connected()
  const { id } = await sendCalls(portico, { calls: [{ to: fresh(), value: 1n }] })
  const controller = new AbortController()
  controller.abort(new Error('left the page'))
  await expect(waitForCallsStatus(portico, { id, signal: controller.signal })).rejects.toThrow('left the page')
  expect(asked('wallet_getCallsStatus')).toBe(0)
})

test('behavior: a failed batch ends the wait too (it is not pending), with its status', async () => {
  const { portico } = await connected()
  const to = fresh()
  const tooMuch = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, 10n ** 40n] })
  const { id } = await sendCalls(portico, {
    calls: [
      { to, value: 1n },
      { to: devnetToken('USDC'), data: tooMuch },
    ],
  })
  const status = await waitForCallsStatus(portico, { id, pollingInterval: 50, timeout: 20_000 })
  expect(status).toMatchObject({ status: 'failure', statusCode: 600 })
  expect(status.receipts).toHaveLength(1)
})
