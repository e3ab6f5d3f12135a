import { generateSiwxNonce } from '@portico/headless/siwx/config'

/** The state of a nonce when a message that carries it arrives. */
export type SiwxNonceState = 'valid' | 'unknown' | 'expired' | 'used'

/**
 * Where a verifier keeps the nonces it issued. Each nonce is good for one sign-in and only
 * until it expires.
 *
 * A database implementation (one row per nonce):
 * ```sql
 * create table siwx_nonces (
 *   nonce      text primary key,
 *   expires_at timestamptz not null,
 *   used_at    timestamptz          -- null until a sign-in consumed it
 * );
 * -- consume, atomically: exactly one concurrent caller gets the row back
 * update siwx_nonces set used_at = now()
 *   where nonce = $1 and used_at is null and expires_at > now() returning nonce;
 * ```
 * (Delete rows some time after `expires_at` to keep the table small.)
 */
export type SiwxNonceStore = {
  /** Creates and remembers a fresh nonce. `expiresAt` is in ms since the epoch. */
  issue(): Promise<{ nonce: string; expiresAt: number }>
  /** The nonce's state, without changing it. */
  check(nonce: string): Promise<SiwxNonceState>
  /**
   * Uses the nonce up. Returns its state before the call: only `valid` means this call
   * consumed it, so of two concurrent sign-ins with one nonce exactly one wins.
   */
  consume(nonce: string): Promise<SiwxNonceState>
}

export type MemoryNonceStoreOptions = {
  /** How long an issued nonce stays usable, in ms (default 5 minutes). */
  ttl?: number | undefined
  /** Most nonces kept; the oldest are forgotten first (default 10,000). */
  maxEntries?: number | undefined
  /** Clock, in ms since the epoch (tests pass their own). */
  now?: (() => number) | undefined
}

/**
 * A nonce store in process memory: fine for one server process and for tests. Used nonces
 * are remembered until they would have expired, so a replay is reported as `used`.
 *
 * @example
 * const nonces = createMemoryNonceStore({ ttl: 60_000 })
 * const { nonce } = await nonces.issue()
 */
export function createMemoryNonceStore({
  ttl = 5 * 60_000,
  maxEntries = 10_000,
  now = Date.now,
}: MemoryNonceStoreOptions = {}): SiwxNonceStore {
  const entries = new Map<string, { expiresAt: number; used: boolean }>()
  const stateOf = (nonce: string): SiwxNonceState => {
    const entry = entries.get(nonce)
    if (!entry) return 'unknown'
    if (entry.used) return 'used'
    return entry.expiresAt <= now() ? 'expired' : 'valid'
  }
  const prune = () => {
    const time = now()
    for (const [nonce, entry] of entries) if (entry.expiresAt + ttl <= time) entries.delete(nonce)
    // Map iteration is insertion order: the first keys are the oldest.
    for (const nonce of entries.keys()) {
      if (entries.size < maxEntries) break
      entries.delete(nonce)
    }
  }
  return {
    async issue() {
      prune()
      const nonce = generateSiwxNonce()
      const expiresAt = now() + ttl
      entries.set(nonce, { expiresAt, used: false })
      return { nonce, expiresAt }
    },
    async check(nonce) {
      return stateOf(nonce)
    },
    async consume(nonce) {
      const state = stateOf(nonce)
      const entry = entries.get(nonce)
      if (state === 'valid' && entry) entry.used = true
      return state
    },
  }
}
