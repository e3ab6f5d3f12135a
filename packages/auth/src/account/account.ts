import type { AuthDeps } from '../deps.js'
import { AuthError } from '../errors.js'
import { maskEmail } from '../log.js'
import type { SessionContext } from '../sessions/sessions.js'

/**
 * Deletes the signed-in user: the user row and, with it (foreign keys, one statement), every key
 * share, recovery share, device, session, passkey and pending code. The caller confirms with the
 * account's email address, or its user id for an account without one (a social or Farcaster
 * login): a stray click or a script holding only the session's frame call is not enough. Answers
 * the keys whose server shares were destroyed, so the frame can tell the user what is lost:
 * without an exported key, those wallets cannot be opened again.
 */
export async function deleteAccount(deps: AuthDeps, session: SessionContext, confirm: string) {
  const db = await deps.database()
  return db.transaction(async (tx) => {
    const user = await tx.query<{ email: string | null }>('SELECT email FROM users WHERE id = $1', [session.claims.sub])
    const row = user.rows[0]
    if (!row) throw new AuthError('SESSION_REVOKED', 'Session signed out')
    const { email } = row
    if ((email ?? session.claims.sub) !== confirm)
      throw new AuthError('BAD_REQUEST', 'Invalid confirm: type the account’s email address')
    const keys = await tx.query<{ namespace: string; address: string }>(
      'SELECT namespace, address FROM key_shares WHERE user_id = $1 ORDER BY namespace',
      [session.claims.sub],
    )
    await tx.query('DELETE FROM passkey_challenges WHERE user_id = $1', [session.claims.sub])
    await tx.query('DELETE FROM users WHERE id = $1', [session.claims.sub])
    deps.log.info('account.deleted', { ...(email ? { email: maskEmail(email) } : {}), userId: session.claims.sub })
    return { deleted: true as const, keys: keys.rows }
  })
}
