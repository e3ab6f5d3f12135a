import { Hono } from 'hono'
import { z } from 'zod'
import type { AuthEnv, AuthHttpConfig } from '../http/env.js'
import { parse, readBody, requestContext } from '../http/request.js'
import { requireSession } from '../sessions/requireSession.js'
import { deleteAccount } from './account.js'

/**
 * The account's email address (read as an address is everywhere: trimmed, lower case), or its user
 * id when it has none (a social or Farcaster login).
 */
const confirmSchema = z
  .string()
  .trim()
  .min(1)
  .max(254)
  .transform((s) => (s.includes('@') ? s.toLowerCase() : s))

/** `/v1/account`: `DELETE` removes the user and everything stored for them (signed in). */
export function accountRoutes(config: AuthHttpConfig) {
  return new Hono<AuthEnv>().delete('/', requestContext(config), requireSession(config), async (c) => {
    const body = await readBody(c)
    return c.json(await deleteAccount(config.deps, c.get('session'), parse(confirmSchema, body.confirm, 'confirm')))
  })
}
