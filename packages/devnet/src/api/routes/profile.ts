/**
 * The profile (name) routes: a name's addresses, an address's names, suggestions for a name, and
 * registration, which checks the signed message for real (an EOA's or a smart account's, on the chain).
 */
import { Hono } from 'hono'
import { isAddress } from 'viem'
import { type EmulatorEnv, HttpError, isRecord, readJson } from '../../emulator/app.js'
import type { ApiContext } from '../context.js'
import {
  NAME_LABEL,
  NAME_MESSAGE_MAX_AGE_SECONDS,
  NAME_MESSAGE_MAX_SKEW_SECONDS,
  NAME_ZONE,
  type StoredProfile,
} from '../profiles.js'
import { isAccountSignature } from '../verifySignature.js'

const toJson = (p: StoredProfile) => ({
  name: p.name,
  addresses: Object.fromEntries(Object.entries(p.addresses).map(([coin, address]) => [coin, { address }])),
  attributes: p.attributes,
  created: p.created,
})

/** @internal `GET /v1/profile/account/{name}`, `/reverse/{address}`, `/suggestions/{name}` and `POST /v1/profile/account`. */
export function profileRoutes(ctx: ApiContext): Hono<EmulatorEnv> {
  const app = new Hono<EmulatorEnv>()

  app.get('/v1/profile/account/:name', (c) => {
    const name = c.req.param('name').toLowerCase()
    const profile = ctx.profiles.get(name)
    if (!profile) throw new HttpError(404, `No profile named ${name}`)
    return c.json(toJson(profile))
  })

  app.get('/v1/profile/reverse/:address', (c) => c.json(ctx.profiles.byAddress(c.req.param('address')).map(toJson)))

  app.get('/v1/profile/suggestions/:name', (c) => {
    const zone = (c.req.query('zone') ?? 'reown.id').toLowerCase()
    if (!NAME_ZONE.test(zone)) throw new HttpError(400, 'Invalid zone')
    // The label the user typed, with any zone they typed after it left off.
    const label = (c.req.param('name').split('.')[0] ?? '').toLowerCase()
    if (!NAME_LABEL.test(label)) throw new HttpError(400, 'A name is letters, digits and hyphen, at least 4 characters')
    const suggestions = [label, `${label}1`, `${label}-wallet`, `the-${label}`].map((l) => {
      const name = `${l}.${zone}`
      return { name, registered: ctx.profiles.get(name) !== undefined }
    })
    return c.json({ suggestions })
  })

  app.post('/v1/profile/account', async (c) => {
    const body = await readJson(c)
    if (
      !isRecord(body) ||
      typeof body.coin_type !== 'number' ||
      typeof body.address !== 'string' ||
      typeof body.message !== 'string' ||
      typeof body.signature !== 'string'
    )
      throw new HttpError(400, 'Expected { coin_type: number, address: string, message: string, signature: string }')
    const { coin_type: coinType, address, message, signature } = body
    if (!isAddress(address, { strict: false })) throw new HttpError(400, 'Invalid address')
    if (!/^0x[0-9a-f]+$/i.test(signature)) throw new HttpError(400, 'Invalid signature')
    let signed: unknown
    try {
      signed = JSON.parse(message)
    } catch {
      throw new HttpError(400, 'The message is not JSON')
    }
    if (!isRecord(signed) || typeof signed.name !== 'string' || typeof signed.timestamp !== 'number')
      throw new HttpError(400, 'The message needs name, attributes and timestamp')
    const name = signed.name.toLowerCase()
    const [label = '', ...zone] = name.split('.')
    if (!NAME_LABEL.test(label) || zone.length === 0 || !NAME_ZONE.test(zone.join('.')))
      throw new HttpError(400, 'A name is letters, digits and hyphen, at least 4 characters')
    const attributes = isRecord(signed.attributes) ? signed.attributes : {}
    if (Object.values(attributes).some((v) => typeof v !== 'string')) throw new HttpError(400, 'Attributes are strings')
    const now = Math.floor(Date.now() / 1000)
    // Seconds, not milliseconds: a millisecond timestamp is far in the future and refused here.
    if (signed.timestamp < now - NAME_MESSAGE_MAX_AGE_SECONDS || signed.timestamp > now + NAME_MESSAGE_MAX_SKEW_SECONDS)
      throw new HttpError(401, 'The message timestamp is stale')
    if (!(await isAccountSignature(ctx, address as `0x${string}`, message, signature as `0x${string}`)))
      throw new HttpError(401, 'The signature is not from this address')
    const added = ctx.profiles.add({
      name,
      addresses: { [String(coinType)]: address },
      attributes: attributes as Record<string, string>,
      created: now,
    })
    if (!added) throw new HttpError(409, `${name} is taken`)
    return c.json({ success: true })
  })
  return app
}
