// The log module alone: entries and levels (createLog with a fake clock), the default JSON-lines
// sink (info and warn on stdout, error on stderr), a sink that throws failing no request, and what
// redact / errorText / maskEmail leave of addresses, codes, tokens, shares and device ids,
// including a real SMTP refusal that quotes the recipient. A whole login's log holding no secret
// is in faults.test.ts.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, onTestFinished, test, vi } from 'vitest'
import { type MailInbox, startMailInbox } from '../../devnet/src/mail/inbox.js'
import { createAuthServer } from './createAuthServer.js'
import { type AuthLogEntry, createLog, errorText, jsonLines, maskEmail, redact } from './log.js'
import { createSmtpMailer } from './mailer.js'
import { newDeviceId } from './test/client.js'

const PAGE = 'http://127.0.0.1:5173'
let inbox: MailInbox

beforeAll(async () => {
  // Refuses every recipient on `.invalid` (its default) and any whose local part starts with "refuse".
  inbox = await startMailInbox({ refuseRecipient: (address) => /\.invalid$|^refuse/i.test(address) })
}, 60_000)
afterAll(async () => {
  await inbox?.stop()
})

describe('createLog', () => {
  test('behavior: each level writes one entry with the clock time, the message and the fields', () => {
    const entries: AuthLogEntry[] = []
    let now = Date.UTC(2026, 0, 2, 3, 4, 5, 678)
    const log = createLog(
      (entry) => entries.push(entry),
      () => now,
    )
    log.info('login.code_sent', { email: 'a***@example.com', challengeId: 'c1' })
    now += 1
    log.warn('social.refused', { provider: 'github' })
    now += 1
    log.error('request.failed')
    expect(entries).toEqual([
      {
        time: '2026-01-02T03:04:05.678Z',
        level: 'info',
        msg: 'login.code_sent',
        email: 'a***@example.com',
        challengeId: 'c1',
      },
      { time: '2026-01-02T03:04:05.679Z', level: 'warn', msg: 'social.refused', provider: 'github' },
      { time: '2026-01-02T03:04:05.680Z', level: 'error', msg: 'request.failed' },
    ])
  })

  test('error: a sink that throws is swallowed: the caller never sees it, later entries still go out', () => {
    const written: string[] = []
    const log = createLog(
      (entry) => {
        if (entry.msg === 'bad') throw new Error('disk full')
        written.push(entry.msg)
      },
      () => 0,
    )
    for (const level of ['info', 'warn', 'error'] as const) expect(() => log[level]('bad', {})).not.toThrow()
    log.info('good')
    expect(written).toEqual(['good'])
  })

  test('error: a log sink that throws on every entry breaks no request, success or failure', async () => {
    let thrown = 0
    const server = createAuthServer({
      projects: [{ id: 'test-project', allowedOrigins: [PAGE] }],
      mail: { send: async () => {} },
      // Nothing listens there: the login's database step fails, an error entry is logged.
      database: { url: 'postgres://portico@127.0.0.1:1/none' },
      rateLimit: false,
      purgeIntervalMs: false,
      log: () => {
        thrown += 1
        throw new Error('log sink down')
      },
    })
    onTestFinished(() => server.close())
    const health = await server.fetch(new Request('http://127.0.0.1/health'))
    expect(health.status).toBe(200)
    expect(await health.json()).toMatchObject({ status: 'ok', connection: 'idle' })
    const preflight = await server.fetch(
      new Request('http://127.0.0.1/v1/email/login', {
        method: 'OPTIONS',
        headers: { origin: PAGE, 'x-project-id': 'test-project' },
      }),
    )
    expect(preflight.status).toBe(204)
    const login = await server.fetch(
      new Request('http://127.0.0.1/v1/email/login', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: PAGE,
          'x-project-id': 'test-project',
          'x-portico-device': newDeviceId(),
        },
        body: JSON.stringify({ email: 'ada@example.com' }),
      }),
    )
    expect(login.status).toBe(500)
    expect(await login.json()).toEqual({ error: { code: 'INTERNAL', message: 'Internal server error' } })
    // One request entry per request, plus the failure: the sink was called, and threw, each time.
    expect(thrown).toBeGreaterThanOrEqual(4)
  })
})

describe('jsonLines, the default sink', () => {
  function capture() {
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    onTestFinished(() => {
      out.mockRestore()
      err.mockRestore()
    })
    const lines = (spy: typeof out) => spy.mock.calls.map(([chunk]) => String(chunk))
    return { out: () => lines(out), err: () => lines(err) }
  }

  test('behavior: info and warn go to stdout, error to stderr, one JSON object per line', () => {
    const streams = capture()
    const log = createLog(jsonLines, () => Date.UTC(2026, 5, 1))
    log.info('purge', { sessions: 2 })
    log.warn('farcaster.status_failed', { error: 'timeout' })
    log.error('request.failed', { path: '/v1/email/login', error: 'x' })
    const out = streams.out()
    const err = streams.err()
    expect(out).toHaveLength(2)
    expect(err).toHaveLength(1)
    for (const line of [...out, ...err]) {
      expect(line.endsWith('\n')).toBe(true)
      expect(line.slice(0, -1)).not.toContain('\n')
    }
    expect(out.map((line) => JSON.parse(line))).toEqual([
      { time: '2026-06-01T00:00:00.000Z', level: 'info', msg: 'purge', sessions: 2 },
      { time: '2026-06-01T00:00:00.000Z', level: 'warn', msg: 'farcaster.status_failed', error: 'timeout' },
    ])
    expect(JSON.parse(err[0]!)).toEqual({
      time: '2026-06-01T00:00:00.000Z',
      level: 'error',
      msg: 'request.failed',
      path: '/v1/email/login',
      error: 'x',
    })
  })

  test('default: a server given no sink writes its request entries as JSON lines on stdout', async () => {
    const streams = capture()
    const server = createAuthServer({
      projects: [{ id: 'test-project', allowedOrigins: [PAGE] }],
      mail: { send: async () => {} },
      database: { url: 'postgres://portico@127.0.0.1:1/none' },
      purgeIntervalMs: false,
      now: () => Date.UTC(2026, 1, 3),
    })
    onTestFinished(() => server.close())
    await server.fetch(new Request('http://127.0.0.1/health?token=secret-in-query'))
    const entries = streams.out().map((line) => JSON.parse(line) as AuthLogEntry)
    expect(entries).toContainEqual(
      expect.objectContaining({
        time: '2026-02-03T00:00:00.000Z',
        level: 'info',
        msg: 'request',
        method: 'GET',
        path: '/health',
        status: 200,
      }),
    )
    expect(streams.out().join('')).not.toContain('secret-in-query')
  })
})

describe('maskEmail', () => {
  test('behavior: the first character and the domain, nothing else of the local part', () => {
    expect(maskEmail('ada@example.com')).toBe('a***@example.com')
    expect(maskEmail('ada.lovelace+wallet@mail.example.co.uk')).toBe('a***@mail.example.co.uk')
    expect(maskEmail('x@example.com')).toBe('x***@example.com')
  })

  test('edge: no local part, no @, or several @ never show more than one character', () => {
    expect(maskEmail('@example.com')).toBe('***')
    expect(maskEmail('not-an-address')).toBe('***')
    expect(maskEmail('')).toBe('***')
    // The domain is what follows the last @.
    expect(maskEmail('"ada@home"@example.com')).toBe('"***@example.com')
  })
})

describe('redact and errorText', () => {
  test('security: addresses in an error text are masked, each of them', () => {
    expect(redact('550 5.1.1 <ada.lovelace@example.com>: recipient address rejected')).toBe(
      '550 5.1.1 <a***@example.com>: recipient address rejected',
    )
    expect(redact('to Bob+tag@Mail.Example.org, carol@example.net; (dave@sub.example.io)')).toBe(
      'to B***@Mail.Example.org, c***@example.net; (d***@sub.example.io)',
    )
  })

  test('security: a six-digit code is replaced wherever it stands as a number of its own', () => {
    expect(redact('code 482915 expired')).toBe('code [code] expired')
    expect(redact('482915 is your Portico code')).toBe('[code] is your Portico code')
    expect(redact('otp=000731,')).toBe('otp=[code],')
    // Other numbers stay: a status, a port, a year, a seven-digit count.
    expect(redact('HTTP 502 on 127.0.0.1:5432 in 2026 after 1234567 ms')).toBe(
      'HTTP 502 on 127.0.0.1:5432 in 2026 after 1234567 ms',
    )
  })

  test('security: tokens, key shares and device ids are replaced; ordinary words are kept', () => {
    const jwt =
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1c2VyLTEiLCJzaWQiOiJzLTEifQ.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg'
    const share = randomBytes(33).toString('base64')
    const linkToken = randomBytes(32).toString('base64url')
    const deviceId = newDeviceId()
    const hex = randomBytes(32).toString('hex')
    for (const secret of [jwt, share, linkToken, deviceId, hex]) {
      const text = redact(`failed for ${secret} (retry later)`)
      expect(text).toBe('failed for [redacted] (retry later)')
    }
    expect(redact(`GET /v1/devices/approve?token=${linkToken}`)).not.toContain(linkToken)
    expect(redact('connect ECONNREFUSED 127.0.0.1:5432')).toBe('connect ECONNREFUSED 127.0.0.1:5432')
  })

  test('behavior: errorText redacts the message of an Error (never its stack) or the text of any other value', () => {
    const error = new Error('no session for ada@example.com with code 123456')
    expect(errorText(error)).toBe('no session for a***@example.com with code [code]')
    expect(errorText('plain 654321')).toBe('plain [code]')
    expect(errorText(undefined)).toBe('undefined')
    expect(errorText({ email: 'ada@example.com' })).toBe('[object Object]')
  })

  test('security: a real SMTP refusal quoting the recipient reaches the log masked', async () => {
    const mailer = createSmtpMailer({ host: inbox.smtpHost, port: inbox.smtpPort, from: 'login@portico.test' })
    onTestFinished(() => mailer.close?.())
    const address = 'ada.lovelace@mail.invalid'
    const failed = (await mailer.send({ to: address, subject: '123456 is your code', text: 'x' }).catch((e) => e)) as {
      cause: Error
    }
    // The SMTP server's reply names the recipient in full…
    expect(failed.cause.message).toContain(address)
    // …the log does not.
    const logged = errorText(failed.cause)
    expect(logged).not.toContain('ada.lovelace')
    expect(logged).toContain('a***@mail.invalid')
  })

  // The server's own email validation (z.email()) accepts an apostrophe in a local part: a pattern
  // stopping there would log an SMTP refusal of john.smith'x@… as "john.smith'x***@…".
  test('security: an address with an apostrophe in its local part is masked to its first character', async () => {
    const mailer = createSmtpMailer({ host: inbox.smtpHost, port: inbox.smtpPort, from: 'login@portico.test' })
    onTestFinished(() => mailer.close?.())
    const address = "refuse.john.smith'x@example.com"
    const failed = (await mailer.send({ to: address, subject: 'Hi', text: 'x' }).catch((e) => e)) as { cause: Error }
    expect(failed.cause.message).toContain(address)
    const logged = errorText(failed.cause)
    expect(logged).not.toContain('john.smith')
    expect(logged).toContain('r***@example.com')
  })
})
