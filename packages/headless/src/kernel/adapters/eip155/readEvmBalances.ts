import { erc20Abi, formatUnits, getAddress } from 'viem'
import { getBalance, readContract } from 'viem/actions'
import type { Portico } from '../../portico.js'
import { evmPublicClient } from '../../rpc/evmClient.js'
import type { PorticoNetwork, TokenBalance } from '../../types.js'

/**
 * @internal
 * Native and configured ERC20 balances of `address`, read straight from the chain through the
 * instance's client of the network. Token metadata the configuration leaves out is read from the
 * contract; a token that cannot be read is left out with a warning (the native balance failing
 * fails the whole read).
 */
export async function readEvmBalances({
  address,
  network,
  portico,
}: {
  address: string
  network: PorticoNetwork
  portico: Portico
}): Promise<TokenBalance[]> {
  // The instance's one client of the network: these reads batch with every other read of it.
  const client = evmPublicClient(portico, network)
  const owner = getAddress(address)
  const native = getBalance(client, { address: owner })
  async function readToken(token: NonNullable<PorticoNetwork['tokens']>[number]): Promise<TokenBalance> {
    const contract = { address: getAddress(token.address), abi: erc20Abi } as const
    const [raw, decimals, symbol, name] = await Promise.all([
      readContract(client, { ...contract, functionName: 'balanceOf', args: [owner] }),
      token.decimals ?? readContract(client, { ...contract, functionName: 'decimals' }),
      token.symbol ?? readContract(client, { ...contract, functionName: 'symbol' }),
      token.name ?? readContract(client, { ...contract, functionName: 'name' }),
    ])
    return {
      name,
      symbol,
      chainId: network.caipNetworkId,
      address: contract.address,
      quantity: { decimals: String(decimals), numeric: formatUnits(raw, decimals) },
      iconUrl: token.iconUrl,
    }
  }
  // One token that cannot be read (an address that is none, no contract there, a contract that
  // reverts) is left out with a warning: the native balance and the other tokens still show.
  const tokens = (network.tokens ?? []).map((token) =>
    readToken(token).catch((error: unknown) => {
      console.warn(
        `[portico] Left out the token ${token.symbol ?? token.address} on ${network.caipNetworkId}: its balance could not be read`,
        error,
      )
      return undefined
    }),
  )
  const [nativeRaw, ...tokenBalances] = await Promise.all([native, ...tokens])
  return [
    {
      name: network.nativeCurrency.name,
      symbol: network.nativeCurrency.symbol,
      chainId: network.caipNetworkId,
      quantity: {
        decimals: String(network.nativeCurrency.decimals),
        numeric: formatUnits(nativeRaw, network.nativeCurrency.decimals),
      },
      iconUrl: network.assets?.imageUrl,
    },
    ...tokenBalances.filter((balance) => balance !== undefined),
  ]
}
