// Passkeys on the auth server, against PGlite and the devnet's SMTP inbox, with a software
// authenticator that sends the bytes a browser would (the frame's real flow runs in Chromium with
// a virtual authenticator: tests/e2e/embeddedPasskeys.test.ts). Hostile responses are refused with
// a clear error and leave nothing behind: no passkey, no session, no counter change.

import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, onTestFinished, test } from 'vitest'
import { type MailInbox, startMailInbox } from '../../../devnet/src/mail/inbox.js'
import { PASSKEY_CHALLENGE_TTL_MS } from '../constants.js'
import { createAuthServer } from '../createAuthServer.js'
import type { Database } from '../db/database.js'
import { createTestClient, type TestClient } from '../test/client.js'
import { openTestDatabase } from '../test/database.js'
import { softAuthenticator } from '../test/softAuthenticator.js'

const FRAME = 'http://localhost:41999'
const PAGE = 'http://127.0.0.1:5173'
let db: Database
let inbox: MailInbox

beforeAll(async () => {
  const [opened, mail] = await Promise.all([openTestDatabase('passkeys'), startMailInbox()])
  ;[db, inbox] = [opened.db, mail]
  return async () => {
    await Promise.allSettled([opened.close(), mail.stop()])
  }
}, 120_000)

async function start() {
  const clock = { now: Date.now() }
  const server = createAuthServer({
    projects: [{ id: 'test-project', allowedOrigins: [PAGE] }],
    frameOrigins: [FRAME],
    mail: { host: inbox.smtpHost, port: inbox.smtpPort, from: 'Portico <login@portico.test>' },
    database: db,
    secret: 'a test secret of at least thirty-two bytes!',
    now: () => clock.now,
    rateLimit: false,
    log: () => {},
  })
  const url = await server.listen()
  onTestFinished(() => server.close())
  return { clock, client: () => createTestClient(url, { origin: PAGE }) }
}

const newEmail = () => `passkey-${randomBytes(4).toString('hex')}@example.com`

async function emailLogin(client: TestClient, email: string) {
  const after = inbox.latest(email)?.id ?? 0
  const started = await client.call<{ challengeId: string }>('POST', '/v1/email/login', { email })
  const mail = await inbox.waitFor(email, { after })
  const done = await client.call<{ token: string; user: { id: string } }>('POST', '/v1/email/otp', {
    challengeId: started.body.challengeId,
    otp: mail.code,
  })
  expect(done.status).toBe(200)
  client.token = done.body.token
  return done.body.user
}

/** A signed-in user with one passkey registered. */
async function userWithPasskey(client: TestClient) {
  const email = newEmail()
  const user = await emailLogin(client, email)
  const passkey = softAuthenticator({ rpId: 'localhost', origin: FRAME })
  const options = await client.call<{ challengeId: string; options: { challenge: string; rp: { id: string } } }>(
    'POST',
    '/v1/passkeys/register/options',
  )
  expect(options.body.options.rp.id).toBe('localhost')
  const registered = await client.call('POST', '/v1/passkeys/register/verify', {
    challengeId: options.body.challengeId,
    response: passkey.register(options.body.options.challenge),
  })
  expect(registered.status).toBe(201)
  return { email, user, passkey }
}

const countRows = async (sql: string, params: unknown[]) => (await db.query(sql, params)).rows.length
const counterOf = async (id: string) =>
  Number((await db.query<{ counter: string }>('SELECT counter FROM passkeys WHERE id = $1', [id])).rows[0]?.counter)

async function loginChallenge(client: TestClient) {
  const started = await client.call<{ challengeId: string; options: { challenge: string } }>(
    'POST',
    '/v1/passkeys/login/options',
  )
  expect(started.status).toBe(200)
  return started.body
}

describe('passkeys', () => {
  test('a passkey made while signed in signs in alone on a new device, which may then recover the keys', async () => {
    const { client } = await start()
    const first = client()
    const { user, passkey } = await userWithPasskey(first)
    await first.call('PUT', '/v1/keys/eip155', { address: '0xabc', share: 'AQID', recoveryShare: 'BAUG' })

    const second = client()
    const challenge = await loginChallenge(second)
    const done = await second.call<{ token: string; user: { id: string } }>('POST', '/v1/passkeys/login/verify', {
      challengeId: challenge.challengeId,
      response: passkey.assert(challenge.options.challenge),
    })
    expect(done.status).toBe(200)
    expect(done.body.user.id).toBe(user.id)
    second.token = done.body.token
    expect((await second.call('GET', '/v1/session')).status).toBe(200)
    // The passkey approves the device as the mailed link does: it may fetch the recovery shares.
    expect((await second.call('GET', '/v1/keys/eip155/recovery')).status).toBe(200)
    expect(await counterOf(passkey.id)).toBe(1)
  })

  test('a passkey approves the new device of an email login instead of the mailed link; the code follows', async () => {
    const { client, clock } = await start()
    const { email, passkey } = await userWithPasskey(client())
    clock.now += 31_000 // past the mail cooldown of the first login
    const device = client()
    const started = await device.call<{ action: string; challengeId: string }>('POST', '/v1/email/login', { email })
    expect(started.body.action).toBe('VERIFY_DEVICE')
    const after = inbox.latest(email)?.id ?? 0
    const options = await device.call<{
      challengeId: string
      options: { challenge: string; allowCredentials: { id: string }[] }
    }>('POST', '/v1/passkeys/approve/options', { loginChallengeId: started.body.challengeId })
    expect(options.body.options.allowCredentials.map((c) => c.id)).toEqual([passkey.id])
    const approved = await device.call('POST', '/v1/passkeys/approve/verify', {
      challengeId: options.body.challengeId,
      response: passkey.assert(options.body.options.challenge),
    })
    expect(approved.body).toEqual({ action: 'VERIFY_OTP' })
    expect((await device.call('POST', '/v1/email/device', { challengeId: started.body.challengeId })).body).toEqual({
      action: 'VERIFY_OTP',
    })
    const mail = await inbox.waitFor(email, { after })
    const done = await device.call('POST', '/v1/email/otp', { challengeId: started.body.challengeId, otp: mail.code })
    expect(done.status).toBe(200)
  })

  test('hostile: an assertion made for another origin is refused, nothing stored', async () => {
    const { client } = await start()
    const { passkey } = await userWithPasskey(client())
    const attacker = client()
    const challenge = await loginChallenge(attacker)
    const sessions = await countRows('SELECT id FROM sessions', [])
    const refused = await attacker.call('POST', '/v1/passkeys/login/verify', {
      challengeId: challenge.challengeId,
      response: passkey.assert(challenge.options.challenge, 'http://localhost:5173'),
    })
    expect(refused.status).toBe(400)
    expect(refused.body.error).toMatchObject({ code: 'PASSKEY_INVALID' })
    expect(refused.body.error?.message).toMatch(/^Passkey verification failed: .*origin/i)
    expect(await countRows('SELECT id FROM sessions', [])).toBe(sessions)
    expect(await counterOf(passkey.id)).toBe(0)
  })

  test('hostile: a registration made for another origin is refused and no passkey is stored', async () => {
    const { client } = await start()
    const user = client()
    await emailLogin(user, newEmail())
    const passkey = softAuthenticator({ rpId: 'localhost', origin: 'http://localhost:5173' })
    const options = await user.call<{ challengeId: string; options: { challenge: string } }>(
      'POST',
      '/v1/passkeys/register/options',
    )
    const refused = await user.call('POST', '/v1/passkeys/register/verify', {
      challengeId: options.body.challengeId,
      response: passkey.register(options.body.options.challenge),
    })
    expect(refused.body.error).toMatchObject({ code: 'PASSKEY_INVALID' })
    expect(await countRows('SELECT id FROM passkeys WHERE id = $1', [passkey.id])).toBe(0)
  })

  test('in the frame inside the project page (cross-origin, top origin = that page): registration and sign-in count', async () => {
    const { client } = await start()
    const user = client()
    await emailLogin(user, newEmail())
    const passkey = softAuthenticator({ rpId: 'localhost', origin: FRAME })
    const options = await user.call<{ challengeId: string; options: { challenge: string } }>(
      'POST',
      '/v1/passkeys/register/options',
    )
    const registered = await user.call('POST', '/v1/passkeys/register/verify', {
      challengeId: options.body.challengeId,
      response: passkey.register(options.body.options.challenge, FRAME, PAGE),
    })
    expect(registered.status).toBe(201)
    const device = client()
    const challenge = await loginChallenge(device)
    const done = await device.call('POST', '/v1/passkeys/login/verify', {
      challengeId: challenge.challengeId,
      response: passkey.assert(challenge.options.challenge, FRAME, PAGE),
    })
    expect(done.status).toBe(200)
  })

  test("hostile: the frame inside a page that is not the project's: the passkey ceremony counts for nothing", async () => {
    const { client } = await start()
    const { passkey } = await userWithPasskey(client())
    const device = client()
    const challenge = await loginChallenge(device)
    const sessions = await countRows('SELECT id FROM sessions', [])
    const refused = await device.call('POST', '/v1/passkeys/login/verify', {
      challengeId: challenge.challengeId,
      response: passkey.assert(challenge.options.challenge, FRAME, 'https://evil.example'),
    })
    expect(refused.status).toBe(400)
    expect(refused.body.error?.message).toMatch(/^Passkey verification failed: .*top origin/i)
    expect(await countRows('SELECT id FROM sessions', [])).toBe(sessions)
    expect(await counterOf(passkey.id)).toBe(0)

    const user = client()
    await emailLogin(user, newEmail())
    const another = softAuthenticator({ rpId: 'localhost', origin: FRAME })
    const options = await user.call<{ challengeId: string; options: { challenge: string } }>(
      'POST',
      '/v1/passkeys/register/options',
    )
    const notStored = await user.call('POST', '/v1/passkeys/register/verify', {
      challengeId: options.body.challengeId,
      response: another.register(options.body.options.challenge, FRAME, 'https://evil.example'),
    })
    expect(notStored.body.error).toMatchObject({ code: 'PASSKEY_INVALID' })
    expect(notStored.body.error?.message).toMatch(/top origin/i)
    expect(await countRows('SELECT id FROM passkeys WHERE id = $1', [another.id])).toBe(0)
  })

  test('hostile: a replayed challenge is refused as used; the first answer stands alone', async () => {
    const { client } = await start()
    const { passkey } = await userWithPasskey(client())
    const device = client()
    const challenge = await loginChallenge(device)
    const response = passkey.assert(challenge.options.challenge)
    const body = { challengeId: challenge.challengeId, response }
    expect((await device.call('POST', '/v1/passkeys/login/verify', body)).status).toBe(200)
    const sessions = await countRows('SELECT id FROM sessions', [])
    const replayed = await device.call('POST', '/v1/passkeys/login/verify', body)
    expect(replayed.status).toBe(410)
    expect(replayed.body.error).toEqual({ code: 'PASSKEY_CHALLENGE_USED', message: 'Passkey challenge already used' })
    expect(await countRows('SELECT id FROM sessions', [])).toBe(sessions)
    // The same assertion on a fresh challenge fails too: it signs the old challenge.
    const fresh = await loginChallenge(device)
    const again = await device.call('POST', '/v1/passkeys/login/verify', { challengeId: fresh.challengeId, response })
    expect(again.body.error).toMatchObject({ code: 'PASSKEY_INVALID' })
  })

  test('hostile: an assertion with a counter not above the stored one (a cloned passkey) is refused, counter kept', async () => {
    const { client } = await start()
    const { passkey } = await userWithPasskey(client())
    const device = client()
    const first = await loginChallenge(device)
    passkey.setCounter(9)
    expect(
      (
        await device.call('POST', '/v1/passkeys/login/verify', {
          challengeId: first.challengeId,
          response: passkey.assert(first.options.challenge),
        })
      ).status,
    ).toBe(200)
    expect(await counterOf(passkey.id)).toBe(10)
    passkey.setCounter(4)
    const second = await loginChallenge(device)
    const refused = await device.call('POST', '/v1/passkeys/login/verify', {
      challengeId: second.challengeId,
      response: passkey.assert(second.options.challenge),
    })
    expect(refused.body.error).toMatchObject({ code: 'PASSKEY_INVALID' })
    expect(refused.body.error?.message).toMatch(/counter/i)
    expect(await counterOf(passkey.id)).toBe(10)
  })

  test('a challenge expires after 5 minutes and belongs to the device that asked for it', async () => {
    const { client, clock } = await start()
    const { passkey } = await userWithPasskey(client())
    const device = client()
    const challenge = await loginChallenge(device)
    const elsewhere = await client().call('POST', '/v1/passkeys/login/verify', {
      challengeId: challenge.challengeId,
      response: passkey.assert(challenge.options.challenge),
    })
    expect(elsewhere.body.error).toEqual({ code: 'PASSKEY_CHALLENGE_INVALID', message: 'Passkey challenge not found' })
    clock.now += PASSKEY_CHALLENGE_TTL_MS
    const late = await device.call('POST', '/v1/passkeys/login/verify', {
      challengeId: challenge.challengeId,
      response: passkey.assert(challenge.options.challenge),
    })
    expect(late.body.error).toEqual({ code: 'PASSKEY_CHALLENGE_EXPIRED', message: 'Passkey challenge expired' })
  })

  test('a malformed response is a 400 naming the field, before any challenge is used', async () => {
    const { client } = await start()
    const device = client()
    const challenge = await loginChallenge(device)
    const bad = await device.call('POST', '/v1/passkeys/login/verify', {
      challengeId: challenge.challengeId,
      response: { id: 'x', type: 'password' },
    })
    expect(bad.body.error?.code).toBe('BAD_REQUEST')
    expect(bad.body.error?.message).toMatch(/^Invalid response/)
    expect(
      await countRows('SELECT id FROM passkey_challenges WHERE id = $1 AND consumed_at IS NULL', [
        challenge.challengeId,
      ]),
    ).toBe(1)
  })
})

describe('account deletion and recovery modes', () => {
  test('a key stored in user-held mode says so; the server hands back its ciphertext as it got it', async () => {
    const { client } = await start()
    const user = client()
    await emailLogin(user, newEmail())
    const put = await user.call('PUT', '/v1/keys/solana', {
      address: 'Sol1',
      share: 'AQID',
      recoveryShare: 'CQkJ',
      recoveryMode: 'user-held',
    })
    expect(put.body).toMatchObject({ key: { recoveryMode: 'user-held' } })
    expect((await user.call('GET', '/v1/keys/solana/recovery')).status).toBe(403)
    const keys = await user.call<{ keys: { recoveryMode: string }[] }>('GET', '/v1/keys')
    expect(keys.body.keys.map((k) => k.recoveryMode)).toEqual(['user-held'])
  })

  test('deleting the account destroys every share, passkey and session and lists the keys lost', async () => {
    const { client } = await start()
    const device = client()
    const { email, user } = await userWithPasskey(device)
    await device.call('PUT', '/v1/keys/eip155', { address: '0xdead', share: 'AQID', recoveryShare: 'BAUG' })
    const wrong = await device.call('DELETE', '/v1/account', { confirm: 'someone@example.com' })
    expect(wrong.status).toBe(400)
    const deleted = await device.call('DELETE', '/v1/account', { confirm: email })
    expect(deleted.body).toEqual({ deleted: true, keys: [{ namespace: 'eip155', address: '0xdead' }] })
    for (const table of [
      'users WHERE id',
      'key_shares WHERE user_id',
      'passkeys WHERE user_id',
      'sessions WHERE user_id',
    ])
      expect(await countRows(`SELECT 1 FROM ${table} = $1`, [user.id])).toBe(0)
    expect((await device.call('GET', '/v1/session')).status).toBe(401)
  })
})
