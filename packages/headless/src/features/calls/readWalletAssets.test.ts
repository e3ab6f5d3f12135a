import { createPublicClient, formatEther, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import { getConnection } from '../../kernel/actions/getConnection.js'
import type { PorticoNetwork } from '../../kernel/types.js'
import { connectedSuite, sharedDevnet } from '../../test/hookHarness.js'
import { readWalletAssets } from './readWalletAssets.js'

const { connected } = connectedSuite()
const client = () => createPublicClient({ transport: http(sharedDevnet().evmRpcUrl) })

test('default: the balances the wallet reports, native first, tokens with their decimals', async () => {
  const { portico, wallet, asked } = await connected({ walletTokens: true, usdcUnits: 2_500_000n })
  const network = getConnection(portico).network as PorticoNetwork
  const balances = await readWalletAssets(portico, { address: wallet.address, network })
  expect(asked('wallet_getCapabilities')).toBe(1)
  expect(asked('wallet_getAssets')).toBe(1)
  expect(balances?.map((b) => b.symbol)).toEqual(['ETH', ...sharedDevnet().evmTokens.map((t) => t.symbol)])
  expect(balances?.[0]?.quantity.numeric).toBe(formatEther(await client().getBalance({ address: wallet.address })))
  expect(balances?.find((b) => b.symbol === 'USDC')?.quantity).toEqual({ decimals: '6', numeric: '2.5' })
  expect(balances?.every((b) => b.chainId === 'eip155:31337')).toBe(true)
})

test('behavior: another address than the connected one is left to the RPC (undefined), the wallet not asked', async () => {
  const { portico, asked } = await connected({ walletTokens: true })
  const network = getConnection(portico).network as PorticoNetwork
  const other = privateKeyToAccount(generatePrivateKey()).address
  expect(await readWalletAssets(portico, { address: other, network })).toBeUndefined()
  expect(asked('wallet_getCapabilities')).toBe(0)
})

test('behavior: a wallet without EIP-5792 gives undefined (ask elsewhere), never an error', async () => {
  const { portico, wallet, asked } = await connected({ eip5792: false })
  const network = getConnection(portico).network as PorticoNetwork
  expect(await readWalletAssets(portico, { address: wallet.address, network })).toBeUndefined()
  expect(asked('wallet_getAssets')).toBe(0)
})
