import { deviceLinkLifetimeMs, farcasterWaitMs } from '@portico/secure/authProtocol'

/** Digits in an email code. */
export const OTP_LENGTH = 6
/** A code is valid for 10 minutes after it is sent. */
export const OTP_TTL_MS = 10 * 60_000
/** Wrong guesses allowed per code; the code is dead after that (a fresh one needs a new login). */
export const OTP_MAX_ATTEMPTS = 5
/** The spec's email cooldown: one mail per address every 30 s, enforced here as well as in the kit. */
export const EMAIL_COOLDOWN_MS = 30_000
/**
 * A device approval link works for 15 minutes: the secure frame's `deviceLinkLifetimeMs`, which
 * its wait for the approval follows, so the value is written once, in `@portico/secure/authProtocol`.
 */
export const DEVICE_LINK_TTL_MS = deviceLinkLifetimeMs
/** Session lifetime (the JWT's `exp`). */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60_000
/** Largest accepted request body. */
export const MAX_BODY_BYTES = 64 * 1024
/** Largest key share accepted (a Shamir share of a 32-byte key is 33 bytes). */
export const MAX_SHARE_BYTES = 1024
/** Window of the per-client request limit (the `rateLimit` option counts requests per window). */
export const RATE_LIMIT_WINDOW_MS = 60_000
/** How long a consumed or expired code is kept after it expires, so a late try reads "Code expired", not "not found". */
export const CHALLENGE_RETENTION_MS = 24 * 60 * 60_000
/** How often expired rows are purged by default. */
export const PURGE_INTERVAL_MS = 10 * 60_000
/** How long `close()` waits for requests in flight before it cuts the remaining connections. */
export const SHUTDOWN_TIMEOUT_MS = 10_000
/** How long the health check waits for the database. */
export const HEALTH_TIMEOUT_MS = 2_000
/** A WebAuthn challenge (passkey registration, login, device approval) works once, for 5 minutes. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000
/** A social or Farcaster login must finish within 10 minutes of its start (the popup or the app approval). */
export const SOCIAL_LOGIN_TTL_MS = 10 * 60_000
/**
 * How long one `POST /v1/farcaster/connect` waits for the Farcaster app's approval before answering
 * "still pending" (25 s): the secure frame's `farcasterWaitMs`, which the frame adds to its bound on
 * that call, so the value is written once, in `@portico/secure/authProtocol`.
 */
export const FARCASTER_WAIT_MS = farcasterWaitMs
