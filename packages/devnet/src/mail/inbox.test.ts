import net from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { extractCodeAndLink, type MailInbox, startMailInbox } from './inbox.js'

/** Speaks just enough SMTP to deliver one mail (the inbox must work with any client). */
async function sendRawMail(
  port: number,
  { from, to, data, refused = [] }: { from: string; to: string[]; data: string; refused?: string[] },
) {
  const socket = net.connect(port, '127.0.0.1')
  let buffer = ''
  const waiters: ((line: string) => void)[] = []
  socket.on('data', (chunk) => {
    buffer += chunk.toString()
    let end = buffer.indexOf('\r\n')
    while (end >= 0) {
      const line = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      // Multi-line replies ("250-...") end with a line whose 4th character is a space.
      if (line[3] !== '-') waiters.shift()?.(line)
      end = buffer.indexOf('\r\n')
    }
  })
  const reply = () => new Promise<string>((resolve) => waiters.push(resolve))
  const command = async (text: string) => {
    const answer = reply()
    socket.write(`${text}\r\n`)
    return answer
  }
  expect(await reply()).toMatch(/^220/)
  expect(await command('EHLO test')).toMatch(/^250/)
  expect(await command(`MAIL FROM:<${from}>`)).toMatch(/^250/)
  for (const address of to) expect(await command(`RCPT TO:<${address}>`)).toMatch(/^250/)
  // A refused recipient is answered 550 and left out of the envelope; the others still get the mail.
  for (const address of refused) expect(await command(`RCPT TO:<${address}>`)).toMatch(/^550 5\.1\.1 /)
  expect(await command('DATA')).toMatch(/^354/)
  expect(await command(`${data.replace(/\n/g, '\r\n')}\r\n.`)).toMatch(/^250/)
  await command('QUIT')
  socket.end()
}

const mail = (to: string, subject: string, body: string) =>
  `From: login@portico.test\nTo: ${to}\nSubject: ${subject}\nContent-Type: text/plain; charset=utf-8\n\n${body}`

describe('mail inbox', () => {
  let inbox: MailInbox
  beforeAll(async () => {
    inbox = await startMailInbox()
  })
  afterAll(() => inbox.stop())

  test('default: keeps mails per recipient, newest first, with the code and link pulled out', async () => {
    await sendRawMail(inbox.smtpPort, {
      from: 'login@portico.test',
      to: ['Ada@Example.com', 'bob@example.com'],
      data: mail('ada@example.com', '042137 is your Portico code', 'Your code is 042137.'),
    })
    await sendRawMail(inbox.smtpPort, {
      from: 'login@portico.test',
      to: ['ada@example.com'],
      data: mail(
        'ada@example.com',
        'Approve your new device',
        'Approve:\nhttp://127.0.0.1:1/v1/devices/approve?token=abc_-1.\n',
      ),
    })
    const list = (await (await fetch(`${inbox.url}/messages?to=ada@example.com`)).json()) as {
      messages: { subject: string; code?: string; link?: string; to: string[] }[]
    }
    expect(list.messages.map((m) => [m.subject, m.code, m.link])).toEqual([
      ['Approve your new device', undefined, 'http://127.0.0.1:1/v1/devices/approve?token=abc_-1'],
      ['042137 is your Portico code', '042137', undefined],
    ])
    expect(list.messages[1]?.to).toEqual(['ada@example.com', 'bob@example.com'])
    const latestBob = await fetch(`${inbox.url}/messages/latest?to=BOB@example.com`)
    expect(await latestBob.json()).toMatchObject({ code: '042137', from: 'login@portico.test' })
  })

  test('behavior: latest waits for a mail newer than `after`, or answers 404', async () => {
    const first = inbox.latest('ada@example.com')!
    const waiting = fetch(`${inbox.url}/messages/latest?to=ada@example.com&after=${first.id}&wait=5000`)
    await sendRawMail(inbox.smtpPort, {
      from: 'login@portico.test',
      to: ['ada@example.com'],
      data: mail('ada@example.com', '999111 is your Portico code', 'Code: 999111'),
    })
    expect(await (await waiting).json()).toMatchObject({ code: '999111' })
    const none = await fetch(`${inbox.url}/messages/latest?to=nobody@example.com`)
    expect(none.status).toBe(404)
    expect(await none.json()).toEqual({ error: 'No mail for nobody@example.com' })
    const late = await fetch(`${inbox.url}/messages/latest?to=nobody@example.com&wait=50`)
    expect(late.status).toBe(404)
    expect((await fetch(`${inbox.url}/messages/latest`)).status).toBe(400)
    await expect(inbox.waitFor('nobody@example.com', { timeoutMs: 20 })).rejects.toThrow(
      'No mail for nobody@example.com within 20 ms',
    )
  })

  test('behavior: DELETE empties the inbox; CORS lets a page read it', async () => {
    const res = await fetch(`${inbox.url}/messages`, { method: 'DELETE', headers: { origin: 'http://127.0.0.1:5173' } })
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(await res.json()).toEqual({ cleared: true })
    expect(inbox.messages()).toEqual([])
  })

  test('behavior: a recipient on .invalid is refused at RCPT TO (550), the others get the mail', async () => {
    await sendRawMail(inbox.smtpPort, {
      from: 'login@portico.test',
      to: ['kept@example.com'],
      refused: ['ada@mail.invalid', 'Bob@Bounce.INVALID'],
      data: mail('kept@example.com', '314159 is your Portico code', 'Code: 314159'),
    })
    expect(inbox.latest('kept@example.com')?.to).toEqual(['kept@example.com'])
    expect(inbox.messages('ada@mail.invalid')).toEqual([])
  })

  test('behavior: refuseRecipient replaces the default refusal', async () => {
    const picky = await startMailInbox({ refuseRecipient: (address) => address.startsWith('no-') })
    try {
      await sendRawMail(picky.smtpPort, {
        from: 'login@portico.test',
        to: ['ada@mail.invalid'],
        refused: ['no-one@example.com'],
        data: mail('ada@mail.invalid', 'Hello', 'Hello'),
      })
      expect(picky.messages().map((m) => m.to)).toEqual([['ada@mail.invalid']])
    } finally {
      await picky.stop()
    }
  })

  test('extractCodeAndLink: six digits exactly, links without a trailing full stop', () => {
    expect(extractCodeAndLink('Hi', 'Order 1234567, code 123456.')).toEqual({ code: '123456' })
    expect(extractCodeAndLink('', 'See https://a.test/x?y=1, then')).toEqual({ link: 'https://a.test/x?y=1' })
    // A device-approval link whose random token has six digits in a row carries no code.
    expect(
      extractCodeAndLink('Approve your new device', 'Approve:\nhttp://127.0.0.1:9/approve?token=Xk-123456_q\n'),
    ).toEqual({
      link: 'http://127.0.0.1:9/approve?token=Xk-123456_q',
    })
    expect(extractCodeAndLink('Your code', 'Token ab123456cd is not a code; 654321 is.')).toEqual({ code: '654321' })
  })

  test('behavior: refuses a non-loopback host', async () => {
    await expect(startMailInbox({ host: '0.0.0.0' })).rejects.toThrow(/loopback/)
  })

  test('the page at / shows each mail with its code, escaped, newest first', async () => {
    inbox.clear()
    await sendRawMail(inbox.smtpPort, {
      from: 'login@portico.test',
      to: ['page@example.com'],
      data: mail('page@example.com', 'Your code <script>alert(1)</script>', 'Your login code is 482913.'),
    })
    await inbox.waitFor('page@example.com', { timeoutMs: 20_000 })
    const response = await fetch(`${inbox.url}/?to=page@example.com`)
    expect(response.headers.get('content-type')).toMatch(/text\/html/)
    const html = await response.text()
    expect(html).toContain('<output data-code>482913</output>')
    expect(html).toContain('&#60;script&#62;')
    expect(html).not.toContain('<script>')
  })

  test('the page says how to get a mail when there is none', async () => {
    inbox.clear()
    const html = await (await fetch(`${inbox.url}/`)).text()
    expect(html).toContain('No mail yet')
  })
})
