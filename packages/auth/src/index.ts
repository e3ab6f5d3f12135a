/**
 * `@portico/auth`: the self-hostable auth server behind Portico's embedded wallet (email codes,
 * device approval, email update, JWT sessions, key-share storage) on PGlite or Postgres.
 * The sign-in verifier for "Sign in with X" is its own entry, `@portico/auth/siwx`.
 */
export { EMAIL_COOLDOWN_MS, OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_TTL_MS, SESSION_TTL_MS } from './constants.js'
export {
  type AuthDatabaseOption,
  type AuthProject,
  type AuthServer,
  type AuthServerOptions,
  createAuthServer,
} from './createAuthServer.js'
export type { Database, Sql } from './db/database.js'
export { openPglite, type PgliteOptions, pgliteDevOptions } from './db/pglite.js'
export { openPostgres, type PostgresOptions } from './db/postgres.js'
export { AuthError, type AuthErrorCode, serverMessages } from './errors.js'
export type { AuthLogEntry, AuthLogSink } from './log.js'
export { createSmtpMailer, type Mail, type Mailer, type SmtpOptions } from './mailer.js'
export type { AuthPurgeResult } from './maintenance/purge.js'
export { listMigrations, migrate } from './migrate.js'
export type { FarcasterConfig } from './social/farcaster.js'
export {
  type SocialProviderConfig,
  type SocialProviderName,
  type SocialProvidersConfig,
  socialProviderNames,
} from './social/providers.js'
