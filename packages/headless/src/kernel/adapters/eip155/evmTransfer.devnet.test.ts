// The EVM side of a token transfer against the shared devnet's anvil and its USDC contract: the
// ERC20 call erc20Transfer builds, the fee estimateEvmFee quotes, and the status
// waitForReceiptStatus reads, through the kernel's own client of the network. Its polling (receipt
// not found yet, RPC failures, the deadline) runs on Vitest's clock against a node in the page that
// answers from a script ending with anvil's real receipt. The byte layout of the call is also
// checked in features/send/chainAccess.test.ts; a send end to end in features/send/sendToken*.test.ts.
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  custom,
  erc20Abi,
  http,
  parseAbi,
  parseEther,
  publicActions,
  type RpcTransactionReceipt,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil } from 'viem/chains'
import { afterEach, beforeAll, describe, expect, inject, test, vi } from 'vitest'
import { offlinePortico, testNetworks } from '../../../test/fixtures.js'
import { evmPublicClient } from '../../rpc/evmClient.js'
import { erc20Transfer, estimateEvmFee, waitForReceiptStatus } from './evmTransfer.js'

const devnet = inject('devnet')
const usdc = devnet.evmTokens.find((t) => t.symbol === 'USDC')?.address as `0x${string}`
const testClient = createTestClient({ mode: 'anvil', transport: http(devnet.evmRpcUrl) })
const chain = createWalletClient({ chain: anvil, transport: http(devnet.evmRpcUrl) }).extend(publicActions)
const tokenAbi = parseAbi(['function mint(address to, uint256 amount)', 'function minter() view returns (address)'])

afterEach(() => {
  vi.useRealTimers()
})

/** A fresh account with 1 ETH and `usdcUnits` of USDC (minted by the token's minter), so reads are exact. */
async function fundedAccount(usdcUnits = 0n) {
  const account = privateKeyToAccount(generatePrivateKey())
  await testClient.setBalance({ address: account.address, value: parseEther('1') })
  if (usdcUnits > 0n) {
    const minterAddress = await chain.readContract({ address: usdc, abi: tokenAbi, functionName: 'minter' })
    await testClient.impersonateAccount({ address: minterAddress })
    try {
      const hash = await chain.writeContract({
        account: minterAddress,
        address: usdc,
        abi: tokenAbi,
        functionName: 'mint',
        args: [account.address, usdcUnits],
      })
      expect(await waitForReceiptStatus(evmClient(), hash, 10_000)).toBe('success')
    } finally {
      await testClient.stopImpersonatingAccount({ address: minterAddress })
    }
  }
  return account
}

/** The kernel's client of the devnet network, as a send reads through it (a fresh instance each call). */
function evmClient() {
  const networks = testNetworks({ evmRpcUrl: devnet.evmRpcUrl })
  return evmPublicClient(offlinePortico('p', { networks: networks.all, rpcPing: false }), networks.devnet)
}

const usdcBalance = (owner: `0x${string}`) =>
  chain.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

describe('erc20Transfer', () => {
  test('behavior: the call it builds, sent to the chain, moves exactly `units` of the token to the receiver', async () => {
    const sender = await fundedAccount(7_000_000n)
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const transfer = erc20Transfer({ contract: usdc, receiver, units: 2_500_000n })
    expect(transfer.to).toBe(usdc)
    expect(transfer.value).toBeUndefined()
    const hash = await chain.sendTransaction({ account: sender, ...transfer })
    expect(await waitForReceiptStatus(evmClient(), hash, 10_000)).toBe('success')
    expect(await usdcBalance(receiver)).toBe(2_500_000n)
    expect(await usdcBalance(sender.address)).toBe(4_500_000n)
  })

  test('edge: zero units and the largest uint256 encode (the chain takes the first, refuses the second)', async () => {
    const sender = await fundedAccount(1n)
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const zero = erc20Transfer({ contract: usdc, receiver, units: 0n })
    const hash = await chain.sendTransaction({ account: sender, ...zero })
    expect(await waitForReceiptStatus(evmClient(), hash, 10_000)).toBe('success')
    const max = erc20Transfer({ contract: usdc, receiver, units: 2n ** 256n - 1n })
    expect(max.data?.endsWith('f'.repeat(64))).toBe(true)
    await expect(estimateEvmFee(evmClient(), { account: sender.address, ...max })).rejects.toThrow(/revert/i)
  })
})

describe('estimateEvmFee', () => {
  test('behavior: a native transfer costs 21,000 gas at the node’s gas price: exactly what a send at that price pays', async () => {
    const sender = await fundedAccount()
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const value = parseEther('0.1')
    const { gas, feePerGas } = await estimateEvmFee(evmClient(), { account: sender.address, to: receiver, value })
    expect(gas).toBe(21_000n)
    expect(feePerGas).toBeGreaterThan(0n)
    const before = await chain.getBalance({ address: sender.address })
    const hash = await chain.sendTransaction({ account: sender, to: receiver, value, gas, gasPrice: feePerGas })
    expect(await waitForReceiptStatus(evmClient(), hash, 10_000)).toBe('success')
    expect(before - (await chain.getBalance({ address: sender.address }))).toBe(value + gas * feePerGas)
  })

  test('behavior: an ERC20 transfer is estimated from the sender’s account: enough gas for the call, which then succeeds', async () => {
    const sender = await fundedAccount(3_000_000n)
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const transfer = erc20Transfer({ contract: usdc, receiver, units: 3_000_000n })
    const { gas } = await estimateEvmFee(evmClient(), { account: sender.address, ...transfer })
    expect(gas).toBeGreaterThan(21_000n)
    const hash = await chain.sendTransaction({ account: sender, ...transfer, gas })
    expect(await waitForReceiptStatus(evmClient(), hash, 10_000)).toBe('success')
    expect(await usdcBalance(receiver)).toBe(3_000_000n)
  })

  test('error: a transfer the account cannot cover is refused by the estimate (the node’s revert)', async () => {
    const poor = await fundedAccount(1_000n)
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const transfer = erc20Transfer({ contract: usdc, receiver, units: 1_001n })
    const error = await estimateEvmFee(evmClient(), { account: poor.address, ...transfer }).catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'EstimateGasExecutionError' })
    // The same call from the account that holds enough is fine: the account is the sender.
    await expect(
      estimateEvmFee(evmClient(), {
        account: poor.address,
        ...erc20Transfer({ contract: usdc, receiver, units: 1_000n }),
      }),
    ).resolves.toMatchObject({ gas: expect.any(BigInt) })
  })
})

describe('waitForReceiptStatus', () => {
  test('behavior: a transaction that reverted on chain reads as reverted', async () => {
    const sender = await fundedAccount()
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    // Gas given, so nothing estimates (and refuses) the transfer of tokens the sender lacks.
    const transfer = erc20Transfer({ contract: usdc, receiver, units: 1n })
    const hash = await chain.sendTransaction({ account: sender, ...transfer, gas: 100_000n })
    expect(await waitForReceiptStatus(evmClient(), hash, 10_000)).toBe('reverted')
  })

  // A real mined transaction and its receipt as anvil answers it, replayed by the scripted node.
  let mined: { hash: `0x${string}`; receipt: RpcTransactionReceipt }
  beforeAll(async () => {
    const sender = await fundedAccount()
    const hash = await chain.sendTransaction({ account: sender, to: sender.address, value: 1n })
    const node = createPublicClient({ transport: http(devnet.evmRpcUrl) })
    // Anvil mines at once but may answer the hash before the receipt is there (it once did, under
    // load): wait for the receipt, then take it as the node gives it.
    await node.waitForTransactionReceipt({ hash })
    const receipt = await node.request({ method: 'eth_getTransactionReceipt', params: [hash] })
    if (!receipt) throw new Error(`anvil mined no receipt for ${hash}`)
    mined = { hash, receipt }
  })

  /**
   * A node in the page for the kernel's client of the network (the `transports` option): each
   * `eth_getTransactionReceipt` takes the next step of `script` (`'pending'` answers null,
   * `'fail'` an internal error, `'mined'` anvil's receipt; past its end, pending). Runs on
   * Vitest's clock, so the 500 ms between reads pass at once.
   */
  function scriptedNode(script: readonly ('pending' | 'fail' | 'mined')[]) {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const reads: string[] = []
    const transport = custom(
      {
        async request({ method }: { method: string }) {
          if (method !== 'eth_getTransactionReceipt') throw new Error(`unexpected ${method}`)
          const step = script[reads.length] ?? 'pending'
          reads.push(step)
          if (step === 'fail') throw Object.assign(new Error('node unavailable'), { code: -32603 })
          return step === 'mined' ? mined.receipt : null
        },
      },
      { retryCount: 0 },
    )
    const networks = testNetworks()
    const portico = offlinePortico('p', {
      networks: networks.all,
      rpcPing: false,
      transports: { [networks.devnet.caipNetworkId]: transport },
    })
    return { client: evmPublicClient(portico, networks.devnet), reads }
  }

  /** Runs the wait to its end on Vitest's clock: its result or its error. */
  async function settle(wait: Promise<'success' | 'reverted'>) {
    const outcome = wait.then(
      (status) => ({ status }),
      (error: unknown) => ({ error }),
    )
    await vi.runAllTimersAsync()
    return outcome
  }

  test('behavior: a receipt not found yet is read again until it is there', async () => {
    const node = scriptedNode(['pending', 'pending', 'mined'])
    expect(await settle(waitForReceiptStatus(node.client, mined.hash, 120_000))).toEqual({ status: 'success' })
    expect(node.reads).toEqual(['pending', 'pending', 'mined'])
  })

  test('error: three failed reads in a row end the wait with the node’s error', async () => {
    const node = scriptedNode(['fail', 'fail', 'fail', 'mined'])
    const { error } = (await settle(waitForReceiptStatus(node.client, mined.hash, 120_000))) as { error: unknown }
    expect(error).toMatchObject({ name: 'InternalRpcError', code: -32603 })
    expect(node.reads).toEqual(['fail', 'fail', 'fail'])
  })

  test('edge: two failed reads are waited out, and a receipt not found yet restarts the count of failures', async () => {
    const twice = scriptedNode(['fail', 'fail', 'mined'])
    expect(await settle(waitForReceiptStatus(twice.client, mined.hash, 120_000))).toEqual({ status: 'success' })
    expect(twice.reads).toEqual(['fail', 'fail', 'mined'])
    vi.useRealTimers()
    const interrupted = scriptedNode(['fail', 'fail', 'pending', 'fail', 'fail', 'mined'])
    expect(await settle(waitForReceiptStatus(interrupted.client, mined.hash, 120_000))).toEqual({ status: 'success' })
    expect(interrupted.reads).toHaveLength(6)
  })

  test('error: no receipt by the deadline ends the wait, naming the hash and the time', async () => {
    const node = scriptedNode([])
    const { error } = (await settle(waitForReceiptStatus(node.client, mined.hash, 1_000))) as { error: Error }
    expect(error.message).toBe(`No receipt for ${mined.hash} within 1000 ms`)
    // Read at 0, 500, 1000 and 1500 ms: the last is the first read past the deadline.
    expect(node.reads).toHaveLength(4)
  })
})
