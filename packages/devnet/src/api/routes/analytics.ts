/**
 * Analytics: `POST /e` stores events (refused with 403 while the page's origin is not allowed),
 * and the devnet's control routes list and clear them.
 */
import { Hono } from 'hono'
import { type EmulatorEnv, HttpError, isRecord, readJson } from '../../emulator/app.js'
import type { ApiContext } from '../context.js'
import { switchMessages } from '../switches.js'

/** @internal `GET /__devnet/analytics` and `POST /__devnet/analytics/clear`: no hosted parameters, no faults. */
export function analyticsControlRoutes(ctx: ApiContext): Hono<EmulatorEnv> {
  const app = new Hono<EmulatorEnv>()
  app.get('/__devnet/analytics', (c) => c.json({ events: ctx.events }))
  app.post('/__devnet/analytics/clear', (c) => {
    ctx.events.length = 0
    return c.json({ events: [] })
  })
  return app
}

/** @internal `POST /e`. */
export function analyticsRoutes(ctx: ApiContext): Hono<EmulatorEnv> {
  const app = new Hono<EmulatorEnv>()
  app.post('/e', async (c) => {
    // The hosted service refuses events from a page whose origin is not on the allow-list.
    if (ctx.switches.origins === 403) throw new HttpError(403, switchMessages[403] ?? 'Forbidden')
    const body = await readJson(c)
    if (
      !isRecord(body) ||
      typeof body.eventId !== 'string' ||
      typeof body.url !== 'string' ||
      typeof body.domain !== 'string' ||
      typeof body.timestamp !== 'number' ||
      !isRecord(body.props)
    ) {
      throw new HttpError(
        400,
        'Expected { eventId: string, url: string, domain: string, timestamp: number, props: object }',
      )
    }
    ctx.events.push({
      eventId: body.eventId,
      url: body.url,
      domain: body.domain,
      timestamp: body.timestamp,
      props: body.props,
      projectId: c.req.query('projectId') ?? '',
      st: c.req.query('st') ?? '',
      sv: c.req.query('sv') ?? '',
    })
    return c.json({ status: 'accepted' }, 202)
  })
  return app
}
