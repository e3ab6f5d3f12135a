import { expect, test } from 'vitest'
import { offlinePortico } from '../../test/fixtures.js'
import { readSwapReceived, type SwapReceipt } from './swapReceived.js'

// The native currency's path reads balances from a node; the swap tests on anvil cover it. Here,
// what the receipt alone decides: the token's Transfer logs to the receiver.

const portico = offlinePortico('p')
const transfer = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const approval = '0x8c5be1e5ebec7d5bd14f71427e52b1e8ba91d17a8e9b0a0bba1fab2c4c7a3b1c'
const usdc = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const other = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const receiver = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const pool = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const topic = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`
const log = (address: string, to: string, value: bigint, first = transfer) => ({
  address,
  topics: [first, topic(pool), topic(to)],
  data: `0x${value.toString(16).padStart(64, '0')}`,
})
const read = (receipt: SwapReceipt, token = usdc) =>
  readSwapReceived(portico, { receipt, token, receiver, native: false })

test("behavior: what arrived is the sum of the token's Transfer logs to the receiver, not the quote", async () => {
  const receipt = { status: '0x1', logs: [log(usdc, receiver, 1_000_000n), log(usdc, receiver, 250_000n)] }
  expect(await read(receipt)).toBe(1_250_000n)
})

test('behavior: transfers of another token, to another address or other events are not counted', async () => {
  const receipt = {
    logs: [
      log(other, receiver, 7n),
      log(usdc, pool, 9n),
      log(usdc, receiver, 11n, approval),
      { address: usdc, topics: [transfer] },
      log(usdc, receiver, 5n),
    ],
  }
  expect(await read(receipt)).toBe(5n)
})

test('parameters: the token as a CAIP-19 style id or a bare address, in any case', async () => {
  const receipt = { logs: [log(usdc.toLowerCase(), receiver.toLowerCase(), 3n)] }
  expect(await read(receipt, `eip155:31337/erc20:${usdc.toUpperCase().replace('0X', '0x')}`)).toBe(3n)
  expect(await read(receipt, usdc)).toBe(3n)
})

test('edge: nothing that tells gives undefined, never a guess: no logs, no match, a malformed amount', async () => {
  expect(await read({})).toBeUndefined()
  expect(await read({ logs: [log(other, receiver, 1n)] })).toBeUndefined()
  expect(await read({ logs: [{ ...log(usdc, receiver, 1n), data: 'not hex' }] })).toBeUndefined()
  // The native currency without the block to read balances at: undefined before any node is asked.
  expect(
    await readSwapReceived(portico, { receipt: {}, token: 'eip155:31337/slip44:60', receiver, native: true }),
  ).toBe(undefined)
})
