import { createPublicClient, http } from 'viem'
import { expect, test } from 'vitest'
import { connectedSuite, sharedDevnet } from '../../test/hookHarness.js'
import { getAssets } from './getAssets.js'

const { connected } = connectedSuite()
const client = () => createPublicClient({ transport: http(sharedDevnet().evmRpcUrl) })

test('default: the wallet lists native and token balances (EIP-7811, account + chainFilter), matching the chain', async () => {
  const { portico, wallet } = await connected({ walletTokens: true, usdcUnits: 1_234_567n })
  const assets = await getAssets(portico, { chainIds: [31337] })
  const chainAssets = assets[31337] ?? []
  expect(chainAssets[0]).toMatchObject({ address: 'native', type: 'native' })
  expect(chainAssets[0]?.balance).toBe(await client().getBalance({ address: wallet.address }))
  for (const token of sharedDevnet().evmTokens) {
    const reported = chainAssets.find((a) => a.address.toLowerCase() === token.address.toLowerCase())
    expect(reported).toMatchObject({ type: 'erc20', metadata: { symbol: token.symbol, decimals: token.decimals } })
  }
  const usdc = sharedDevnet()
    .evmTokens.find((t) => t.symbol === 'USDC')
    ?.address.toLowerCase()
  expect(chainAssets.find((a) => a.address.toLowerCase() === usdc)?.balance).toBe(1_234_567n)
  expect(wallet.requests.find((r) => r.method === 'wallet_getAssets')?.params).toEqual([
    { account: wallet.address, chainFilter: ['0x7a69'] },
  ])
})

test('behavior: a malformed address is refused before the wallet is asked', async () => {
  const { portico, asked } = await connected()
  await expect(getAssets(portico, { address: '0x1234' })).rejects.toMatchObject({
    name: 'CapabilitiesAddressRequiredError',
  })
  expect(asked('wallet_getAssets')).toBe(0)
})

test('behavior: a wallet without wallet_getAssets gives AssetsNotSupportedError', async () => {
  const { portico } = await connected({ eip5792: false })
  await expect(getAssets(portico)).rejects.toMatchObject({ name: 'AssetsNotSupportedError' })
})
