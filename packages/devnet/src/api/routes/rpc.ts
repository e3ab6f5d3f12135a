/** The hosted JSON-RPC endpoint: `POST /v1?chainId&projectId`, passed through to the devnet chains. */
import { Hono } from 'hono'
import { type EmulatorEnv, HttpError, readText } from '../../emulator/app.js'
import { evmCaip2, solanaCaip2, UpstreamError } from '../chain.js'
import { type ApiContext, requireParams } from '../context.js'

/** @internal `POST /v1`: the real endpoint takes `chainId` and `projectId` only (no `st`/`sv`). */
export function rpcRoutes(ctx: ApiContext): Hono<EmulatorEnv> {
  const app = new Hono<EmulatorEnv>()
  app.post('/v1', async (c) => {
    requireParams(c, ['projectId', 'chainId'])
    const chainId = c.req.query('chainId')
    const target = chainId === evmCaip2 ? ctx.evmRpcUrl : chainId === solanaCaip2 ? ctx.solanaRpcUrl : undefined
    if (!target) throw new HttpError(400, `Unsupported chainId ${chainId}`)
    const upstream = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: await readText(c),
    }).catch((error: Error) => {
      throw new UpstreamError(`chain RPC unreachable: ${error.message}`)
    })
    return new Response(await upstream.arrayBuffer(), {
      status: upstream.status,
      headers: { 'content-type': upstream.headers.get('content-type') ?? 'application/json' },
    })
  })
  return app
}
