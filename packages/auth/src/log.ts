/**
 * One line of the auth server's structured log (written as a JSON line by default). Fields never
 * hold a code, a token, a key share, a device id or a full email address: addresses are masked
 * with {@link maskEmail} and error texts pass through {@link redact}.
 *
 * @example
 * ```ts
 * const entry: AuthLogEntry = { time: '2026-01-01T00:00:00.000Z', level: 'info', msg: 'request', status: 200 }
 * ```
 */
export interface AuthLogEntry {
  time: string
  level: 'info' | 'warn' | 'error'
  msg: string
  [field: string]: unknown
}

/**
 * Where log entries go. The default writes one JSON object per line to stdout (errors to stderr).
 *
 * @example
 * ```ts
 * const lines: AuthLogEntry[] = []
 * createAuthServer({ ...options, log: (entry) => lines.push(entry) })
 * ```
 */
export type AuthLogSink = (entry: AuthLogEntry) => void

/** The logger the domain modules call. */
export interface AuthLog {
  info(msg: string, fields?: Record<string, unknown>): void
  warn(msg: string, fields?: Record<string, unknown>): void
  error(msg: string, fields?: Record<string, unknown>): void
}

/** JSON lines on stdout and stderr. */
export const jsonLines: AuthLogSink = (entry) => {
  const line = `${JSON.stringify(entry)}\n`
  if (entry.level === 'error') process.stderr.write(line)
  else process.stdout.write(line)
}

export function createLog(sink: AuthLogSink, now: () => number): AuthLog {
  const write = (level: AuthLogEntry['level'], msg: string, fields: Record<string, unknown> = {}) => {
    try {
      sink({ time: new Date(now()).toISOString(), level, msg, ...fields })
    } catch {
      // A failing log sink must never fail a request.
    }
  }
  return {
    info: (msg, fields) => write('info', msg, fields),
    warn: (msg, fields) => write('warn', msg, fields),
    error: (msg, fields) => write('error', msg, fields),
  }
}

/**
 * An address as the log shows it: the first character of the local part and the domain
 * (`a***@example.com`), enough to follow one visitor's requests, not to mail them.
 *
 * @example
 * ```ts
 * maskEmail('ada@example.com') // 'a***@example.com'
 * ```
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 1) return '***'
  return `${email[0]}***${email.slice(at)}`
}

// The local part may hold an apostrophe (o'neil@…): stopping there would leave most of it in the log.
const emailPattern = /[^\s<>"(),;:@]+@[^\s<>"'(),;:@]+\.[A-Za-z]{2,}/g
const longSecretPattern = /[A-Za-z0-9_\-+/=.]{32,}/g
const codePattern = /\b\d{6}\b/g

/**
 * An error text safe for the log: email addresses masked, six-digit runs (codes) and long opaque
 * strings (tokens, shares) replaced. SMTP errors, for one, quote the recipient.
 *
 * @example
 * ```ts
 * redact('550 <ada@example.com>: no such user') // '550 <a***@example.com>: no such user'
 * ```
 */
export function redact(text: string): string {
  return text
    .replace(emailPattern, (email) => maskEmail(email))
    .replace(longSecretPattern, '[redacted]')
    .replace(codePattern, '[code]')
}

/** The message of an unknown thrown value, redacted. */
export function errorText(error: unknown): string {
  return redact(error instanceof Error ? error.message : String(error))
}
