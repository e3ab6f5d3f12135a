/**
 * The hosted bundler call: `POST {blockchain}/v1/bundler?projectId=&chainId=&bundler=` forwards
 * the JSON-RPC body (eth_getUserOperationReceipt and the other bundler methods) to the devnet's
 * bundler.
 */
import { Hono } from 'hono'
import { type EmulatorEnv, HttpError, readText } from '../../emulator/app.js'
import { evmCaip2 } from '../chain.js'
import { type ApiContext, requireParams } from '../context.js'

/**
 * Bundler names the hosted endpoint accepts in `bundler=`; every one is served by the devnet's Alto.
 *
 * @example
 * ```ts
 * await fetch(`${api.url}/v1/bundler?projectId=p&chainId=eip155:31337&bundler=${hostedBundlerNames[0]}`, { method: 'POST', body })
 * ```
 */
export const hostedBundlerNames = ['pimlico', 'alto'] as const

/**
 * @internal
 * `POST /v1/bundler`: 400 for a call the hosted service would refuse (missing parameter, another
 * chain, an unknown bundler), 503 when the devnet runs no bundler, 502 when the bundler is down.
 * The bundler's own answer (JSON-RPC errors included) is passed through as it is.
 */
export function bundlerRoutes(ctx: ApiContext): Hono<EmulatorEnv> {
  const app = new Hono<EmulatorEnv>()
  app.post('/v1/bundler', async (c) => {
    requireParams(c, ['projectId', 'chainId', 'bundler'])
    const chainId = c.req.query('chainId')
    if (chainId !== evmCaip2) throw new HttpError(400, `Unsupported chainId ${chainId}`)
    const bundler = c.req.query('bundler') ?? ''
    if (!(hostedBundlerNames as readonly string[]).includes(bundler))
      throw new HttpError(400, `Unsupported bundler ${bundler}`)
    const body = await readText(c)
    if (!ctx.bundlerUrl) throw new HttpError(503, 'No bundler is running on this devnet')
    let upstream: Response
    try {
      upstream = await fetch(ctx.bundlerUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    } catch (error) {
      const cause = (error as Error).cause
      throw new HttpError(
        502,
        `Bundler unreachable: ${cause instanceof Error ? cause.message : (error as Error).message}`,
      )
    }
    return new Response(await upstream.arrayBuffer(), {
      status: upstream.status,
      headers: { 'content-type': upstream.headers.get('content-type') ?? 'application/json' },
    })
  })
  return app
}
