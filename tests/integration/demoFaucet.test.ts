// The demo's faucet tops up a new (empty) embedded wallet on the devnet's anvil, so its first
// transaction can pay gas; it never lowers a balance and refuses anything but an address.
import { expect, inject, test } from 'vitest'
import { faucetAmount, topUp } from '../../apps/demo/src/devnetPages.js'

const { evmRpcUrl } = inject('devnet')

async function rpc(method: string, params: unknown[]): Promise<string> {
  const response = await fetch(evmRpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: string }).result
}

const balance = async (address: string) => BigInt(await rpc('eth_getBalance', [address, 'latest']))

test('an empty address is topped up to 10 ETH, and a second press changes nothing', async () => {
  const fresh = `0x${'5a17'.repeat(10)}`
  expect(await balance(fresh)).toBe(0n)
  expect(await topUp(evmRpcUrl, fresh)).toEqual({ before: 0n, after: faucetAmount })
  expect(await balance(fresh)).toBe(faucetAmount)
  expect(await topUp(evmRpcUrl, fresh)).toEqual({ before: faucetAmount, after: faucetAmount })
})

test('a funded account keeps its balance (the faucet never lowers one)', async () => {
  // An address of its own, not one of anvil's accounts: other files on the shared devnet send
  // from those, which would move the balance between the two reads.
  const rich = `0x${'71c4'.repeat(10)}`
  await rpc('anvil_setBalance', [rich, `0x${(faucetAmount * 2n).toString(16)}`])
  const before = await balance(rich)
  expect(before).toBe(faucetAmount * 2n)
  await topUp(evmRpcUrl, rich)
  expect(await balance(rich)).toBe(before)
})

test('anything but a 0x address is refused before reaching the chain', async () => {
  for (const bad of ['', 'bob.eth', '0x123', `0x${'g'.repeat(40)}`, `0x${'1'.repeat(40)}; drop`])
    await expect(topUp(evmRpcUrl, bad)).rejects.toThrow('Enter an EVM address: 0x and 40 hex digits')
})
