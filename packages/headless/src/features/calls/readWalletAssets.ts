import type { Portico } from '../../kernel/portico.js'
import { getActiveConnection } from '../../kernel/state/activeConnection.js'
import type { PorticoNetwork, TokenBalance } from '../../kernel/types.js'
import { formatUnits } from '../../kernel/utils/format.js'
import { getAssets } from './getAssets.js'
import { getCapabilities } from './getCapabilities.js'

/**
 * @internal
 * The balances the connected eip155 wallet reports itself (EIP-7811), as AppKit reads them: only
 * where its capabilities say `assetDiscovery` is supported on the chain. `undefined` means "ask
 * elsewhere" (another namespace, another address, no support, or any failure). A lazy chunk of
 * `getBalance`, so page start does not carry it.
 */
export async function readWalletAssets(
  portico: Portico,
  { address, network }: { address: string; network: PorticoNetwork },
): Promise<TokenBalance[] | undefined> {
  try {
    if (network.chainNamespace !== 'eip155') return undefined
    const { account } = getActiveConnection(portico, 'eip155')
    if (account.address.toLowerCase() !== address.toLowerCase()) return undefined
    const chainId = Number(network.caipNetworkId.split(':')[1])
    const capabilities = await getCapabilities(portico, { address, chainIds: [chainId] })
    const discovery = capabilities[chainId]?.assetDiscovery as { supported?: unknown } | undefined
    if (discovery?.supported !== true) return undefined
    const assets = (await getAssets(portico, { address, chainIds: [chainId] }))[chainId] ?? []
    const native = assets.find((a) => a.address === 'native')
    const { decimals, name, symbol } = network.nativeCurrency
    const balances: TokenBalance[] = [
      {
        name,
        symbol,
        chainId: network.caipNetworkId,
        quantity: { decimals: String(decimals), numeric: formatUnits(native?.balance ?? 0n, decimals) },
      },
    ]
    for (const asset of assets) {
      const tokenDecimals = asset.metadata?.decimals
      if (asset.type !== 'erc20' || asset.address === 'native' || tokenDecimals === undefined) continue
      balances.push({
        name: asset.metadata?.name ?? asset.metadata?.symbol ?? asset.address,
        symbol: asset.metadata?.symbol ?? '',
        chainId: network.caipNetworkId,
        address: asset.address,
        quantity: { decimals: String(tokenDecimals), numeric: formatUnits(asset.balance, tokenDecimals) },
      })
    }
    return balances
  } catch {
    return undefined
  }
}
