import { randomUUID } from 'node:crypto'
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers'
import { PASSKEY_CHALLENGE_TTL_MS } from '../constants.js'
import type { Sql } from '../db/database.js'
import type { RequestContext } from '../deps.js'
import { type AuthDeps, iso } from '../deps.js'
import { approveLink } from '../devices/devices.js'
import { AuthError } from '../errors.js'
import { maskEmail } from '../log.js'
import { openSession, type SessionContext, toUser } from '../sessions/sessions.js'

/**
 * The relying party the passkeys belong to: the secure frame's origin(s). The host page never
 * takes part in a ceremony (it runs in the frame), so a passkey made for the wallet can only ever
 * be used from the frame's origin, whatever page embeds it.
 */
export interface PasskeyRelyingParty {
  /** The RP ID: the frame's host name (or a registrable suffix of it). */
  id: string
  /** Name shown by the authenticator when a passkey is made. */
  name: string
  /** Origins an assertion may come from: the frame's. */
  origins(): readonly string[]
}

type Purpose = 'register' | 'login' | 'approve'

interface ChallengeRow {
  id: string
  purpose: Purpose
  challenge: string
  user_id: string | null
  device_hash: string
  project_id: string
  login_challenge_id: string | null
  expires_at: Date
  consumed_at: Date | null
}

interface PasskeyRow {
  id: string
  user_id: string
  public_key: Uint8Array
  counter: string | number
  transports: string
}

const notFound = () => new AuthError('PASSKEY_CHALLENGE_INVALID', 'Passkey challenge not found')

/** A failed ceremony: the library's reason, behind one code the frame shows as is. */
const failed = (reason: string) => new AuthError('PASSKEY_INVALID', `Passkey verification failed: ${reason}`)

/**
 * A ceremony in the frame embedded in a page is cross-origin, and the browser names the page as
 * `topOrigin`. It must be the page the request was made for (`ctx.origin`, already checked against
 * the project's allow-list), so a passkey prompt raised by the frame inside a page that is not the
 * project's never counts. The library checks this for assertions (`expectedTopOrigin`); for a
 * registration it does not, so it is checked here. A top-level ceremony (the wallet's own window)
 * has no top origin.
 */
function checkTopOrigin(response: RegistrationResponseJSON, pageOrigin: string) {
  let clientData: { crossOrigin?: unknown; topOrigin?: unknown }
  try {
    clientData = decodeClientDataJSON(response.response.clientDataJSON)
  } catch {
    throw failed('unreadable client data')
  }
  if (clientData.topOrigin === undefined) return
  if (clientData.crossOrigin !== true || clientData.topOrigin !== pageOrigin)
    throw failed(`Unexpected top origin "${String(clientData.topOrigin)}", expected: ${pageOrigin}`)
}

async function newChallenge(
  deps: AuthDeps,
  db: Sql,
  row: { purpose: Purpose; challenge: string; userId: string | null; ctx: RequestContext; loginChallengeId?: string },
) {
  const id = randomUUID()
  const now = deps.now()
  const expiresAt = new Date(now + PASSKEY_CHALLENGE_TTL_MS)
  await db.query(
    `INSERT INTO passkey_challenges (id, purpose, challenge, user_id, device_hash, project_id, login_challenge_id, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      id,
      row.purpose,
      row.challenge,
      row.userId,
      row.ctx.deviceHash,
      row.ctx.projectId,
      row.loginChallengeId ?? null,
      new Date(now),
      expiresAt,
    ],
  )
  return { challengeId: id, expiresAt: expiresAt.toISOString() }
}

/**
 * Takes a challenge for one verification: it must exist for this purpose, device and project, be
 * unused and unexpired. It is consumed here, before the response is checked, in one atomic
 * statement: a replayed or raced response finds it used, and a failed check burns it too.
 */
async function consumeChallenge(deps: AuthDeps, id: string, purpose: Purpose, ctx: RequestContext) {
  const db = await deps.database()
  const { rows } = await db.query<ChallengeRow>(
    `SELECT * FROM passkey_challenges WHERE id = $1 AND purpose = $2 AND device_hash = $3 AND project_id = $4`,
    [id, purpose, ctx.deviceHash, ctx.projectId],
  )
  const row = rows[0]
  if (!row) throw notFound()
  if (row.consumed_at) throw new AuthError('PASSKEY_CHALLENGE_USED', 'Passkey challenge already used')
  if (new Date(row.expires_at).getTime() <= deps.now())
    throw new AuthError('PASSKEY_CHALLENGE_EXPIRED', 'Passkey challenge expired')
  const taken = await db.query(
    'UPDATE passkey_challenges SET consumed_at = $2 WHERE id = $1 AND consumed_at IS NULL RETURNING id',
    [id, new Date(deps.now())],
  )
  if (taken.rows.length === 0) throw new AuthError('PASSKEY_CHALLENGE_USED', 'Passkey challenge already used')
  return row
}

const transportsOf = (row: PasskeyRow) => (row.transports ? row.transports.split(',') : []) as AuthenticatorTransport[]

/** Options for making a passkey for the signed-in user (excluding the ones they have). */
export async function registrationOptions(deps: AuthDeps, rp: PasskeyRelyingParty, session: SessionContext) {
  const db = await deps.database()
  const existing = await db.query<PasskeyRow>('SELECT * FROM passkeys WHERE user_id = $1', [session.claims.sub])
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: session.claims.email,
    userID: new TextEncoder().encode(session.claims.sub),
    attestationType: 'none',
    excludeCredentials: existing.rows.map((row) => ({ id: row.id, transports: transportsOf(row) })),
    // A discoverable credential: the passkey alone signs in, no address typed first.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  })
  const challenge = await newChallenge(deps, db, {
    purpose: 'register',
    challenge: options.challenge,
    userId: session.claims.sub,
    ctx: session,
  })
  return { ...challenge, options }
}

/** Checks a new passkey (origin, RP ID, challenge, user verification) and stores it; nothing is stored on failure. */
export async function registerPasskey(
  deps: AuthDeps,
  rp: PasskeyRelyingParty,
  session: SessionContext,
  challengeId: string,
  response: RegistrationResponseJSON,
) {
  const challenge = await consumeChallenge(deps, challengeId, 'register', session)
  if (challenge.user_id !== session.claims.sub) throw notFound()
  checkTopOrigin(response, session.origin)
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: [...rp.origins()],
      expectedRPID: rp.id,
      requireUserVerification: true,
    })
  } catch (error) {
    throw failed(error instanceof Error ? error.message : 'invalid response')
  }
  if (!verified.verified || !verified.registrationInfo) throw failed('not verified')
  const { credential } = verified.registrationInfo
  const db = await deps.database()
  const { rows } = await db.query<{ id: string; created_at: Date }>(
    `INSERT INTO passkeys (id, user_id, public_key, counter, transports, created_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (id) DO NOTHING RETURNING id, created_at`,
    [
      credential.id,
      session.claims.sub,
      credential.publicKey,
      credential.counter,
      (credential.transports ?? []).join(','),
      new Date(deps.now()),
    ],
  )
  if (!rows[0]) throw new AuthError('PASSKEY_EXISTS', 'This passkey is already registered')
  deps.log.info('passkey.registered', { userId: session.claims.sub })
  return { passkey: { id: rows[0].id, createdAt: iso(rows[0].created_at) } }
}

/** Options for signing in with a passkey alone (any of the RP's discoverable credentials). */
export async function loginOptions(deps: AuthDeps, rp: PasskeyRelyingParty, ctx: RequestContext) {
  const db = await deps.database()
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' })
  return {
    ...(await newChallenge(deps, db, { purpose: 'login', challenge: options.challenge, userId: null, ctx })),
    options,
  }
}

/**
 * Options for approving this device's pending email login with a passkey of that user, instead of
 * the link in the mail (a passkey synced to the new device, or a security key).
 */
export async function approvalOptions(
  deps: AuthDeps,
  rp: PasskeyRelyingParty,
  ctx: RequestContext,
  loginChallengeId: string,
) {
  const db = await deps.database()
  const { rows } = await db.query<{ user_id: string }>(
    `SELECT user_id FROM device_verifications WHERE challenge_id = $1 AND device_hash = $2 AND approved_at IS NULL`,
    [loginChallengeId, ctx.deviceHash],
  )
  const userId = rows[0]?.user_id
  if (!userId) throw new AuthError('CHALLENGE_NOT_FOUND', 'Login not found')
  const passkeys = await db.query<PasskeyRow>('SELECT * FROM passkeys WHERE user_id = $1', [userId])
  if (passkeys.rows.length === 0) throw new AuthError('PASSKEY_NOT_FOUND', 'No passkey for this account')
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    allowCredentials: passkeys.rows.map((row) => ({ id: row.id, transports: transportsOf(row) })),
  })
  const challenge = await newChallenge(deps, db, {
    purpose: 'approve',
    challenge: options.challenge,
    userId,
    ctx,
    loginChallengeId,
  })
  return { ...challenge, options }
}

/**
 * Checks an assertion against its stored passkey: challenge, origin, RP ID, user verification and
 * the signature counter, which is then raised in one statement conditioned on the value checked
 * (a clone racing the original loses). Returns the passkey's user.
 */
async function verifyAssertion(
  deps: AuthDeps,
  rp: PasskeyRelyingParty,
  ctx: RequestContext,
  challenge: ChallengeRow,
  response: AuthenticationResponseJSON,
): Promise<string> {
  const db = await deps.database()
  const { rows } = await db.query<PasskeyRow>('SELECT * FROM passkeys WHERE id = $1', [response.id])
  const passkey = rows[0]
  if (!passkey || (challenge.user_id && passkey.user_id !== challenge.user_id))
    throw new AuthError('PASSKEY_NOT_FOUND', 'Unknown passkey')
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: [...rp.origins()],
      // In the frame inside a page: that page must be the one the request was made for.
      expectedTopOrigin: ctx.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(passkey.public_key),
        counter: Number(passkey.counter),
        transports: transportsOf(passkey),
      },
    })
  } catch (error) {
    throw failed(error instanceof Error ? error.message : 'invalid response')
  }
  if (!verified.verified) throw failed('not verified')
  const raised = await db.query(
    'UPDATE passkeys SET counter = $3, last_used_at = $4 WHERE id = $1 AND counter = $2 RETURNING id',
    [passkey.id, passkey.counter, verified.authenticationInfo.newCounter, new Date(deps.now())],
  )
  if (raised.rows.length === 0) throw failed('the signature counter changed meanwhile (a cloned passkey?)')
  return passkey.user_id
}

/**
 * Signs in with a passkey alone. The passkey proves the user as strongly as the mailed link does,
 * so this device becomes approved for the user (it may then recover the user's keys).
 */
export async function loginWithPasskey(
  deps: AuthDeps,
  rp: PasskeyRelyingParty,
  ctx: RequestContext,
  challengeId: string,
  response: AuthenticationResponseJSON,
) {
  const challenge = await consumeChallenge(deps, challengeId, 'login', ctx)
  const userId = await verifyAssertion(deps, rp, ctx, challenge, response)
  const db = await deps.database()
  const { rows } = await db.query<{ id: string; email: string; created_at: Date }>(
    'SELECT id, email, created_at FROM users WHERE id = $1',
    [userId],
  )
  const user = rows[0]
  if (!user) throw new AuthError('PASSKEY_NOT_FOUND', 'Unknown passkey')
  const now = new Date(deps.now())
  await db.query(
    `INSERT INTO devices (user_id, device_hash, verified_at, last_seen_at, link_verified_at) VALUES ($1, $2, $3, $3, $3)
     ON CONFLICT (user_id, device_hash) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at,
       link_verified_at = COALESCE(devices.link_verified_at, EXCLUDED.link_verified_at)`,
    [userId, ctx.deviceHash, now],
  )
  const session = await openSession(deps, db, userId, user.email, ctx)
  deps.log.info('login.passkey', { email: maskEmail(user.email), userId })
  return { ...session, isNewUser: false, user: toUser(user) }
}

/** Approves this device's pending email login with a passkey: the code is then mailed, as after the link. */
export async function approveWithPasskey(
  deps: AuthDeps,
  rp: PasskeyRelyingParty,
  ctx: RequestContext,
  challengeId: string,
  response: AuthenticationResponseJSON,
) {
  const challenge = await consumeChallenge(deps, challengeId, 'approve', ctx)
  await verifyAssertion(deps, rp, ctx, challenge, response)
  const db = await deps.database()
  const { rows } = await db.query<{
    token_hash: string
    challenge_id: string
    user_id: string
    device_hash: string
    expires_at: Date
    approved_at: Date | null
  }>('SELECT * FROM device_verifications WHERE challenge_id = $1 AND device_hash = $2', [
    challenge.login_challenge_id,
    ctx.deviceHash,
  ])
  const link = rows[0]
  if (!link) throw new AuthError('CHALLENGE_NOT_FOUND', 'Login not found')
  await approveLink(deps, link)
  return { action: 'VERIFY_OTP' as const }
}

/** The user's passkeys (ids and dates; never a key). */
export async function listPasskeys(deps: AuthDeps, session: SessionContext) {
  const db = await deps.database()
  const { rows } = await db.query<{ id: string; created_at: Date; last_used_at: Date | null }>(
    'SELECT id, created_at, last_used_at FROM passkeys WHERE user_id = $1 ORDER BY created_at',
    [session.claims.sub],
  )
  return rows.map((row) => ({
    id: row.id,
    createdAt: iso(row.created_at),
    lastUsedAt: row.last_used_at ? iso(row.last_used_at) : null,
  }))
}
