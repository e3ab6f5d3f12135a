import { Hono } from 'hono'
import type { AuthEnv, AuthHttpConfig } from '../http/env.js'
import {
  deviceShareSchema,
  keySchema,
  namespaceSchema,
  parse,
  rateLimit,
  readBody,
  requestContext,
  shareBytes,
} from '../http/request.js'
import { requireSession } from '../sessions/requireSession.js'
import { getKeyShare, listKeys, putDeviceShare, putKeyShare, recoverKeyShares } from './keyShares.js'

/** `/v1/keys`: the user's keys, and per namespace the server's shares (signed-in sessions only). */
export function keyRoutes(config: AuthHttpConfig) {
  const { deps } = config
  const signedIn = [requestContext(config), requireSession(config)] as const
  // The router has decoded the path parameter already: decoding it again read `%25` as a fault (500)
  // and `%2565ip155` as `eip155`.
  const namespaceOf = (value: string) => parse(namespaceSchema, value, 'namespace')
  return new Hono<AuthEnv>()
    .get('/', ...signedIn, async (c) => c.json({ keys: await listKeys(deps, c.get('session')) }))
    .put('/:namespace', ...signedIn, async (c) => {
      const namespace = namespaceOf(c.req.param('namespace'))
      const body = parse(keySchema, await readBody(c), 'body')
      const share = shareBytes(body.share, 'body.share')
      const recovery = body.recoveryShare ? shareBytes(body.recoveryShare, 'body.recoveryShare') : undefined
      return c.json(
        { key: await putKeyShare(deps, c.get('session'), namespace, body.address, share, recovery, body.recoveryMode) },
        201,
      )
    })
    .get('/:namespace/share', ...signedIn, async (c) =>
      c.json(await getKeyShare(deps, c.get('session'), namespaceOf(c.req.param('namespace')))),
    )
    .get('/:namespace/recovery', ...signedIn, rateLimit(config, 'recovery'), async (c) =>
      c.json(await recoverKeyShares(deps, c.get('session'), namespaceOf(c.req.param('namespace')))),
    )
    .put('/:namespace/device', ...signedIn, async (c) => {
      const namespace = namespaceOf(c.req.param('namespace'))
      const body = parse(deviceShareSchema, await readBody(c), 'body')
      return c.json(
        { key: await putDeviceShare(deps, c.get('session'), namespace, shareBytes(body.share, 'body.share')) },
        201,
      )
    })
}
