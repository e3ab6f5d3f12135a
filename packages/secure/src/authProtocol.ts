// The entry `@portico/secure/authProtocol`: the timings the secure frame and the auth server
// (`@portico/auth`) must agree on, written once. The auth server enforces each value and the frame
// plans its waits by it, so a copy on each side could drift apart and, for example, the frame would
// stop waiting for an approval the server would still accept. It is an entry of its own, not part
// of `/protocol` (the kit-frame messages, with their schemas and a copy of zod): the auth server
// imports these lines and nothing more. The spec names neither value.

/**
 * How long an email login's device approval link works from the login's start: 15 minutes. The
 * auth server refuses the link after it ("Code expired"), and the new device's wait stops then,
 * since the login can no longer be approved.
 *
 * @example
 * ```ts
 * import { deviceLinkLifetimeMs } from '@portico/secure/authProtocol'
 *
 * const expiresAt = new Date(startedAt + deviceLinkLifetimeMs)
 * ```
 */
export const deviceLinkLifetimeMs = 15 * 60_000

/**
 * How long the auth server holds one Farcaster connect (`POST /v1/farcaster/connect`) open for the
 * Farcaster app's approval before it answers "still pending": 25 s. The frame gives that call this
 * on top of its usual bound for an answer, so it does not cut a call the server is still holding.
 *
 * @example
 * ```ts
 * import { farcasterWaitMs } from '@portico/secure/authProtocol'
 *
 * const until = Date.now() + farcasterWaitMs
 * ```
 */
export const farcasterWaitMs = 25_000
