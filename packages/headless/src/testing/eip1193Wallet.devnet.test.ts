// Node environment on purpose: @portico/devnet is Node-only, and under a DOM environment vitest
// serves its source with an http: `import.meta.url`, which breaks its state-file lookup.
import { type AnvilInstance, evmAccounts, evmChainId, startAnvil } from '@portico/devnet'
import { createPublicClient, createWalletClient, custom, type Hex, http, parseEther, toHex } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestEip1193Wallet } from './eip1193Wallet.js'

const [address0, address1] = [evmAccounts[0].address, evmAccounts[1].address]

// The devnet's own anvil (devnet state, funded evmAccounts) on a free loopback port.
let anvil: AnvilInstance
beforeAll(async () => {
  anvil = await startAnvil()
})
afterAll(async () => {
  await anvil?.stop()
})

function setup() {
  const wallet = createTestEip1193Wallet({
    accounts: evmAccounts.map((a) => a.privateKey),
    chains: [{ id: evmChainId, name: 'Portico Devnet', rpcUrl: anvil.rpcUrl }],
  })
  return { wallet, provider: wallet.provider }
}

test('behavior: reads are forwarded to the chain RPC', async () => {
  const { provider } = setup()
  const balance = await provider.request({ method: 'eth_getBalance', params: [address0, 'latest'] })
  expect(BigInt(balance)).toBeGreaterThan(0n)
  await expect(
    provider.request({ method: 'eth_getBlockByNumber', params: ['0xnope' as Hex, false] }),
  ).rejects.toMatchObject({ code: expect.any(Number) })
})

test('behavior: eth_sendTransaction signs locally and lands on the chain', async () => {
  const { wallet, provider } = setup()
  wallet.setAccount(2)
  const [from] = await provider.request({ method: 'eth_requestAccounts' })
  const chain = createPublicClient({ transport: http(anvil.rpcUrl) })
  const before = await chain.getBalance({ address: address1 })

  const value = parseEther('1.5')
  const hash = await provider.request({
    method: 'eth_sendTransaction',
    params: [{ from: from as Hex, to: address1, value: toHex(value) }],
  })
  // Anvil mines on receipt, but under load the receipt may not be queryable the instant the hash
  // returns (this test failed once in a full run): wait for it rather than assume it.
  const receipt = await chain.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  expect(receipt).toMatchObject({
    status: 'success',
    from: (from as string).toLowerCase(),
    to: address1.toLowerCase(),
  })
  expect(await chain.getBalance({ address: address1 })).toBe(before + value)
  expect(wallet.requests.at(-1)?.method).toBe('eth_sendTransaction')
})

test('behavior: eth_sendTransaction through a viem wallet client, and its failures', async () => {
  const { wallet, provider } = setup()
  const client = createWalletClient({ transport: custom(provider) })
  await client.requestAddresses()
  const hash = await client.sendTransaction({ account: address0, to: address1, value: 1n, chain: null })
  expect(hash).toMatch(/^0x[0-9a-f]{64}$/)

  wallet.rejectNext('eth_sendTransaction')
  await expect(
    provider.request({ method: 'eth_sendTransaction', params: [{ from: address0, to: address1, value: '0x1' }] }),
  ).rejects.toMatchObject({ code: 4001 })
  await expect(
    provider.request({ method: 'eth_sendTransaction', params: [{ from: address1, to: address1, value: '0x1' }] }),
  ).rejects.toMatchObject({ code: 4100 })
  await expect(
    provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: address0, to: address1, value: toHex(parseEther('1000000000')) }],
    }),
  ).rejects.toMatchObject({ code: expect.any(Number), message: expect.stringMatching(/exceeds the balance/) })
})
