import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider'

/**
 * @internal
 * oidc-provider's storage for one devnet provider: sessions, interactions, codes, tokens and
 * grants in memory, as long as the devnet runs (a devnet restart logs everyone out, which is what
 * a fresh devnet should do). Made per provider, so two providers never share a code or a token.
 * Expiry is checked when an entry is read: no timers keep the process busy.
 */
export function createMemoryStore(now: () => number = Date.now): AdapterFactory {
  const entries = new Map<string, { payload: AdapterPayload; expiresAt: number | undefined }>()
  const grants = new Map<string, Set<string>>()
  const uids = new Map<string, string>()
  const userCodes = new Map<string, string>()

  return (model: string): Adapter => {
    const key = (id: string) => `${model}:${id}`
    const read = (stored: string | undefined) => {
      const entry = stored ? entries.get(stored) : undefined
      if (!entry) return undefined
      if (entry.expiresAt !== undefined && entry.expiresAt <= now()) {
        entries.delete(stored as string)
        return undefined
      }
      return entry.payload
    }
    return {
      async upsert(id, payload, expiresIn) {
        entries.set(key(id), { payload, expiresAt: expiresIn ? now() + expiresIn * 1000 : undefined })
        if (payload.grantId) {
          const ids = grants.get(payload.grantId) ?? new Set<string>()
          ids.add(key(id))
          grants.set(payload.grantId, ids)
        }
        if (payload.uid) uids.set(`${model}:${payload.uid}`, key(id))
        if (payload.userCode) userCodes.set(`${model}:${payload.userCode}`, key(id))
      },
      async find(id) {
        return read(key(id))
      },
      async findByUid(uid) {
        return read(uids.get(`${model}:${uid}`))
      },
      async findByUserCode(userCode) {
        return read(userCodes.get(`${model}:${userCode}`))
      },
      async consume(id) {
        const entry = entries.get(key(id))
        if (entry) entry.payload = { ...entry.payload, consumed: Math.floor(now() / 1000) }
      },
      async destroy(id) {
        entries.delete(key(id))
      },
      async revokeByGrantId(grantId) {
        for (const stored of grants.get(grantId) ?? []) entries.delete(stored)
        grants.delete(grantId)
      },
    }
  }
}
