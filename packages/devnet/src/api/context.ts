/**
 * What the hosted-services emulator's route groups share: the running emulator's state and the
 * checks of the hosted services' query parameters.
 */
import type { Context } from 'hono'
import { type EmulatorEnv, HttpError } from '../emulator/app.js'
import type { ProfileStore } from './profiles.js'
import type { SessionStore } from './sessions.js'
import type { ApiSwitches } from './switches.js'
import type { DirectoryWallet } from './wallets.js'

/**
 * An analytics event as posted to `POST /e`, with the query parameters it came with.
 *
 * @example
 * ```ts
 * const opened: AnalyticsEvent[] = api.analytics.events().filter((e) => e.props.event === 'MODAL_OPEN')
 * ```
 */
export interface AnalyticsEvent {
  eventId: string
  url: string
  domain: string
  timestamp: number
  props: Record<string, unknown>
  projectId: string
  st: string
  sv: string
}

/** @internal The state of one running emulator, read by its routes. */
export interface ApiContext {
  evmRpcUrl: string
  solanaRpcUrl: string
  onrampUrl: string | undefined
  /** The devnet bundler's URL (`POST /v1/bundler`), when one runs. */
  bundlerUrl: string | undefined
  /** Listed before the fixture by `GET /getWallets` (the devnet web wallet's entry, when one runs). */
  listedFirst: readonly DirectoryWallet[]
  /** Listed after the fixture (the devnet web wallet's linkless entry, when one runs). */
  listedLast: readonly DirectoryWallet[]
  events: AnalyticsEvent[]
  switches: ApiSwitches
  /** Names: fixtures and those registered on this emulator. */
  profiles: ProfileStore
  /** Smart sessions: those added on this emulator. */
  sessions: SessionStore
  /** The emulator's base URL (known once it listens). */
  readonly url: string
}

/** @internal Query parameters every hosted route needs. */
export const HOSTED_PARAMS = ['projectId', 'st', 'sv'] as const

/** @internal 400 naming the missing query parameters. */
export function requireParams(c: Context<EmulatorEnv>, names: readonly string[]): void {
  const missing = names.filter((name) => !c.req.query(name))
  if (missing.length > 0) throw new HttpError(400, `Missing required query parameter(s): ${missing.join(', ')}`)
}

/**
 * @internal
 * A positive integer query parameter written as plain decimal digits without a leading zero,
 * capped at `max`. `Number()` alone would also take `1e3`, `0x10`, `0b1`, ` 1`, `1.0` or `010`,
 * which a client's serializer never sends and other servers read differently (or refuse).
 */
export function intParam(c: Context<EmulatorEnv>, name: string, fallback: number, max: number): number {
  const raw = c.req.query(name)
  if (raw === undefined || raw === '') return fallback
  if (!/^[1-9][0-9]*$/.test(raw)) throw new HttpError(400, `${name} must be a positive integer`)
  return Math.min(Number(raw), max)
}

/**
 * @internal
 * The token icon URL the hosted service links to, carrying this request's hosted parameters.
 */
export function tokenIcon(ctx: ApiContext, c: Context<EmulatorEnv>): (symbol: string) => string {
  return hostedImage(ctx, c, 'getTokenImage')
}

/**
 * @internal
 * An image URL on the emulator's image host (`/public/{kind}/{id}`), carrying this request's
 * hosted parameters.
 */
export function hostedImage(
  ctx: ApiContext,
  c: Context<EmulatorEnv>,
  kind: 'getTokenImage' | 'getAssetImage',
): (id: string) => string {
  const q = (name: string) => encodeURIComponent(c.req.query(name) ?? '')
  return (id) =>
    `${ctx.url}/public/${kind}/${encodeURIComponent(id)}?projectId=${q('projectId')}&st=${q('st')}&sv=${q('sv')}`
}
