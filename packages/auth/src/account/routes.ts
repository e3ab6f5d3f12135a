import { Hono } from 'hono'
import { z } from 'zod'
import type { AuthEnv, AuthHttpConfig } from '../http/env.js'
import { emailSchema, idSchema, parse, readBody, requestContext } from '../http/request.js'
import { requireSession } from '../sessions/requireSession.js'
import { deleteAccount } from './account.js'

/**
 * The account's email address (read as every address is), or its user id when it has none (a
 * social or Farcaster login).
 */
const confirmSchema = z.union([emailSchema, z.string().trim().pipe(idSchema)])

/** `/v1/account`: `DELETE` removes the user and everything stored for them (signed in). */
export function accountRoutes(config: AuthHttpConfig) {
  return new Hono<AuthEnv>().delete('/', requestContext(config), requireSession(config), async (c) => {
    const body = await readBody(c)
    return c.json(await deleteAccount(config.deps, c.get('session'), parse(confirmSchema, body.confirm, 'confirm')))
  })
}
