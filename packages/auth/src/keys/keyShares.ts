import { randomUUID } from 'node:crypto'
import { seal, unseal } from '../crypto.js'
import { type AuthDeps, iso } from '../deps.js'
import { isLinkVerified } from '../devices/devices.js'
import { AuthError } from '../errors.js'
import type { SessionContext } from '../sessions/sessions.js'

/**
 * How a key's recovery share is protected: sealed with the server's recovery key (the operator can
 * rebuild the key), or encrypted in the frame with a secret only the user holds (the server keeps
 * ciphertext it cannot open).
 */
export type RecoveryMode = 'operator-assisted' | 'user-held'

interface KeyRow {
  id: string
  namespace: string
  address: string
  created_at: Date
  recovery_mode: RecoveryMode
}

const toKey = (row: KeyRow) => ({
  id: row.id,
  namespace: row.namespace,
  address: row.address,
  createdAt: iso(row.created_at),
  recoveryMode: row.recovery_mode,
})

// The sealed recovery share names its user, namespace and address, so it cannot be moved to another row.
const recoveryContext = (userId: string, namespace: string, address: string) => `${userId}:${namespace}:${address}`

const notApproved = () =>
  new AuthError(
    'RECOVERY_NOT_ALLOWED',
    'This device was not approved from the link in the mail: it cannot use this wallet',
  )

/**
 * Stores the server's shares of a new key made on this device: `share` (released to this device
 * only) and, when given, `recoveryShare`, sealed with the recovery key. One key per user and
 * namespace; never overwritten.
 */
export async function putKeyShare(
  deps: AuthDeps,
  session: SessionContext,
  namespace: string,
  address: string,
  share: Uint8Array,
  recoveryShare?: Uint8Array,
  recoveryMode: RecoveryMode = 'operator-assisted',
) {
  const db = await deps.database()
  const sealed = recoveryShare
    ? seal(deps.recoveryKey, recoveryContext(session.claims.sub, namespace, address), recoveryShare)
    : null
  const { rows } = await db.query<KeyRow>(
    `INSERT INTO key_shares (id, user_id, namespace, address, share, created_at, device_hash, recovery_share, recovery_mode)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (user_id, namespace) DO NOTHING
     RETURNING id, namespace, address, created_at, recovery_mode`,
    [
      randomUUID(),
      session.claims.sub,
      namespace,
      address,
      share,
      new Date(deps.now()),
      session.deviceHash,
      sealed,
      recoveryMode,
    ],
  )
  if (!rows[0]) throw new AuthError('KEY_EXISTS', `A ${namespace} key already exists for this user`)
  deps.log.info('key.stored', { userId: session.claims.sub, namespace, recoveryMode })
  return toKey(rows[0])
}

/**
 * Releases the two server shares of a key (share 2 and the unsealed recovery share) to a device
 * approved through the mailed link, so that its frame can rebuild the key once and split it
 * again for itself. A device that only typed a code gets `RECOVERY_NOT_ALLOWED`.
 */
export async function recoverKeyShares(deps: AuthDeps, session: SessionContext, namespace: string) {
  const db = await deps.database()
  if (!(await isLinkVerified(db, session.claims.sub, session.deviceHash))) throw notApproved()
  const { rows } = await db.query<KeyRow & { share: Uint8Array; recovery_share: Uint8Array | null }>(
    'SELECT id, namespace, address, created_at, recovery_mode, share, recovery_share FROM key_shares WHERE user_id = $1 AND namespace = $2',
    [session.claims.sub, namespace],
  )
  const row = rows[0]
  if (!row) throw new AuthError('KEY_NOT_FOUND', `No ${namespace} key for this user`)
  if (!row.recovery_share) throw new AuthError('SHARE_NOT_FOUND', `The ${namespace} key has no recovery share`)
  let recovery: Buffer
  try {
    recovery = unseal(deps.recoveryKey, recoveryContext(session.claims.sub, namespace, row.address), row.recovery_share)
  } catch {
    // Another recovery key than the one that sealed it (a misconfigured server), or altered data.
    throw new AuthError('INTERNAL', 'The recovery share could not be opened')
  }
  deps.log.info('key.recovered', { userId: session.claims.sub, namespace })
  return {
    key: toKey(row),
    share: Buffer.from(row.share).toString('base64'),
    recoveryShare: recovery.toString('base64'),
  }
}

/** Stores this device's server half of its own split of an existing key (after a recovery). */
export async function putDeviceShare(deps: AuthDeps, session: SessionContext, namespace: string, share: Uint8Array) {
  const db = await deps.database()
  if (!(await isLinkVerified(db, session.claims.sub, session.deviceHash))) throw notApproved()
  const { rows } = await db.query<KeyRow>(
    'SELECT id, namespace, address, created_at, recovery_mode FROM key_shares WHERE user_id = $1 AND namespace = $2',
    [session.claims.sub, namespace],
  )
  if (!rows[0]) throw new AuthError('KEY_NOT_FOUND', `No ${namespace} key for this user`)
  await db.query(
    `INSERT INTO device_key_shares (user_id, namespace, device_hash, share, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id, namespace, device_hash) DO UPDATE SET share = EXCLUDED.share, created_at = EXCLUDED.created_at`,
    [session.claims.sub, namespace, session.deviceHash, share, new Date(deps.now())],
  )
  return toKey(rows[0])
}

/** The user's keys (namespace and address; never a share). */
export async function listKeys(deps: AuthDeps, session: SessionContext) {
  const db = await deps.database()
  const { rows } = await db.query<KeyRow>(
    'SELECT id, namespace, address, created_at, recovery_mode FROM key_shares WHERE user_id = $1 ORDER BY created_at, namespace',
    [session.claims.sub],
  )
  return rows.map(toKey)
}

/**
 * The server half of this device's share pair: its own split (after a recovery), else share 2
 * when this device made the key. Any other device gets `SHARE_NOT_FOUND`.
 */
export async function getKeyShare(deps: AuthDeps, session: SessionContext, namespace: string) {
  const db = await deps.database()
  const { rows } = await db.query<
    KeyRow & { share: Uint8Array; device_hash: string | null; own_share: Uint8Array | null }
  >(
    `SELECT k.id, k.namespace, k.address, k.created_at, k.recovery_mode, k.share, k.device_hash, d.share AS own_share
     FROM key_shares k
     LEFT JOIN device_key_shares d ON d.user_id = k.user_id AND d.namespace = k.namespace AND d.device_hash = $3
     WHERE k.user_id = $1 AND k.namespace = $2`,
    [session.claims.sub, namespace, session.deviceHash],
  )
  const row = rows[0]
  if (!row) throw new AuthError('KEY_NOT_FOUND', `No ${namespace} key for this user`)
  // Keys stored before schema 2 name no device: their share goes to any verified device, as then.
  const share = row.own_share ?? (row.device_hash === session.deviceHash || !row.device_hash ? row.share : null)
  if (!share) throw new AuthError('SHARE_NOT_FOUND', `This device holds no share of the ${namespace} key`)
  return { key: toKey(row), share: Buffer.from(share).toString('base64') }
}
