/**
 * Switches a test flips to change how an emulator answers: a plain mutable object the emulator
 * reads on every request (set fields from Node), plus `GET/POST /__devnet/switches` so a browser
 * test can flip them too. Each field has a rule that checks a value sent over HTTP; a POST applies
 * all of its fields or none.
 */
import type { Hono } from 'hono'
import { type EmulatorEnv, HttpError, isRecord, readJson } from './app.js'

/**
 * @internal
 * Checks a value sent for one switch and returns what to store; throws an {@link HttpError} (400)
 * naming the switch otherwise. `current` is the value it replaces (a rule may merge into it).
 */
export type SwitchRule<T> = (value: unknown, current: T, key: string) => T

/** @internal The rules of a switches object, one per field. */
export type SwitchRules<S> = { [K in keyof S]-?: SwitchRule<S[K]> }

/** @internal A switch that takes one of `values` (compared with `===`). */
export function oneOf<const T>(values: readonly T[]): SwitchRule<T> {
  return (value, _current, key) => {
    if (!values.includes(value as T))
      throw new HttpError(400, `${key} must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}`)
    return value as T
  }
}

/** @internal An integer switch from `min` to `max`. */
export function integerIn(min: number, max: number): SwitchRule<number> {
  return (value, _current, key) => {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
      throw new HttpError(400, `${key} must be an integer from ${min} to ${max}`)
    return value
  }
}

/** @internal Applies a partial switches object (from HTTP) to `switches`: every field, or none on a 400. */
export function applySwitches<S extends object>(switches: S, rules: SwitchRules<S>, body: unknown): void {
  if (!isRecord(body)) throw new HttpError(400, 'Expected a JSON object of switches')
  const next: Partial<S> = {}
  for (const [key, value] of Object.entries(body)) {
    if (!Object.hasOwn(rules, key)) throw new HttpError(400, `Unknown switch ${key}`)
    const field = key as keyof S
    next[field] = rules[field](value, structuredClone(switches[field]), key)
  }
  for (const [key, value] of Object.entries(next) as [keyof S, S[keyof S]][]) {
    const current = switches[key]
    // Objects (per-feature flags) are updated in place: a test may hold a reference to them.
    if (isRecord(current) && isRecord(value)) Object.assign(current, value)
    else switches[key] = value
  }
}

/**
 * @internal
 * `GET /__devnet/switches` (the current switches) and `POST /__devnet/switches` (a partial object,
 * answered with the switches after it), on `app`. Mount them before any fault middleware, so
 * a test can always switch a fault off again.
 */
export function mountSwitches<S extends object>(app: Hono<EmulatorEnv>, switches: S, rules: SwitchRules<S>): void {
  app.get('/__devnet/switches', (c) => c.json(switches))
  app.post('/__devnet/switches', async (c) => {
    applySwitches(switches, rules, await readJson(c))
    return c.json(switches)
  })
}
