// The marks the kit knows itself, drawn here as small SVGs (simple shapes, not any project's files),
// so a row whose identity is certain shows its mark instead of a letter. Only the views that show
// them import this module, so the marks load with those views' chunks, never at page start.

import type { PorticoNetwork } from '@portico/headless'

/** An SVG drawn on a 32 × 32 grid as a data URI; `#` is escaped, as a URI's fragment would cut it. */
const svg = (body: string) =>
  `data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'>${body}</svg>`.replace(/#/g, '%23')

/** The natives' marks by namespace and symbol: a symbol means this currency only on its own namespace. */
const natives: Record<string, string> = {
  // Ethereum's diamond: an upper and a lower facet, the right half lighter.
  'eip155:ETH': svg(
    "<circle cx='16' cy='16' r='16' fill='#627EEA'/><path d='M16 4v8.9l7.5 3.4z' fill='#fff' fill-opacity='.6'/><path d='M16 4 8.5 16.3l7.5-3.4zm0 18v6l7.5-10.4z' fill='#fff'/><path d='M16 28v-6l-7.5-4.4zm0-7.4 7.5-4.3-7.5-3.4z' fill='#fff' fill-opacity='.6'/><path d='m8.5 16.3 7.5 4.3v-7.7z' fill='#fff' fill-opacity='.2'/>",
  ),
  // Solana's three slanted bars with its purple-to-green gradient.
  'solana:SOL': svg(
    "<defs><linearGradient id='g' x1='0' y1='1' x2='1' y2='0'><stop offset='0' stop-color='#9945FF'/><stop offset='1' stop-color='#14F195'/></linearGradient></defs><circle cx='16' cy='16' r='16' fill='#000'/><path d='M10.5 9.5H25l-3.5 3.5H7zm0 9.5H25l-3.5 3.5H7zM21.5 14.25H7l3.5 3.5H25z' fill='url(#g)'/>",
  ),
  // Bitcoin's orange coin with its tilted, struck-through B.
  'bip122:BTC': svg(
    "<circle cx='16' cy='16' r='16' fill='#F7931A'/><path d='M12 9.5h5.5a3.2 3.2 0 0 1 0 6.4H12zm0 6.4h6.3a3.3 3.3 0 0 1 0 6.6H12zm1.5-9v2.6m3-2.6v2.6m-3 13v2.6m3-2.6v2.6' fill='none' stroke='#fff' stroke-width='2.2' transform='rotate(14 16 16)'/>",
  ),
  // Cosmos's atom: three orbits round a nucleus.
  'cosmos:ATOM': svg(
    "<circle cx='16' cy='16' r='16' fill='#2E3148'/><g fill='none' stroke='#fff' stroke-width='1.3'><ellipse cx='16' cy='16' rx='11' ry='4'/><ellipse cx='16' cy='16' rx='11' ry='4' transform='rotate(60 16 16)'/><ellipse cx='16' cy='16' rx='11' ry='4' transform='rotate(-60 16 16)'/></g><circle cx='16' cy='16' r='2' fill='#fff'/>",
  ),
  // Polkadot's pink dots in a ring.
  'polkadot:DOT': svg(
    "<circle cx='16' cy='16' r='16' fill='#E6007A'/><g fill='#fff'><ellipse cx='16' cy='7.5' rx='4' ry='2.4'/><ellipse cx='16' cy='24.5' rx='4' ry='2.4'/><ellipse cx='8.6' cy='11.8' rx='4' ry='2.4' transform='rotate(60 8.6 11.8)'/><ellipse cx='23.4' cy='20.2' rx='4' ry='2.4' transform='rotate(60 23.4 20.2)'/><ellipse cx='8.6' cy='20.2' rx='4' ry='2.4' transform='rotate(-60 8.6 20.2)'/><ellipse cx='23.4' cy='11.8' rx='4' ry='2.4' transform='rotate(-60 23.4 11.8)'/></g>",
  ),
}

/**
 * @internal
 * The mark of a network's native currency, known by its namespace (the first part of a CAIP-2
 * network or CAIP-10 account id) and its symbol: `ETH` on an `eip155` network is Ether (mainnet,
 * an L2 or a devnet), while `POL` or a symbol on another namespace has no mark here. Undefined
 * when the kit does not know the currency, so the caller keeps its letter.
 *
 * @example
 * nativeMark('eip155:8453', 'ETH') // 'data:image/svg+xml,…'
 * nativeMark('eip155:137', 'POL') // undefined
 */
export function nativeMark(chainId: string, symbol: string): string | undefined {
  return natives[`${chainId.split(':', 1)[0]}:${symbol.toUpperCase()}`]
}

/** @internal What `PorticoImage` is given for a thing's icon: the source to try, then the kit's mark. */
export type ImageProps = { src: string | undefined; mark: string | undefined }

/**
 * @internal
 * A balance's icon: its own image URL (configured or from the API) first; the native currency gets
 * its mark when the kit knows it, shown when there is no URL or the URL does not load.
 *
 * @example
 * <PorticoImage {...tokenImage(token)} name={token.symbol} />
 */
export function tokenImage(token: {
  chainId: string
  symbol: string
  address?: string | undefined
  iconUrl?: string | undefined
}): ImageProps {
  return { src: token.iconUrl, mark: token.address ? undefined : nativeMark(token.chainId, token.symbol) }
}

/**
 * @internal
 * A network's mark: its native currency's, when the kit knows it. The network's configured image
 * (`assets.imageUrl`) is tried first: see `networkImage`.
 *
 * @example
 * networkMark(solanaNetwork({ genesisHash, name: 'Solana Devnet', rpcUrl })) // Solana's mark
 */
export function networkMark(network: Pick<PorticoNetwork, 'caipNetworkId' | 'nativeCurrency'>): string | undefined {
  return nativeMark(network.caipNetworkId, network.nativeCurrency.symbol)
}

/**
 * @internal
 * A network's icon: its configured image (`assets.imageUrl`) first, then its mark.
 *
 * @example
 * <PorticoImage {...networkImage(network)} name={network.name} radius="full" />
 */
export function networkImage(network: Pick<PorticoNetwork, 'caipNetworkId' | 'nativeCurrency' | 'assets'>): ImageProps {
  return { src: network.assets?.imageUrl, mark: networkMark(network) }
}
