import type { Portico } from '../config/createPortico.js'
import { directoryUrl } from './urls.js'

/** The spec's image caches: one per kind, so a URL is built once per id. */
export type ImageKind = 'wallet' | 'network' | 'chain' | 'connector' | 'token' | 'currency'

const paths: Record<ImageKind, string> = {
  wallet: '/getWalletImage/',
  connector: '/getWalletImage/',
  network: '/public/getAssetImage/',
  chain: '/public/getAssetImage/',
  token: '/public/getTokenImage/',
  currency: '/public/getCurrencyImage/',
}

const caches = new WeakMap<Portico, Map<string, string | undefined>>()

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
  let cache = caches.get(portico)
  if (!cache) {
    cache = new Map()
    caches.set(portico, cache)
  }
  const key = `${kind}:${id}`
  if (!cache.has(key)) cache.set(key, directoryUrl(portico, `${paths[kind]}${id}`).toString())
  return cache.get(key)
}
