/**
 * The on-ramp routes: the options a buyer picks from, quotes, and a checkout link on the devnet
 * provider (`startOnrampProvider`), behind the `latencyMs` and `onramp` switches.
 */
import { Hono } from 'hono'
import { type EmulatorEnv, HttpError, readJson } from '../../emulator/app.js'
import { faultSwitch, latency } from '../../emulator/faults.js'
import type { ApiContext } from '../context.js'
import { onrampOptions, onrampQuote, onrampUrl } from '../onramp.js'
import { switchMessages } from '../switches.js'

/** @internal `/v1/onramp/*` and `POST /v1/generators/onrampurl`. */
export function onrampRoutes(ctx: ApiContext): Hono<EmulatorEnv> {
  const app = new Hono<EmulatorEnv>()
  const { switches } = ctx
  for (const path of ['/v1/onramp/*', '/v1/generators/onrampurl']) {
    app.use(
      path,
      latency(() => switches.latencyMs),
    )
    app.use(
      path,
      faultSwitch(() => switches.onramp, { messages: switchMessages }),
    )
  }
  app.get('/v1/onramp/options', (c) => c.json(onrampOptions()))
  app.post('/v1/onramp/quote', async (c) => c.json(onrampQuote(await readJson(c))))
  app.post('/v1/generators/onrampurl', async (c) => {
    if (!ctx.onrampUrl) throw new HttpError(503, 'No on-ramp provider is running')
    return c.json(onrampUrl(ctx.onrampUrl, await readJson(c)))
  })
  return app
}
