import { Hono } from 'hono'
import type { AuthEnv, AuthHttpConfig } from '../http/env.js'
import { requestContext } from '../http/request.js'
import { requireSession } from './requireSession.js'
import { getUser, signOut } from './sessions.js'

/** `GET /v1/session` (who is signed in) and `DELETE /v1/session` (sign out). */
export function sessionRoutes(config: AuthHttpConfig) {
  const { deps } = config
  const signedIn = [requestContext(config), requireSession(config)] as const
  return new Hono<AuthEnv>()
    .get('/', ...signedIn, async (c) => c.json(await getUser(deps, c.get('session'))))
    .delete('/', ...signedIn, async (c) => {
      await signOut(deps, c.get('session'))
      return c.json({ signedOut: true })
    })
}
