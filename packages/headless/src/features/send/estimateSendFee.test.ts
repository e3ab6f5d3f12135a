import { createPublicClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import { getBalance } from '../../kernel/actions/getBalance.js'
import { connectedSuite, sharedDevnet } from '../../test/hookHarness.js'
import { estimateSendFee } from './estimateSendFee.js'
import { sendToken } from './sendToken.js'

const { connected } = connectedSuite()
const client = () => createPublicClient({ transport: http(sharedDevnet().evmRpcUrl) })
const freshEvm = () => privateKeyToAccount(generatePrivateKey()).address

async function withBalances() {
  const setup = await connected({ usdcUnits: 10_000_000n })
  const balances = await getBalance(setup.portico)
  const eth = balances.find((b) => b.address === undefined)
  const usdc = balances.find((b) => b.symbol === 'USDC')
  if (!eth || !usdc) throw new Error('the devnet balances lack ETH or USDC')
  return { ...setup, eth, usdc }
}

test('default: the fee of an ERC20 send matches the gas the transfer then used', async () => {
  const { portico, usdc, asked } = await withBalances()
  const receiver = freshEvm()
  const estimate = await estimateSendFee(portico, { token: usdc, amount: '3', receiver })
  expect(estimate).toMatchObject({ symbol: 'ETH', decimals: 18 })
  expect(estimate.formatted).toMatch(/^0\.\d+$/)
  expect(estimate.fee).toBe((estimate.gas as bigint) * (estimate.feePerGas as bigint))
  expect(estimate.usd).toBeUndefined() // the devnet's RPC balances carry no price
  expect(asked('eth_sendTransaction')).toBe(0)
  const hash = (await sendToken(portico, { token: usdc, amount: '3', receiver })) as `0x${string}`
  const receipt = await client().getTransactionReceipt({ hash })
  const gas = estimate.gas as bigint
  expect(gas).toBeGreaterThanOrEqual(receipt.gasUsed)
  expect(gas * 100n).toBeLessThanOrEqual(receipt.gasUsed * 150n)
})

test('parameters: nativePrice (or the native token’s own price) gives the fee in USD', async () => {
  const { portico, eth } = await withBalances()
  const receiver = freshEvm()
  const priced = await estimateSendFee(portico, { token: { ...eth, price: 2000 }, amount: '1', receiver })
  expect(priced.gas).toBe(21_000n)
  expect(priced.usd).toBeCloseTo(Number(priced.formatted) * 2000, 10)
  const given = await estimateSendFee(portico, { token: eth, amount: '1', receiver, nativePrice: 10 })
  expect(given.usd).toBeCloseTo(Number(given.formatted) * 10, 10)
})

test('behavior: bad input is refused the way sendToken refuses it, before any estimate', async () => {
  const { portico, usdc } = await withBalances()
  await expect(estimateSendFee(portico, { token: usdc, amount: '11', receiver: freshEvm() })).rejects.toMatchObject({
    name: 'InsufficientBalanceError',
  })
  await expect(
    estimateSendFee(portico, { token: usdc, amount: '1', receiver: 'nobody.reown.id' }),
  ).rejects.toMatchObject({ name: 'NameResolutionError' })
})
