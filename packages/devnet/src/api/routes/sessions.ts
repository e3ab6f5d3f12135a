/**
 * The smart-session routes: an account's sessions, and revoking one, which checks for real that
 * the account signed the session's pci (EIP-191 personal_sign, an EOA's or a smart account's).
 */
import { Hono } from 'hono'
import { type EmulatorEnv, HttpError, isRecord, readJson } from '../../emulator/app.js'
import type { ApiContext } from '../context.js'
import { CAIP10_EVM, type SessionPermission } from '../sessions.js'
import { isAccountSignature } from '../verifySignature.js'

function account(raw: string): { id: string; address: `0x${string}` } {
  const id = decodeURIComponent(raw)
  const match = CAIP10_EVM.exec(id)
  if (!match) throw new HttpError(400, 'Invalid account: expected CAIP-10 eip155:{chainId}:{address}')
  return { id, address: match[2] as `0x${string}` }
}

/** @internal `GET /v1/sessions/{account}` and `POST /v1/sessions/{account}/revoke`. */
export function sessionRoutes(ctx: ApiContext): Hono<EmulatorEnv> {
  const app = new Hono<EmulatorEnv>()

  app.get('/v1/sessions/:account', (c) => c.json({ pcis: ctx.sessions.list(account(c.req.param('account')).id) }))

  app.post('/v1/sessions/:account/revoke', async (c) => {
    const { id, address } = account(c.req.param('account'))
    const body = await readJson(c)
    if (!isRecord(body) || typeof body.pci !== 'string' || typeof body.signature !== 'string')
      throw new HttpError(400, 'Expected { pci: string, signature: string }')
    const { pci, signature } = body
    if (!/^0x[0-9a-f]+$/i.test(signature)) throw new HttpError(400, 'Invalid signature')
    if (!ctx.sessions.list(id).some((s) => s.pci.toLowerCase() === pci.toLowerCase() && s.revokedAt === undefined))
      throw new HttpError(404, 'No active session with this pci for the account')
    if (!(await isAccountSignature(ctx, address, pci, signature as `0x${string}`)))
      throw new HttpError(401, 'The signature is not from this account')
    ctx.sessions.revoke(id, pci, Math.floor(Date.now() / 1000))
    return c.json({ success: true })
  })
  return app
}

/**
 * @internal
 * `POST /__devnet/sessions/{account}` with `{ expiry, permissions }`: adds a session as a wallet
 * registering its grant with the service would (answers the stored session, with its pci). A
 * control route: no hosted parameters, no faults.
 */
export function sessionControlRoutes(ctx: ApiContext): Hono<EmulatorEnv> {
  const app = new Hono<EmulatorEnv>()
  app.post('/__devnet/sessions/:account', async (c) => {
    const { id } = account(c.req.param('account'))
    const body = await readJson(c)
    const permissions = isRecord(body) ? body.permissions : undefined
    if (
      !isRecord(body) ||
      typeof body.expiry !== 'number' ||
      !Number.isSafeInteger(body.expiry) ||
      !Array.isArray(permissions) ||
      permissions.length === 0 ||
      !permissions.every((p) => isRecord(p) && typeof p.type === 'string' && isRecord(p.data))
    )
      throw new HttpError(400, 'Expected { expiry: number, permissions: { type: string, data: object }[] }')
    return c.json(ctx.sessions.add(id, { expiry: body.expiry, permissions: permissions as SessionPermission[] }))
  })
  return app
}
