import type { Grant } from './permissions.js'
import { get, set } from './vault.js'

/**
 * The frame origin's grant store (IndexedDB, the same database as the key shares, which the host
 * page cannot open). Every read-modify-write runs in one queue, so two sends racing for the last
 * of an allowance cannot both pass the check.
 */

const key = 'permission-grants'
let queue: Promise<unknown> = Promise.resolve()

/** Runs `change` on the stored grants in the frame's single queue; stores what it returns. */
export function updateGrants<T>(change: (grants: Grant[]) => { grants: Grant[]; result: T }): Promise<T> {
  const next = queue.then(async () => {
    const { grants, result } = change((await get<Grant[]>(key)) ?? [])
    await set(key, grants)
    return result
  })
  queue = next.catch(() => undefined)
  return next
}

/** The stored grants, read in the same queue (after any write in flight), without writing. */
export function readGrants(): Promise<Grant[]> {
  const next = queue.then(async () => (await get<Grant[]>(key)) ?? [])
  queue = next.catch(() => undefined)
  return next
}
