// A click that lands twice before React re-renders (a double click, a bouncing key) must not ask
// the wallet twice: with a wallet that signs both, the user pays twice. So wallet work is joined
// while it runs: a second identical call gets the first one's promise and never reaches the
// wallet. Once the first settles the key is free again, so a deliberate second send still sends.

/** @internal One piece of wallet work in flight and who waits for it. */
type Flight = {
  promise: Promise<unknown>
  controller: AbortController
  /** Callers still waiting; one without a signal waits for good (the work is never given up). */
  waiters: number
}

/** @internal The instance's flights (`portico._internal.singleFlight`). */
export type SingleFlightState = {
  flights: Map<string, Flight>
  /** Identities of live objects (connectors) in keys: two connectors are never "the same request". */
  ids: WeakMap<object, number>
  nextId: number
}

/**
 * @internal The part of an instance this file reads (a `Portico` is one): only its flights, so the
 * instance's type, which holds a {@link SingleFlightState}, is not needed here.
 */
type FlightHolder = { readonly _internal: { readonly singleFlight: SingleFlightState } }

/** @internal A fresh state for a new instance. */
export function createSingleFlightState(): SingleFlightState {
  return { flights: new Map(), ids: new WeakMap(), nextId: 1 }
}

/**
 * @internal
 * Runs `run` unless identical work (same `key`) is in flight on this instance, in which case the
 * caller joins that work's promise. `run` gets a signal that aborts only once every caller that
 * joined has given up (each through its own `signal`); a caller without a signal keeps the work
 * alive. Callers still race their own signal themselves (this only decides whether to give up the
 * shared work).
 *
 * @example
 * const hash = await singleFlight(portico, ['portico', 'sendToken', variables], () => sendToken(portico, variables))
 */
export function singleFlight<result>(
  portico: FlightHolder,
  key: readonly unknown[],
  run: (signal: AbortSignal) => Promise<result>,
  { signal }: { signal?: AbortSignal | undefined } = {},
): Promise<result> {
  const state = portico._internal.singleFlight
  const id = flightKey(state, key)
  let flight = state.flights.get(id)
  if (!flight) {
    const controller = new AbortController()
    let promise: Promise<unknown>
    try {
      promise = run(controller.signal)
    } catch (error) {
      promise = Promise.reject(error)
    }
    const started: Flight = { promise, controller, waiters: 0 }
    flight = started
    state.flights.set(id, started)
    const clear = () => {
      if (state.flights.get(id) === started) state.flights.delete(id)
    }
    promise.then(clear, clear)
  }
  const joined = flight
  joined.waiters += 1
  if (signal) {
    const leave = () => {
      joined.waiters -= 1
      if (joined.waiters > 0) return
      // Nobody waits any more: the work is given up, and the next caller starts afresh.
      if (state.flights.get(id) === joined) state.flights.delete(id)
      joined.controller.abort(signal.reason)
    }
    if (signal.aborted) leave()
    else {
      signal.addEventListener('abort', leave, { once: true })
      const forget = () => signal.removeEventListener('abort', leave)
      joined.promise.then(forget, forget)
    }
  }
  return joined.promise as Promise<result>
}

/**
 * @internal
 * The mutation function of a wallet-request mutation: identical variables while one runs join it
 * (see {@link singleFlight}). Callbacks in the variables (`onStep`) and abort signals are not part
 * of what the wallet is asked, so they are not part of the key.
 *
 * @example
 * mutationFn: singleFlightMutation(portico, ['portico', 'signMessage'], (v) => signMessage(portico, v))
 */
export function singleFlightMutation<variables, result>(
  portico: FlightHolder,
  mutationKey: readonly unknown[],
  run: (variables: variables) => Promise<result>,
): (variables: variables) => Promise<result> {
  return (variables) => singleFlight(portico, [...mutationKey, withoutControls(variables)], () => run(variables))
}

/** The variables without their callbacks and signals: how the caller hears back, not what it asks. */
function withoutControls(variables: unknown): unknown {
  if (!isPlainObject(variables)) return variables
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(variables)) if (typeof v !== 'function' && !isAbortSignal(v)) out[k] = v
  return out
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/**
 * @internal
 * A stable string for a key: plain data by value (object keys sorted, bigints and bytes tagged),
 * abort signals and undefined properties left out, live objects (anything with methods, such as a
 * connector, and class instances) by identity.
 */
export function flightKey(state: SingleFlightState, value: unknown): string {
  const seen = new Set<object>()
  const identity = (object: object) => {
    let id = state.ids.get(object)
    if (id === undefined) {
      id = state.nextId++
      state.ids.set(object, id)
    }
    return { $ref: id }
  }
  const encode = (input: unknown): unknown => {
    if (typeof input === 'bigint') return { $bigint: input.toString() }
    if (typeof input === 'number' && !Number.isFinite(input)) return { $number: String(input) }
    if (input === undefined) return { $undefined: true }
    if (input === null || typeof input !== 'object') return input
    if (ArrayBuffer.isView(input))
      return { $bytes: Array.from(new Uint8Array(input.buffer, input.byteOffset, input.byteLength)).join(',') }
    if (input instanceof Date) return { $date: input.toISOString() }
    if (seen.has(input)) return identity(input)
    if (Array.isArray(input)) {
      seen.add(input)
      const out = input.map(encode)
      seen.delete(input)
      return out
    }
    const entries = Object.entries(input)
    if (!isPlainObject(input) || entries.some(([, v]) => typeof v === 'function')) return identity(input)
    seen.add(input)
    const out: Record<string, unknown> = {}
    for (const [k, v] of entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (isAbortSignal(v) || v === undefined) continue
      out[k] = encode(v)
    }
    seen.delete(input)
    return out
  }
  return JSON.stringify(encode(value))
}

function isAbortSignal(value: unknown): boolean {
  return typeof AbortSignal !== 'undefined' && value instanceof AbortSignal
}
