import { type Context, Hono } from 'hono'
import { z } from 'zod'
import { AuthError } from '../errors.js'
import type { AuthEnv, AuthHttpConfig } from '../http/env.js'
import { parse, rateLimit, readBody } from '../http/request.js'
import { approveDevice } from './devices.js'
import { approvedPage, approvePage, messagePage, pageHeaders } from './pages.js'

const tokenSchema = z.string().min(1).max(128)

/**
 * Whether the POST comes from a person's browser, answered with pages: the page's form (a form
 * body), or a browser asking for HTML. A JSON body is an API client's, answered with JSON whatever
 * it accepts, and so is a call that neither sends a form nor asks for HTML.
 */
function fromBrowser(c: Context): boolean {
  const type = c.req.header('content-type') ?? ''
  if (type.includes('json')) return false
  return type.includes('application/x-www-form-urlencoded') || (c.req.header('accept') ?? '').includes('text/html')
}

/**
 * `/v1/devices/approve`: the link in the device mail. No project or origin check: it is opened
 * from a mail client, and the unguessable token is the proof.
 */
export function deviceRoutes(config: AuthHttpConfig) {
  const { deps } = config
  return new Hono<AuthEnv>()
    .get('/approve', (c) => c.body(approvePage(c.req.query('token') ?? ''), 200, pageHeaders))
    .post('/approve', rateLimit(config, 'device'), async (c) => {
      const page = fromBrowser(c)
      // A refused post (no token, a malformed one or a malformed body, as well as an unknown or
      // expired link) is a page for the person who pressed the button, with the error's status.
      try {
        const body = await readBody(c)
        const result = await approveDevice(deps, parse(tokenSchema, body.token, 'token'))
        return page ? c.body(approvedPage(result.email), 200, pageHeaders) : c.json({ approved: true, ...result })
      } catch (error) {
        if (!page || !(error instanceof AuthError)) throw error
        return c.body(messagePage('This link does not work', error.message), error.status as 410, pageHeaders)
      }
    })
}
