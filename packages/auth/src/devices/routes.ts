import { Hono } from 'hono'
import { z } from 'zod'
import { AuthError } from '../errors.js'
import type { AuthEnv, AuthHttpConfig } from '../http/env.js'
import { parse, rateLimit, readBody } from '../http/request.js'
import { approveDevice } from './devices.js'
import { approvedPage, approvePage, messagePage, pageHeaders } from './pages.js'

/**
 * `/v1/devices/approve`: the link in the device mail. No project or origin check: it is opened
 * from a mail client, and the unguessable token is the proof.
 */
export function deviceRoutes(config: AuthHttpConfig) {
  const { deps } = config
  return new Hono<AuthEnv>()
    .get('/approve', (c) => c.body(approvePage(c.req.query('token') ?? ''), 200, pageHeaders))
    .post('/approve', rateLimit(config, 'device'), async (c) => {
      const isJson = (c.req.header('content-type') ?? '').includes('json')
      const body = await readBody(c)
      const token = parse(z.string().min(1).max(128), body.token, 'token')
      try {
        const result = await approveDevice(deps, token)
        return isJson ? c.json({ approved: true, ...result }) : c.body(approvedPage(result.email), 200, pageHeaders)
      } catch (error) {
        if (isJson || !(error instanceof AuthError)) throw error
        return c.body(messagePage('This link does not work', error.message), error.status as 410, pageHeaders)
      }
    })
    .all('/approve', () => {
      throw new AuthError('METHOD_NOT_ALLOWED', 'Method not allowed')
    })
}
