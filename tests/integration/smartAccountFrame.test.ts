// The secure frame's smart-account path against the devnet's real parts: anvil with EntryPoint v0.8
// and SimpleAccountFactory, the Alto bundler and the ERC-7677 paymaster service. What the frame
// does between its approval prompt and the bundler: build the account from the owner key, prepare
// one operation (sponsored, or paid by the account when the paymaster refuses), sign, send, poll.
import { type DevnetFor, type FaultyBundler, startDevnet, startFaultyBundler } from '@portico/devnet'
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  type LocalAccount,
  parseAbi,
  parseEther,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { OperationRevertedError, RpcError } from '../../packages/secure/src/frame/rpcError.js'
import {
  confirmOperation,
  isDeployed,
  prepareOperation,
  receiptFailedText,
  type SmartAccountEndpoints,
  sendOperation,
  smartAccountOf,
  waitForOperation,
} from '../../packages/secure/src/frame/smartAccount.js'

const options = { walletConnect: false, auth: false } as const
let devnet: DevnetFor<typeof options>
let endpoints: SmartAccountEndpoints
const client = () => createPublicClient({ chain: foundry, transport: http(devnet.evm.rpcUrl) })

beforeAll(async () => {
  devnet = await startDevnet(options)
  // Alto takes seconds to load on a busy machine: once for the file.
  await devnet.aa.bundler.ready()
  endpoints = { rpcUrl: devnet.evm.rpcUrl, bundlerUrl: devnet.aa.bundlerUrl, paymasterUrl: devnet.aa.paymasterUrl }
}, 180_000)
afterAll(() => devnet?.stop())
afterEach(async () => {
  Object.assign(devnet.aa.paymasterPolicy, { refuse: false, senders: null, maxGas: null })
  if (!devnet.aa.bundler.isUp) await devnet.aa.bundler.up()
  await devnet.aa.bundler.resumeBundling()
}, 120_000)

/** A new embedded key, used the way the frame does: rebuilt per signature, counted here. */
function newOwner() {
  const key = generatePrivateKey()
  const owner = privateKeyToAccount(key)
  const signatures = { count: 0 }
  const withOwner = async <T>(use: (account: LocalAccount) => Promise<T>) => {
    signatures.count += 1
    return use(privateKeyToAccount(key))
  }
  return { address: owner.address, withOwner, signatures }
}

const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address
const usdc = () => devnet.evm.tokens[0] as { address: Address }
const usdcBalance = (owner: Address) =>
  client().readContract({ address: usdc().address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
const transfer = (to: Address, amount: bigint) => ({
  to: usdc().address,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
})

/** The devnet router's swap with a deadline long past: it reverts with 'UniswapV2Router: EXPIRED'. */
const expiredSwap = (to: Address) => ({
  to: devnet.evm.dex.router,
  data: encodeFunctionData({
    abi: parseAbi(['function swapExactTokensForTokens(uint256,uint256,address[],address,uint256) returns (uint256[])']),
    functionName: 'swapExactTokensForTokens',
    args: [1n, 0n, [usdc().address, devnet.evm.tokens[1]?.address as Address], to, 0n],
  }),
})

async function fund(to: Address, { eth, usdcAmount }: { eth?: bigint; usdcAmount?: bigint }) {
  const funder = createWalletClient({
    account: privateKeyToAccount(devnet.evm.accounts[2].privateKey as Hex),
    chain: foundry,
    transport: http(devnet.evm.rpcUrl),
  })
  if (eth) await client().waitForTransactionReceipt({ hash: await funder.sendTransaction({ to, value: eth }) })
  if (usdcAmount) {
    const hash = await funder.writeContract({
      address: usdc().address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to, usdcAmount],
    })
    await client().waitForTransactionReceipt({ hash })
  }
}

describe('the frame smart account on the devnet bundler and paymaster', () => {
  it("a new user's first operation deploys the account, sponsored: its ETH balance stays 0", async () => {
    const owner = newOwner()
    const account = await smartAccountOf(devnet.evm.rpcUrl, owner.address, owner.withOwner)
    // The counterfactual address is known without a signature and without code on chain.
    expect(owner.signatures.count).toBe(0)
    expect(account.address).not.toBe(owner.address)
    expect(await isDeployed(devnet.evm.rpcUrl, account.address)).toBe(false)

    const to = freshAddress()
    const prepared = await prepareOperation(endpoints, account, [{ to, value: 0n }])
    expect(prepared.sponsored).toBe(true)
    expect(prepared.operation.paymaster?.toLowerCase()).toBe(devnet.aa.paymaster.toLowerCase())
    const hash = await sendOperation(endpoints, account, prepared)
    expect(owner.signatures.count).toBe(1)
    const receipt = await waitForOperation(endpoints, hash, { timeoutMs: 60_000, intervalMs: 100 })

    expect(receipt.success).toBe(true)
    expect(receipt.sender.toLowerCase()).toBe(account.address.toLowerCase())
    expect(receipt.paymaster?.toLowerCase()).toBe(devnet.aa.paymaster.toLowerCase())
    expect(await isDeployed(devnet.evm.rpcUrl, account.address)).toBe(true)
    expect(await client().getBalance({ address: account.address })).toBe(0n)

    // The same owner gets the same account again (what the frame reports after a reload).
    const again = await smartAccountOf(devnet.evm.rpcUrl, owner.address, owner.withOwner)
    expect(again.address).toBe(account.address)
  }, 120_000)

  it('two transfers go as one operation: both land in the same transaction', async () => {
    const owner = newOwner()
    const account = await smartAccountOf(devnet.evm.rpcUrl, owner.address, owner.withOwner)
    await fund(account.address, { usdcAmount: 5_000_000n })
    const [alice, bob] = [freshAddress(), freshAddress()]

    const prepared = await prepareOperation(endpoints, account, [
      transfer(alice, 1_000_000n),
      transfer(bob, 2_000_000n),
    ])
    const hash = await sendOperation(endpoints, account, prepared)
    const receipt = await waitForOperation(endpoints, hash, { timeoutMs: 60_000, intervalMs: 100 })

    expect(receipt.success).toBe(true)
    expect([await usdcBalance(alice), await usdcBalance(bob)]).toEqual([1_000_000n, 2_000_000n])
    const logs = receipt.receipt.logs.filter((log) => log.address.toLowerCase() === usdc().address.toLowerCase())
    expect(logs).toHaveLength(2)
    expect(new Set(logs.map((log) => log.transactionHash))).toEqual(new Set([receipt.receipt.transactionHash]))
  }, 120_000)

  it('a paymaster that refuses leaves the user paying, with its reason kept for the approval', async () => {
    const owner = newOwner()
    const account = await smartAccountOf(devnet.evm.rpcUrl, owner.address, owner.withOwner)
    devnet.aa.paymasterPolicy.refuse = true

    // An account without ETH: prepared for the user to pay; the bundler then refuses it, typed.
    const unfunded = await prepareOperation(endpoints, account, [{ to: freshAddress(), value: 0n }]).then(
      async (prepared) => {
        expect(prepared.sponsored).toBe(false)
        expect(prepared.refusal).toMatch(/sponsorship is switched off/)
        return sendOperation(endpoints, account, prepared).catch((e: unknown) => e)
      },
      (e: unknown) => e,
    )
    expect(unfunded).toBeInstanceOf(RpcError)
    expect((unfunded as RpcError).message).toMatch(/^The smart account cannot pay the gas|^The bundler refused/)

    await fund(account.address, { eth: parseEther('1') })
    const prepared = await prepareOperation(endpoints, account, [{ to: freshAddress(), value: 1n }])
    expect(prepared.sponsored).toBe(false)
    expect(prepared.maxCost).toBeGreaterThan(0n)
    expect(prepared.operation.paymaster).toBeUndefined()
    const hash = await sendOperation(endpoints, account, prepared)
    const receipt = await waitForOperation(endpoints, hash, { timeoutMs: 60_000, intervalMs: 100 })
    expect(receipt.success).toBe(true)
    expect(receipt.paymaster).toBeUndefined()
    // The account paid the gas (and the 1 wei) from its own balance.
    const left = await client().getBalance({ address: account.address })
    expect(receipt.actualGasCost).toBeGreaterThan(0n)
    expect(left).toBeLessThanOrEqual(parseEther('1') - 1n - receipt.actualGasCost)
    expect(left).toBeGreaterThan(parseEther('0.99'))
  }, 120_000)

  it('a bundler that is down gives a typed error naming it, and the next operation goes through', async () => {
    const owner = newOwner()
    const account = await smartAccountOf(devnet.evm.rpcUrl, owner.address, owner.withOwner)
    await devnet.aa.bundler.down()
    const error = await prepareOperation(endpoints, account, [{ to: freshAddress(), value: 0n }]).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(RpcError)
    expect((error as RpcError).message).toMatch(
      new RegExp(`^The bundler did not answer \\(${new URL(devnet.aa.bundlerUrl).origin}\\)`),
    )
    expect(owner.signatures.count).toBe(0)

    await devnet.aa.bundler.up()
    // The bundler process starts again on its first request, and on a busy machine its boot can
    // outlast a request's 10 s timeout (the loaded run failed so): wait for it, as the e2e test
    // does, so the next operation measures the frame's code, not the bundler's boot.
    await devnet.aa.bundler.ready()
    const prepared = await prepareOperation(endpoints, account, [{ to: freshAddress(), value: 0n }])
    const hash = await sendOperation(endpoints, account, prepared)
    expect((await waitForOperation(endpoints, hash, { timeoutMs: 60_000, intervalMs: 100 })).success).toBe(true)
  }, 180_000)

  it("a receipt that never comes ends with the spec's error instead of hanging", async () => {
    const owner = newOwner()
    const account = await smartAccountOf(devnet.evm.rpcUrl, owner.address, owner.withOwner)
    await devnet.aa.bundler.pauseBundling()
    const prepared = await prepareOperation(endpoints, account, [{ to: freshAddress(), value: 0n }])
    const hash = await sendOperation(endpoints, account, prepared)
    const error = await waitForOperation(endpoints, hash, { timeoutMs: 1_000, intervalMs: 100 }).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(RpcError)
    expect((error as RpcError).message).toBe(receiptFailedText)
    expect(await isDeployed(devnet.evm.rpcUrl, account.address)).toBe(false)
  }, 120_000)

  it('a call that reverts while the bundler estimates: the typed error with its reason, nothing signed', async () => {
    const owner = newOwner()
    const account = await smartAccountOf(devnet.evm.rpcUrl, owner.address, owner.withOwner)
    // A transfer of a token the account does not hold: OpenZeppelin's ERC-6093 error, decoded.
    const broke = await prepareOperation(endpoints, account, [transfer(freshAddress(), 1_000_000n)]).catch(
      (e: unknown) => e,
    )
    expect(broke).toBeInstanceOf(OperationRevertedError)
    expect((broke as OperationRevertedError).code).toBe(-32521)
    expect((broke as OperationRevertedError).data).toMatchObject({
      reason: `ERC20InsufficientBalance(${account.address}, 0, 1000000)`,
      revertData: expect.stringMatching(/^0xe450d38c/),
    })
    expect((broke as OperationRevertedError).data.userOpHash).toBeUndefined()
    expect((broke as Error).message).toBe(
      `The user operation reverted: ERC20InsufficientBalance(${account.address}, 0, 1000000)`,
    )
    // A contract that reverts with a reason string.
    const expired = await prepareOperation(endpoints, account, [expiredSwap(freshAddress())]).catch((e: unknown) => e)
    expect(expired).toBeInstanceOf(OperationRevertedError)
    expect((expired as OperationRevertedError).data.reason).toBe('UniswapV2Router: EXPIRED')
    expect(owner.signatures.count).toBe(0)

    // Nothing is left behind: the next operation goes through.
    const prepared = await prepareOperation(endpoints, account, [{ to: freshAddress(), value: 0n }])
    const hash = await sendOperation(endpoints, account, prepared)
    expect((await confirmOperation(endpoints, hash, { timeoutMs: 60_000, intervalMs: 100 })).success).toBe(true)
  }, 120_000)

  it('a call that reverts on chain: the receipt ends in the typed error with its reason and hashes', async () => {
    const owner = newOwner()
    const account = await smartAccountOf(devnet.evm.rpcUrl, owner.address, owner.withOwner)
    // Deployed first: an address that has sent a transaction can no longer be deployed to.
    const first = await sendOperation(
      endpoints,
      account,
      await prepareOperation(endpoints, account, [{ to: freshAddress(), value: 0n }]),
    )
    await confirmOperation(endpoints, first, { timeoutMs: 60_000, intervalMs: 100 })
    await fund(account.address, { usdcAmount: 1_000_000n })
    const alice = freshAddress()
    // Estimated while the account holds the token, so the bundler takes it...
    const prepared = await prepareOperation(endpoints, account, [transfer(alice, 1_000_000n)])
    await devnet.aa.bundler.pauseBundling()
    const hash = await sendOperation(endpoints, account, prepared)
    // ...and the token leaves before the bundle is sent (anvil lets the test act as the account).
    const test = createTestClient({ mode: 'anvil', chain: foundry, transport: http(devnet.evm.rpcUrl) })
    await test.impersonateAccount({ address: account.address })
    await test.setBalance({ address: account.address, value: parseEther('1') })
    const asAccount = createWalletClient({
      account: account.address,
      chain: foundry,
      transport: http(devnet.evm.rpcUrl),
    })
    const moved = await asAccount.writeContract({
      address: usdc().address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [freshAddress(), 1_000_000n],
    })
    await client().waitForTransactionReceipt({ hash: moved })
    await test.stopImpersonatingAccount({ address: account.address })
    await devnet.aa.bundler.resumeBundling()

    const error = await confirmOperation(endpoints, hash, { timeoutMs: 60_000, intervalMs: 100 }).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(OperationRevertedError)
    const { data } = error as OperationRevertedError
    expect(data).toMatchObject({ reason: `ERC20InsufficientBalance(${account.address}, 0, 1000000)`, userOpHash: hash })
    // The bundle's transaction is on chain, and it did not move the token.
    const receipt = await client().getTransactionReceipt({ hash: data.transactionHash as Hex })
    expect(receipt.status).toBe('success')
    expect(await usdcBalance(alice)).toBe(0n)

    // The nonce moved on: the next operation goes through.
    const next = await sendOperation(
      endpoints,
      account,
      await prepareOperation(endpoints, account, [{ to: freshAddress(), value: 0n }]),
    )
    expect((await confirmOperation(endpoints, next, { timeoutMs: 60_000, intervalMs: 100 })).success).toBe(true)
  }, 180_000)
})

describe('the frame smart account behind a broken or hostile bundler (a faulty front on the devnet Alto)', () => {
  let faulty: FaultyBundler
  let through: SmartAccountEndpoints
  beforeAll(async () => {
    faulty = await startFaultyBundler({ target: devnet.aa.bundlerUrl })
    through = { ...endpoints, bundlerUrl: faulty.url }
  })
  afterAll(() => faulty?.stop())
  afterEach(() => {
    faulty.fault = null
  })
  const sent = () => faulty.calls.filter((call) => call.method === 'eth_sendUserOperation').length

  it('malformed replies: a typed error saying so, nothing signed or sent twice', async () => {
    const owner = newOwner()
    const account = await smartAccountOf(devnet.evm.rpcUrl, owner.address, owner.withOwner)
    const origin = new URL(faulty.url).origin
    faulty.fault = 'malformed'
    const before = sent()
    const error = await prepareOperation(through, account, [{ to: freshAddress(), value: 0n }]).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RpcError)
    expect((error as RpcError).message).toBe(`The bundler's reply could not be read (${origin})`)
    expect(owner.signatures.count).toBe(0)
    expect(sent()).toBe(before)

    // A cut reply to the send itself: said, and the operation (which the bundler took) is sent once.
    faulty.fault = null
    const prepared = await prepareOperation(through, account, [{ to: freshAddress(), value: 0n }])
    faulty.fault = 'malformed'
    const unread = await sendOperation(through, account, prepared).catch((e: unknown) => e)
    expect((unread as RpcError).message).toBe(`The bundler's reply could not be read (${origin})`)
    expect(sent()).toBe(before + 1)
    faulty.fault = null
    // The next operation goes through (the nonce the cut reply's operation used is taken once it lands).
    await expect.poll(() => isDeployed(devnet.evm.rpcUrl, account.address), { timeout: 30_000 }).toBe(true)
    const next = await sendOperation(
      through,
      account,
      await prepareOperation(through, account, [{ to: freshAddress(), value: 0n }]),
    )
    expect((await confirmOperation(through, next, { timeoutMs: 60_000, intervalMs: 100 })).success).toBe(true)
    expect(sent()).toBe(before + 2)
  }, 120_000)

  it("a receipt for another operation is never taken: the spec's error, then the right receipt", async () => {
    const owner = newOwner()
    const account = await smartAccountOf(devnet.evm.rpcUrl, owner.address, owner.withOwner)
    const first = await sendOperation(
      through,
      account,
      await prepareOperation(through, account, [{ to: freshAddress(), value: 0n }]),
    )
    const firstReceipt = await confirmOperation(through, first, { timeoutMs: 60_000, intervalMs: 100 })
    const second = await sendOperation(
      through,
      account,
      await prepareOperation(through, account, [{ to: freshAddress(), value: 0n }]),
    )
    // Wait until the real bundler has its receipt, so the front answers another one instead.
    await expect.poll(() => getReceipt(devnet.aa.bundlerUrl, second).then(Boolean), { timeout: 30_000 }).toBe(true)
    faulty.fault = 'foreignReceipt'
    const error = await waitForOperation(through, second, { timeoutMs: 1_000, intervalMs: 100 }).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(RpcError)
    expect((error as RpcError).message).toBe(receiptFailedText)
    // The front did answer receipts, of the first operation: none was passed off as the second's.
    expect(faulty.calls.filter((call) => call.method === 'eth_getUserOperationReceipt').length).toBeGreaterThan(1)
    faulty.fault = null
    const receipt = await confirmOperation(through, second, { timeoutMs: 60_000, intervalMs: 100 })
    expect(receipt.userOpHash).toBe(second)
    expect(receipt.receipt.transactionHash).not.toBe(firstReceipt.receipt.transactionHash)
  }, 120_000)

  it("a receipt that never comes: the spec's error, though the operation landed, and it was sent once", async () => {
    const owner = newOwner()
    const account = await smartAccountOf(devnet.evm.rpcUrl, owner.address, owner.withOwner)
    faulty.fault = 'withheldReceipt'
    const before = sent()
    const hash = await sendOperation(
      through,
      account,
      await prepareOperation(through, account, [{ to: freshAddress(), value: 0n }]),
    )
    const error = await waitForOperation(through, hash, { timeoutMs: 1_000, intervalMs: 100 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RpcError)
    expect((error as RpcError).message).toBe(receiptFailedText)
    expect(sent()).toBe(before + 1)
    // The real bundler included it meanwhile: the error says the receipt did not come, not that it failed.
    await expect.poll(() => isDeployed(devnet.evm.rpcUrl, account.address), { timeout: 30_000 }).toBe(true)
  }, 120_000)

  it('a bundler that takes the request and never answers: "did not answer … timed out" (not a refusal), nothing signed', async () => {
    const owner = newOwner()
    const account = await smartAccountOf(devnet.evm.rpcUrl, owner.address, owner.withOwner)
    faulty.fault = 'silent'
    const before = sent()
    const asked = faulty.calls.length
    // The client gives up at viem's request timeout (10 s). Its timers are faked for this one call
    // (`setTimeout`/`clearTimeout` only; the account above was made on the real clock), and moved
    // past the timeout once the request is in the bundler's hands: the same give-up, without 10 s
    // of waiting. The call's earlier requests are answered before that, so no other timeout fires.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    let error: unknown
    try {
      const preparing = prepareOperation(through, account, [{ to: freshAddress(), value: 0n }]).catch((e: unknown) => e)
      await vi.waitFor(() => expect(faulty.calls.length).toBeGreaterThan(asked), { timeout: 30_000 })
      await vi.advanceTimersByTimeAsync(10_000)
      error = await preparing
    } finally {
      vi.useRealTimers()
    }
    expect(error).toBeInstanceOf(RpcError)
    expect((error as RpcError).message).toBe(`The bundler did not answer (${new URL(faulty.url).origin}): timed out`)
    expect((error as RpcError).code).toBe(-32603)
    expect(owner.signatures.count).toBe(0)
    expect(sent()).toBe(before)
  }, 120_000)
})

/** The real bundler's receipt of `hash` (null while it is not included). */
async function getReceipt(url: string, hash: Hex): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getUserOperationReceipt', params: [hash] }),
  })
  return ((await response.json()) as { result?: unknown }).result ?? null
}
