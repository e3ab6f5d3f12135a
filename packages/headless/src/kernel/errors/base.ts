import { version } from '../version.js'

/** Options shared by every Portico error. */
export type BaseErrorParameters = {
  /** The underlying error, kept so nothing is lost when an error is translated. */
  cause?: unknown
  /** Extra technical detail shown under the short message. */
  details?: string
  /** Path under the docs site, e.g. `/errors#connection-rejected`. */
  docsPath?: string
  /** Extra lines that help a developer fix the problem. */
  metaMessages?: string[]
}

export type BaseErrorType = BaseError & { name: 'PorticoError' }

/**
 * The root of every error Portico throws. `shortMessage` is the one human sentence (the
 * spec's text); `name` is the discriminant a UI maps to its own copy.
 *
 * The entries export every error as its type (`ConnectErrorType`, `SwapPriceChangedErrorType`…)
 * and tell them apart by `name`, as wagmi's do: a verb's `…ErrorType` union narrows on it. The
 * classes stay Portico's own (their constructors are not a promise), except the few that code
 * outside Portico throws for Portico to treat as its own: a server's `SiwxVerificationError`,
 * a connector's `NotConnectedError`, a send request's validation errors.
 *
 * @example
 * try { await connect(portico, { connectorId }) } catch (e) {
 *   const error = e as ConnectErrorType
 *   if (error.name === 'ConnectionRejectedError') showTryAgain()
 *   else if (error instanceof BaseError) console.log(error.name, error.shortMessage)
 * }
 */
export class BaseError extends Error {
  override name = 'PorticoError'
  readonly shortMessage: string
  readonly details: string | undefined
  readonly docsPath: string | undefined
  readonly metaMessages: string[] | undefined
  readonly version = `@portico/headless@${version}`

  constructor(shortMessage: string, parameters: BaseErrorParameters = {}) {
    const details =
      parameters.details ??
      (parameters.cause instanceof Error
        ? ((parameters.cause as { shortMessage?: string }).shortMessage ?? parameters.cause.message)
        : undefined)
    const message = [
      shortMessage,
      ...(parameters.metaMessages?.length ? ['', ...parameters.metaMessages] : []),
      ...(details && details !== shortMessage ? ['', `Details: ${details}`] : []),
      ...(parameters.docsPath ? [`Docs: https://portico.dev/docs${parameters.docsPath}`] : []),
    ].join('\n')
    super(message, parameters.cause === undefined ? undefined : { cause: parameters.cause })
    this.shortMessage = shortMessage
    this.details = details
    this.docsPath = parameters.docsPath
    this.metaMessages = parameters.metaMessages
  }

  /** Walks the `cause` chain; returns the first error `fn` accepts, or the deepest one. */
  walk(fn?: (error: unknown) => boolean): unknown {
    let error: unknown = this
    while (error) {
      if (fn?.(error)) return error
      const next = (error as { cause?: unknown }).cause
      if (!next) return fn ? null : error
      error = next
    }
    return null
  }
}
