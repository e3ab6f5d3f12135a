// The secure frame's EIP-7702 upgrade against the devnet's real parts: anvil on Prague with
// Simple7702Account at its canonical address, the Alto bundler and the ERC-7677 paymaster. What the
// frame does between the user's approval and the chain: prepare the delegating operation with
// viem's stub authorization (nothing signed), ask, sign the delegation and the operation, wait for
// the receipt. And the networks that cannot take it: no bundler, no Simple7702Account, a node
// without EIP-7702.
import { type AnvilInstance, type DevnetFor, startAnvil, startDevnet } from '@portico/devnet'
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  type Hex,
  http,
  type LocalAccount,
  parseEther,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ApprovalRequest } from '../../packages/secure/src/frame/approval.js'
import {
  delegationOf,
  isUpgraded,
  simple7702Implementation,
  upgradeProbe,
  upgradeUnsupported,
} from '../../packages/secure/src/frame/delegation.js'
import { RpcError } from '../../packages/secure/src/frame/rpcError.js'
import {
  confirmOperation,
  delegatedAccountOf,
  prepareOperation,
  type SmartAccountEndpoints,
  sendOperation,
} from '../../packages/secure/src/frame/smartAccount.js'
import { undoUpgrade, upgradeAccount, upgradeTexts } from '../../packages/secure/src/frame/upgrade.js'
import { upgradeUnsupportedCode } from '../../packages/secure/src/protocol.js'

const options = { walletConnect: false, auth: false } as const
let devnet: DevnetFor<typeof options>
let endpoints: SmartAccountEndpoints
const client = (rpcUrl = devnet.evm.rpcUrl) => createPublicClient({ chain: foundry, transport: http(rpcUrl) })

beforeAll(async () => {
  devnet = await startDevnet(options)
  // Alto takes seconds to load on a busy machine: once for the file.
  await devnet.aa.bundler.ready()
  endpoints = { rpcUrl: devnet.evm.rpcUrl, bundlerUrl: devnet.aa.bundlerUrl, paymasterUrl: devnet.aa.paymasterUrl }
}, 180_000)
afterAll(() => devnet?.stop())
afterEach(() => {
  Object.assign(devnet.aa.paymasterPolicy, { refuse: false, senders: null, maxGas: null })
})

/** A new embedded key, used the way the frame does: rebuilt per signature, counted here. */
function newOwner() {
  const key = generatePrivateKey()
  const signatures = { count: 0 }
  const withOwner = async <T>(use: (account: LocalAccount) => Promise<T>) => {
    signatures.count += 1
    return use(privateKeyToAccount(key))
  }
  return { address: privateKeyToAccount(key).address, withOwner, signatures }
}

const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address
const balance = (address: Hex) => client().getBalance({ address })

async function fund(to: Hex, value: bigint) {
  const funder = createWalletClient({
    account: privateKeyToAccount(devnet.evm.accounts[4].privateKey as Hex),
    chain: foundry,
    transport: http(devnet.evm.rpcUrl),
  })
  await client().waitForTransactionReceipt({ hash: await funder.sendTransaction({ to, value }) })
}

/** The prompt's answer, and what it showed (with how many signatures were made before it). */
function prompter(answer: boolean, signatures: { count: number }) {
  const shown: { request: Omit<ApprovalRequest, 'origin'>; signaturesBefore: number }[] = []
  return {
    shown,
    approve: async (request: Omit<ApprovalRequest, 'origin'>) => {
      shown.push({ request, signaturesBefore: signatures.count })
      return answer
    },
  }
}

const row = (request: Omit<ApprovalRequest, 'origin'>, label: string) =>
  request.rows.find((r) => r.label === label)?.value

describe('the EIP-7702 upgrade of the embedded EOA', () => {
  it('approved: the code becomes the delegation to Simple7702Account, the paymaster pays, then a sponsored batch from the same address', async () => {
    const owner = newOwner()
    await fund(owner.address, parseEther('1'))
    expect(await upgradeUnsupported(devnet.evm.rpcUrl)).toBeUndefined()
    const prompt = prompter(true, owner.signatures)

    const result = await upgradeAccount({
      endpoints,
      owner: owner.address,
      withOwner: owner.withOwner,
      approve: prompt.approve,
    })

    // One prompt, in plain words, before anything was signed.
    expect(prompt.shown).toHaveLength(1)
    const [{ request, signaturesBefore }] = prompt.shown as [(typeof prompt.shown)[number]]
    expect(signaturesBefore).toBe(0)
    expect(request.title).toBe(upgradeTexts.title)
    expect(row(request, 'Account upgrade')).toBe(upgradeTexts.what)
    expect(row(request, 'Your address')).toBe(`${owner.address} (stays the same)`)
    expect(row(request, 'Contract')).toBe(simple7702Implementation)
    expect(row(request, 'Undo')).toBe(upgradeTexts.undo)
    expect(row(request, 'Gas paid by')).toBe('The app (sponsored by its paymaster)')
    // The delegation and the operation: two signatures, after the approval.
    expect(owner.signatures.count).toBe(2)

    expect(result.address).toBe(owner.address)
    expect(result.implementation).toBe(simple7702Implementation)
    expect(result.transactionHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await client().getCode({ address: owner.address })).toBe(
      `0xef0100${simple7702Implementation.slice(2).toLowerCase()}`,
    )
    expect(await delegationOf(devnet.evm.rpcUrl, owner.address)).toBe(simple7702Implementation.toLowerCase())
    expect(await isUpgraded(devnet.evm.rpcUrl, owner.address)).toBe(true)
    // The paymaster paid the upgrade: the account's ETH is untouched.
    expect(await balance(owner.address)).toBe(parseEther('1'))

    // Then a batch of two transfers, one operation from the same address, sponsored.
    const account = await delegatedAccountOf(devnet.evm.rpcUrl, owner.address, owner.withOwner)
    expect(account.address).toBe(owner.address)
    const [alice, bob] = [freshAddress(), freshAddress()]
    const prepared = await prepareOperation(endpoints, account, [
      { to: alice, value: parseEther('0.1') },
      { to: bob, value: parseEther('0.2') },
    ])
    expect(prepared.sponsored).toBe(true)
    // Already delegated: no authorization rides along.
    expect(prepared.delegation).toBeUndefined()
    const hash = await sendOperation(endpoints, account, prepared)
    const receipt = await confirmOperation(endpoints, hash, { timeoutMs: 60_000, intervalMs: 100 })
    expect(receipt.sender.toLowerCase()).toBe(owner.address.toLowerCase())
    expect([await balance(alice), await balance(bob)]).toEqual([parseEther('0.1'), parseEther('0.2')])
    expect(await balance(owner.address)).toBe(parseEther('0.7'))

    // Asked again: it answers at once, without a prompt or a signature.
    const again = prompter(true, owner.signatures)
    const before = owner.signatures.count
    expect(
      await upgradeAccount({ endpoints, owner: owner.address, withOwner: owner.withOwner, approve: again.approve }),
    ).toEqual({ address: owner.address, implementation: simple7702Implementation })
    expect(again.shown).toHaveLength(0)
    expect(owner.signatures.count).toBe(before)

    // Undone: rejected first (nothing sent), then approved; the account pays the gas of its own transaction.
    const refused = prompter(false, owner.signatures)
    await expect(
      undoUpgrade({
        rpcUrl: devnet.evm.rpcUrl,
        owner: owner.address,
        withOwner: owner.withOwner,
        approve: refused.approve,
      }),
    ).rejects.toMatchObject({ code: 4001 })
    expect(owner.signatures.count).toBe(before)
    expect(await isUpgraded(devnet.evm.rpcUrl, owner.address)).toBe(true)
    const undo = prompter(true, owner.signatures)
    const undone = await undoUpgrade({
      rpcUrl: devnet.evm.rpcUrl,
      owner: owner.address,
      withOwner: owner.withOwner,
      approve: undo.approve,
    })
    const [{ request: undoRequest }] = undo.shown as [(typeof undo.shown)[number]]
    expect(undoRequest.title).toBe(upgradeTexts.undoTitle)
    expect(row(undoRequest, 'Account')).toBe(upgradeTexts.undoWhat)
    expect(row(undoRequest, 'Removes the delegation to')).toBe(simple7702Implementation.toLowerCase())
    const maxCost = BigInt(/at most (\d+) wei/.exec(row(undoRequest, 'Gas paid by') ?? '')?.[1] ?? '0')
    expect(maxCost).toBeGreaterThan(0n)
    expect(undone.transactionHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await client().getCode({ address: owner.address })).toBeUndefined()
    expect(await delegationOf(devnet.evm.rpcUrl, owner.address)).toBeUndefined()
    const left = await balance(owner.address)
    expect(left).toBeLessThan(parseEther('0.7'))
    expect(left).toBeGreaterThanOrEqual(parseEther('0.7') - maxCost)
    // A plain account again: asking to undo once more answers at once.
    expect(
      await undoUpgrade({
        rpcUrl: devnet.evm.rpcUrl,
        owner: owner.address,
        withOwner: owner.withOwner,
        approve: undo.approve,
      }),
    ).toEqual({ address: owner.address })
    expect(undo.shown).toHaveLength(1)
  }, 120_000)

  it('rejected: 4001, nothing signed, nothing on chain', async () => {
    const owner = newOwner()
    const prompt = prompter(false, owner.signatures)
    const failed = await upgradeAccount({
      endpoints,
      owner: owner.address,
      withOwner: owner.withOwner,
      approve: prompt.approve,
    }).catch((error: unknown) => error)
    expect(failed).toBeInstanceOf(RpcError)
    expect(failed).toMatchObject({ code: 4001, message: 'User rejected the request.' })
    expect(prompt.shown).toHaveLength(1)
    expect(owner.signatures.count).toBe(0)
    expect(await client().getCode({ address: owner.address })).toBeUndefined()
    expect(await client().getTransactionCount({ address: owner.address })).toBe(0)
  }, 60_000)

  it('a paymaster that refuses: the prompt says the account pays, and why', async () => {
    const owner = newOwner()
    await fund(owner.address, parseEther('1'))
    devnet.aa.paymasterPolicy.refuse = true
    const prompt = prompter(false, owner.signatures)
    await expect(
      upgradeAccount({ endpoints, owner: owner.address, withOwner: owner.withOwner, approve: prompt.approve }),
    ).rejects.toMatchObject({ code: 4001 })
    const [{ request }] = prompt.shown as [(typeof prompt.shown)[number]]
    expect(row(request, 'Gas paid by')).toMatch(/^You, from your account \(at most \d+ wei\)$/)
    expect(row(request, 'Sponsorship refused')).toMatch(/sponsorship is switched off/)
  }, 60_000)
})

describe('networks that cannot take the upgrade: a typed refusal before any prompt', () => {
  let blank: AnvilInstance | undefined
  let cancun: AnvilInstance | undefined
  afterAll(async () => {
    await Promise.all([blank?.stop(), cancun?.stop()])
  })

  const refusal = async (target: SmartAccountEndpoints | undefined) => {
    const owner = newOwner()
    const prompt = prompter(true, owner.signatures)
    const error = await upgradeAccount({
      endpoints: target,
      owner: owner.address,
      withOwner: owner.withOwner,
      approve: prompt.approve,
    }).catch((e: unknown) => e)
    expect(prompt.shown).toHaveLength(0)
    expect(owner.signatures.count).toBe(0)
    expect(error).toBeInstanceOf(RpcError)
    expect((error as RpcError).code).toBe(upgradeUnsupportedCode)
    return (error as RpcError).message
  }

  it('no bundler configured for the network', async () => {
    expect(await refusal(undefined)).toBe(
      'This network does not support upgrading the account: no bundler is configured for this network',
    )
  })

  it('a chain without Simple7702Account', async () => {
    blank = await startAnvil({ state: false })
    expect(await refusal({ ...endpoints, rpcUrl: blank.rpcUrl })).toBe(
      `This network does not support upgrading the account: Simple7702Account is not deployed at ${simple7702Implementation} on this network`,
    )
  }, 60_000)

  it('a node without EIP-7702 (Cancun), even with the contract in place', async () => {
    cancun = await startAnvil({ state: false, hardfork: 'cancun' })
    const code = await client().getCode({ address: simple7702Implementation })
    await createTestClient({ mode: 'anvil', chain: foundry, transport: http(cancun.rpcUrl) }).setCode({
      address: simple7702Implementation,
      bytecode: code as Hex,
    })
    expect(await refusal({ ...endpoints, rpcUrl: cancun.rpcUrl })).toMatch(
      /^This network does not support upgrading the account: the network does not run EIP-7702 \(/,
    )
  }, 60_000)

  it("the frame's probe behind the Account view's upgrade row: yes on the devnet (and kept), no on Cancun or without the contract", async () => {
    const canTakeUpgrade = upgradeProbe()
    // Prague with Simple7702Account: yes, and kept once said (the node is not asked again).
    const prague = await startAnvil({ state: false })
    const code = await client().getCode({ address: simple7702Implementation })
    await createTestClient({ mode: 'anvil', chain: foundry, transport: http(prague.rpcUrl) }).setCode({
      address: simple7702Implementation,
      bytecode: code as Hex,
    })
    expect(await canTakeUpgrade(prague.rpcUrl)).toBe(true)
    await prague.stop()
    expect(await canTakeUpgrade(prague.rpcUrl)).toBe(true)
    // Cancun (started by the test above, the contract in place) and a chain without the contract: no.
    expect(await canTakeUpgrade(cancun?.rpcUrl)).toBe(false)
    expect(await canTakeUpgrade(blank?.rpcUrl)).toBe(false)
    // A node that cannot be reached: no (not an error).
    const gone = await startAnvil({ state: false })
    await gone.stop()
    expect(await canTakeUpgrade(gone.rpcUrl)).toBe(false)
    expect(await canTakeUpgrade(devnet.evm.rpcUrl)).toBe(true)
  }, 60_000)
})
