import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import { type Context, Hono } from 'hono'
import type { AuthEnv, AuthHttpConfig } from '../http/env.js'
import { idSchema, parse, passkeyResponseSchema, rateLimit, readBody, requestContext } from '../http/request.js'
import { requireSession } from '../sessions/requireSession.js'
import {
  approvalOptions,
  approveWithPasskey,
  listPasskeys,
  loginOptions,
  loginWithPasskey,
  registerPasskey,
  registrationOptions,
} from './passkeys.js'

/**
 * `/v1/passkeys`: make a passkey (signed in), sign in with one, or approve a new device's email
 * login with one. Each ceremony is two calls: `…/options` (a single-use challenge that expires)
 * and `…/verify` (the browser's response).
 */
export function passkeyRoutes(config: AuthHttpConfig) {
  const { deps, passkeys: rp } = config
  const context = requestContext(config)
  const signedIn = [context, requireSession(config)] as const
  const verifyBody = async (c: Context<AuthEnv>) => {
    const body = await readBody(c)
    return {
      challengeId: parse(idSchema, body.challengeId, 'challengeId'),
      response: parse(passkeyResponseSchema, body.response, 'response'),
    }
  }
  return new Hono<AuthEnv>()
    .get('/', ...signedIn, async (c) => c.json({ passkeys: await listPasskeys(deps, c.get('session')) }))
    .post('/register/options', ...signedIn, async (c) => c.json(await registrationOptions(deps, rp, c.get('session'))))
    .post('/register/verify', ...signedIn, async (c) => {
      const { challengeId, response } = await verifyBody(c)
      return c.json(
        await registerPasskey(deps, rp, c.get('session'), challengeId, response as unknown as RegistrationResponseJSON),
        201,
      )
    })
    .post('/login/options', context, rateLimit(config, 'otp'), async (c) =>
      c.json(await loginOptions(deps, rp, c.get('request'))),
    )
    .post('/login/verify', context, rateLimit(config, 'otp'), async (c) => {
      const { challengeId, response } = await verifyBody(c)
      return c.json(
        await loginWithPasskey(
          deps,
          rp,
          c.get('request'),
          challengeId,
          response as unknown as AuthenticationResponseJSON,
        ),
      )
    })
    .post('/approve/options', context, rateLimit(config, 'otp'), async (c) => {
      const body = await readBody(c)
      return c.json(
        await approvalOptions(deps, rp, c.get('request'), parse(idSchema, body.loginChallengeId, 'loginChallengeId')),
      )
    })
    .post('/approve/verify', context, rateLimit(config, 'otp'), async (c) => {
      const { challengeId, response } = await verifyBody(c)
      return c.json(
        await approveWithPasskey(
          deps,
          rp,
          c.get('request'),
          challengeId,
          response as unknown as AuthenticationResponseJSON,
        ),
      )
    })
}
