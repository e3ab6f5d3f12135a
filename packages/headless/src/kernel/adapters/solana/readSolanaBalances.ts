import { address as toAddress } from '@solana/kit'
import { formatUnits } from 'viem'
import type { Portico } from '../../portico.js'
import { solanaRpcFor } from '../../rpc/solanaClient.js'
import type { PorticoNetwork, TokenBalance } from '../../types.js'

const tokenProgram = toAddress('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
const token2022Program = toAddress('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb')

type ParsedTokenAccount = {
  mint: string
  tokenAmount: { amount: string; decimals: number }
}

/**
 * @internal
 * SOL and configured SPL token balances of `owner`, read straight from the cluster. Token accounts
 * of both token programs are summed per mint (an owner may hold several accounts of one mint).
 */
export async function readSolanaBalances({
  address,
  network,
  portico,
}: {
  address: string
  network: PorticoNetwork
  portico: Portico
}): Promise<TokenBalance[]> {
  // The instance's one RPC of the network, with the spec's timeout and retries.
  const rpc = solanaRpcFor(portico, network)
  const owner = toAddress(address)
  const tokens = network.tokens ?? []
  const [lamports, ...accountLists] = await Promise.all([
    rpc.getBalance(owner, { commitment: 'confirmed' }).send(),
    ...(tokens.length
      ? [tokenProgram, token2022Program].map((programId) =>
          rpc.getTokenAccountsByOwner(owner, { programId }, { encoding: 'jsonParsed', commitment: 'confirmed' }).send(),
        )
      : []),
  ])
  const byMint = new Map<string, { amount: bigint; decimals: number }>()
  for (const list of accountLists) {
    for (const { account } of list.value) {
      const info = (account.data as { parsed?: { info?: ParsedTokenAccount } }).parsed?.info
      if (!info || typeof info.mint !== 'string' || !/^\d+$/.test(info.tokenAmount?.amount ?? '')) continue
      const previous = byMint.get(info.mint)
      byMint.set(info.mint, {
        amount: (previous?.amount ?? 0n) + BigInt(info.tokenAmount.amount),
        decimals: info.tokenAmount.decimals,
      })
    }
  }
  const { decimals } = network.nativeCurrency
  return [
    {
      name: network.nativeCurrency.name,
      symbol: network.nativeCurrency.symbol,
      chainId: network.caipNetworkId,
      quantity: { decimals: String(decimals), numeric: formatUnits(lamports.value, decimals) },
      iconUrl: network.assets?.imageUrl,
    },
    ...tokens.map((token): TokenBalance => {
      const held = byMint.get(token.address)
      const tokenDecimals = token.decimals ?? held?.decimals ?? 0
      return {
        name: token.name ?? token.symbol ?? token.address,
        symbol: token.symbol ?? '',
        chainId: network.caipNetworkId,
        address: token.address,
        quantity: { decimals: String(tokenDecimals), numeric: formatUnits(held?.amount ?? 0n, tokenDecimals) },
        iconUrl: token.iconUrl,
      }
    }),
  ]
}
