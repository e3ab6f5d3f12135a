// createSmtpMailer and the two mails, over real SMTP on 127.0.0.1: the login, email-update and
// device mails as the devnet inbox receives them (subject, text, the code and link it picks out),
// header injection through the app name or the address, the typed MAIL_FAILED for a refused
// recipient, a closed port, a dropped connection or a silent server (no hang), and the TLS and
// AUTH the transport speaks as configured. Mail failing at HTTP level (502, the cooldown freed)
// is in test/suite.ts; the SMTP error in the log, redacted, in log.test.ts.
import { createServer as createNetServer, type Server, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, onTestFinished, test, vi } from 'vitest'
import { type MailInbox, startMailInbox } from '../../devnet/src/mail/inbox.js'
import { AuthError } from './errors.js'
import { createSmtpMailer, deviceMail, type Mailer, otpMail, type SmtpOptions } from './mailer.js'

let inbox: MailInbox
let counter = 0

beforeAll(async () => {
  inbox = await startMailInbox()
}, 60_000)
afterAll(async () => {
  await inbox?.stop()
})

const FROM = 'Portico <login@portico.test>'
const newEmail = (tag: string) => `${tag}-${++counter}-${process.pid}@example.com`

function mailerFor(options: Partial<SmtpOptions> = {}): Mailer {
  const mailer = createSmtpMailer({ host: inbox.smtpHost, port: inbox.smtpPort, from: FROM, ...options })
  onTestFinished(() => mailer.close?.())
  return mailer
}

/** What a failed send threw: it must be the typed MAIL_FAILED with the transport's error as cause. */
async function failure(sending: Promise<void>) {
  const error = await sending.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AuthError)
  const authError = error as AuthError & { cause?: Error & { code?: string; responseCode?: number } }
  expect({ code: authError.code, status: authError.status, message: authError.message }).toEqual({
    code: 'MAIL_FAILED',
    status: 502,
    message: 'Could not send the email',
  })
  expect(authError.cause).toBeInstanceOf(Error)
  return authError.cause!
}

/**
 * A scripted SMTP peer on a free loopback port: it greets (or not), answers EHLO with the given
 * extensions, accepts everything, and can hang up on a command. It records the commands it got,
 * the client's first bytes and the bytes that followed STARTTLS.
 */
async function smtpPeer(
  behaviour: { greeting?: string | false; extensions?: string[]; dropOn?: string; dropAtConnect?: boolean } = {},
) {
  const commands: string[] = []
  const record = {
    commands,
    firstBytes: undefined as Buffer | undefined,
    afterStarttls: undefined as Buffer | undefined,
  }
  let connected!: () => void
  const connection = new Promise<void>((resolve) => {
    connected = resolve
  })
  let gotData!: (bytes: Buffer) => void
  const firstData = new Promise<Buffer>((resolve) => {
    gotData = resolve
  })
  const sockets = new Set<Socket>()
  const server: Server = createNetServer((socket) => {
    sockets.add(socket)
    socket.on('error', () => undefined)
    connected()
    if (behaviour.dropAtConnect) return void socket.destroy()
    const reply = (line: string) => socket.write(`${line}\r\n`)
    if (behaviour.greeting !== false) reply(behaviour.greeting ?? '220 peer.test ESMTP')
    let buffer = ''
    let inData = false
    let tlsNext = false
    socket.on('data', (chunk: Buffer) => {
      record.firstBytes ??= chunk
      gotData(record.firstBytes)
      if (tlsNext) {
        record.afterStarttls = chunk
        return void socket.destroy()
      }
      buffer += chunk.toString('latin1')
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        if (inData) {
          if (line === '.') {
            inData = false
            reply('250 queued')
          }
          continue
        }
        commands.push(line)
        const verb = line.split(' ')[0]?.toUpperCase() ?? ''
        if (behaviour.dropOn === verb) return void socket.destroy()
        if (verb === 'EHLO') {
          const lines = ['peer.test', ...(behaviour.extensions ?? [])]
          for (const [i, text] of lines.entries()) reply(`250${i === lines.length - 1 ? ' ' : '-'}${text}`)
        } else if (verb === 'STARTTLS') {
          reply('220 ready to start TLS')
          tlsNext = true
        } else if (verb === 'AUTH') reply('235 accepted')
        else if (verb === 'DATA') {
          reply('354 go on')
          inData = true
        } else if (verb === 'QUIT') {
          reply('221 bye')
          socket.end()
        } else reply('250 ok')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  onTestFinished(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  )
  const port = (server.address() as { port: number }).port
  return { port, record, connection, firstData }
}

const mail = (to: string) => ({ to, subject: 'Hello', text: 'Hello there.\n' })

describe('the mails, as the inbox receives them', () => {
  test('behavior: the login code mail: the code in the subject and text, from the configured sender, to the address only', async () => {
    const to = newEmail('login')
    await mailerFor().send(otpMail('Portico', to, '482915', 'login'))
    const got = await inbox.waitFor(to)
    expect(got.from).toBe('login@portico.test')
    expect(got.to).toEqual([to])
    expect(got.subject).toBe('482915 is your Portico code')
    expect(got.text).toBe(
      'Your code to log in to Portico is 482915.\n\nIt expires in 10 minutes. If you did not ask for it, ignore this email.\n',
    )
    expect(got.html).toContain('<b>482915</b>')
    expect(got.code).toBe('482915')
    expect(got.link).toBeUndefined()
  })

  test('behavior: the email-update code mail names the new address step and the app', async () => {
    const to = newEmail('update')
    await mailerFor().send(otpMail('Acme Wallet', to, '000731', 'update'))
    const got = await inbox.waitFor(to)
    expect(got.subject).toBe('000731 is your Acme Wallet code')
    expect(got.text).toBe(
      'Your code to confirm your new email address for Acme Wallet is 000731.\n\nIt expires in 10 minutes. If you did not ask for it, ignore this email.\n',
    )
    // A leading zero is kept: the code is text, not a number.
    expect(got.code).toBe('000731')
  })

  test('behavior: the device mail: the approval link first, exactly as built, with the asking origin when known', async () => {
    const to = newEmail('device')
    const link = 'http://127.0.0.1:8790/v1/devices/approve?token=Xk-123456_qZ&x=1'
    await mailerFor().send(deviceMail('Portico', to, link, 'https://shop.example.com'))
    const got = await inbox.waitFor(to)
    expect(got.subject).toBe('Approve your new device for Portico')
    expect(got.text.startsWith(`Approve your new device:\n${link}\n`)).toBe(true)
    expect(got.text).toContain('from a new device (the app at https://shop.example.com). Approve it only if it is you.')
    expect(got.link).toBe(link)
    // Six digits inside the link's token are not taken for a code.
    expect(got.code).toBeUndefined()
    expect(got.html).toContain(`href="${link.replace('&', '&amp;')}"`)

    const other = newEmail('device-no-origin')
    await mailerFor().send(deviceMail('Portico', other, link, undefined))
    const plain = await inbox.waitFor(other)
    expect(plain.text).toContain('from a new device. Approve it only if it is you.')
    expect(plain.text).not.toContain('the app at')
  })

  test('edge: a non-ASCII app name survives the subject encoding', async () => {
    const to = newEmail('utf8')
    await mailerFor().send(otpMail('Pörtico ✓ 钱包', to, '135790', 'login'))
    const got = await inbox.waitFor(to)
    expect(got.subject).toBe('135790 is your Pörtico ✓ 钱包 code')
    expect(got.text).toContain('log in to Pörtico ✓ 钱包 is 135790.')
  })

  test('security: markup in the app name or the origin is escaped in the HTML part', async () => {
    const to = newEmail('html')
    await mailerFor().send(
      deviceMail('<img src=x onerror=alert(1)>', to, 'http://127.0.0.1/a?b="c"', 'https://x.test"><b>'),
    )
    const got = await inbox.waitFor(to)
    expect(got.html).not.toContain('<img')
    expect(got.html).not.toContain('"><b>')
    expect(got.html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(got.html).toContain('href="http://127.0.0.1/a?b=&quot;c&quot;"')
  })
})

describe('header injection', () => {
  test('security: CR/LF in the app name adds no header and no recipient: the subject stays one line', async () => {
    const to = newEmail('inject-app')
    const spy = newEmail('eve')
    await mailerFor().send(otpMail(`Evil\r\nBcc: ${spy}\r\nX-Injected: yes`, to, '246801', 'login'))
    const got = await inbox.waitFor(to)
    expect(got.to).toEqual([to])
    expect(inbox.messages(spy)).toEqual([])
    expect(got.subject).not.toMatch(/[\r\n]/)
    expect(got.subject.startsWith('246801 is your Evil')).toBe(true)
    expect(got.code).toBe('246801')
  })

  test('security: CR/LF in a sender name configured by the operator adds no recipient', async () => {
    const to = newEmail('inject-from')
    const spy = newEmail('eve-from')
    await mailerFor({ from: `Portico\r\nBcc: ${spy} <login@portico.test>` }).send(mail(to))
    const got = await inbox.waitFor(to)
    expect(got.to).toEqual([to])
    expect(inbox.messages(spy)).toEqual([])
  })

  // Defence in depth: nodemailer reads `to` as an address list, so CR/LF plus a colon would turn
  // "ada@…\r\nBcc: eve@…" into a group whose one member is eve. The HTTP routes validate addresses
  // first (z.email()); an integrator calling the exported createSmtpMailer may not.
  test('security: an address holding CR/LF is refused, never re-read as another recipient', async () => {
    const victim = newEmail('ada')
    const spy = newEmail('eve-to')
    await failure(mailerFor().send(mail(`${victim}\r\nBcc: ${spy}`)))
    expect(inbox.messages(spy)).toEqual([])
  })
})

describe('failures: a typed MAIL_FAILED, never a hang', () => {
  test('error: a recipient the server refuses (550) fails with MAIL_FAILED and the SMTP reply as cause', async () => {
    const cause = await failure(mailerFor().send(mail('ada@mail.invalid')))
    expect(cause.responseCode).toBe(550)
    expect(inbox.messages('ada@mail.invalid')).toEqual([])
  })

  test('error: nobody listening on the port fails with MAIL_FAILED (connection refused)', async () => {
    const closed = createNetServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as { port: number }).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const cause = await failure(mailerFor({ port }).send(mail(newEmail('refused'))))
    expect(cause.message).toContain('ECONNREFUSED')
  })

  test('error: a server that drops the connection at once, or in the middle of the mail, fails with MAIL_FAILED', async () => {
    const atConnect = await smtpPeer({ dropAtConnect: true })
    await failure(mailerFor({ port: atConnect.port }).send(mail(newEmail('dropped'))))
    const atData = await smtpPeer({ dropOn: 'DATA' })
    await failure(mailerFor({ port: atData.port }).send(mail(newEmail('dropped-data'))))
    expect(atData.record.commands.map((c) => c.split(' ')[0])).toEqual(['EHLO', 'MAIL', 'RCPT', 'DATA'])
  })

  test('error: a server that refuses service in its greeting (554) fails with MAIL_FAILED', async () => {
    const peer = await smtpPeer({ greeting: '554 no service here' })
    const cause = await failure(mailerFor({ port: peer.port }).send(mail(newEmail('no-service'))))
    expect(cause.responseCode).toBe(554)
  })

  test('default: a server that never greets fails with MAIL_FAILED at the transport greeting timeout (30 s), not never', async () => {
    // The mailer sets no timeout of its own: nodemailer's greeting timeout is what ends the wait.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    const peer = await smtpPeer({ greeting: false })
    let settled = false
    const sending = failure(mailerFor({ port: peer.port }).send(mail(newEmail('silent')))).finally(() => {
      settled = true
    })
    await peer.connection
    // Let the client see its socket connect and start waiting for the greeting.
    for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve))
    await vi.advanceTimersByTimeAsync(29_999)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    const cause = await sending
    expect(cause.code).toBe('ETIMEDOUT')
    expect(cause.message).toContain('Greeting never received')
  })
})

describe('transport options', () => {
  test('default: without a host the mailer speaks to 127.0.0.1; the url form works the same', async () => {
    const first = newEmail('default-host')
    await mailerFor({ host: undefined }).send(mail(first))
    expect((await inbox.waitFor(first)).text).toBe('Hello there.\n')
    const second = newEmail('url-form')
    const viaUrl = createSmtpMailer({ url: `smtp://127.0.0.1:${inbox.smtpPort}`, from: FROM })
    onTestFinished(() => viaUrl.close?.())
    await viaUrl.send(mail(second))
    expect((await inbox.waitFor(second)).to).toEqual([second])
  })

  test('security: `secure: true` (and an smtps:// url) starts TLS with the first byte, and refuses a peer that does not speak it', async () => {
    for (const options of [
      (port: number) => ({ host: '127.0.0.1', port, secure: true }),
      (port: number) => ({ url: `smtps://127.0.0.1:${port}` }),
    ]) {
      // The peer greets in plain text, which a TLS client takes for a broken handshake.
      const peer = await smtpPeer()
      await failure(createSmtpMailer({ ...options(peer.port), from: FROM }).send(mail(newEmail('tls'))))
      // A TLS handshake record (0x16, version 3.x), never a plaintext command.
      const first = await peer.firstData
      expect([first[0], first[1]]).toEqual([0x16, 0x03])
      expect(peer.record.commands).toEqual([])
    }
  })

  test('security: without `secure`, STARTTLS is used when the server offers it, before any address is sent', async () => {
    const peer = await smtpPeer({ extensions: ['STARTTLS', '8BITMIME'] })
    await failure(mailerFor({ port: peer.port }).send(mail(newEmail('starttls'))))
    expect(peer.record.commands).toEqual([expect.stringMatching(/^EHLO /), 'STARTTLS'])
    expect(peer.record.afterStarttls?.[0]).toBe(0x16)
    // A server that does not offer it gets the mail in plain text (the devnet inbox does not).
    const plain = await smtpPeer()
    await mailerFor({ port: plain.port }).send(mail(newEmail('plain')))
    expect(plain.record.commands.map((c) => c.split(' ')[0]).slice(0, 4)).toEqual(['EHLO', 'MAIL', 'RCPT', 'DATA'])
  })

  test('behavior: user and password authenticate with exactly those credentials; without a user no AUTH is sent', async () => {
    const peer = await smtpPeer({ extensions: ['AUTH PLAIN LOGIN'] })
    await mailerFor({ port: peer.port, user: 'mailer', password: 's3cret pass' }).send(mail(newEmail('auth')))
    const auth = peer.record.commands.find((c) => c.startsWith('AUTH '))
    expect(auth).toBe(`AUTH PLAIN ${Buffer.from('\0mailer\0s3cret pass').toString('base64')}`)
    const anonymous = await smtpPeer({ extensions: ['AUTH PLAIN LOGIN'] })
    await mailerFor({ port: anonymous.port }).send(mail(newEmail('anon')))
    expect(anonymous.record.commands.some((c) => c.startsWith('AUTH'))).toBe(false)
  })
})
