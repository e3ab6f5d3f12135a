/**
 * JSON helpers for the Solana RPC wire format.
 *
 * Solana serializes u64 values as bare JSON integers (which can exceed 2^53, e.g. `rentEpoch`
 * 18446744073709551615) and f64 values such as `uiAmount` with a decimal point (`5000.0`).
 * `@solana/kit` relies on that distinction: it parses integers as bigint and anything with a
 * `.` as a number. JSON.stringify can express neither, hence this small serializer.
 */

/** Marks a value that must be written as a float even when integral (`5000` → `5000.0`). */
export class JsonFloat {
  constructor(readonly value: number) {}
}

/** JSON value tree as produced by the RPC handlers: bigint for integers that may be u64. */
export type JsonValue =
  | null
  | boolean
  | number
  | bigint
  | string
  | JsonFloat
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue | undefined }

/** Serializes a {@link JsonValue}; bigints become bare integers, `undefined` members are dropped. */
export function stringifyJson(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return 'null'
  switch (typeof value) {
    case 'bigint':
      return value.toString()
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null'
    case 'string':
    case 'boolean':
      return JSON.stringify(value)
  }
  if (value instanceof JsonFloat) {
    if (!Number.isFinite(value.value)) return 'null'
    const text = String(value.value)
    return /[.eE]/.test(text) ? text : `${text}.0`
  }
  if (Array.isArray(value)) return `[${value.map((item: JsonValue) => stringifyJson(item)).join(',')}]`
  const members: string[] = []
  for (const [key, member] of Object.entries(value as { [key: string]: JsonValue | undefined })) {
    if (member !== undefined) members.push(`${JSON.stringify(key)}:${stringifyJson(member)}`)
  }
  return `{${members.join(',')}}`
}

/** A JSON-RPC error to send back to the client (code, message and optional data). */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: JsonValue,
  ) {
    super(message)
  }
}

/** -32602: the error real validators return for malformed parameters. */
export function invalidParams(message: string): RpcError {
  return new RpcError(-32602, message)
}
