import type { AddressInfo } from 'node:net'
import { createEmulatorApp, HttpError, serveEmulator } from '../emulator/app.js'
import { resolveLoopbackHost } from '../net.js'

/**
 * A mail the inbox received, with the login code and the first link already pulled out.
 *
 * @example
 * ```ts
 * const mail: InboxMail = await inbox.waitFor('ada@example.com')
 * console.log(mail.subject, mail.code, mail.link)
 * ```
 */
export interface InboxMail {
  /** Increasing number, in arrival order. */
  id: number
  from: string
  /** Envelope recipients, lower case. */
  to: string[]
  subject: string
  text: string
  html: string
  /** When the inbox received it (ISO time). */
  receivedAt: string
  /** The first 6-digit number in the subject or text (the login code), if any. */
  code?: string
  /** The first http(s) link in the text (e.g. a device approval link), if any. */
  link?: string
}

/**
 * Options of {@link startMailInbox}. Ports default to 0 (a free one each).
 *
 * @example
 * ```ts
 * const inbox = await startMailInbox({ smtpPort: 2525, httpPort: 8791 })
 * ```
 */
export interface StartMailInboxOptions {
  host?: string
  smtpPort?: number
  httpPort?: number
  /**
   * Recipients the inbox refuses at `RCPT TO` (SMTP 550), as a mail server does for an address it
   * cannot deliver to: the sender's mail then fails, as it would in production. Default: addresses
   * on the reserved `.invalid` top-level domain (RFC 2606), so `ada@mail.invalid` shows how an app
   * handles a mail that cannot be sent.
   */
  refuseRecipient?: (address: string) => boolean
}

/**
 * Whether `address` is on the reserved `.invalid` top-level domain (RFC 2606): the inbox's default
 * refusal.
 *
 * @example
 * ```ts
 * isUndeliverable('ada@mail.invalid') // true
 * isUndeliverable('ada@example.com') // false
 * ```
 */
export function isUndeliverable(address: string): boolean {
  return /\.invalid\.?$/i.test(address.trim())
}

/**
 * A local SMTP server that keeps every mail in memory, plus an HTTP API to read them:
 *
 * - `GET /` → a page listing the mails, newest first, with each login code up front
 * - `GET /messages?to=ADDRESS` → `{ messages: InboxMail[] }`, newest first (all addresses without `to`)
 * - `GET /messages/latest?to=ADDRESS[&after=ID][&wait=MS]` → the newest mail for the address (newer
 *   than mail `after` if given), waiting up to `wait` ms (max 30 s) for one to arrive; 404 if none
 * - `DELETE /messages` → empties the inbox
 *
 * A recipient it refuses (by default any address on `.invalid`) gets SMTP 550 at `RCPT TO`.
 *
 * @example
 * ```ts
 * const inbox = await startMailInbox()
 * // point an SMTP client at 127.0.0.1:inbox.smtpPort, then:
 * const { code } = await (await fetch(`${inbox.url}/messages/latest?to=ada@example.com&wait=5000`)).json()
 * await inbox.stop()
 * ```
 */
export interface MailInbox {
  smtpHost: string
  smtpPort: number
  /** Base URL of the HTTP API. */
  url: string
  messages(to?: string): InboxMail[]
  latest(to: string, after?: number): InboxMail | undefined
  /** Resolves with the newest mail for `to` (newer than `after`), waiting for it if needed. */
  waitFor(to: string, options?: { after?: number; timeoutMs?: number }): Promise<InboxMail>
  clear(): void
  stop(): Promise<void>
}

const MAX_MAILS = 1000
const MAX_WAIT_MS = 30_000

/** The first 6-digit code (a word of its own, outside links) and http(s) link of a mail. */
export function extractCodeAndLink(subject: string, text: string): { code?: string; link?: string } {
  // A link's random token can hold six digits in a row ("…token=Xk-123456_q"): that is no code.
  const prose = `${subject}\n${text}`.replace(/https?:\/\/\S+/g, ' ')
  const code = prose.match(/(?<![\w-])\d{6}(?![\w-])/)?.[0]
  // A sentence may end right after a link: its final full stop or comma is not part of it.
  const link = text.match(/https?:\/\/[^\s<>"')]+/)?.[0]?.replace(/[.,;:]+$/, '')
  return { ...(code ? { code } : {}), ...(link ? { link } : {}) }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/**
 * The inbox as a page: newest first, the code and the link of each mail up front. Every mail
 * field is escaped (a mail is input from anywhere); it reloads itself every few seconds so a
 * code sent after the page opened shows up.
 */
function inboxPage(mails: readonly InboxMail[], to?: string): string {
  const rows = mails
    .slice(0, 50)
    .map(
      (mail) => `<article>
  <p class="meta">To ${escapeHtml(mail.to.join(', '))} · ${escapeHtml(mail.receivedAt)}</p>
  <h2>${escapeHtml(mail.subject)}</h2>
  ${mail.code ? `<p>Code <output data-code>${escapeHtml(mail.code)}</output></p>` : ''}
  ${mail.link ? `<p><a href="${escapeHtml(mail.link)}">${escapeHtml(mail.link)}</a></p>` : ''}
  <details><summary>Text</summary><pre>${escapeHtml(mail.text)}</pre></details>
</article>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="3"><title>Devnet inbox</title>
<style>body{font:16px system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}
article{border:1px solid #8884;border-radius:12px;padding:0 1rem;margin:1rem 0}.meta{color:#888;font-size:14px}
output{font:600 28px ui-monospace,monospace;letter-spacing:.2em}pre{white-space:pre-wrap}</style></head>
<body><h1>Devnet inbox${to ? ` for ${escapeHtml(to)}` : ''}</h1>
<p>Every mail the devnet's auth server sends (email login codes, device approvals), newest first. Nothing leaves this machine.</p>
${rows || '<p>No mail yet. Log in with any email address in the app; its code shows here.</p>'}
</body></html>`
}

/**
 * Starts the devnet mail inbox: SMTP (no TLS, no auth, loopback only) and its HTTP API.
 *
 * @example
 * ```ts
 * const inbox = await startMailInbox()
 * const auth = createAuthServer({ mail: { host: inbox.smtpHost, port: inbox.smtpPort, from: 'login@devnet' }, projects })
 * ```
 */
export async function startMailInbox(options: StartMailInboxOptions = {}): Promise<MailInbox> {
  const host = resolveLoopbackHost(options.host ?? '127.0.0.1')
  const refuse = options.refuseRecipient ?? isUndeliverable
  const mails: InboxMail[] = []
  const waiters = new Set<() => void>()
  let nextId = 1

  // The SMTP server and the mail parser load with the first inbox, not with the package.
  const [{ simpleParser }, { SMTPServer }] = await Promise.all([import('mailparser'), import('smtp-server')])
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // Clients (nodemailer) hang up after each mail; never keep a stop waiting on a stray socket.
    closeTimeout: 200,
    size: 1024 * 1024,
    onRcptTo(address, _session, callback) {
      if (!refuse(address.address)) return callback()
      callback(
        Object.assign(new Error(`5.1.1 <${address.address}>: recipient address rejected`), { responseCode: 550 }),
      )
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const subject = parsed.subject ?? ''
          const text = parsed.text ?? ''
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : ''
          mails.push({
            id: nextId++,
            from,
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject,
            text,
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: new Date().toISOString(),
            ...extractCodeAndLink(subject, text),
          })
          if (mails.length > MAX_MAILS) mails.splice(0, mails.length - MAX_MAILS)
          for (const wake of waiters) wake()
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })
  smtp.on('error', () => undefined)
  await new Promise<void>((resolve, reject) => {
    smtp.server.once('error', reject)
    smtp.listen(options.smtpPort ?? 0, host, () => {
      smtp.server.off('error', reject)
      resolve()
    })
  })
  const smtpPort = (smtp.server.address() as AddressInfo).port

  const messages = (to?: string) => {
    const address = to?.trim().toLowerCase()
    return mails.filter((m) => !address || m.to.includes(address)).reverse()
  }
  const latest = (to: string, after = 0) => messages(to).find((m) => m.id > after)
  const waitFor = (to: string, { after = 0, timeoutMs = 5_000 } = {}) =>
    new Promise<InboxMail>((resolve, reject) => {
      const found = latest(to, after)
      if (found) return resolve(found)
      const timer = setTimeout(
        () => {
          waiters.delete(check)
          reject(new Error(`No mail for ${to} within ${timeoutMs} ms`))
        },
        Math.min(timeoutMs, MAX_WAIT_MS),
      )
      const check = () => {
        const mail = latest(to, after)
        if (!mail) return
        clearTimeout(timer)
        waiters.delete(check)
        resolve(mail)
      }
      waiters.add(check)
    })

  const app = createEmulatorApp({
    cors: ['GET', 'DELETE', 'OPTIONS'],
    corsMaxAge: null,
    errorBody: (message) => ({ error: message }),
    notFoundMessage: () => 'Not found',
  })
  // A page for people: the newest mails with their login code large, so a developer trying email
  // login in a browser finds the code without reading JSON.
  app.get('/', (c) => c.html(inboxPage(messages(c.req.query('to')), c.req.query('to'))))
  app.get('/messages', (c) => c.json({ messages: messages(c.req.query('to')) }))
  app.delete('/messages', (c) => {
    mails.length = 0
    return c.json({ cleared: true })
  })
  app.get('/messages/latest', async (c) => {
    const to = c.req.query('to')
    if (!to) throw new HttpError(400, 'The `to` parameter is required')
    const after = Number(c.req.query('after') ?? 0) || 0
    const wait = Math.min(Number(c.req.query('wait') ?? 0) || 0, MAX_WAIT_MS)
    const mail = wait <= 0 ? latest(to, after) : await waitFor(to, { after, timeoutMs: wait }).catch(() => undefined)
    if (!mail) throw new HttpError(404, `No mail for ${to}`)
    return c.json(mail)
  })
  const http = await serveEmulator(app, { host, port: options.httpPort }).catch(async (error) => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
    throw error
  })

  let stopping: Promise<void> | undefined
  return {
    smtpHost: host,
    smtpPort,
    url: http.url,
    messages,
    latest,
    waitFor,
    clear: () => {
      mails.length = 0
    },
    stop() {
      stopping ??= Promise.all([new Promise<void>((resolve) => smtp.close(() => resolve())), http.stop()]).then(
        () => undefined,
      )
      return stopping
    },
  }
}
