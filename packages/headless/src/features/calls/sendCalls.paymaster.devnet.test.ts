// The host's paymaster (paymasterMap) for an external smart wallet: the devnet WalletConnect wallet
// as a smart wallet (a SimpleAccount through the devnet bundler) and as a plain one, through the
// devnet relay (src/test/walletConnectSuite.ts). Balances are read on chain.
import type { DevnetWallet } from '@portico/devnet'
import type { Address } from 'viem'
import { describe, expect, test } from 'vitest'
import { paymasterDevnet } from '../../test/paymasterDevnet.js'
import { accountOf } from '../../test/walletConnect.js'
import { walletConnectSuite } from '../../test/walletConnectSuite.js'

const suite = walletConnectSuite()
const { client, aa, fund, sponsored, sendTwoTransfers } = paymasterDevnet(() => suite.devnet)

/** A dapp connected over WalletConnect to the devnet wallet; the wallet's wallet_sendCalls params are kept. */
async function connected({ smart, paymaster }: { smart: boolean; paymaster: boolean }) {
  const { portico } = suite.createDapp(paymaster ? { paymasterMap: { 'eip155:31337': aa().paymasterUrl } } : {})
  const wallet: DevnetWallet = await suite.createWallet({
    accountIndex: smart ? (paymaster ? 2 : 3) : 1,
    evmChainIds: [31337],
    ...(smart ? { smartAccount: { bundlerUrl: aa().bundlerUrl } } : {}),
  })
  const sent: unknown[] = []
  wallet.subscribe((event) => {
    if (event.type === 'request' && event.request.method === 'wallet_sendCalls')
      sent.push((event.request.params as unknown[])[0])
  })
  await suite.pairAndConnect(portico, wallet)
  const address = accountOf(portico, 'eip155')?.address as Address
  expect(address.toLowerCase()).toBe(wallet.accounts.eip155.address.toLowerCase())
  return { portico, address, sent }
}

describe('sendCalls: the host paymaster for external smart wallets (WalletConnect, devnet bundler)', () => {
  test('behavior: a smart wallet reporting paymasterService gets the host paymaster URL; one sponsored operation, no ETH spent', async () => {
    const { portico, address, sent } = await connected({ smart: true, paymaster: true })
    await fund(address)
    const before = await client().getBalance({ address })
    const status = await sendTwoTransfers(portico)
    expect(status).toMatchObject({ status: 'success', atomic: true, chainId: 31337 })
    expect(status.receipts).toHaveLength(1)
    expect(sent).toEqual([expect.objectContaining({ capabilities: { paymasterService: { url: aa().paymasterUrl } } })])
    expect(await client().getBalance({ address })).toBe(before)
    expect(sponsored(address)).toBe(true)
  })

  test('behavior: without paymasterMap the smart wallet pays for its operation itself', async () => {
    const { portico, address, sent } = await connected({ smart: true, paymaster: false })
    await fund(address)
    const before = await client().getBalance({ address })
    const status = await sendTwoTransfers(portico)
    expect(status).toMatchObject({ status: 'success', atomic: true })
    expect(sent).toEqual([expect.not.objectContaining({ capabilities: expect.anything() })])
    expect(await client().getBalance({ address })).toBeLessThan(before)
  })

  test('behavior: a plain wallet (no paymasterService reported) gets no capability, even with paymasterMap', async () => {
    const { portico, sent } = await connected({ smart: false, paymaster: true })
    const status = await sendTwoTransfers(portico)
    expect(status).toMatchObject({ status: 'success', atomic: false })
    expect(status.receipts).toHaveLength(2)
    expect(sent).toEqual([expect.not.objectContaining({ capabilities: expect.anything() })])
  })
})
