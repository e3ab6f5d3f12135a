/**
 * The directory and configuration routes: project config (features), allowed origins, the
 * analytics config, the wallet directory and the images it links to.
 */
import { Hono } from 'hono'
import { type EmulatorEnv, HttpError } from '../../emulator/app.js'
import { faultSwitch } from '../../emulator/faults.js'
import { type ApiContext, intParam } from '../context.js'
import { switchMessages } from '../switches.js'
import { iconSvg, queryWallets, walletImage } from '../wallets.js'

/**
 * Origins `GET /projects/v1/origins` allows: any loopback dev server port.
 *
 * @example
 * ```ts
 * expect(await res.json()).toEqual({ allowedOrigins })
 * ```
 */
export const allowedOrigins = ['http://127.0.0.1:*', 'http://localhost:*']

const svgHeaders = { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=3600' }

/** @internal `GET /appkit/v1/config`, `/projects/v1/origins`, `/getAnalyticsConfig`, `/getWallets` and images. */
export function directoryRoutes(ctx: ApiContext): Hono<EmulatorEnv> {
  const app = new Hono<EmulatorEnv>()
  const { switches } = ctx
  const messages = { messages: switchMessages }

  app.get(
    '/appkit/v1/config',
    faultSwitch(() => switches.config, messages),
    (c) => {
      const f = { ...switches.features, ...switches.featuresFor[c.req.query('projectId') ?? ''] }
      return c.json({
        features: [
          { id: 'social_login', isEnabled: f.social_login, config: f.social_login ? [...switches.socials] : [] },
          { id: 'swap', isEnabled: f.swap, config: null },
          { id: 'onramp', isEnabled: f.onramp, config: null },
          { id: 'activity', isEnabled: f.activity, config: null },
          { id: 'reown_branding', isEnabled: f.reown_branding, config: null },
          { id: 'multi_wallet', isEnabled: f.multi_wallet, config: null },
        ],
      })
    },
  )
  app.get(
    '/projects/v1/origins',
    faultSwitch(() => switches.origins, messages),
    (c) => c.json({ allowedOrigins: switches.originsFor[c.req.query('projectId') ?? ''] ?? allowedOrigins }),
  )
  app.get('/getAnalyticsConfig', (c) => c.json({ isAnalyticsEnabled: true }))
  app.get('/getWallets', (c) =>
    c.json(
      queryWallets(
        {
          page: intParam(c, 'page', 1, Number.MAX_SAFE_INTEGER),
          entries: intParam(c, 'entries', 40, 100),
          include: c.req.query('include'),
          exclude: c.req.query('exclude'),
          chains: c.req.query('chains'),
          search: c.req.query('search'),
          badge_type: c.req.query('badge_type'),
        },
        ctx.listedFirst,
        ctx.listedLast,
      ),
    ),
  )

  app.get('/getWalletImage/:id', (c) => {
    const id = c.req.param('id')
    const svg = walletImage(id)
    if (svg === undefined) throw new HttpError(404, `No wallet image ${id}`)
    return c.body(svg, 200, svgHeaders)
  })
  for (const kind of ['getAssetImage', 'getCurrencyImage', 'getTokenImage'])
    app.get(`/public/${kind}/:id`, (c) => {
      const id = c.req.param('id')
      return c.body(iconSvg(`public/${kind}:${id}`, id.replace(/[^A-Za-z0-9]/g, '') || '?'), 200, svgHeaders)
    })
  return app
}
