// Passkeys in the secure frame, in Chromium with a virtual authenticator (CDP WebAuthn), across
// loopback origins: the host page on 127.0.0.1, the frame on localhost (its own site; WebAuthn
// takes no IP address as a relying party). A passkey is made in the frame after an email login,
// then a new browser context (another device, the passkey synced to it) signs in with the passkey
// alone, recovers the key and signs. The page speaks the frame protocol itself (no kit), with the
// iframe allowed to use WebAuthn. Every wait is on a message or an element; nothing sleeps.

import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startMailInbox } from '@portico/devnet'
import { frameScriptHash, startSecureFrame } from '@portico/secure'
import type { BrowserContext, Frame, Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createAuthServer, pgliteDevOptions } from '../../packages/auth/src/index.js'
import { virtualPasskeyAuthenticator } from '../../packages/ui/src/test/frameCommands.js'
import { storageContext } from './browser.js'

let hostServer: Server
let hostOrigin: string
let frameOrigin: string
let stops: (() => Promise<unknown>)[] = []
let inbox: Awaited<ReturnType<typeof startMailInbox>>

beforeAll(async () => {
  inbox = await startMailInbox()
  let frameUrl = ''
  hostServer = createServer((_request, response) => {
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end(`<!doctype html><html><head><title>Host</title></head><body>
<iframe src="${frameUrl}/?projectId=test-project&chainId=31337" allow="publickey-credentials-get *; publickey-credentials-create *" style="width:420px;height:640px;border:0"></iframe>
<script>
const FRAME = ${JSON.stringify(frameUrl)}
const frame = document.querySelector('iframe'); const pending = new Map(); let n = 0; let ready
window.frameReady = new Promise((r) => { ready = r })
addEventListener('message', (e) => {
  if (e.origin !== FRAME) return
  if (e.data.type === '@portico-frame/READY') ready(e.data.payload)
  const done = e.data.id && pending.get(e.data.id)
  if (done) { pending.delete(e.data.id); done({ type: e.data.type.slice(15), payload: e.data.payload }) }
})
window.call = (name, payload) => new Promise((resolve) => {
  const id = 'r' + ++n; pending.set(id, resolve)
  frame.contentWindow.postMessage({ id, type: '@portico-app/' + name, ...(payload ? { payload } : {}) }, FRAME)
})
</script></body></html>`)
  })
  await new Promise<void>((resolve) => hostServer.listen(0, '127.0.0.1', resolve))
  hostOrigin = `http://127.0.0.1:${(hostServer.address() as AddressInfo).port}`
  const auth = createAuthServer({
    projects: [{ id: 'test-project', allowedOrigins: [hostOrigin] }],
    frameOrigins: () => [frameOrigin],
    mail: { host: inbox.smtpHost, port: inbox.smtpPort, from: 'Portico <login@portico.test>' },
    // A throw-away database from the per-user template, as every other test's: a bare `memory://` runs initdb.
    database: pgliteDevOptions('memory://'),
    rateLimit: false,
    log: () => {},
  })
  const authUrl = await auth.listen()
  const frame = await startSecureFrame({ authUrl, recoveryMode: 'operator-assisted' })
  frameOrigin = frame.url.replace('127.0.0.1', 'localhost')
  frameUrl = frameOrigin
  stops = [() => auth.close(), () => frame.stop(), () => inbox.stop()]
}, 120_000)
// The browsers first (last started, first stopped): an open page keeps its connections to the
// host server alive, and closing that server waited for them, for over a minute.
afterAll(async () => {
  for (const stop of stops.reverse()) await stop().catch(() => {})
  hostServer?.closeAllConnections()
  await new Promise((resolve) => hostServer?.close(resolve))
})

type Reply = { type: string; payload: Record<string, unknown> }
const call = (page: Page, name: string, payload?: unknown) =>
  page.evaluate(([n, p]) => (window as unknown as { call(n: unknown, p: unknown): Promise<Reply> }).call(n, p), [
    name,
    payload,
  ] as const)

async function profile() {
  const { context, close } = await storageContext('allow')
  stops.push(close)
  return context
}

async function device(context: BrowserContext) {
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: virtualPasskeyAuthenticator,
  })
  page.on('console', (message) => console.log(`[page ${message.type()}] ${message.text()}`))
  page.on('pageerror', (error) => console.log(`[page error] ${error.message}`))
  await page.goto(hostOrigin)
  const ready = await page.evaluate(() => (window as unknown as { frameReady: Promise<{ build?: string }> }).frameReady)
  const frame = () => page.frames().find((f) => f.url().startsWith(frameOrigin)) as Frame
  return { page, cdp, authenticatorId, ready, frame }
}

// Each device is a browser profile that lets a cross-site frame keep its own storage (the frame on
// localhost is another site than the page on 127.0.0.1): a passkey login recovers the device's
// key shares into that storage. Blocked third-party storage has its own tests (embeddedFrameSafety).
test('passkey: made in the frame after an email login, it signs in alone on a new device, which recovers the key and signs', async () => {
  const email = `passkey-${randomBytes(4).toString('hex')}@example.com`
  const first = await device(await profile())
  // The frame reports the build the page pinned: the hash the package prints.
  expect(first.ready.build).toBe(await frameScriptHash())

  expect((await call(first.page, 'CONNECT_EMAIL', { email })).payload).toEqual({ action: 'VERIFY_OTP' })
  const mail = await inbox.waitFor(email, { timeoutMs: 15_000 })
  expect((await call(first.page, 'CONNECT_OTP', { otp: mail.code })).type).toBe('CONNECT_OTP_SUCCESS')
  const user = (await call(first.page, 'GET_USER')).payload as { address: string }

  const registering = call(first.page, 'REGISTER_PASSKEY')
  await first.frame().getByRole('button', { name: 'Create passkey' }).click()
  const registered = await registering
  expect(registered.type).toBe('REGISTER_PASSKEY_SUCCESS')
  const { credentials } = await first.cdp.send('WebAuthn.getCredentials', { authenticatorId: first.authenticatorId })
  expect(credentials).toHaveLength(1)

  // Another device: a fresh context whose authenticator holds the same (synced) passkey.
  const second = await device(await profile())
  await second.cdp.send('WebAuthn.addCredential', {
    authenticatorId: second.authenticatorId,
    credential: credentials[0] as never,
  })
  const signingIn = call(second.page, 'CONNECT_PASSKEY')
  await second.frame().getByRole('button', { name: 'Use passkey' }).click()
  expect((await signingIn).type).toBe('CONNECT_PASSKEY_SUCCESS')
  expect(((await call(second.page, 'GET_USER')).payload as { address: string }).address).toBe(user.address)

  // The passkey approved this device: it recovers its own shares and signs after the user approves.
  const signing = call(second.page, 'RPC_REQUEST', { method: 'personal_sign', params: ['0x6869', user.address] })
  const prompt = second.frame().getByRole('dialog')
  await expect.poll(() => prompt.getAttribute('data-state'), { timeout: 20_000 }).toBe('armed')
  await second.frame().getByRole('button', { name: 'Approve' }).click()
  const signed = await signing
  expect(signed.type).toBe('RPC_REQUEST_SUCCESS')
  expect(
    await verifyMessage({ address: user.address as `0x${string}`, message: 'hi', signature: signed.payload as never }),
  ).toBe(true)
}, 120_000)
