import * as z from 'zod/mini'
import type { Portico } from '../../kernel/portico.js'
import { lazy } from '../../kernel/utils/lazy.js'

/** The login cache of the spec: login-used flag, email, last chain, social username, last email login time. */
export type LoginCache = {
  used: boolean
  email?: string | undefined
  /** The provider's username of a social or Farcaster login. */
  socialUsername?: string | undefined
  lastChain?: string | undefined
  lastEmailLoginTime?: number | undefined
}

const loginCacheKey = 'embedded-login'
// Storage is untrusted input: the stored value is checked on every read.
const loginCacheSchema = lazy(() =>
  z.object({
    used: z.boolean(),
    email: z.optional(z.string()),
    socialUsername: z.optional(z.string()),
    lastChain: z.optional(z.string()),
    lastEmailLoginTime: z.optional(z.number()),
  }),
)

/**
 * @internal The login cache of `portico`'s embedded wallet (`{ used: false }` when none is stored).
 * Read without the wallet: a page that never used email login makes no frame to find that out.
 *
 * @example
 * if (readLoginCache(portico).used) restore()
 */
export function readLoginCache(portico: Portico): LoginCache {
  const cache = portico.storage.get(loginCacheKey, loginCacheSchema) ?? { used: false }
  // A last email in the future is no record of one (a clock that was ahead and was set right, or an
  // edited value): taken as is it would hold the 30 s cooldown for as long. The auth server keeps
  // its own cooldown per address.
  if (cache.lastEmailLoginTime !== undefined && cache.lastEmailLoginTime > Date.now())
    return { ...cache, lastEmailLoginTime: undefined }
  return cache
}

/** @internal Merges `update` into the stored login cache. */
export function writeLoginCache(portico: Portico, update: Partial<LoginCache>): void {
  portico.storage.set(loginCacheKey, { ...readLoginCache(portico), ...update })
}

/** @internal Forgets the login cache (the spec: on sign-out, and when the frame's session no longer holds). */
export function clearLoginCache(portico: Portico): void {
  portico.storage.remove(loginCacheKey)
}
