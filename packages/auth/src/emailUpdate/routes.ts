import { type Context, Hono } from 'hono'
import type { AuthEnv, AuthHttpConfig } from '../http/env.js'
import { emailSchema, idSchema, otpSchema, parse, rateLimit, readBody, requestContext } from '../http/request.js'
import { requireSession } from '../sessions/requireSession.js'
import type { SessionContext } from '../sessions/sessions.js'
import { startEmailUpdate, verifyPrimaryOtp, verifySecondaryOtp } from './emailUpdate.js'

/** `/v1/email/update` and its two code steps, `/primary` (current address) and `/secondary` (new one). */
export function emailUpdateRoutes(config: AuthHttpConfig) {
  const { deps } = config
  const signedIn = [requestContext(config), requireSession(config)] as const
  const codeStep =
    (verify: (deps: AuthHttpConfig['deps'], session: SessionContext, id: string, otp: string) => Promise<object>) =>
    async (c: Context<AuthEnv>) => {
      const body = await readBody(c)
      const challengeId = parse(idSchema, body.challengeId, 'challengeId')
      return c.json(await verify(deps, c.get('session'), challengeId, parse(otpSchema, body.otp, 'otp')))
    }
  return new Hono<AuthEnv>()
    .post('/', ...signedIn, rateLimit(config, 'email'), async (c) => {
      const body = await readBody(c)
      return c.json(await startEmailUpdate(deps, c.get('session'), parse(emailSchema, body.email, 'email')))
    })
    .post('/primary', ...signedIn, rateLimit(config, 'otp'), codeStep(verifyPrimaryOtp))
    .post('/secondary', ...signedIn, rateLimit(config, 'otp'), codeStep(verifySecondaryOtp))
}
