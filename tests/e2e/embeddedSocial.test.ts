// Social login at the secure frame's level, in Chromium across loopback origins: a plain host page
// (not the kit: its social views are built elsewhere) embeds the devnet's frame, opens the 600×800
// popup in the user's click, asks the frame for the provider's URI, and sends `connect social`.
// The person signs in on the devnet provider's real login page in the popup; the auth server's
// callback page hands the result to the frame only. Every wait is on an element or a message.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type DevnetFor, socialTestPassword, startDevnet } from '@portico/devnet'
import type { BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Browser, launchChromium, offlineContext } from './browser.js'

const devnetOptions = { api: false, walletConnect: false } as const
let devnet: DevnetFor<typeof devnetOptions>
let server: Server
let browser: Browser
let context: BrowserContext

// The host page: the frame, a request helper, and a button whose click opens the popup first
// (the user's activation is spent there, before any await), then points it at the provider.
const hostPage = (frameSrc: string, frameOrigin: string) => `<!doctype html><html><body>
<iframe id="frame" src="${frameSrc}" style="width:400px;height:300px"></iframe>
<button id="login">Log in with GitHub</button><pre id="out"></pre>
<script>
const frame = document.getElementById('frame')
const waiting = new Map()
window.received = []
window.addEventListener('message', (event) => {
  window.received.push({ origin: event.origin, data: event.data })
  if (event.origin !== ${JSON.stringify(frameOrigin)}) return
  if (event.data?.type === '@portico-frame/READY') document.body.dataset.ready = 'true'
  const done = waiting.get(event.data?.id)
  if (done) { waiting.delete(event.data.id); done(event.data) }
})
let n = 0
const ask = (name, payload) => new Promise((resolve) => {
  const id = 'r' + ++n
  waiting.set(id, resolve)
  frame.contentWindow.postMessage({ id, type: '@portico-app/' + name, payload }, ${JSON.stringify(frameOrigin)})
})
document.getElementById('login').addEventListener('click', async () => {
  const popup = window.open('', 'portico-social', 'width=600,height=800')
  const redirect = await ask('GET_SOCIAL_REDIRECT_URI', { provider: 'github' })
  if (!redirect.type.endsWith('_SUCCESS')) { document.getElementById('out').textContent = JSON.stringify(redirect); popup.close(); return }
  popup.location.href = redirect.payload.uri
  const connected = await ask('CONNECT_SOCIAL', { uri: redirect.payload.uri, chainId: 31337 })
  popup.close()
  document.getElementById('out').textContent = JSON.stringify(connected)
})
</script></body></html>`

beforeAll(async () => {
  ;[devnet, browser] = await Promise.all([startDevnet(devnetOptions), launchChromium()])
  const frameOrigin = new URL(devnet.auth.frameUrl).origin
  const frameSrc = `${devnet.auth.frameUrl}/?${new URLSearchParams({ projectId: 'test-project', chainId: '31337', rpcUrl: devnet.evm.rpcUrl })}`
  server = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end(hostPage(frameSrc, frameOrigin))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  await devnet.auth.ready()
  ;({ context } = await offlineContext(browser))
}, 180_000)
afterAll(async () => {
  await Promise.allSettled([context?.close(), browser?.close(), new Promise((resolve) => server?.close(resolve))])
  await devnet?.stop()
})

test('GitHub in a real popup: the frame gets the result, the page gets the user and never the code', async () => {
  const page = await context.newPage()
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
  await page.waitForSelector('body[data-ready="true"]')
  const popupOpened = context.waitForEvent('page')
  await page.click('#login')
  const popup = await popupOpened
  await popup.getByLabel('Username').fill('ada-lovelace')
  await popup.getByLabel('Password').fill(socialTestPassword)
  await popup.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForFunction(() => document.getElementById('out')?.textContent !== '')
  const out = JSON.parse((await page.textContent('#out')) ?? '{}') as { type: string; payload: Record<string, unknown> }
  expect(out.type).toBe('@portico-frame/CONNECT_SOCIAL_SUCCESS')
  // The spec's embedded-wallet user: no email for a social login, plain accounts, no smart account.
  expect(out.payload).toMatchObject({
    socialProvider: 'github',
    userName: 'ada-lovelace',
    chainId: 31337,
    email: null,
    preferredAccountType: 'eoa',
    smartAccountDeployed: false,
  })
  expect((out.payload.accounts as { type?: string }[]).map((account) => account.type)).toEqual(['eoa', 'eoa'])
  expect(out.payload.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  // The page heard that the popup came back, and nothing it received carries the provider's code.
  const received = (await page.evaluate(() => (window as unknown as { received: unknown[] }).received)) as {
    origin: string
    data: unknown
  }[]
  expect(received.some((m) => (m.data as { type?: string })?.type === '@portico-social/done')).toBe(true)
  expect(JSON.stringify(received)).not.toMatch(/code=/)
}, 120_000)
