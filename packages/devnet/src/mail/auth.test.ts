import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startDevnet } from '../startDevnet.js'
import { type DevnetAuth, startDevnetAuth } from './auth.js'

describe('devnet auth', () => {
  let auth: DevnetAuth
  beforeAll(async () => {
    auth = await startDevnetAuth()
    await auth.ready() // PGlite initdb: once for the file
  }, 120_000)
  afterAll(() => auth?.stop())

  test('default: an email login with the code read from the inbox over HTTP', async () => {
    const email = `ada-${randomBytes(3).toString('hex')}@example.com`
    const headers = {
      'content-type': 'application/json',
      'x-project-id': 'portico-demo',
      'x-portico-origin': 'http://localhost:5173',
      'x-portico-device': randomBytes(24).toString('base64url'),
    }
    const started = await fetch(`${auth.url}/v1/email/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email }),
    })
    const { action, challengeId } = (await started.json()) as { action: string; challengeId: string }
    expect(action).toBe('VERIFY_OTP')
    const mail = (await (await fetch(`${auth.inboxUrl}/messages/latest?to=${email}&wait=5000`)).json()) as {
      code: string
      from: string
    }
    expect(mail.from).toBe('login@portico.localhost')
    const done = await fetch(`${auth.url}/v1/email/otp`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ challengeId, otp: mail.code }),
    })
    const { token } = (await done.json()) as { token: string }
    const session = await fetch(`${auth.url}/v1/session`, { headers: { ...headers, authorization: `Bearer ${token}` } })
    expect(await session.json()).toMatchObject({ user: { email }, session: { projectId: 'portico-demo' } })
  })

  test('behavior: startDevnet starts the auth server without opening its database; `auth: false` skips it', async () => {
    const started = performance.now()
    const devnet = await startDevnet({ api: false, walletConnect: false })
    try {
      expect(await (await fetch(`${devnet.auth.url}/health`)).json()).toEqual({
        status: 'ok',
        database: 'pglite',
        connection: 'idle',
      })
      expect(await (await fetch(`${devnet.auth.inboxUrl}/messages`)).json()).toEqual({ messages: [] })
    } finally {
      await devnet.stop()
    }
    // No initdb ran: start, health and stop take well under the seconds a new PGlite needs.
    expect(performance.now() - started).toBeLessThan(5_000)
    const bare = await startDevnet({ api: false, walletConnect: false, auth: false })
    expect(bare.auth).toBeUndefined()
    await bare.stop()
  })
})
