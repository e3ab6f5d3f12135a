import { createPublicClient, encodeFunctionData, erc20Abi, http, parseEther } from 'viem'
import { describe, expect, test } from 'vitest'
import { devnetSuite } from '../../test/devnetSuite.js'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { hostAdapter, hostConnector, rpcError } from '../../test/hostConnector.js'
import { createTestEip1193Wallet } from '../../testing/eip1193Wallet.js'
import { eip155Adapter } from '../adapters/eip155/eip155Adapter.js'
import { createPortico } from '../createPortico.js'
import { RequestNotApprovedError } from '../errors/walletConnect.js'
import type { ConnectorConnection } from '../types.js'
import { connect } from './connect.js'
import { initialize } from './initialize.js'
import { sendTransaction } from './sendTransaction.js'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const hash = `0x${'ab'.repeat(32)}` as const

const suite = devnetSuite()
const { stops } = suite

const host = suite.host

describe('contract (host connector)', () => {
  test('behavior: eth_sendTransaction through account.connector, amounts as hex quantities', async () => {
    const { portico, wallet } = await host({ request: async () => hash })
    const result = await sendTransaction(portico, { to: bob, value: 10n ** 15n, data: '0x1234', gas: 21_000n })
    expect(result).toBe(hash)
    expect(wallet.callsOf('request')).toEqual([
      {
        namespace: 'eip155',
        chainId: 'eip155:31337',
        address: alice,
        method: 'eth_sendTransaction',
        params: [{ from: alice, to: bob, value: '0x38d7ea4c68000', data: '0x1234', gas: '0x5208' }],
      },
    ])
  })

  test('parameters: fields not given are left out', async () => {
    const { portico, wallet } = await host({ request: async () => hash })
    await sendTransaction(portico, { to: bob })
    expect(wallet.callsOf('request')[0]).toMatchObject({ params: [{ from: alice, to: bob }] })
    expect(Object.keys((wallet.callsOf('request')[0] as { params: [object] }).params[0])).toEqual(['from', 'to'])
  })

  test('behavior: NotConnectedError when eip155 is not connected, even with solana connected', async () => {
    const { devnet: net, solanaLocal } = testNetworks()
    const sol = hostConnector({
      id: 'sol',
      chain: 'solana',
      connect: async () =>
        [{ namespace: 'solana', accounts: ['FfAhSVW1b1rZdyLnTwT2N4SqMyGAhQK7Lb2zaUFhDDXJ'] }] as ConnectorConnection[],
      request: async () => hash,
    })
    const portico = createPortico({
      projectId: 'p',
      walletConnect: false,
      networks: [net, solanaLocal],
      adapters: [hostAdapter('eip155'), hostAdapter('solana', [sol.connector])],
      storage: memoryStorage(),
    })
    stops.push(initialize(portico))
    await connect(portico, { connector: sol.connector })
    const error = await sendTransaction(portico, { to: bob, value: 1n }).catch((e) => e)
    expect(error).toMatchObject({ name: 'NotConnectedError' })
    expect(sol.callsOf('request')).toEqual([])
  })

  test('behavior: a user rejection becomes UserRejectedRequestError', async () => {
    const { portico } = await host({
      request: async () => {
        throw rpcError(4001, 'User rejected the request.')
      },
    })
    await expect(sendTransaction(portico, { to: bob, value: 1n })).rejects.toMatchObject({
      name: 'UserRejectedRequestError',
      cause: { code: 4001 },
    })
  })

  test('behavior: a node error passed on by the wallet becomes its typed node error', async () => {
    const { portico } = await host({
      request: async () => {
        throw rpcError(-32000, 'insufficient funds for gas')
      },
    })
    await expect(sendTransaction(portico, { to: bob, value: 1n })).rejects.toMatchObject({
      name: 'InsufficientFundsError',
      cause: { name: 'WalletRequestError', details: 'eth_sendTransaction failed: insufficient funds for gas' },
    })
  })

  test('behavior: another wallet failure stays WalletRequestError', async () => {
    const { portico } = await host({
      request: async () => {
        throw rpcError(-32603, 'the wallet lost its keys')
      },
    })
    await expect(sendTransaction(portico, { to: bob, value: 1n })).rejects.toMatchObject({
      name: 'WalletRequestError',
      details: 'eth_sendTransaction failed: the wallet lost its keys',
    })
  })

  test('behavior: an answer that is not a transaction hash is a WalletRequestError', async () => {
    const { portico } = await host({ request: async () => '0x1234' })
    await expect(sendTransaction(portico, { to: bob })).rejects.toMatchObject({
      name: 'WalletRequestError',
      details: 'eth_sendTransaction failed: The wallet returned no transaction hash',
    })
  })

  test('behavior: a BaseError thrown by the connector passes through unchanged', async () => {
    const typed = new RequestNotApprovedError({
      method: 'eth_sendTransaction',
      chainId: 'eip155:31337',
      reason: 'chain',
    })
    const { portico } = await host({
      request: async () => {
        throw typed
      },
    })
    expect(await sendTransaction(portico, { to: bob }).catch((e) => e)).toBe(typed)
  })
})

describe('real EIP-1193 wallet (devnet)', () => {
  async function evmConnected() {
    const wallet = createTestEip1193Wallet({
      accounts: suite.devnet.evm.accounts.map((a) => a.privateKey),
      chains: [{ id: 31337, rpcUrl: suite.devnet.evm.rpcUrl }],
    })
    stops.push(wallet.announce())
    const portico = createPortico({
      projectId: 'p',
      walletConnect: false,
      networks: [testNetworks({ evmRpcUrl: suite.devnet.evm.rpcUrl }).devnet],
      adapters: [eip155Adapter()],
      storage: memoryStorage(),
    })
    stops.push(initialize(portico))
    await connect(portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
    return { portico, wallet }
  }

  test('behavior: the transfer is sent from the connected account and lands on the devnet', async () => {
    const { portico, wallet } = await evmConnected()
    const client = createPublicClient({ transport: http(suite.devnet.evm.rpcUrl) })
    const to = suite.devnet.evm.accounts[2].address
    const before = await client.getBalance({ address: to })
    const txHash = await sendTransaction(portico, { to, value: parseEther('0.25') })
    const receipt = await client.waitForTransactionReceipt({ hash: txHash })
    expect(receipt).toMatchObject({ status: 'success', from: wallet.address.toLowerCase(), to: to.toLowerCase() })
    expect(await client.getBalance({ address: to })).toBe(before + parseEther('0.25'))
  })

  test('behavior: the user declining in the wallet is UserRejectedRequestError and nothing is sent', async () => {
    const { portico, wallet } = await evmConnected()
    const client = createPublicClient({ transport: http(suite.devnet.evm.rpcUrl) })
    const to = suite.devnet.evm.accounts[3].address
    const before = await client.getBalance({ address: to })
    wallet.rejectNext('eth_sendTransaction')
    await expect(sendTransaction(portico, { to, value: 1n })).rejects.toMatchObject({
      name: 'UserRejectedRequestError',
    })
    expect(await client.getBalance({ address: to })).toBe(before)
  })

  test('behavior: real anvil errors become typed node errors (nonce too low, insufficient funds, execution reverted)', async () => {
    const { portico, wallet } = await evmConnected()
    const client = createPublicClient({ transport: http(suite.devnet.evm.rpcUrl) })
    const to = suite.devnet.evm.accounts[3].address
    await client.waitForTransactionReceipt({ hash: await sendTransaction(portico, { to, value: 1n }) })
    const nonce = await client.getTransactionCount({ address: wallet.address })
    const stale = await sendTransaction(portico, { to, value: 1n, nonce: nonce - 1 }).catch((e) => e)
    expect(stale).toMatchObject({
      name: 'NonceTooLowError',
      shortMessage: expect.stringContaining('is lower than the current nonce'),
    })
    const broke = await sendTransaction(portico, { to, value: 10n ** 30n }).catch((e) => e)
    expect(broke).toMatchObject({ name: 'InsufficientFundsError' })
    // An ERC20 transfer of more than the sender holds: the token's require() reverts in estimation.
    const token = suite.devnet.evm.tokens[0]?.address as `0x${string}`
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, 10n ** 40n] })
    const reverted = await sendTransaction(portico, { to: token, data }).catch((e) => e)
    expect(reverted).toMatchObject({
      name: 'ExecutionRevertedError',
      shortMessage: expect.stringMatching(/^Execution reverted/),
    })
    // Nothing of it was sent: the account's nonce did not move.
    expect(await client.getTransactionCount({ address: wallet.address })).toBe(nonce)
  })
})
