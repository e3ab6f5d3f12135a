// The kernel's checks of untrusted input: createPortico's options, what storage holds, and the
// hosted services' answers that page start may read (configuration, directory, balances).
//
// Why not zod here, as in the features: the kernel is page start. One import of zod from it put
// zod's core at page start on every page (10.0 KiB gzip of the README page's 137.1, and ~0.1 MB of
// heap after the modal; docs/performance.md), while the kernel checks a few flat shapes. These
// checks word their issues as zod did (a path, and what was expected), keep zod's output rules
// (objects copied with only their known keys, `custom` keeps the reference) and expose the same
// `safeParse`, so storage and caches take a zod schema from a feature or a check from the kernel.

/** One problem found in a value: where (dotted path, `''` for the value itself) and what. */
export type Issue = { path: string; message: string }

/** `safeParse`'s result, shaped like zod's. */
export type SafeParseResult<T> = { success: true; data: T } | { success: false; issues: Issue[] }

/** @internal A check of an untrusted value, with zod's `safeParse` and `parse`. */
export type Check<T> = {
  /** Checks `value` at `path`, pushing each problem to `issues`; returns the output (meaningless if any was pushed). */
  run(value: unknown, path: string, issues: Issue[]): T
  safeParse(value: unknown): SafeParseResult<T>
  /** The output, or throws a {@link CheckError} listing every issue. */
  parse(value: unknown): T
}

/** @internal The output type of a check. */
export type Infer<check> = check extends Check<infer T> ? T : never

/** @internal What `parse` throws: the value does not have the expected shape. */
export class CheckError extends Error {
  override name = 'CheckError'
  readonly issues: readonly Issue[]
  constructor(issues: readonly Issue[]) {
    super(issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; '))
    this.issues = issues
  }
}

const at = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key))

/** @internal Builds a check from its `run`. */
export function check<T>(run: Check<T>['run']): Check<T> {
  const safeParse = (value: unknown): SafeParseResult<T> => {
    const issues: Issue[] = []
    const data = run(value, '', issues)
    return issues.length ? { success: false, issues } : { success: true, data }
  }
  return {
    run,
    safeParse,
    parse(value) {
      const result = safeParse(value)
      if (!result.success) throw new CheckError(result.issues)
      return result.data
    },
  }
}

/** @internal Any value that passes `test`, kept as it is (zod's `custom`). */
export const custom = <T>(test: (value: unknown) => boolean, message: string): Check<T> =>
  check((value, path, issues) => {
    if (!test(value)) issues.push({ path, message })
    return value as T
  })

/** @internal A string: within `min`..`max` characters, matching `pattern`, passing `test`; `trim` trims it first. */
export const string = ({
  min,
  max,
  pattern,
  test,
  message = 'invalid format',
  trim,
}: {
  min?: number
  max?: number
  pattern?: RegExp
  test?: (value: string) => boolean
  message?: string
  trim?: boolean
} = {}): Check<string> =>
  check((value, path, issues) => {
    if (typeof value !== 'string') {
      issues.push({ path, message: 'expected string' })
      return ''
    }
    const out = trim ? value.trim() : value
    if (min !== undefined && out.length < min) issues.push({ path, message: `too small (minimum ${min})` })
    else if (max !== undefined && out.length > max) issues.push({ path, message: `too big (maximum ${max})` })
    else if ((pattern && !pattern.test(out)) || (test && !test(out))) issues.push({ path, message })
    return out
  })

/** @internal A finite number (an integer with `int`) within `min`..`max`. */
export const number = ({ int, min, max }: { int?: boolean; min?: number; max?: number } = {}): Check<number> =>
  check((value, path, issues) => {
    if (typeof value !== 'number' || !Number.isFinite(value) || (int && !Number.isSafeInteger(value)))
      issues.push({ path, message: `expected ${int ? 'int' : 'number'}` })
    else if (min !== undefined && value < min) issues.push({ path, message: `too small (minimum ${min})` })
    else if (max !== undefined && value > max) issues.push({ path, message: `too big (maximum ${max})` })
    return value as number
  })

/** @internal `true` or `false`. */
export const boolean = (): Check<boolean> => custom((value) => typeof value === 'boolean', 'expected boolean')

/** @internal Anything (zod's `unknown`). */
export const unknown = (): Check<unknown> => check((value) => value)

/** @internal One of the listed values. */
export const oneOf = <const T extends string | boolean>(values: readonly T[]): Check<T> =>
  custom((value) => values.includes(value as T), `expected one of ${values.map(String).join(', ')}`)

/** @internal `undefined`, or what `inner` accepts. */
export const optional = <T>(inner: Check<T>): Check<T | undefined> =>
  check((value, path, issues) => (value === undefined ? undefined : inner.run(value, path, issues)))

/** @internal `null`, `undefined`, or what `inner` accepts; `null` comes out as `undefined`. */
export const nullish = <T>(inner: Check<T>): Check<T | undefined> =>
  check((value, path, issues) => (value === undefined || value === null ? undefined : inner.run(value, path, issues)))

/** @internal `fallback` for `undefined`, else what `inner` accepts. */
export const withDefault = <T>(inner: Check<T>, fallback: T): Check<T> =>
  check((value, path, issues) => (value === undefined ? fallback : inner.run(value, path, issues)))

/** @internal An array of what `item` accepts, of `min`..`max` items; a copy. */
export const array = <T>(
  item: Check<T>,
  { min, max, message }: { min?: number; max?: number; message?: string } = {},
): Check<T[]> =>
  check((value, path, issues) => {
    if (!Array.isArray(value)) {
      issues.push({ path, message: 'expected array' })
      return []
    }
    if (min !== undefined && value.length < min) issues.push({ path, message: message ?? `too small (minimum ${min})` })
    if (max !== undefined && value.length > max) issues.push({ path, message: message ?? `too big (maximum ${max})` })
    return value.map((entry, index) => item.run(entry, at(path, index), issues))
  })

type Fields = Record<string, Check<unknown>>
type ObjectOutput<fields extends Fields> = {
  [key in keyof fields as undefined extends Infer<fields[key]> ? never : key]: Infer<fields[key]>
} & { [key in keyof fields as undefined extends Infer<fields[key]> ? key : never]?: Infer<fields[key]> }

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * @internal An object with these fields. `strip` (zod's `object`) drops other keys, `strict` refuses
 * them, `loose` keeps them. The output is a new object; an absent optional field stays absent.
 */
export const object = <fields extends Fields>(
  fields: fields,
  mode: 'strip' | 'strict' | 'loose' = 'strip',
): Check<ObjectOutput<fields>> =>
  check((value, path, issues) => {
    if (!isObject(value)) {
      issues.push({ path, message: 'expected object' })
      return {} as ObjectOutput<fields>
    }
    const out: Record<string, unknown> = mode === 'loose' ? { ...value } : {}
    for (const [key, field] of Object.entries(fields)) {
      const result = field.run(value[key], at(path, key), issues)
      if (result !== undefined || key in value) out[key] = result
    }
    if (mode === 'strict') {
      const unknownKeys = Object.keys(value).filter((key) => !Object.hasOwn(fields, key))
      if (unknownKeys.length) issues.push({ path, message: `unknown keys: ${unknownKeys.join(', ')}` })
    }
    return out as ObjectOutput<fields>
  })

/** @internal An object whose values `entry` accepts (keys among `keys` when given); a copy. */
export const record = <T, K extends string = string>(
  entry: Check<T>,
  keys?: readonly K[],
): Check<Partial<Record<K, T>>> =>
  check((value, path, issues) => {
    if (!isObject(value)) {
      issues.push({ path, message: 'expected object' })
      return {}
    }
    const out: Record<string, T> = {}
    for (const [key, item] of Object.entries(value)) {
      if (keys && !keys.includes(key as K))
        issues.push({ path: at(path, key), message: `expected one of ${keys.join(', ')}` })
      // A `"__proto__"` key (parsed JSON, a computed key) is no network, namespace or cache key:
      // refused, not dropped, so a value under it is never accepted unseen. zod's record drops it
      // silently; the options' test reference refuses it too.
      else if (key === '__proto__') issues.push({ path: at(path, key), message: 'not a key: __proto__' })
      // Defined, not assigned: the output never takes a key as its prototype.
      else
        Object.defineProperty(out, key, {
          value: entry.run(item, at(path, key), issues),
          enumerable: true,
          writable: true,
          configurable: true,
        })
    }
    return out as Partial<Record<K, T>>
  })

/** @internal The first of `options` that accepts the value; `message` when none does. */
export const union = <T>(options: readonly Check<T>[], message: string): Check<T> =>
  check((value, path, issues) => {
    for (const option of options) {
      const own: Issue[] = []
      const out = option.run(value, path, own)
      if (!own.length) return out
    }
    issues.push({ path, message })
    return value as T
  })

/**
 * @internal `inner`, then `refine` on its output when it passed: `refine` reports further problems
 * with `report(message, ...path)` (the path below the value's own).
 */
export const refine = <T>(
  inner: Check<T>,
  refine: (value: T, report: (message: string, ...path: string[]) => void) => void,
): Check<T> =>
  check((value, path, issues) => {
    const before = issues.length
    const out = inner.run(value, path, issues)
    if (issues.length === before)
      refine(out, (message, ...below) => issues.push({ path: below.reduce(at, path), message }))
    return out
  })

/** @internal What any `safeParse` (a feature's zod schema) accepts, with its output, as a check. */
export const from = <T>(
  shape: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  message = 'does not have the expected shape',
): Check<T> =>
  check((value, path, issues) => {
    const result = shape.safeParse(value)
    if (result.success) return result.data
    issues.push({ path, message })
    return value as T
  })
