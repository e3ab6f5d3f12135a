// The host's paymaster (paymasterMap) for an INSTALLED smart wallet: the EIP-6963 test wallet
// given the devnet smart wallet (a SimpleAccount through the devnet bundler, `devnetSmartWallet`),
// and the same test wallet as a plain one, on the installed connector. Balances are read on chain.
import { devnetSmartWallet } from '@portico/devnet'
import type { Address, Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { initialize } from '../../kernel/actions/initialize.js'
import { eip155Adapter } from '../../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../../kernel/createPortico.js'
import { devnetSuite } from '../../test/devnetSuite.js'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { paymasterDevnet } from '../../test/paymasterDevnet.js'
import { accountOf } from '../../test/walletConnect.js'
import { createTestEip1193Wallet } from '../../testing/eip1193Wallet.js'
import { sendCalls } from './sendCalls.js'

// Only the chain and the account-abstraction services: no hosted-services emulator, no relay.
const suite = devnetSuite({ api: false, walletConnect: false, auth: false })
const rpcUrl = () => suite.devnet.evm.rpcUrl
const { client, fresh, aa, usdcOf, transfer, fund, sponsored, sendTwoTransfers } = paymasterDevnet(() => suite.devnet)

/** A dapp connected to the installed test wallet (EIP-6963), smart or plain; its wallet_sendCalls params are kept. */
async function connected({ smart, paymaster }: { smart: boolean; paymaster: boolean }) {
  const key = suite.devnet.evm.accounts[smart ? (paymaster ? 2 : 3) : 1]?.privateKey as Hex
  const smartAccount = smart
    ? await devnetSmartWallet(key, { evmRpcUrls: { 31337: rpcUrl() }, bundlerUrl: aa().bundlerUrl })
    : undefined
  const wallet = createTestEip1193Wallet({ accounts: [key], chains: [{ id: 31337, rpcUrl: rpcUrl() }], smartAccount })
  suite.stops.push(wallet.announce())
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    blockchainApi: false,
    networks: [testNetworks({ evmRpcUrl: rpcUrl() }).devnet],
    adapters: [eip155Adapter()],
    storage: memoryStorage(),
    ...(paymaster ? { paymasterMap: { 'eip155:31337': aa().paymasterUrl } } : {}),
  })
  suite.stops.push(initialize(portico))
  await connect(portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
  const address = accountOf(portico, 'eip155')?.address as Address
  expect(address).toBe(smartAccount?.address ?? privateKeyToAccount(key).address)
  const sent = () =>
    wallet.requests.filter((r) => r.method === 'wallet_sendCalls').map((r) => (r.params as unknown[])[0])
  return { portico, wallet, address, sent }
}

describe('sendCalls: the host paymaster for installed smart wallets (EIP-6963, devnet bundler)', () => {
  test('behavior: an installed smart wallet reporting paymasterService gets the host paymaster URL; one sponsored operation, no ETH spent', async () => {
    const { portico, address, sent } = await connected({ smart: true, paymaster: true })
    await fund(address)
    const [eth, usdcBefore] = [await client().getBalance({ address }), await usdcOf(address)]
    const status = await sendTwoTransfers(portico)
    expect(status).toMatchObject({ status: 'success', atomic: true, chainId: 31337 })
    expect(status.receipts).toHaveLength(1)
    expect(sent()).toEqual([
      expect.objectContaining({ capabilities: { paymasterService: { url: aa().paymasterUrl } } }),
    ])
    expect(await client().getBalance({ address })).toBe(eth)
    expect(await usdcOf(address)).toBe(usdcBefore - 3_000_000n)
    expect(sponsored(address)).toBe(true)
  })

  test('behavior: without paymasterMap the installed smart wallet pays for its operation itself', async () => {
    const { portico, address, sent } = await connected({ smart: true, paymaster: false })
    await fund(address)
    const before = await client().getBalance({ address })
    const status = await sendTwoTransfers(portico)
    expect(status).toMatchObject({ status: 'success', atomic: true })
    expect(status.receipts).toHaveLength(1)
    expect(sent()).toEqual([expect.not.objectContaining({ capabilities: expect.anything() })])
    expect(await client().getBalance({ address })).toBeLessThan(before)
    expect(sponsored(address)).toBe(false)
  })

  test('behavior: a plain installed wallet (no paymasterService reported) gets no capability, even with paymasterMap', async () => {
    const { portico, sent } = await connected({ smart: false, paymaster: true })
    const status = await sendTwoTransfers(portico)
    expect(status).toMatchObject({ status: 'success', atomic: false })
    expect(status.receipts).toHaveLength(2)
    expect(sent()).toEqual([expect.not.objectContaining({ capabilities: expect.anything() })])
  })

  test('behavior: the user declining in the installed smart wallet sends no operation', async () => {
    const { portico, wallet, address } = await connected({ smart: true, paymaster: true })
    const nonce = await client().getTransactionCount({ address })
    const operationsBefore = aa().sponsored().length
    wallet.rejectNext('wallet_sendCalls')
    await expect(sendCalls(portico, { calls: [transfer(fresh(), 1n)] })).rejects.toMatchObject({ code: 4001 })
    expect(aa().sponsored()).toHaveLength(operationsBefore)
    expect(await client().getTransactionCount({ address })).toBe(nonce)
  })
})
