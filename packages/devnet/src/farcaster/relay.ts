/**
 * An emulator of the Farcaster auth relay (Sign In With Farcaster, FIP-11), answering the
 * requests `@farcaster/auth-client` makes, with the real relay's status codes:
 *
 * - `POST /v1/channel` {siweUri, domain, nonce?, notBefore?, expirationTime?, requestId?,
 *   redirectUrl?, acceptAuthAddress?} → 201 {channelToken, url, connectUri, nonce}
 * - `GET /v1/channel/status` (Authorization: Bearer channelToken) → 202 while pending, 200 once
 *   completed (the channel then closes: a second read is 401), 401 for an unknown token
 * - `POST /v1/channel/authenticate` (Bearer channelToken, X-Farcaster-Auth-Relay-Key) by the
 *   Farcaster app → 201 with the completed channel
 *
 * `/v1/connect…` are the older names of the same routes. Channels expire after an hour.
 */
import { randomUUID } from 'node:crypto'
import { type Context, Hono } from 'hono'
import { cors } from 'hono/cors'
import { type Address, createPublicClient, type Hex, http, isHex } from 'viem'
import type { NodeEnv } from '../emulator/app.js'
import { farcasterIdRegistry, farcasterIdRegistryAbi } from './registry.js'

/** The real relay's channel lifetime (its CHANNEL_TTL default, one hour). */
export const farcasterChannelTtlMs = 3600_000

/** What an app asks to sign in with (the body of `POST /v1/channel`). */
export interface FarcasterSignatureParams {
  siweUri: string
  domain: string
  nonce: string
  notBefore?: string
  expirationTime?: string
  requestId?: string
  redirectUrl?: string
}

/** A channel as `GET /v1/channel/status` answers it. */
export interface FarcasterChannelStatus {
  state: 'pending' | 'completed'
  nonce: string
  signatureParams: FarcasterSignatureParams
  metadata: { userAgent: string; ip: string }
  acceptAuthAddress: boolean
  message?: string
  signature?: Hex
  authMethod?: 'custody' | 'authAddress'
  fid?: number
  username?: string
  bio?: string
  displayName?: string
  pfpUrl?: string
  custody?: Address
  verifications?: string[]
}

const optionalStrings = ['nonce', 'notBefore', 'expirationTime', 'requestId', 'redirectUrl'] as const
const dateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/
const username = /^[a-z0-9][a-z0-9-]{0,15}(\.eth)?$/

type Checked<T> = { ok: true; value: T } | { ok: false; message: string }

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function checkCreate(
  body: unknown,
): Checked<Omit<FarcasterSignatureParams, 'nonce'> & { nonce?: string; acceptAuthAddress?: boolean }> {
  if (!isRecord(body)) return { ok: false, message: 'body must be an object' }
  const allowed = new Set(['siweUri', 'domain', 'acceptAuthAddress', ...optionalStrings])
  const extra = Object.keys(body).find((key) => !allowed.has(key))
  if (extra) return { ok: false, message: `body must NOT have additional property '${extra}'` }
  if (typeof body.siweUri !== 'string' || !URL.canParse(body.siweUri))
    return { ok: false, message: 'siweUri must be a URI' }
  if (typeof body.domain !== 'string' || !/^[a-zA-Z0-9.-]+(:[0-9]+)?$/.test(body.domain))
    return { ok: false, message: 'domain must be a host name, with an optional port' }
  for (const key of optionalStrings)
    if (body[key] !== undefined && typeof body[key] !== 'string')
      return { ok: false, message: `${key} must be a string` }
  for (const key of ['notBefore', 'expirationTime'] as const)
    if (typeof body[key] === 'string' && !dateTime.test(body[key]))
      return { ok: false, message: `${key} must be a date-time` }
  if (body.acceptAuthAddress !== undefined && typeof body.acceptAuthAddress !== 'boolean')
    return { ok: false, message: 'acceptAuthAddress must be a boolean' }
  return { ok: true, value: body as never }
}

interface AuthenticateBody {
  message: string
  signature: Hex
  fid: number
  authMethod?: 'custody' | 'authAddress'
  username?: string
  bio?: string
  displayName?: string
  pfpUrl?: string
}

function checkAuthenticate(body: unknown): Checked<AuthenticateBody> {
  if (!isRecord(body)) return { ok: false, message: 'body must be an object' }
  if (typeof body.message !== 'string' || !body.message) return { ok: false, message: 'message must be a string' }
  if (typeof body.signature !== 'string' || !isHex(body.signature) || body.signature.length !== 132)
    return { ok: false, message: 'signature must be a 65-byte hex string' }
  if (typeof body.fid !== 'number' || !Number.isSafeInteger(body.fid) || body.fid <= 0)
    return { ok: false, message: 'fid must be a positive integer' }
  if (body.authMethod !== undefined && body.authMethod !== 'custody' && body.authMethod !== 'authAddress')
    return { ok: false, message: 'authMethod must be custody or authAddress' }
  if (body.username !== undefined && (typeof body.username !== 'string' || !username.test(body.username)))
    return { ok: false, message: 'username must be a Farcaster username' }
  for (const key of ['bio', 'displayName', 'pfpUrl'] as const)
    if (body[key] !== undefined && typeof body[key] !== 'string')
      return { ok: false, message: `${key} must be a string` }
  return { ok: true, value: body as unknown as AuthenticateBody }
}

/** @internal Options for {@link createFarcasterRelay}. */
export interface FarcasterRelayOptions {
  /** The devnet chain, where the IdRegistry says who holds a fid. */
  evmRpcUrl: string
  /** Channel links point here: `${appUrl}/~/siwf?channelToken=…` (the devnet Farcaster app). */
  appUrl: () => string
  /** The key the Farcaster app sends as X-Farcaster-Auth-Relay-Key. */
  authKey: string
  /** Verified addresses per fid, as a hub would list them. */
  verifications: (fid: number) => string[]
  now?: () => number
}

/** @internal A relay: its Hono app, and a look at a channel that does not close it (for the devnet app). */
export interface FarcasterRelay {
  app: Hono<NodeEnv>
  peek(channelToken: string): FarcasterChannelStatus | undefined
}

/**
 * @internal
 * The relay's Hono app and its channels (kept in the instance; they last for the relay's life).
 */
export function createFarcasterRelay(options: FarcasterRelayOptions): FarcasterRelay {
  const now = options.now ?? Date.now
  const channels = new Map<string, { status: FarcasterChannelStatus; expiresAt: number }>()
  const chain = createPublicClient({ transport: http(options.evmRpcUrl, { retryCount: 0 }) })
  const read = (token: string | undefined) => {
    const channel = token ? channels.get(token) : undefined
    if (channel && channel.expiresAt <= now()) {
      channels.delete(token as string)
      return undefined
    }
    return channel
  }
  const bearer = (header: string | undefined) => /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1]

  const app = new Hono<NodeEnv>()
  // Apps call the relay from their pages (AuthKit does), so any origin may.
  app.use('*', cors())
  app.get('/healthcheck', (c) => c.json({ status: 'OK' }))

  const create = async (c: Context<NodeEnv>) => {
    const checked = checkCreate(await c.req.json().catch(() => undefined))
    if (!checked.ok) return c.json({ error: 'Validation error', message: checked.message }, 400)
    const { acceptAuthAddress, ...params } = checked.value
    const channelToken = randomUUID()
    const nonce = params.nonce ?? randomUUID().replaceAll('-', '')
    const url = `${options.appUrl()}/~/siwf?${new URLSearchParams({ channelToken })}`
    channels.set(channelToken, {
      expiresAt: now() + farcasterChannelTtlMs,
      status: {
        state: 'pending',
        nonce,
        signatureParams: { ...params, nonce },
        metadata: {
          userAgent: c.req.header('user-agent') ?? 'Unknown',
          ip: c.env.incoming.socket.remoteAddress ?? 'unknown',
        },
        acceptAuthAddress: acceptAuthAddress ?? true,
      },
    })
    return c.json({ channelToken, url, connectUri: url, nonce }, 201)
  }
  const status = (c: Context<NodeEnv>) => {
    const token = bearer(c.req.header('authorization'))
    const channel = read(token)
    if (!token || !channel) return c.json({ error: 'Unauthorized' }, 401)
    if (channel.status.state === 'completed') {
      // A completed channel is handed over once: the app that opened it is the only reader.
      channels.delete(token)
      return c.json(channel.status, 200)
    }
    return c.json(channel.status, 202)
  }
  const authenticate = async (c: Context<NodeEnv>) => {
    const token = bearer(c.req.header('authorization'))
    if (!token) return c.json({ error: 'Unauthorized' }, 401)
    const key = c.req.header('x-farcaster-auth-relay-key') ?? c.req.header('x-farcaster-connect-auth-key')
    if (key !== options.authKey) return c.json({ error: 'Unauthorized' }, 401)
    const checked = checkAuthenticate(await c.req.json().catch(() => undefined))
    if (!checked.ok) return c.json({ error: 'Validation error', message: checked.message }, 400)
    const channel = read(token)
    if (!channel) return c.json({ error: 'Unauthorized' }, 401)
    let custody: Address
    try {
      custody = await chain.readContract({
        address: farcasterIdRegistry,
        abi: farcasterIdRegistryAbi,
        functionName: 'custodyOf',
        args: [BigInt(checked.value.fid)],
      })
    } catch (error) {
      return c.json({ error: `the IdRegistry could not be read: ${(error as Error).message.split('\n')[0]}` }, 500)
    }
    const body = checked.value
    channel.status = {
      ...channel.status,
      state: 'completed',
      message: body.message,
      signature: body.signature,
      authMethod: body.authMethod ?? 'custody',
      fid: body.fid,
      ...(body.username !== undefined ? { username: body.username } : {}),
      ...(body.displayName !== undefined ? { displayName: body.displayName } : {}),
      ...(body.bio !== undefined ? { bio: body.bio } : {}),
      ...(body.pfpUrl !== undefined ? { pfpUrl: body.pfpUrl } : {}),
      custody,
      verifications: options.verifications(body.fid),
    }
    return c.json(channel.status, 201)
  }

  for (const name of ['channel', 'connect']) {
    app.post(`/v1/${name}`, create)
    app.get(`/v1/${name}/status`, status)
    app.post(`/v1/${name}/authenticate`, authenticate)
  }
  return { app, peek: (channelToken) => read(channelToken)?.status }
}
