import { randomUUID } from 'node:crypto'
import type { Sql } from '../db/database.js'
import type { RequestContext } from '../deps.js'
import { type AuthDeps, iso } from '../deps.js'
import { AuthError } from '../errors.js'
import { type SessionClaims, signSession, verifySession } from './tokens.js'

/** An authenticated request: the context plus the verified session. */
export interface SessionContext extends RequestContext {
  claims: SessionClaims
  token: string
}

/** A user as the API shows it. */
export interface AuthUser {
  id: string
  /** `null` for a user who logged in with a social provider or Farcaster and never gave one. */
  email: string | null
  createdAt: string
}

export const toUser = (row: { id: string; email: string | null; created_at: Date }): AuthUser => ({
  id: row.id,
  email: row.email,
  createdAt: iso(row.created_at),
})

/**
 * Opens a session: always a new random id and a new token, whatever the request carried (a
 * session id is never taken from the client, so nobody can fix one in advance).
 */
export async function openSession(deps: AuthDeps, db: Sql, userId: string, email: string, ctx: RequestContext) {
  const sid = randomUUID()
  const now = deps.now()
  const expiresAt = now + deps.sessionTtlMs
  await db.query(
    `INSERT INTO sessions (id, user_id, device_hash, project_id, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [sid, userId, ctx.deviceHash, ctx.projectId, new Date(now), new Date(expiresAt)],
  )
  const token = await signSession(
    deps.secret,
    { sub: userId, sid, email, pid: ctx.projectId, did: ctx.deviceHash },
    now,
    expiresAt,
  )
  return { token, expiresAt: new Date(expiresAt).toISOString() }
}

/**
 * Checks a bearer token: signature and times (the spec's messages), then the session row (not
 * signed out), the project it was opened for, the device it was opened on, and that the device
 * is still verified for the user.
 */
export async function authenticate(
  deps: AuthDeps,
  token: string | undefined,
  ctx: RequestContext,
): Promise<SessionContext> {
  if (!token) throw new AuthError('UNAUTHORIZED', 'Missing session token')
  const claims = await verifySession(deps.secret, token, deps.now())
  if (claims.pid !== ctx.projectId) throw new AuthError('JWT_INVALID', 'JWT validation error: invalid token')
  if (claims.did !== ctx.deviceHash) throw new AuthError('DEVICE_NOT_VERIFIED', 'Session opened on another device')
  const db = await deps.database()
  const { rows } = await db.query<{ revoked_at: Date | null; expires_at: Date }>(
    'SELECT revoked_at, expires_at FROM sessions WHERE id = $1 AND user_id = $2',
    [claims.sid, claims.sub],
  )
  const session = rows[0]
  if (!session || session.revoked_at) throw new AuthError('SESSION_REVOKED', 'Session signed out')
  const device = await db.query('SELECT 1 FROM devices WHERE user_id = $1 AND device_hash = $2', [
    claims.sub,
    ctx.deviceHash,
  ])
  if (device.rows.length === 0) throw new AuthError('DEVICE_NOT_VERIFIED', 'Device not verified')
  return { ...ctx, claims, token }
}

/** The signed-in user and their session. */
export async function getUser(deps: AuthDeps, session: SessionContext) {
  const db = await deps.database()
  const { rows } = await db.query<{ id: string; email: string | null; created_at: Date }>(
    'SELECT id, email, created_at FROM users WHERE id = $1',
    [session.claims.sub],
  )
  if (!rows[0]) throw new AuthError('SESSION_REVOKED', 'Session signed out')
  // The provider identity the user last logged in with, if any (the spec's social username).
  const social = await db.query<{ provider: string; username: string }>(
    'SELECT provider, username FROM social_identities WHERE user_id = $1 ORDER BY last_login_at DESC LIMIT 1',
    [session.claims.sub],
  )
  const identity = social.rows[0]
  const sessions = await db.query<{ expires_at: Date }>('SELECT expires_at FROM sessions WHERE id = $1', [
    session.claims.sid,
  ])
  return {
    user: {
      ...toUser(rows[0]),
      ...(identity ? { socialProvider: identity.provider, username: identity.username } : {}),
    },
    session: {
      id: session.claims.sid,
      projectId: session.claims.pid,
      expiresAt: iso(sessions.rows[0]?.expires_at ?? new Date(deps.now())),
    },
  }
}

/** Revokes the session: its token is refused from now on, before it expires. */
export async function signOut(deps: AuthDeps, session: SessionContext): Promise<void> {
  await revokeSession(deps, await deps.database(), session.claims.sid)
}

export async function revokeSession(deps: AuthDeps, db: Sql, sid: string): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [
    sid,
    new Date(deps.now()),
  ])
}
