import { expect, test } from 'vitest'
import * as auth from './index.js'
import * as siwx from './siwx.js'

test('@portico/auth entry', () => {
  expect(Object.keys(auth).sort()).toMatchInlineSnapshot(`
    [
      "AuthError",
      "EMAIL_COOLDOWN_MS",
      "OTP_LENGTH",
      "OTP_MAX_ATTEMPTS",
      "OTP_TTL_MS",
      "SESSION_TTL_MS",
      "createAuthServer",
      "createSmtpMailer",
      "listMigrations",
      "migrate",
      "openPglite",
      "openPostgres",
      "pgliteDevOptions",
      "serverMessages",
      "socialProviderNames",
    ]
  `)
})

test('@portico/auth/siwx entry', () => {
  expect(Object.keys(siwx).sort()).toMatchInlineSnapshot(`
    [
      "SiwxVerificationError",
      "createMemoryNonceStore",
      "createMemorySessionStore",
      "createSiwxHandlers",
      "formatSiwxMessage",
      "generateSiwxNonce",
      "parseSiwxMessage",
      "toNodeListener",
      "verifySiwxMessage",
      "verifySiwxSignature",
    ]
  `)
})
