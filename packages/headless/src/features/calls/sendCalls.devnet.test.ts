import { createPublicClient, encodeFunctionData, erc20Abi, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { getBalance } from '../../kernel/actions/getBalance.js'
import { initialize } from '../../kernel/actions/initialize.js'
import { eip155Adapter } from '../../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../../kernel/createPortico.js'
import { devnetSuite } from '../../test/devnetSuite.js'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { createTestEip1193Wallet } from '../../testing/eip1193Wallet.js'
import { getAssets } from './getAssets.js'
import { getCallsStatus } from './getCallsStatus.js'
import { getCapabilities } from './getCapabilities.js'
import { sendCalls } from './sendCalls.js'
import { waitForCallsStatus } from './waitForCallsStatus.js'

const suite = devnetSuite()
const client = () => createPublicClient({ transport: http(suite.devnet.evm.rpcUrl) })
const fresh = () => privateKeyToAccount(generatePrivateKey()).address

async function connected({ eip5792 = true, account = 1 }: { eip5792?: boolean; account?: number } = {}) {
  const wallet = createTestEip1193Wallet({
    accounts: [suite.devnet.evm.accounts[account]?.privateKey as `0x${string}`],
    chains: [{ id: 31337, rpcUrl: suite.devnet.evm.rpcUrl, tokens: suite.devnet.evm.tokens.map((t) => t.address) }],
    eip5792,
  })
  suite.stops.push(wallet.announce())
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    blockchainApi: false,
    networks: [
      testNetworks({
        evmRpcUrl: suite.devnet.evm.rpcUrl,
        evmTokens: suite.devnet.evm.tokens.slice(0, 1).map((t) => ({ address: t.address })),
      }).devnet,
    ],
    adapters: [eip155Adapter()],
    storage: memoryStorage(),
  })
  suite.stops.push(initialize(portico))
  await connect(portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
  const asked = (method: string) => wallet.requests.filter((r) => r.method === method).length
  return { portico, wallet, asked }
}

describe('EIP-5792 with the devnet test wallet on anvil', () => {
  test('behavior: a batch of an ETH transfer and a USDC transfer lands on the chain; the status reports both receipts', async () => {
    const { portico } = await connected()
    const usdc = suite.devnet.evm.tokens[0]?.address as `0x${string}`
    const to = fresh()
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, 2_500_000n] })
    const { id } = await sendCalls(portico, {
      calls: [
        { to, value: parseEther('0.5') },
        { to: usdc, data },
      ],
    })
    const status = await waitForCallsStatus(portico, { id, pollingInterval: 50 })
    expect(status).toMatchObject({ status: 'success', statusCode: 200, atomic: false, chainId: 31337 })
    expect(status.receipts).toHaveLength(2)
    expect(status.receipts.every((r) => r.status === 'success' && typeof r.blockNumber === 'bigint')).toBe(true)
    expect(await client().getBalance({ address: to })).toBe(parseEther('0.5'))
    expect(await client().readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [to] })).toBe(
      2_500_000n,
    )
    const mined = await client().getTransactionReceipt({ hash: status.receipts[1]?.transactionHash as `0x${string}` })
    expect(mined.to?.toLowerCase()).toBe(usdc.toLowerCase())
  })

  test("validation: 'to' and data must start with 0x (the spec), refused before the wallet is asked", async () => {
    const { portico, asked } = await connected()
    const bob = fresh()
    for (const calls of [
      [{ to: bob.slice(2) as `0x${string}` }],
      [{ to: bob, data: 'a9059cbb' as `0x${string}` }],
      [{ to: bob, data: '0xzz' as `0x${string}` }],
      [{ to: bob, value: -1n }],
      [],
    ])
      await expect(sendCalls(portico, { calls })).rejects.toMatchObject({
        name: 'InvalidCallError',
        shortMessage: 'Invalid call',
      })
    expect(asked('wallet_sendCalls')).toBe(0)
  })

  test('behavior: the wallet refusing atomicity or a required capability gives CallsRejectedError; nothing is sent', async () => {
    const { portico, wallet } = await connected({ account: 3 })
    const nonce = await client().getTransactionCount({ address: wallet.address })
    const calls = [{ to: fresh(), value: 1n }]
    await expect(sendCalls(portico, { calls, atomicRequired: true })).rejects.toMatchObject({
      name: 'CallsRejectedError',
      reason: 'atomicityNotSupported',
      code: 5760,
    })
    await expect(
      sendCalls(portico, { calls, capabilities: { paymasterService: { supported: true, url: 'http://127.0.0.1:9' } } }),
    ).rejects.toMatchObject({ name: 'CallsRejectedError', reason: 'unsupportedCapability' })
    // Optional capabilities the wallet lacks are ignored (EIP-5792).
    const { id } = await sendCalls(portico, {
      calls,
      capabilities: { paymasterService: { supported: true, optional: true } },
    })
    expect((await getCallsStatus(portico, { id })).status).toBe('success')
    expect(await client().getTransactionCount({ address: wallet.address })).toBe(nonce + 1)
  })

  test('behavior: a wallet without EIP-5792 gives typed errors, with the spec text for the status', async () => {
    const { portico } = await connected({ eip5792: false })
    await expect(sendCalls(portico, { calls: [{ to: fresh(), value: 1n }] })).rejects.toMatchObject({
      name: 'CallsNotSupportedError',
    })
    await expect(getCapabilities(portico)).rejects.toMatchObject({ name: 'CallsNotSupportedError' })
    await expect(getCallsStatus(portico, { id: '0x01' })).rejects.toMatchObject({
      name: 'CallsStatusNotApprovedError',
      shortMessage: 'Fetching call status not approved by the wallet.',
    })
  })

  test('getBalance({ walletAssets }): read from the wallet where it reports assetDiscovery, else from the RPC', async () => {
    const { portico, asked } = await connected()
    const fromWallet = await getBalance(portico, { walletAssets: true })
    expect(asked('wallet_getAssets')).toBe(1)
    // The wallet knows both devnet tokens; the network here configures only USDC.
    expect(fromWallet.map((b) => b.symbol)).toEqual(['ETH', ...suite.devnet.evm.tokens.map((t) => t.symbol)])
    const fromRpc = await getBalance(portico)
    expect(fromRpc.map((b) => b.symbol)).toEqual(['ETH', suite.devnet.evm.tokens[0]?.symbol])
    expect(fromWallet[1]?.quantity).toEqual(fromRpc[1]?.quantity)
  })

  test('getBalance({ walletAssets }): a wallet without wallet_getAssets falls back to the RPC; getAssets is typed', async () => {
    const plain = await connected({ eip5792: false })
    const fallback = await getBalance(plain.portico, { walletAssets: true })
    expect(fallback.map((b) => b.symbol)).toEqual(['ETH', suite.devnet.evm.tokens[0]?.symbol])
    await expect(getAssets(plain.portico)).rejects.toMatchObject({ name: 'AssetsNotSupportedError' })
  })
})
