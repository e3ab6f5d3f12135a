import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { toSimpleSmartAccount } from 'permissionless/accounts'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  parseAbi,
  parseEther,
} from 'viem'
import {
  createBundlerClient,
  createPaymasterClient,
  entryPoint08Address,
  type SmartAccount,
  toSimple7702SmartAccount,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { evmAccounts } from '../accounts.js'
import { type DevnetFor, startDevnet } from '../startDevnet.js'
import { evmTokens } from '../tokens.js'
import { devnetAccountAbstraction } from './contracts.js'
import { defaultPaymasterPolicy, paymasterRefusedCode } from './policy.js'

const usdc = evmTokens[0]
const entryPointAbi = parseAbi(['function balanceOf(address) view returns (uint256)'])
const options = { walletConnect: false, auth: false } as const

let devnet: DevnetFor<typeof options>
let client: ReturnType<typeof publicClient>
const publicClient = (rpcUrl: string) =>
  createPublicClient({ chain: foundry, transport: http(rpcUrl), pollingInterval: 50 })

beforeAll(async () => {
  devnet = await startDevnet(options)
  client = publicClient(devnet.evm.rpcUrl)
  // Alto loads in seconds, more on a busy machine: start it once for the file, not in a test.
  await devnet.aa.bundler.ready()
}, 180_000)
afterAll(() => devnet?.stop())
afterEach(() => {
  Object.assign(devnet.aa.paymasterPolicy, defaultPaymasterPolicy())
})

/** A bundler client that asks the devnet paymaster to sponsor every operation. */
function sponsoredClient(account: SmartAccount) {
  return createBundlerClient({
    client,
    account,
    transport: http(devnet.aa.bundlerUrl),
    paymaster: createPaymasterClient({ transport: http(devnet.aa.paymasterUrl) }),
    pollingInterval: 50,
  })
}

/** A SimpleAccount (v0.8) of a fresh owner: counterfactual until its first operation. */
async function newSmartAccount() {
  return toSimpleSmartAccount({
    client,
    owner: privateKeyToAccount(generatePrivateKey()),
    entryPoint: { address: devnet.aa.entryPoint, version: '0.8' },
    factoryAddress: devnet.aa.simpleAccountFactory,
  })
}

const paymasterDeposit = () =>
  client.readContract({
    address: devnet.aa.entryPoint,
    abi: entryPointAbi,
    functionName: 'balanceOf',
    args: [devnet.aa.paymaster],
  })

const usdcBalance = (owner: Address) =>
  client.readContract({ address: usdc.address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

async function sendUsdc(to: Address, amount: bigint): Promise<void> {
  const wallet = createWalletClient({
    account: privateKeyToAccount(evmAccounts[0].privateKey),
    chain: foundry,
    transport: http(devnet.evm.rpcUrl),
  })
  const hash = await wallet.writeContract({
    address: usdc.address,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to, amount],
  })
  await client.waitForTransactionReceipt({ hash })
}

const transfer = (to: Address, amount: bigint) => ({
  to: usdc.address,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
})

const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

describe('devnet account abstraction: contracts', () => {
  it('the committed chain holds EntryPoint v0.8, the account contracts and a funded paymaster at their addresses', async () => {
    // The canonical addresses: viem's defaults reach the devnet's EntryPoint unchanged.
    expect(devnet.aa.entryPoint).toBe(entryPoint08Address)
    for (const address of [
      devnet.aa.entryPoint,
      devnet.aa.simpleAccountFactory,
      devnet.aa.simple7702Account,
      devnet.aa.porticoAccountFactory,
      devnetAccountAbstraction.porticoAccount,
      devnet.aa.paymaster,
    ]) {
      expect((await client.getCode({ address }))?.length).toBeGreaterThan(2)
    }
    expect(await paymasterDeposit()).toBeGreaterThan(0n)
    const contracts = JSON.parse(readFileSync(new URL('../../state/contracts.json', import.meta.url), 'utf8'))
    expect(contracts.accountAbstraction.paymaster).toBe(devnetAccountAbstraction.paymaster)
    expect(contracts.accountAbstraction.porticoAccountFactory).toBe(devnetAccountAbstraction.porticoAccountFactory)
    const { hardFork } = (await client.request({ method: 'anvil_nodeInfo' } as never)) as { hardFork: string }
    expect(hardFork).toBe('Prague')
  })
})

describe('devnet account abstraction: bundler and paymaster', () => {
  it("a new smart account's first operation deploys it through the bundler, with the paymaster paying", async () => {
    const account = await newSmartAccount()
    const bundlerClient = sponsoredClient(account)
    expect(await client.getCode({ address: account.address })).toBeUndefined()
    const depositBefore = await paymasterDeposit()

    const hash = await bundlerClient.sendUserOperation({ calls: [{ to: freshAddress(), value: 0n }] })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, timeout: 60_000 })

    expect(receipt.success).toBe(true)
    expect(receipt.sender).toBe(account.address)
    expect(receipt.paymaster).toBe(devnet.aa.paymaster)
    expect((await client.getCode({ address: account.address }))?.length).toBeGreaterThan(2)
    // The account never held ETH and still holds none; the paymaster's deposit paid the gas.
    expect(await client.getBalance({ address: account.address })).toBe(0n)
    expect(await paymasterDeposit()).toBe(depositBefore - receipt.actualGasCost)
    expect(receipt.actualGasCost).toBeGreaterThan(0n)
    expect(devnet.aa.sponsored().map((s) => s.sender)).toContain(account.address)
  })

  it('a batch of two transfers lands in one operation, and not at all when one call fails', async () => {
    const account = await newSmartAccount()
    const bundlerClient = sponsoredClient(account)
    await sendUsdc(account.address, 10_000_000n)
    const [alice, bob] = [freshAddress(), freshAddress()]

    const hash = await bundlerClient.sendUserOperation({
      calls: [transfer(alice, 1_000_000n), transfer(bob, 2_000_000n)],
    })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, timeout: 60_000 })
    expect(receipt.success).toBe(true)
    expect([await usdcBalance(alice), await usdcBalance(bob)]).toEqual([1_000_000n, 2_000_000n])
    const transfers = receipt.receipt.logs.filter((log) => log.address.toLowerCase() === usdc.address.toLowerCase())
    expect(transfers).toHaveLength(2)

    // The second transfer asks for more than is left: with the gas given up front (no estimate
    // to refuse it first), the operation is mined, reverts, and the first transfer is undone.
    const failing = await bundlerClient.sendUserOperation({
      calls: [transfer(alice, 1_000_000n), transfer(bob, 100_000_000n)],
      callGasLimit: 200_000n,
      verificationGasLimit: 500_000n,
      preVerificationGas: 100_000n,
    })
    const reverted = await bundlerClient.waitForUserOperationReceipt({ hash: failing, timeout: 60_000 })
    expect(reverted.success).toBe(false)
    expect([await usdcBalance(alice), await usdcBalance(bob)]).toEqual([1_000_000n, 2_000_000n])
    expect(await usdcBalance(account.address)).toBe(7_000_000n)
  })

  it("eth_getUserOperationReceipt answers through the devnet's hosted bundler endpoint", async () => {
    const account = await newSmartAccount()
    const bundlerClient = sponsoredClient(account)
    const hash = await bundlerClient.sendUserOperation({ calls: [{ to: freshAddress(), value: 0n }] })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, timeout: 60_000 })

    const hosted = (query: string, method: string, params: unknown[]) =>
      fetch(`${devnet.api.url}/v1/bundler?${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
      })
    const query = 'projectId=devnet-test&chainId=eip155:31337&bundler=pimlico'
    const response = await hosted(query, 'eth_getUserOperationReceipt', [hash])
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    const body = (await response.json()) as {
      id: number
      result: { userOpHash: Hex; success: boolean; receipt: { transactionHash: Hex } }
    }
    expect(body.id).toBe(7)
    expect(body.result.userOpHash).toBe(hash)
    expect(body.result.success).toBe(true)
    expect(body.result.receipt.transactionHash).toBe(receipt.receipt.transactionHash)

    // An operation the bundler never saw has no receipt (null, not an error).
    const unknown = await hosted(query, 'eth_getUserOperationReceipt', [`0x${'ab'.repeat(32)}`])
    expect(((await unknown.json()) as { result: unknown }).result).toBeNull()

    for (const [bad, message] of [
      ['projectId=p&chainId=eip155:31337', 'Missing required query parameter(s): bundler'],
      ['projectId=p&chainId=eip155:1&bundler=pimlico', 'Unsupported chainId eip155:1'],
      ['projectId=p&chainId=eip155:31337&bundler=nope', 'Unsupported bundler nope'],
    ] as const) {
      const refused = await hosted(bad, 'eth_supportedEntryPoints', [])
      expect(refused.status).toBe(400)
      expect(await refused.json()).toEqual({ message })
    }
  })

  it('an EOA delegates to Simple7702Account with EIP-7702, then sends a sponsored batch from the same address', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const funder = createWalletClient({
      account: privateKeyToAccount(evmAccounts[1].privateKey),
      chain: foundry,
      transport: http(devnet.evm.rpcUrl),
    })
    await client.waitForTransactionReceipt({
      hash: await funder.sendTransaction({ to: owner.address, value: parseEther('1') }),
    })
    const account = await toSimple7702SmartAccount({ client, owner })
    expect(account.address).toBe(owner.address)
    const bundlerClient = sponsoredClient(account)
    const [alice, bob] = [freshAddress(), freshAddress()]

    const authorization = await owner.signAuthorization({
      chainId: foundry.id,
      nonce: await client.getTransactionCount({ address: owner.address }),
      contractAddress: devnet.aa.simple7702Account,
    })
    const hash = await bundlerClient.sendUserOperation({
      authorization,
      calls: [
        { to: alice, value: parseEther('0.1') },
        { to: bob, value: parseEther('0.2') },
      ],
    })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, timeout: 60_000 })
    expect(receipt.success).toBe(true)
    expect(receipt.paymaster).toBe(devnet.aa.paymaster)
    // The EOA's code is now the EIP-7702 delegation designator to the implementation.
    expect(await client.getCode({ address: owner.address })).toBe(
      `0xef0100${devnet.aa.simple7702Account.slice(2).toLowerCase()}`,
    )
    // Exactly the two transfers left the address: the paymaster paid the gas.
    expect(await client.getBalance({ address: owner.address })).toBe(parseEther('0.7'))
    expect(await client.getBalance({ address: bob })).toBe(parseEther('0.2'))

    const again = await bundlerClient.sendUserOperation({ calls: [{ to: alice, value: parseEther('0.05') }] })
    expect((await bundlerClient.waitForUserOperationReceipt({ hash: again, timeout: 60_000 })).success).toBe(true)
    expect(await client.getBalance({ address: owner.address })).toBe(parseEther('0.65'))
  })

  it('the paymaster refuses by its policy, and the bundler client reports it', async () => {
    const account = await newSmartAccount()
    const bundlerClient = sponsoredClient(account)
    const send = () => bundlerClient.sendUserOperation({ calls: [{ to: freshAddress(), value: 0n }] })

    devnet.aa.paymasterPolicy.refuse = true
    await expect(send()).rejects.toMatchObject({
      details: 'The paymaster refused to sponsor this operation: sponsorship is switched off',
    })

    devnet.aa.paymasterPolicy.refuse = false
    devnet.aa.paymasterPolicy.senders = [freshAddress()]
    const refused = await send().catch((error: unknown) => error)
    expect(refused).toMatchObject({
      details: `The paymaster refused to sponsor this operation: sender ${account.address} is not on the allow-list`,
    })
    expect(
      (refused as { walk(fn: (e: unknown) => boolean): unknown }).walk(
        (e) => (e as { code?: number }).code === paymasterRefusedCode,
      ),
    ).toBeTruthy()

    devnet.aa.paymasterPolicy.senders = null
    devnet.aa.paymasterPolicy.maxGas = 50_000n
    await expect(send()).rejects.toMatchObject({
      details: expect.stringMatching(
        /^The paymaster refused to sponsor this operation: it asks for \d+ gas, over the policy's 50000$/,
      ),
    })

    devnet.aa.paymasterPolicy.senders = [account.address]
    devnet.aa.paymasterPolicy.maxGas = null
    const hash = await send()
    expect((await bundlerClient.waitForUserOperationReceipt({ hash, timeout: 60_000 })).success).toBe(true)
  })

  it('a paused bundler takes operations whose receipts do not come until bundling resumes', async () => {
    const account = await newSmartAccount()
    const bundlerClient = sponsoredClient(account)
    await devnet.aa.bundler.pauseBundling()
    try {
      const hash = await bundlerClient.sendUserOperation({ calls: [{ to: freshAddress(), value: 0n }] })
      const status = async () => {
        const response = await fetch(devnet.aa.bundlerUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'pimlico_getUserOperationStatus', params: [hash] }),
        })
        return ((await response.json()) as { result: { status: string } }).result.status
      }
      // Blocks are mined meanwhile (another account's transfers), and the operation stays unsent.
      await sendUsdc(freshAddress(), 1n)
      await sendUsdc(freshAddress(), 1n)
      expect(await status()).toBe('not_submitted')
      await expect(bundlerClient.getUserOperationReceipt({ hash })).rejects.toThrow(/could not be found/)
      expect(await client.getCode({ address: account.address })).toBeUndefined()

      await devnet.aa.bundler.resumeBundling()
      const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, timeout: 60_000 })
      expect(receipt.success).toBe(true)
    } finally {
      await devnet.aa.bundler.resumeBundling()
    }
  })

  it('a bundler that is down refuses connections, and answers again once it is back', async () => {
    const account = await newSmartAccount()
    const bundlerClient = sponsoredClient(account)
    const pid = devnet.aa.bundler.pid as number
    await devnet.aa.bundler.down()
    try {
      expect(devnet.aa.bundler.isUp).toBe(false)
      // Down means the process is gone (its mempool with it), not only the URL.
      expect(() => process.kill(pid, 0)).toThrow(/ESRCH/)
      const error = await bundlerClient
        .sendUserOperation({ calls: [{ to: freshAddress(), value: 0n }] })
        .catch((e: unknown) => e)
      // viem reports the bundler's HTTP failure (connection refused), under the operation's error.
      const walk = (e: unknown, match: (inner: { name?: string; url?: string; code?: string }) => boolean) =>
        (e as { walk(fn: (inner: unknown) => boolean): unknown }).walk((inner) => match(inner as never))
      expect(error).toMatchObject({ name: 'UserOperationExecutionError' })
      expect(
        walk(error, (e) => e.name === 'HttpRequestError' && e.url?.startsWith(devnet.aa.bundlerUrl) === true),
      ).toBeTruthy()
      expect(walk(error, (e) => e.code === 'ECONNREFUSED')).toBeTruthy()
      // The hosted endpoint in front of it says so instead of hanging.
      const hosted = await fetch(`${devnet.api.url}/v1/bundler?projectId=p&chainId=eip155:31337&bundler=pimlico`, {
        method: 'POST',
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }),
      })
      expect(hosted.status).toBe(502)
      expect(((await hosted.json()) as { message: string }).message).toMatch(/^Bundler unreachable: .*ECONNREFUSED/)
    } finally {
      await devnet.aa.bundler.up()
    }
    expect(await bundlerClient.getSupportedEntryPoints()).toEqual([devnet.aa.entryPoint])
    const hash = await bundlerClient.sendUserOperation({ calls: [{ to: freshAddress(), value: 0n }] })
    expect((await bundlerClient.waitForUserOperationReceipt({ hash, timeout: 60_000 })).success).toBe(true)
  }, 180_000)

  it("keeps Alto's debug methods for the devnet's switches and Alto itself on loopback", async () => {
    const reply = await fetch(devnet.aa.bundlerUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'debug_bundler_clearState', params: [] }),
    })
    expect(await reply.json()).toMatchObject({ id: 3, error: { code: -32601 } })

    // Alto binds every interface by itself; the devnet's preload narrows it to loopback.
    await devnet.aa.bundler.ready()
    const pid = devnet.aa.bundler.pid
    expect(pid).toBeTypeOf('number')
    if (process.platform !== 'linux') return
    const inodes = new Set(
      readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
        try {
          const target = readlinkSync(`/proc/${pid}/fd/${fd}`)
          return target.startsWith('socket:[') ? [target.slice(8, -1)] : []
        } catch {
          return []
        }
      }),
    )
    const listening = ['tcp', 'tcp6'].flatMap((table) =>
      readFileSync(`/proc/net/${table}`, 'utf8')
        .split('\n')
        .slice(1)
        .map((line) => line.trim().split(/\s+/))
        .filter((cols) => cols[3] === '0A' && inodes.has(cols[9] ?? ''))
        .map((cols) => cols[1]?.split(':')[0]),
    )
    expect(listening.length).toBeGreaterThan(0)
    expect(listening.every((address) => address === '0100007F')).toBe(true)
  })
})
