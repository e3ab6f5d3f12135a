import { Hono } from 'hono'
import type { AuthEnv, AuthHttpConfig } from '../http/env.js'
import { projectOrigin } from '../http/request.js'

/**
 * `GET /v1/origin`: the page origin the request is made for, when the project allows it (else the
 * usual 403 `ORIGIN_NOT_ALLOWED`). The secure frame asks it before the first login, so a page off
 * the allow-list is told so (`unverified_domain`) before the user is asked for anything. It takes
 * no device id: the frame asks before its storage step, when it may have nowhere to keep one.
 */
export function originRoutes(config: AuthHttpConfig) {
  return new Hono<AuthEnv>().get('/', (c) => c.json({ origin: projectOrigin(c, config).origin }))
}
