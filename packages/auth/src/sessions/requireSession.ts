import type { MiddlewareHandler } from 'hono'
import type { AuthEnv, AuthHttpConfig } from '../http/env.js'
import { header } from '../http/request.js'
import { authenticate } from './sessions.js'

/** Middleware: a valid session token (after `requestContext`). */
export function requireSession(config: AuthHttpConfig): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const token = header(c, 'authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1]
    c.set('session', await authenticate(config.deps, token, c.get('request')))
    await next()
  }
}
