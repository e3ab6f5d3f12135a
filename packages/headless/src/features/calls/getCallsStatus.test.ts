import { createPublicClient, encodeFunctionData, erc20Abi, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import { connectedSuite, devnetToken, sharedDevnet } from '../../test/hookHarness.js'
import { getCallsStatus } from './getCallsStatus.js'
import { sendCalls } from './sendCalls.js'

const { connected } = connectedSuite()
const client = () => createPublicClient({ transport: http(sharedDevnet().evmRpcUrl) })
const fresh = () => privateKeyToAccount(generatePrivateKey()).address

test('default: a batch that ran reports success (200) with one receipt per call, as mined', async () => {
  const { portico } = await connected()
  const to = fresh()
  const { id } = await sendCalls(portico, {
    calls: [
      { to, value: 7n },
      { to, value: 8n },
    ],
  })
  const status = await getCallsStatus(portico, { id })
  expect(status).toMatchObject({ id, status: 'success', statusCode: 200, atomic: false, chainId: 31337 })
  expect(status.receipts).toHaveLength(2)
  const mined = await client().getTransactionReceipt({ hash: status.receipts[0]?.transactionHash as `0x${string}` })
  expect(status.receipts[0]?.blockNumber).toBe(mined.blockNumber)
  expect(await client().getBalance({ address: to })).toBe(15n)
})

test('behavior: a call that cannot run stops the batch; the status is a partial failure (600), what ran stays', async () => {
  const { portico } = await connected()
  const to = fresh()
  const tooMuch = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, 10n ** 40n] })
  const { id } = await sendCalls(portico, {
    calls: [
      { to, value: 1000n },
      { to: devnetToken('USDC'), data: tooMuch },
      { to, value: 1000n },
    ],
  })
  const status = await getCallsStatus(portico, { id })
  expect(status).toMatchObject({ status: 'failure', statusCode: 600 })
  expect(status.receipts).toHaveLength(1)
  expect(await client().getBalance({ address: to })).toBe(1000n)
})

test('behavior: an unknown batch id is CallsRejectedError (unknownId)', async () => {
  const { portico } = await connected()
  await expect(getCallsStatus(portico, { id: '0x1234' })).rejects.toMatchObject({
    name: 'CallsRejectedError',
    reason: 'unknownId',
  })
})

test('behavior: a wallet without EIP-5792 gives the spec’s text (CallsStatusNotApprovedError)', async () => {
  const { portico } = await connected({ eip5792: false })
  await expect(getCallsStatus(portico, { id: '0x01' })).rejects.toMatchObject({
    name: 'CallsStatusNotApprovedError',
    shortMessage: 'Fetching call status not approved by the wallet.',
  })
})
