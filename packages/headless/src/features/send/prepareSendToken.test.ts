import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import { getBalance } from '../../kernel/actions/getBalance.js'
import { connectedSuite } from '../../test/hookHarness.js'
import { prepareSendToken } from './prepareSendToken.js'

const { connected } = connectedSuite()
const freshEvm = () => privateKeyToAccount(generatePrivateKey()).address

async function withBalances() {
  const setup = await connected({ usdcUnits: 10_000_000n })
  const balances = await getBalance(setup.portico)
  const eth = balances.find((b) => b.address === undefined)
  const usdc = balances.find((b) => b.symbol === 'USDC')
  if (!eth || !usdc) throw new Error('the devnet balances lack ETH or USDC')
  return { ...setup, eth, usdc }
}

test('default: a native send in exact base units, the receiver checksummed, no contract', async () => {
  const { portico, eth, asked } = await withBalances()
  const receiver = freshEvm()
  const prepared = prepareSendToken(portico, {
    token: eth,
    amount: '1.000000000000000001',
    receiver: receiver.toLowerCase(),
  })
  expect(prepared).toMatchObject({ namespace: 'eip155', units: 10n ** 18n + 1n, receiver, contract: undefined })
  expect(asked('eth_sendTransaction')).toBe(0)
})

test('default: an ERC20 send names the contract and counts in the token’s decimals', async () => {
  const { portico, usdc } = await withBalances()
  const prepared = prepareSendToken(portico, { token: usdc, amount: ' 2.5 ', receiver: freshEvm() })
  expect(prepared).toMatchObject({ units: 2_500_000n, contract: usdc.address })
})

test('behavior: refusals in the order a person fixes a form, with the spec’s texts', async () => {
  const { portico, eth, usdc } = await withBalances()
  const receiver = freshEvm()
  const refusal = (parameters: Parameters<typeof prepareSendToken>[1]) => {
    try {
      prepareSendToken(portico, parameters)
    } catch (error) {
      return error
    }
    throw new Error('not refused')
  }
  expect(refusal({ token: undefined, amount: '', receiver })).toMatchObject({
    name: 'SendParametersRequiredError',
    shortMessage: 'An amount and receiver address are required',
  })
  expect(refusal({ token: undefined, amount: '1', receiver })).toMatchObject({
    name: 'TokenRequiredError',
    shortMessage: 'A token is required',
  })
  expect(refusal({ token: { ...usdc, chainId: 'eip155:31338' }, amount: '1', receiver })).toMatchObject({
    name: 'TokenNetworkMismatchError',
  })
  const typo = receiver.replace(/[a-f]/, (c) => c.toUpperCase())
  expect(refusal({ token: usdc, amount: 'abc', receiver: typo })).toMatchObject({ name: 'InvalidAddressError' })
  expect(refusal({ token: usdc, amount: '1', receiver: usdc.address as string })).toMatchObject({
    name: 'ReceiverIsTokenContractError',
  })
  expect(refusal({ token: usdc, amount: '1.1234567', receiver })).toMatchObject({
    name: 'InvalidAmountError',
    reason: 'decimals',
  })
  expect(refusal({ token: usdc, amount: '10.000001', receiver })).toMatchObject({ name: 'InsufficientBalanceError' })
  expect(refusal({ token: eth, amount: '1000000', receiver })).toMatchObject({ name: 'InsufficientBalanceError' })
})
