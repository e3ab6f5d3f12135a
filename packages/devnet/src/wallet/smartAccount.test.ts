import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  parseEther,
} from 'viem'
import { createBundlerClient } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evmAccounts } from '../accounts.js'
import { type DevnetFor, startDevnet } from '../startDevnet.js'
import { evmTokens } from '../tokens.js'
import { devnetKeys } from './keys.js'
import { answerSmartRequest, devnetSmartAccount } from './smartAccount.js'

const usdc = evmTokens[0]
const options = { walletConnect: false, auth: false } as const
let devnet: DevnetFor<typeof options>
const client = () => createPublicClient({ chain: foundry, transport: http(devnet.evm.rpcUrl), pollingInterval: 50 })
const fresh = (): Address => privateKeyToAccount(generatePrivateKey()).address

beforeAll(async () => {
  devnet = await startDevnet(options)
  await devnet.aa.bundler.ready()
}, 180_000)
afterAll(() => devnet?.stop())

/** The smart wallet of devnet account `index`, with 1 ETH and 100 USDC sent to its account. */
async function smartWallet(index: number) {
  const account = await devnetSmartAccount(devnetKeys(index).eip155.privateKey, 31337, devnet.evm.rpcUrl)
  const funder = createWalletClient({
    account: privateKeyToAccount(evmAccounts[0].privateKey),
    chain: foundry,
    transport: http(devnet.evm.rpcUrl),
  })
  await client().waitForTransactionReceipt({
    hash: await funder.sendTransaction({ to: account.address, value: parseEther('1') }),
  })
  await client().waitForTransactionReceipt({
    hash: await funder.writeContract({
      address: usdc.address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [account.address, 100_000_000n],
    }),
  })
  const ask = async (method: string, params: unknown) => {
    const answer = await answerSmartRequest(
      account,
      { 31337: devnet.evm.rpcUrl },
      { bundlerUrl: devnet.aa.bundlerUrl },
      { chainId: 'eip155:31337', method, params },
    )
    return answer?.answer
  }
  return { account, ask }
}

const transfer = (to: Address, amount: bigint) => ({
  to: usdc.address,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
})

/** The batch's status once the bundler has the operation's receipt. */
async function statusOf(ask: (method: string, params: unknown) => Promise<unknown>, id: string) {
  const bundler = createBundlerClient({ client: client(), transport: http(devnet.aa.bundlerUrl) })
  await bundler.waitForUserOperationReceipt({ hash: id.slice(0, 66) as Hex, pollingInterval: 50 })
  return (await ask('wallet_getCallsStatus', [id])) as { status: number; receipts?: unknown[] }
}

describe('the devnet smart wallet (SimpleAccount v0.8 through the devnet bundler)', () => {
  it('reports atomic batches and paymasterService for its chains', async () => {
    const { account, ask } = await smartWallet(2)
    expect(await ask('wallet_getCapabilities', [account.address, ['0x7a69']])).toEqual({
      '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
    })
    expect(await ask('personal_sign', ['0x00', account.address])).toBeUndefined()
  })

  it('a batch with the paymaster URL is one sponsored user operation: the account pays no ETH', async () => {
    const { account, ask } = await smartWallet(3)
    const [alice, bob] = [fresh(), fresh()]
    const before = await client().getBalance({ address: account.address })
    const { id } = (await ask('wallet_sendCalls', [
      {
        version: '2.0.0',
        chainId: '0x7a69',
        from: account.address,
        atomicRequired: true,
        calls: [transfer(alice, 1_000_000n), transfer(bob, 2_000_000n)],
        capabilities: { paymasterService: { url: devnet.aa.paymasterUrl } },
      },
    ])) as { id: string }
    const status = await statusOf(ask, id)
    expect(status).toMatchObject({ status: 200, atomic: true, chainId: '0x7a69' })
    expect(status.receipts).toHaveLength(1)
    const read = (owner: Address) =>
      client().readContract({ address: usdc.address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
    expect([await read(alice), await read(bob)]).toEqual([1_000_000n, 2_000_000n])
    expect(await client().getBalance({ address: account.address })).toBe(before)
    expect(devnet.aa.sponsored().some((s) => s.sender === account.address)).toBe(true)
  })

  it('without a paymaster the account pays for its operation; other required capabilities are refused', async () => {
    const { account, ask } = await smartWallet(4)
    const before = await client().getBalance({ address: account.address })
    const batch = { version: '2.0.0', chainId: '0x7a69', calls: [transfer(fresh(), 1n)] }
    await expect(ask('wallet_sendCalls', [{ ...batch, capabilities: { sessionKeys: {} } }])).rejects.toMatchObject({
      code: 5700,
    })
    const { id } = (await ask('wallet_sendCalls', [batch])) as { id: string }
    expect((await statusOf(ask, id)).status).toBe(200)
    expect(await client().getBalance({ address: account.address })).toBeLessThan(before)
  })
})
