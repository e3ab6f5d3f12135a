/** The part of the Web Storage API Portico uses. Pass your own (e.g. an in-memory one) or `null`. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/**
 * @internal What a stored value is checked with: a kernel check (utils/check.ts) or a feature's zod
 * schema; both have this `safeParse`.
 */
export type StoredShape<T> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false }
}

/**
 * @internal Typed, validated access to persisted values under one prefix. `get` takes the shape or
 * a function that builds it, called only when something is stored under the key (a page with
 * nothing stored builds no check).
 */
export type PorticoStorage = {
  get<T>(key: string, schema: StoredShape<T> | (() => StoredShape<T>)): T | undefined
  set(key: string, value: unknown): void
  remove(key: string): void
}

/** Storage key prefix (spec: `@appkit/`; ours is `@portico/`). */
export const storagePrefix = '@portico/'

/** Persisted keys. Per-namespace keys take the namespace after a colon. */
export const storageKeys = {
  connectedConnector: (namespace: string) => `connected-connector:${namespace}`,
  // The active address, so a server (cookie storage) or a restoring page can show it before the wallet answers.
  connectedAddress: (namespace: string) => `connected-address:${namespace}`,
  activeNetwork: 'active-network',
  recentWallets: 'recent-wallets',
} as const

/**
 * @internal
 * Wraps a storage so that nothing read from it can crash Portico: values are JSON-parsed and
 * shape-checked; anything corrupt or foreign is removed with a warning and treated as absent.
 * Storage that throws (private mode, quota, disabled cookies) degrades to no persistence.
 */
export function createPorticoStorage(storage: StorageLike | null | undefined, prefix = storagePrefix): PorticoStorage {
  return {
    get(key, schema) {
      if (!storage) return undefined
      let raw: string | null
      try {
        raw = storage.getItem(prefix + key)
      } catch {
        return undefined
      }
      if (raw === null) return undefined
      let parsed: unknown
      try {
        parsed = JSON.parse(raw)
      } catch {
        discard(storage, prefix + key, 'it is not JSON')
        return undefined
      }
      const result = (typeof schema === 'function' ? schema() : schema).safeParse(parsed)
      if (!result.success) {
        discard(storage, prefix + key, 'it does not have the expected shape')
        return undefined
      }
      return result.data
    },
    set(key, value) {
      if (!storage) return
      try {
        storage.setItem(prefix + key, JSON.stringify(value))
      } catch (error) {
        console.warn(`[portico] Could not persist ${prefix + key}`, error)
      }
    },
    remove(key) {
      if (!storage) return
      try {
        storage.removeItem(prefix + key)
      } catch {
        // Nothing to do: a storage that cannot remove also cannot have served the value.
      }
    },
  }
}

function discard(storage: StorageLike, key: string, why: string) {
  console.warn(`[portico] Discarded the stored value of ${key}: ${why}.`)
  try {
    storage.removeItem(key)
  } catch {}
}

/** @internal The browser's localStorage when it exists and works, otherwise undefined. Never throws. */
export function getDefaultStorage(): StorageLike | undefined {
  try {
    if (typeof window === 'undefined' || !window.localStorage) return undefined
    return window.localStorage
  } catch {
    return undefined
  }
}
