/**
 * Fault switches: middleware that makes a route fail the way a real service does, chosen per
 * request by reading a switch a test flips (from Node, or over HTTP through `mountSwitches`).
 *
 * ```ts
 * app.use('/v1/convert/*', faultSwitch(() => switches.convert))
 * ```
 */
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import type { Context, MiddlewareHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { type EmulatorEnv, HttpError } from './app.js'

/**
 * What a fault switch makes a route do: `'ok'` serves normally; a status answers it with the
 * emulator's error body; `'garbage'` answers 200 with a body that is not JSON; `'slow'` holds the
 * answer (see {@link FaultOptions.slowMs}) and then serves normally, ending early when the client
 * gives up; `'reset'` drops the connection without an answer, as a service dying mid-request
 * (Node's server only: it needs the socket).
 *
 * @example
 * ```ts
 * const fault: Fault = 429
 * ```
 */
export type Fault = 'ok' | ContentfulStatusCode | 'garbage' | 'slow' | 'reset'

/** Options of {@link faultSwitch}. */
export interface FaultOptions {
  /** `Retry-After` (seconds) sent with a 429; none unless given. */
  retryAfter?: number
  /** How long `'slow'` holds the answer (default {@link slowReplyDelayMs}). */
  slowMs?: number
  /** Error message per status (default: {@link faultMessages}, else `HTTP <status>`). */
  messages?: Readonly<Partial<Record<number, string>>>
}

/**
 * How long a `'slow'` route holds its answer by default: past the kit's 10 s client timeout.
 *
 * @example
 * ```ts
 * expect(slowReplyDelayMs).toBeGreaterThan(10_000)
 * ```
 */
export const slowReplyDelayMs = 15_000

/** @internal Messages of status faults unless a switch names its own. */
export const faultMessages: Readonly<Record<number, string>> = {
  429: 'Rate limited',
  500: 'Internal server error',
  503: 'Service unavailable',
}

/**
 * @internal
 * Middleware applying the fault `pick` returns for this request (`'ok'` or `undefined`: none).
 * Read on every request, so flipping the switch takes effect on the next one.
 */
export function faultSwitch(
  pick: (c: Context<EmulatorEnv>) => Fault | undefined,
  options: FaultOptions = {},
): MiddlewareHandler<EmulatorEnv> {
  return async (c, next) => {
    const fault = pick(c) ?? 'ok'
    if (fault === 'ok') return next()
    if (fault === 'reset') {
      c.env.incoming.socket.destroy()
      return RESPONSE_ALREADY_SENT
    }
    if (fault === 'garbage') return c.body('<html>\u0000{"not": json', 200, { 'content-type': 'application/json' })
    if (fault === 'slow') {
      if (!(await delay(options.slowMs ?? slowReplyDelayMs, c.req.raw.signal))) return RESPONSE_ALREADY_SENT
      return next()
    }
    if (fault === 429 && options.retryAfter !== undefined) c.header('retry-after', String(options.retryAfter))
    throw new HttpError(fault, options.messages?.[fault] ?? faultMessages[fault] ?? `HTTP ${fault}`)
  }
}

/**
 * @internal
 * Middleware holding every answer for the `pick`ed number of milliseconds (0: none), to show
 * loading states. Ends early, without answering, when the client gives up.
 */
export function latency(pick: (c: Context<EmulatorEnv>) => number): MiddlewareHandler<EmulatorEnv> {
  return async (c, next) => {
    const ms = pick(c)
    if (ms > 0 && !(await delay(ms, c.req.raw.signal))) return RESPONSE_ALREADY_SENT
    return next()
  }
}

/** Resolves `true` after `ms`, or `false` as soon as `signal` aborts (the client went away). */
function delay(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false)
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve(true)
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      resolve(false)
    }
    signal.addEventListener('abort', onAbort, { once: true })
  })
}
