import { type Context, Hono } from 'hono'
import { z } from 'zod'
import { sha256 } from '../crypto.js'
import type { AuthEnv, AuthHttpConfig } from '../http/env.js'
import { idSchema, parse, rateLimit, readBody, requestContext } from '../http/request.js'
import { connectFarcaster, type FarcasterDeps, startFarcasterLogin } from './farcaster.js'
import { callbackPage, callbackPageCsp } from './pages.js'
import { connectSocial, type SocialDeps, socialCallbackPath, startSocialLogin } from './social.js'

const providerSchema = z.string().min(1).max(32)
const uriSchema = z.string().min(1).max(4096)

/**
 * `/v1/social/start` (the authorization URI for the popup), `/v1/social/callback` (the provider
 * comes back here), `/v1/social/connect` (finishes the login), and Farcaster's
 * `/v1/farcaster/start` and `/v1/farcaster/connect`.
 */
export function socialRoutes(config: AuthHttpConfig, social: SocialDeps, farcaster: FarcasterDeps) {
  const { deps } = config
  const context = requestContext(config)
  const callback = async (c: Context<AuthEnv>, params: URLSearchParams) => {
    const uri = new URL(`${deps.publicUrl()}${socialCallbackPath}`)
    uri.search = params.toString()
    // The page that started this login (to tell it the popup came back); unknown states get none.
    const state = params.get('state')
    let pageOrigin: string | undefined
    if (state && state.length <= 256) {
      const db = await deps.database()
      const { rows } = await db.query<{ page_origin: string }>(
        'SELECT page_origin FROM social_logins WHERE state_hash = $1',
        [sha256(state)],
      )
      pageOrigin = rows[0]?.page_origin || undefined
    }
    return c.html(callbackPage({ uri: uri.href, frameOrigins: config.frameOrigins(), pageOrigin }), 200, {
      'Content-Security-Policy': callbackPageCsp,
      'Referrer-Policy': 'no-referrer',
    })
  }
  return new Hono<AuthEnv>()
    .post('/social/start', context, rateLimit(config, 'email'), async (c) => {
      const body = await readBody(c)
      return c.json(
        await startSocialLogin(deps, social, parse(providerSchema, body.provider, 'provider'), c.get('request')),
      )
    })
    .get('/social/callback', (c) => callback(c, new URL(c.req.url).searchParams))
    .post('/social/callback', async (c) => {
      // Apple answers by form_post: the same parameters, in the body.
      const body = await readBody(c)
      const params = new URLSearchParams()
      for (const [key, value] of Object.entries(body)) if (typeof value === 'string') params.set(key, value)
      return callback(c, params)
    })
    .post('/social/connect', context, rateLimit(config, 'otp'), async (c) => {
      const body = await readBody(c)
      return c.json(await connectSocial(deps, social, parse(uriSchema, body.uri, 'uri'), c.get('request')))
    })
    .post('/farcaster/start', context, rateLimit(config, 'email'), async (c) => {
      return c.json(await startFarcasterLogin(deps, farcaster, c.get('request')))
    })
    .post('/farcaster/connect', context, rateLimit(config, 'otp'), async (c) => {
      const body = await readBody(c)
      return c.json(
        await connectFarcaster(deps, farcaster, parse(idSchema, body.challengeId, 'challengeId'), c.get('request')),
      )
    })
}
