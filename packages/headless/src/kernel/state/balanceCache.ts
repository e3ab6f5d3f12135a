import { tokenBalanceCheck } from '../api/blockchainApi.js'
import { defineFeatureState, featureState } from '../featureState.js'
import type { Portico } from '../portico.js'
import type { TokenBalance } from '../types.js'
import { accountKey } from '../utils/address.js'
import type { CaipNetworkId } from '../utils/caip.js'
import * as c from '../utils/check.js'
import { readStoredCache, writeStoredCache } from './storedCache.js'

// Loaded with the first balance read (`query/balance.ts`), never at page start: the account button
// reads the balance there, and this module, its schema and the stored-cache helpers would all be
// page-start bytes if the query imported them statically.

type Account = { address?: string | undefined; caipNetworkId?: CaipNetworkId | undefined }

/**
 * The stored cache an account's balances on a network live in: the portfolio (prices and values)
 * when the instance reads balances from the blockchain API, the native balance cache when it reads
 * the chain. One entry per network and address (an EVM address in any case is the same account).
 */
function balanceCache(portico: Portico, { address, caipNetworkId }: Account) {
  if (!address || !caipNetworkId) return undefined
  const api = Boolean(portico.options.projectId && portico.options.blockchainApi)
  return {
    kind: api ? ('portfolio' as const) : ('nativeBalance' as const),
    key: `${caipNetworkId}|${accountKey(address)}`,
  }
}

/** The accounts whose balances this instance read already: only the first read may be the cache's. */
const readOnce = defineFeatureState('balanceCache', () => new Set<string>())

/**
 * @internal
 * `account`'s balances. The first read of an account on this instance (the page's load) is answered
 * without a request by balances stored less than 30 s ago, before a reload; an expired or corrupt
 * entry (dropped with a warning) is read again. Every later read (a refetch after a send, an
 * invalidation) calls `read`: the page's own reads are in its query cache. What `read` returns is
 * stored for 30 s. On the page, balances from the stored cache count as read at the page's load.
 */
export async function cachedBalances(
  portico: Portico,
  account: Account,
  read: () => Promise<TokenBalance[]>,
): Promise<TokenBalance[]> {
  const cache = balanceCache(portico, account)
  if (!cache) return read()
  const readBefore = featureState(portico, readOnce)
  if (!readBefore.has(cache.key)) {
    readBefore.add(cache.key)
    const stored = readStoredCache(portico, cache.kind, cache.key, () => c.array(tokenBalanceCheck()))
    if (stored) return stored.value as TokenBalance[]
  }
  const balances = await read()
  writeStoredCache(portico, cache.kind, cache.key, balances)
  return balances
}
