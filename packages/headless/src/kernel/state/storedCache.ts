import type { Portico } from '../portico.js'
import * as c from '../utils/check.js'
import type { StoredShape } from './storage.js'

/**
 * The values the spec caches across reloads, each under its own storage key (with Portico's
 * `@portico/` prefix): `portfolio_cache` and `native_balance_cache` live 30 s, `name_cache` and
 * `identity_cache` 5 minutes.
 */
export type StoredCacheKind = 'portfolio' | 'nativeBalance' | 'name' | 'identity'

/** @internal Storage key (after the prefix) and lifetime of each cached kind (the spec's values). */
export const storedCaches: Record<StoredCacheKind, { key: string; lifetimeMs: number }> = {
  portfolio: { key: 'portfolio_cache', lifetimeMs: 30_000 },
  nativeBalance: { key: 'native_balance_cache', lifetimeMs: 30_000 },
  name: { key: 'name_cache', lifetimeMs: 300_000 },
  identity: { key: 'identity_cache', lifetimeMs: 300_000 },
}

const entries = <T>(value: c.Check<T>) => c.record(c.object({ timestamp: c.number(), value }))

/**
 * @internal
 * A value cached under `key` that is younger than its kind's lifetime, with the time it was
 * stored (for TanStack's `initialDataUpdatedAt`, so a reload keeps the original expiry). An entry
 * that is not JSON or not of the expected shape is dropped with a warning (the storage wrapper);
 * an expired one, or one stored in the future (the clock was set back), is ignored.
 */
export function readStoredCache<T>(
  portico: Portico,
  kind: StoredCacheKind,
  key: string,
  schema: StoredShape<T> | (() => StoredShape<T>),
  now = Date.now(),
): { value: T; timestamp: number } | undefined {
  const { key: storageKey, lifetimeMs } = storedCaches[kind]
  const entry = portico.storage.get(storageKey, () =>
    entries(c.from(typeof schema === 'function' ? schema() : schema)),
  )?.[key]
  return entry && now >= entry.timestamp && now - entry.timestamp < lifetimeMs
    ? (entry as { value: T; timestamp: number })
    : undefined
}

/** @internal Stores `value` under `key` for its kind's lifetime, dropping the kind's expired entries. */
export function writeStoredCache(
  portico: Portico,
  kind: StoredCacheKind,
  key: string,
  value: unknown,
  now = Date.now(),
): void {
  const { key: storageKey, lifetimeMs } = storedCaches[kind]
  const kept: Record<string, { timestamp: number; value?: unknown }> = {}
  for (const [k, entry] of Object.entries(portico.storage.get(storageKey, () => entries(c.unknown())) ?? {}))
    if (entry && now >= entry.timestamp && now - entry.timestamp < lifetimeMs) kept[k] = entry
  kept[key] = { timestamp: now, value }
  portico.storage.set(storageKey, kept)
}
