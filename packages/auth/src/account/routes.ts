import { Hono } from 'hono'
import type { AuthEnv, AuthHttpConfig } from '../http/env.js'
import { emailSchema, parse, readBody, requestContext } from '../http/request.js'
import { requireSession } from '../sessions/requireSession.js'
import { deleteAccount } from './account.js'

/** `/v1/account`: `DELETE` removes the user and everything stored for them (signed in). */
export function accountRoutes(config: AuthHttpConfig) {
  return new Hono<AuthEnv>().delete('/', requestContext(config), requireSession(config), async (c) => {
    const body = await readBody(c)
    return c.json(await deleteAccount(config.deps, c.get('session'), parse(emailSchema, body.confirm, 'confirm')))
  })
}
