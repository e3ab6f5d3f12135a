import type { Portico } from '../portico.js'
import { directoryUrl } from './urls.js'

/** The spec's image caches: one per kind, so a URL is built once per id. */
export type ImageKind = 'wallet' | 'network' | 'chain' | 'connector' | 'token' | 'currency'

/** @internal Each kind's path before the id. */
export const imagePaths: Record<ImageKind, string> = {
  wallet: '/getWalletImage/',
  connector: '/getWalletImage/',
  network: '/public/getAssetImage/',
  chain: '/public/getAssetImage/',
  token: '/public/getTokenImage/',
  currency: '/public/getCurrencyImage/',
}

const idStandIn = '__portico_image_id__'

/**
 * The directory's image URL for an image id of a kind (`/getWalletImage/{id}`,
 * `/public/getAssetImage/{id}`, `/public/getTokenImage/{id}`, `/public/getCurrencyImage/{id}`),
 * cached per instance. Ids that are not plain identifiers give undefined, so nothing from the
 * directory can steer the path.
 *
 * @example
 * <img src={imageUrl(portico, 'token', 'USDC')} />
 */
export function imageUrl(portico: Portico, kind: ImageKind, id: string | undefined): string | undefined {
  if (!id || !/^[\w-]{1,200}$/.test(id)) return undefined
  const cache = portico._internal.imageUrls
  const key = `${kind}:${id}`
  if (!cache.has(key)) {
    // The kind's URL with a stand-in id, built once; each id is spliced in where the stand-in was.
    // The ids allowed ([\w-]) are written the same in a path and in a query, so this equals building
    // the URL for each id, without a URL parse and three query rewrites per new id (each wallet row
    // scrolled into All Wallets: ~20 ms per scroll pass at 4x CPU throttling).
    const template = cache.get(kind) ?? directoryUrl(portico, `${imagePaths[kind]}${idStandIn}`).toString()
    cache.set(kind, template)
    cache.set(key, template.replace(idStandIn, id))
  }
  return cache.get(key)
}
