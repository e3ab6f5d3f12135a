import { BaseError } from '../errors/base.js'
import type { Portico } from '../portico.js'
import { retryAfterMs } from '../retry.js'
import * as c from '../utils/check.js'
import { lazy } from '../utils/lazy.js'
import { hostedFetch } from './http.js'
import { imageUrl } from './imageUrls.js'
import { directoryUrl } from './urls.js'

/** Spec: the wallet directory pages 40 entries at a time. */
export const walletDirectoryPageSize = 40

/** Spec: a search of the wallet directory asks for 100 entries at a time. */
export const walletDirectorySearchPageSize = 100

/** A wallet from the directory (the spec). Links are raw: build them with a link helper, never render as HTML. */
export type DirectoryWallet = {
  id: string
  name: string
  image_id?: string | undefined
  /** A host's custom wallet's icon (`customWallets`); directory wallets have an `image_id` instead. */
  image_url?: string | undefined
  rdns?: string | undefined
  mobile_link?: string | undefined
  desktop_link?: string | undefined
  webapp_link?: string | undefined
  chains?: readonly string[] | undefined
}

const walletSchema = lazy(() =>
  c.object({
    id: c.string({ min: 1, max: 200 }),
    name: c.string({ min: 1, max: 500 }),
    image_id: c.nullish(c.string({ max: 200 })),
    rdns: c.nullish(c.string({ max: 300 })),
    mobile_link: c.nullish(c.string({ max: 2000 })),
    desktop_link: c.nullish(c.string({ max: 2000 })),
    webapp_link: c.nullish(c.string({ max: 2000 })),
    chains: c.nullish(c.array(c.string())),
  }),
)
const pageSchema = lazy(() => c.object({ count: c.number({ int: true, min: 0 }), data: c.array(c.unknown()) }))

export type FetchWalletsParameters = {
  page?: number | undefined
  entries?: number | undefined
  search?: string | undefined
  include?: readonly string[] | undefined
  exclude?: readonly string[] | undefined
  chains?: readonly string[] | undefined
  badge_type?: string | undefined
}
export type FetchWalletsReturnType = { count: number; data: DirectoryWallet[]; page: number }

export type WalletDirectoryErrorType = WalletDirectoryError & { name: 'WalletDirectoryError' }
/** The directory answered with an error status or a response that is not a page of wallets. */
export class WalletDirectoryError extends BaseError {
  override name = 'WalletDirectoryError' as const
  /** The HTTP status when the directory answered with one (429, 5xx, …). */
  readonly status: number | undefined
  /** How long the directory asked to wait before another try (its Retry-After), when it said. */
  readonly retryAfterMs: number | undefined
  constructor({
    cause,
    status,
    retryAfterMs,
  }: { cause?: unknown; status?: number; retryAfterMs?: number | undefined } = {}) {
    super('Failed to fetch wallets', { cause, details: status ? `HTTP ${status}` : undefined })
    this.status = status
    this.retryAfterMs = retryAfterMs
  }
}

/**
 * One page of the wallet directory (`GET {api}/getWallets`), narrowed by the host's
 * `includeWalletIds` (unless `include` is given) and `excludeWalletIds` (added to `exclude`). The response is untrusted: entries
 * that do not have the directory's shape are dropped one by one (with a warning), so one bad
 * entry never empties a page; a response that is not a page at all is a {@link WalletDirectoryError}.
 *
 * @example
 * const { data, count } = await fetchWallets(portico, { page: 1, search: 'rain' })
 */
export async function fetchWallets(
  portico: Portico,
  {
    page = 1,
    entries = walletDirectoryPageSize,
    search,
    include,
    exclude,
    chains,
    badge_type,
  }: FetchWalletsParameters = {},
): Promise<FetchWalletsReturnType> {
  // The host's lists narrow every directory request: `includeWalletIds` unless the caller asks
  // for given wallets (the featured ones), and `excludeWalletIds` always.
  include ??= portico.options.includeWalletIds
  exclude = [...portico.options.excludeWalletIds, ...(exclude ?? [])]
  const url = directoryUrl(portico, '/getWallets')
  url.searchParams.set('page', String(page))
  url.searchParams.set('entries', String(entries))
  if (search?.trim()) url.searchParams.set('search', search.trim())
  if (include?.length) url.searchParams.set('include', include.join(','))
  if (exclude?.length) url.searchParams.set('exclude', exclude.join(','))
  if (chains?.length) url.searchParams.set('chains', chains.join(','))
  if (badge_type) url.searchParams.set('badge_type', badge_type)
  let body: unknown
  try {
    const response = await hostedFetch(portico, url)
    if (!response.ok) throw new WalletDirectoryError({ status: response.status, retryAfterMs: retryAfterMs(response) })
    body = await response.json()
  } catch (error) {
    throw error instanceof WalletDirectoryError ? error : new WalletDirectoryError({ cause: error })
  }
  const parsed = pageSchema().safeParse(body)
  if (!parsed.success) throw new WalletDirectoryError({ cause: new c.CheckError(parsed.issues) })
  const data: DirectoryWallet[] = []
  for (const entry of parsed.data.data) {
    const wallet = walletSchema().safeParse(entry)
    if (!wallet.success) {
      console.warn('[portico] Ignored a malformed wallet directory entry')
      continue
    }
    // The directory's nulls come out as undefined.
    data.push(wallet.data)
  }
  return { count: parsed.data.count, data, page }
}

/**
 * URL of a wallet's image in the directory (`GET {api}/getWalletImage/{id}`), or undefined.
 *
 * @example
 * <img src={walletImageUrl(portico, wallet.image_id)} />
 */
export function walletImageUrl(portico: Portico, imageId: string | undefined): string | undefined {
  return imageUrl(portico, 'wallet', imageId)
}

/**
 * Whether the hosted (or self-hosted) wallet directory is used: it needs a project id, and the
 * `walletDirectory` option not set to false. Otherwise lists show the installed wallets only.
 *
 * @example
 * if (isWalletDirectoryEnabled(portico)) …
 */
export function isWalletDirectoryEnabled(portico: Portico): boolean {
  return Boolean(portico.options.projectId) && portico.options.walletDirectory
}
