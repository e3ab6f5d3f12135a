/**
 * The hosted bundler call: `POST {blockchain}/v1/bundler?projectId=&chainId=&bundler=` forwards
 * the JSON-RPC body (eth_getUserOperationReceipt and the other bundler methods) to the devnet's
 * bundler. Written on web-standard Request/Response so it mounts in any router.
 */
import { evmCaip2 } from './chain.js'
import { ApiRequestError } from './errors.js'

/** Bundler names the hosted endpoint accepts in `bundler=`; every one is served by the devnet's Alto. */
export const hostedBundlerNames = ['pimlico', 'alto'] as const

const MAX_BODY_BYTES = 1024 * 1024

/**
 * Answers one hosted bundler call. Throws {@link ApiRequestError} (400, 413, 503) for a call
 * the hosted service would refuse; a bundler that is down or crashed answers 502.
 */
export async function forwardBundlerCall(
  query: URLSearchParams,
  body: string,
  bundlerUrl: string | undefined,
): Promise<Response> {
  const missing = ['projectId', 'chainId', 'bundler'].filter((name) => !query.get(name))
  if (missing.length > 0) throw new ApiRequestError(400, `Missing required query parameter(s): ${missing.join(', ')}`)
  const chainId = query.get('chainId')
  if (chainId !== evmCaip2) throw new ApiRequestError(400, `Unsupported chainId ${chainId}`)
  const bundler = query.get('bundler') ?? ''
  if (!(hostedBundlerNames as readonly string[]).includes(bundler))
    throw new ApiRequestError(400, `Unsupported bundler ${bundler}`)
  if (Buffer.byteLength(body) > MAX_BODY_BYTES) throw new ApiRequestError(413, 'Request body too large')
  if (!bundlerUrl) throw new ApiRequestError(503, 'No bundler is running on this devnet')
  let upstream: Response
  try {
    upstream = await fetch(bundlerUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  } catch (error) {
    const cause = (error as Error).cause
    throw new ApiRequestError(
      502,
      `Bundler unreachable: ${cause instanceof Error ? cause.message : (error as Error).message}`,
    )
  }
  return new Response(await upstream.arrayBuffer(), {
    status: upstream.status,
    headers: { 'content-type': upstream.headers.get('content-type') ?? 'application/json' },
  })
}
