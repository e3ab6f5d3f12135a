// The shared devnet anvil chain as browser tests use it: raw JSON-RPC (anvil's own methods) and
// fresh keys funded by the devnet tokens' minter, so no test shares an account or a nonce.

import { createPublicClient, encodeFunctionData, erc20Abi, type Hex, http, type PublicClient, parseAbi } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { inject } from 'vitest'
import './provided.js'

// @portico/devnet's `treasury` (anvil #9), the devnet tokens' minter; its index is Node-only.
const treasury = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'

/** A viem client of the devnet anvil: reads, nonces, receipts. */
export const devnetClient: PublicClient = createPublicClient({ transport: http(inject('devnet').evmRpcUrl) })

/** The devnet's USDC (6 decimals), the token most tests move. */
export const devnetUsdc = inject('devnet').evmTokens.find((t) => t.symbol === 'USDC')?.address as Hex

/** `owner`'s balance of the ERC-20 `token`, in base units. */
export const tokenBalance = (token: Hex, owner: Hex): Promise<bigint> =>
  devnetClient.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

/** One JSON-RPC call to the devnet anvil; an RPC error throws. */
export async function anvil(method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(inject('devnet').evmRpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(body.error.message)
  return body.result
}

/** A fresh key with 10 ETH and `usdc` base units of the devnet USDC (minted, anvil assigning nonces). */
export async function freshFundedKey({ usdc = 0n }: { usdc?: bigint } = {}) {
  const key = generatePrivateKey()
  const address = privateKeyToAccount(key).address
  await anvil('anvil_setBalance', [address, '0x8ac7230489e80000'])
  if (usdc > 0n) await mintUsdc(address, usdc)
  return { key, address }
}

/** Mints `amount` base units of the devnet USDC to `to` (the treasury minting, anvil assigning nonces). */
export async function mintUsdc(to: Hex, amount: bigint): Promise<void> {
  const devnet = inject('devnet')
  await anvil('anvil_impersonateAccount', [treasury])
  const hash = (await anvil('eth_sendTransaction', [
    {
      from: treasury,
      to: devnet.evmTokens.find((t) => t.symbol === 'USDC')?.address,
      data: encodeFunctionData({
        abi: parseAbi(['function mint(address to, uint256 amount)']),
        functionName: 'mint',
        args: [to, amount],
      }),
    },
  ])) as Hex
  await devnetClient.waitForTransactionReceipt({
    hash,
    pollingInterval: 100,
  })
}
