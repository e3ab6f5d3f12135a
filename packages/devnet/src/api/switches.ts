/**
 * The hosted-services emulator's failure switches: what each one may hold, their defaults, and the
 * rules `POST /__devnet/switches` checks a browser test's values with.
 */
import { HttpError, isRecord } from '../emulator/app.js'
import type { slowReplyDelayMs } from '../emulator/faults.js'
import { integerIn, oneOf, type SwitchRule, type SwitchRules } from '../emulator/switches.js'

/** Feature ids returned by `GET /appkit/v1/config`. */
export type ApiFeatureId = 'social_login' | 'swap' | 'onramp' | 'activity' | 'reown_branding' | 'multi_wallet'

/** Faults {@link ApiSwitches.hosted} can inject on every hosted route. */
export type HostedFault = 'ok' | 429 | 500 | 'garbage' | 'slow' | 'reset'

/**
 * Mutable failure switches. `'ok'` serves normally; a number makes the route answer that HTTP
 * status. `features` sets `isEnabled` per feature in the project config.
 *
 * @example
 * ```ts
 * api.switches.origins = 403 // GET /projects/v1/origins and POST /e answer 403
 * api.switches.features.swap = false
 * ```
 */
export interface ApiSwitches {
  origins: 'ok' | 403 | 429 | 500
  config: 'ok' | 429 | 500
  balance: 'ok' | 500
  /** Every `/v1/convert/*` route (swaps and gas price). */
  convert: 'ok' | 403 | 429 | 500
  /** `GET /v1/convert/allowance` alone: a quote that works while the allowance check fails. */
  allowance: 'ok' | 429 | 500
  /** `/v1/onramp/*` and `POST /v1/generators/onrampurl`. */
  onramp: 'ok' | 403 | 429 | 500
  /** Delay in ms before the convert and on-ramp routes answer (0 to 10000), to test loading states. */
  latencyMs: number
  features: Record<ApiFeatureId, boolean>
  /** Providers listed in the `social_login` feature config. */
  socials: string[]
  /**
   * A fault on every hosted route (control routes under `/__devnet` excepted), the JSON-RPC proxy
   * included: a status (429 with `Retry-After: 1`, 500), `'garbage'` (200 with a body that is not
   * JSON), `'slow'` (answers only after {@link slowReplyDelayMs}, past every client timeout; ends
   * early when the client gives up) or `'reset'` (the connection is dropped without an answer, as
   * when the service dies mid-request).
   */
  hosted: HostedFault
  /**
   * Limits `hosted` to calls carrying this `projectId` (`null`: every call), so a test can break
   * the service for its own instance while others share the emulator.
   */
  hostedProjectId: string | null
  /**
   * A `hosted` fault per project id, each test its own: `{ 'my-project': 500 }` breaks the service
   * for that project only, and setting another project's fault leaves this one as it is (`'ok'`
   * ends it). Tests that share one emulator at the same time use this, not `hostedProjectId`,
   * whose single scope the last writer wins. A project listed here takes its own fault over `hosted`.
   */
  hostedFor: Record<string, HostedFault>
  /**
   * Feature flags per project id, over `features` for that project's `GET /appkit/v1/config`:
   * `{ 'my-project': { activity: false } }`. Tests that share one emulator each set their own.
   */
  featuresFor: Record<string, Partial<Record<ApiFeatureId, boolean>>>
  /**
   * The allow-list per project id that `GET /projects/v1/origins` answers (instead of the loopback
   * default, {@link allowedOrigins}), e.g. `{ 'my-project': ['https://shop.example'] }`.
   */
  originsFor: Record<string, string[]>
}

/**
 * Defaults of {@link ApiSwitches}: everything healthy, all features but branding on.
 *
 * @example
 * ```ts
 * Object.assign(api.switches, defaultSwitches()) // reset between tests
 * ```
 */
export function defaultSwitches(): ApiSwitches {
  return {
    origins: 'ok',
    config: 'ok',
    balance: 'ok',
    convert: 'ok',
    allowance: 'ok',
    onramp: 'ok',
    latencyMs: 0,
    features: {
      social_login: true,
      swap: true,
      onramp: true,
      activity: true,
      reown_branding: false,
      multi_wallet: true,
    },
    socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
    hosted: 'ok',
    hostedProjectId: null,
    hostedFor: {},
    featuresFor: {},
    originsFor: {},
  }
}

/** @internal Messages of the status the switches answer with. */
export const switchMessages: Readonly<Record<number, string>> = {
  403: 'Unauthorized: origin not allowed',
  429: 'Rate limited',
  500: 'Internal server error',
}

const features: SwitchRule<ApiSwitches['features']> = (value, current) => {
  if (!isRecord(value)) throw new HttpError(400, 'features must be an object')
  const next = { ...current }
  for (const [id, enabled] of Object.entries(value)) {
    if (!Object.hasOwn(next, id) || typeof enabled !== 'boolean')
      throw new HttpError(400, `features.${id} must be a known feature id with a boolean`)
    next[id as ApiFeatureId] = enabled
  }
  return next
}

const hostedFault = oneOf(['ok', 429, 500, 'garbage', 'slow', 'reset'] as const)

/** @internal How `POST /__devnet/switches` checks each switch. */
export const apiSwitchRules: SwitchRules<ApiSwitches> = {
  origins: oneOf(['ok', 403, 429, 500] as const),
  config: oneOf(['ok', 429, 500] as const),
  balance: oneOf(['ok', 500] as const),
  convert: oneOf(['ok', 403, 429, 500] as const),
  allowance: oneOf(['ok', 429, 500] as const),
  onramp: oneOf(['ok', 403, 429, 500] as const),
  hosted: hostedFault,
  hostedFor: (value, current) => {
    if (!isRecord(value)) throw new HttpError(400, 'hostedFor must be an object of project id to fault')
    const next = { ...current }
    for (const [projectId, fault] of Object.entries(value)) {
      const checked = hostedFault(fault, current[projectId] ?? 'ok', `hostedFor.${projectId}`)
      next[projectId] = checked
    }
    return next
  },
  latencyMs: integerIn(0, 10_000),
  features,
  socials: (value) => {
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'string'))
      throw new HttpError(400, 'socials must be an array of strings')
    return [...value]
  },
  featuresFor: (value, current) => {
    if (!isRecord(value)) throw new HttpError(400, 'featuresFor must be an object of project id to features')
    const next = { ...current }
    for (const [projectId, flags] of Object.entries(value)) {
      if (!isRecord(flags)) throw new HttpError(400, `featuresFor.${projectId} must be an object`)
      for (const [id, enabled] of Object.entries(flags))
        if (!Object.hasOwn(defaultSwitches().features, id) || typeof enabled !== 'boolean')
          throw new HttpError(400, `featuresFor.${projectId}.${id} must be a known feature id with a boolean`)
      next[projectId] = { ...current[projectId], ...(flags as Partial<Record<ApiFeatureId, boolean>>) }
    }
    return next
  },
  originsFor: (value, current) => {
    if (!isRecord(value)) throw new HttpError(400, 'originsFor must be an object of project id to origins')
    const next = { ...current }
    for (const [projectId, origins] of Object.entries(value)) {
      if (!Array.isArray(origins) || !origins.every((o) => typeof o === 'string'))
        throw new HttpError(400, `originsFor.${projectId} must be an array of strings`)
      next[projectId] = [...origins]
    }
    return next
  },
  hostedProjectId: (value) => {
    if (value !== null && typeof value !== 'string')
      throw new HttpError(400, 'hostedProjectId must be a string or null')
    return value
  },
}
