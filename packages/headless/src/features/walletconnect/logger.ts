import { type Logger, pino } from '@walletconnect/logger'

/** The levels a host may set for WalletConnect's log (`walletConnect: { logLevel }`). */
export type WalletConnectLogLevel = 'silent' | 'error' | 'warn' | 'info' | 'debug' | 'trace'

/** Spec: the log buffer holds 1,024,000 bytes; the oldest entries go first. */
export const walletConnectLogBufferBytes = 1_024_000

/**
 * @internal
 * The instance's WalletConnect log: the SDK's logger (handed to the sign client) writing into a
 * bounded buffer a host can read for a support request, and to the console.
 *
 * Secrets never enter the buffer: the SDK logs payloads at its lower levels, and those carry the
 * pairing's symmetric key, session keys and the relay's auth token. Every 64-digit hex string (a
 * key, or a topic) keeps only its first 8 digits, enough to tell topics apart in a report, and
 * every JWT is dropped, before an entry is stored or printed.
 */
export type WalletConnectLog = {
  logger: Logger
  /** The buffered entries, oldest first, one JSON object per line. */
  read(): string
}

/**
 * @internal
 * @example
 * const log = createWalletConnectLog('error')
 * await SignClient.init({ …, logger: log.logger })
 * log.read() // '{"level":50,"time":…,"msg":"…"}\n…'
 */
export function createWalletConnectLog(
  level: WalletConnectLogLevel,
  maxBytes = walletConnectLogBufferBytes,
): WalletConnectLog {
  const entries: { line: string; bytes: number }[] = []
  let bytes = 0
  const encoder = new TextEncoder()

  const append = (raw: string) => {
    const line = redact(raw.trimEnd())
    const size = encoder.encode(line).byteLength + 1
    if (size > maxBytes) return
    entries.push({ line, bytes: size })
    bytes += size
    while (bytes > maxBytes) bytes -= entries.shift()?.bytes ?? bytes
    toConsole(line)
  }

  const logger = pino(
    {
      level,
      // In a browser pino hands each entry to `write` as an object; in Node it writes JSON lines
      // to the stream below.
      browser: { write: (entry: object) => append(JSON.stringify(entry)) },
    },
    { write: (line: string) => append(line) },
  )
  return { logger, read: () => entries.map((e) => `${e.line}\n`).join('') }
}

const hexSecret = /\b(0x)?([0-9a-fA-F]{8})[0-9a-fA-F]{56}\b/g
const jwt = /\beyJ[\w-]+\.[\w-]+\.[\w-]*/g

/** @internal Keys, topics and tokens out of a log line (see {@link WalletConnectLog}). */
export function redact(line: string): string {
  return line
    .replace(hexSecret, (_, prefix: string | undefined, head: string) => `${prefix ?? ''}${head}…`)
    .replace(jwt, '[jwt]')
}

function toConsole(line: string) {
  let level = 50
  try {
    level = Number((JSON.parse(line) as { level?: unknown }).level) || 50
  } catch {}
  if (level >= 50) console.error('[WalletConnect]', line)
  else if (level >= 40) console.warn('[WalletConnect]', line)
  else console.debug('[WalletConnect]', line)
}
