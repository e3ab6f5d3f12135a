import { Hono } from 'hono'
import type { AuthEnv, AuthHttpConfig } from '../http/env.js'
import { emailSchema, idSchema, otpSchema, parse, rateLimit, readBody, requestContext } from '../http/request.js'
import { loginStatus, startLogin, verifyLogin } from './login.js'

/** `/v1/email/login`, `/v1/email/device` (polled while a device link is pending), `/v1/email/otp`. */
export function loginRoutes(config: AuthHttpConfig) {
  const { deps } = config
  const context = requestContext(config)
  return new Hono<AuthEnv>()
    .post('/login', context, rateLimit(config, 'email'), async (c) => {
      const body = await readBody(c)
      return c.json(await startLogin(deps, parse(emailSchema, body.email, 'email'), c.get('request')))
    })
    .post('/device', context, async (c) => {
      const body = await readBody(c)
      return c.json(await loginStatus(deps, parse(idSchema, body.challengeId, 'challengeId'), c.get('request')))
    })
    .post('/otp', context, rateLimit(config, 'otp'), async (c) => {
      const body = await readBody(c)
      const challengeId = parse(idSchema, body.challengeId, 'challengeId')
      return c.json(await verifyLogin(deps, challengeId, parse(otpSchema, body.otp, 'otp'), c.get('request')))
    })
}
