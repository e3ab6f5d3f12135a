import nodemailer from 'nodemailer'
import { AuthError } from './errors.js'

/**
 * Where mail goes: an SMTP server. `url` (e.g. `smtps://user:pass@smtp.example.com:465`) or the
 * parts; `from` is the sender address.
 *
 * @example
 * ```ts
 * const smtp: SmtpOptions = { host: '127.0.0.1', port: 2525, from: 'Portico <login@example.com>' }
 * ```
 */
export interface SmtpOptions {
  url?: string
  host?: string
  port?: number
  /** TLS from the first byte (port 465). Otherwise STARTTLS is used when the server offers it. */
  secure?: boolean
  user?: string
  password?: string
  /** Sender, e.g. `Portico <no-reply@example.com>`. */
  from: string
  /** Product name used in subjects and texts (default `Portico`). */
  appName?: string
}

/**
 * One mail to send.
 *
 * @example
 * ```ts
 * await mailer.send({ to: 'ada@example.com', subject: 'Hi', text: 'Hello' })
 * ```
 */
export interface Mail {
  to: string
  subject: string
  text: string
  html?: string
}

/**
 * Sends mail. Any object with `send` works (e.g. a test double that records mails); the default
 * one speaks SMTP through nodemailer.
 *
 * @example
 * ```ts
 * const mailer: Mailer = createSmtpMailer({ host: '127.0.0.1', port: 2525, from: 'login@example.com' })
 * ```
 */
export interface Mailer {
  send(mail: Mail): Promise<void>
  close?(): void
}

/**
 * A {@link Mailer} over SMTP.
 *
 * @example
 * ```ts
 * const mailer = createSmtpMailer({ url: 'smtp://127.0.0.1:2525', from: 'login@example.com' })
 * ```
 */
export function createSmtpMailer(options: SmtpOptions): Mailer {
  const transport = nodemailer.createTransport(
    options.url ?? {
      host: options.host ?? '127.0.0.1',
      port: options.port ?? 587,
      secure: options.secure ?? false,
      ...(options.user ? { auth: { user: options.user, pass: options.password ?? '' } } : {}),
    },
  )
  return {
    async send(mail) {
      try {
        // One recipient, as written: a line break, a comma or a group's colon in it would be read as
        // other recipients (`ada@…\r\nBcc: eve@…` is a group of eve alone).
        if (/[\r\n,;:<>]/.test(mail.to)) throw new Error('The recipient is not one address')
        await transport.sendMail({ from: options.from, ...mail })
      } catch (error) {
        // The visitor sees a short reason; the operator finds the SMTP error in the cause.
        throw Object.assign(new AuthError('MAIL_FAILED', 'Could not send the email'), { cause: error })
      }
    },
    close: () => transport.close(),
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

/** The login / email-update code mail. The code is in the subject too, so a phone shows it in the notification. */
export function otpMail(appName: string, to: string, code: string, purpose: 'login' | 'update'): Mail {
  const what = purpose === 'login' ? `log in to ${appName}` : `confirm your new email address for ${appName}`
  return {
    to,
    subject: `${code} is your ${appName} code`,
    text: `Your code to ${what} is ${code}.\n\nIt expires in 10 minutes. If you did not ask for it, ignore this email.\n`,
    html: `<p>Your code to ${escapeHtml(what)} is</p><p style="font-size:28px;letter-spacing:4px"><b>${code}</b></p><p>It expires in 10 minutes. If you did not ask for it, ignore this email.</p>`,
  }
}

/** The device approval mail: one link. */
export function deviceMail(appName: string, to: string, link: string, origin: string | undefined): Mail {
  // The link comes first in the text: mail clients and the devnet inbox pick the first URL.
  const from = origin ? ` (the app at ${origin})` : ''
  return {
    to,
    subject: `Approve your new device for ${appName}`,
    text: `Approve your new device:\n${link}\n\nSomeone is logging in to your ${appName} wallet from a new device${from}. Approve it only if it is you. The link works for 15 minutes; without it nothing is approved.\n`,
    html: `<p>Someone is logging in to your ${escapeHtml(appName)} wallet from a new device${escapeHtml(from)}.</p><p><a href="${escapeHtml(link)}">Approve this device</a></p><p>The link works for 15 minutes. If it was not you, ignore this email.</p>`,
  }
}
