/**
 * The swap routes (`/v1/convert/*`): tokens, quotes, allowance, approve and swap transactions,
 * gas price, priced and built against the devnet's Uniswap V2 pools.
 */
import { Hono } from 'hono'
import { type EmulatorEnv, HttpError, readJson } from '../../emulator/app.js'
import { faultSwitch, latency } from '../../emulator/faults.js'
import { evmCaip2, gasPrice } from '../chain.js'
import { type ApiContext, tokenIcon } from '../context.js'
import {
  convertAllowance,
  convertBuildApprove,
  convertBuildTransaction,
  convertQuotes,
  convertTokens,
} from '../convert.js'
import { switchMessages } from '../switches.js'

/** @internal Every `/v1/convert/*` route, behind the `latencyMs`, `convert` (and `allowance`) switches. */
export function convertRoutes(ctx: ApiContext): Hono<EmulatorEnv> {
  const app = new Hono<EmulatorEnv>()
  const { switches } = ctx
  const query = (url: string) => new URL(url).searchParams

  app.use(
    '/v1/convert/*',
    latency(() => switches.latencyMs),
  )
  app.use(
    '/v1/convert/*',
    faultSwitch(() => switches.convert, { messages: switchMessages }),
  )
  app.get('/v1/convert/gas-price', async (c) => {
    if (c.req.query('chainId') !== evmCaip2) throw new HttpError(400, 'Network not supported for Gas Price')
    return c.json(await gasPrice(ctx.evmRpcUrl))
  })
  app.get('/v1/convert/tokens', async (c) =>
    c.json(await convertTokens(ctx.evmRpcUrl, c.req.query('chainId') ?? null, tokenIcon(ctx, c))),
  )
  app.get('/v1/convert/quotes', async (c) => c.json(await convertQuotes(ctx.evmRpcUrl, query(c.req.url))))
  app.get(
    '/v1/convert/allowance',
    faultSwitch(() => switches.allowance, { messages: switchMessages }),
    async (c) => c.json(await convertAllowance(ctx.evmRpcUrl, query(c.req.url))),
  )
  app.get('/v1/convert/build-approve', async (c) => c.json(await convertBuildApprove(ctx.evmRpcUrl, query(c.req.url))))
  app.post('/v1/convert/build-transaction', async (c) =>
    c.json(await convertBuildTransaction(ctx.evmRpcUrl, await readJson(c))),
  )
  return app
}
