// useEmailLogin in a React host page in Chromium (the secure frame on the devnet's own origin): the
// visitor types an email, the code is read from the devnet inbox, and the hook connects. The
// embedded wallet's code is a separate chunk that loads only when the first email is sent.

import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type DevnetFor, startDevnet } from '@portico/devnet'
import { build } from 'esbuild'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Browser, launchChromium, offlineContext } from './browser.js'

const here = dirname(fileURLToPath(import.meta.url))
const devnetOptions = { api: false, walletConnect: false } as const
let devnet: DevnetFor<typeof devnetOptions>
let server: Server
let origin: string
let browser: Browser
let outDir: string

/** The React page, bundled with code splitting so lazily imported modules become their own files. */
async function serveHost(): Promise<Server> {
  outDir = await mkdtemp(join(tmpdir(), 'portico-email-login-'))
  await build({
    entryPoints: [join(here, 'embedded/reactHost.tsx')],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir: outDir,
    entryNames: 'host',
    jsx: 'automatic',
    conditions: ['portico-source'],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  })
  const page =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>React host</title><script type="module" src="/host.js"></script></head><body><div id="root"></div></body></html>'
  const http = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://host').pathname
    if (/^\/[\w.-]+\.js$/.test(path)) {
      const file = await readFile(join(outDir, path.slice(1))).catch(() => undefined)
      if (file) return response.writeHead(200, { 'content-type': 'text/javascript' }).end(file)
      return response.writeHead(404).end()
    }
    response.writeHead(200, { 'content-type': 'text/html' }).end(page)
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  return http
}

beforeAll(async () => {
  ;[devnet, server, browser] = await Promise.all([startDevnet(devnetOptions), serveHost(), launchChromium()])
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  await devnet.auth.ready()
})
afterAll(async () => {
  await Promise.allSettled([browser?.close(), new Promise((resolve) => server?.close(resolve))])
  await devnet?.stop()
  if (outDir) await rm(outDir, { recursive: true, force: true })
})

test('behavior: email, code from the inbox, connected; nothing of the embedded wallet before the first send', async () => {
  const { context } = await offlineContext(browser)
  try {
    const page = await context.newPage()
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url())
    })
    const query = new URLSearchParams({ frameUrl: `${devnet.auth.frameUrl}/`, rpcUrl: devnet.evm.rpcUrl })
    await page.goto(`${origin}/?${query}`)
    await expect.poll(() => page.getByTestId('step').textContent()).toBe('EMAIL')
    // Page start: no frame, no frame script.
    expect(await page.locator('iframe').count()).toBe(0)
    expect(scripts.filter((url) => url.startsWith(devnet.auth.frameUrl))).toEqual([])
    const loadedAtStart = scripts.length

    await page.getByLabel('Email').fill('not an email')
    await page.getByRole('button', { name: 'Send code' }).click()
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid email')
    // The embedded wallet's chunk loaded on that first send (and refused the address itself).
    expect(scripts.length).toBeGreaterThan(loadedAtStart)

    const email = `eve-${randomBytes(4).toString('hex')}@example.com`
    await page.getByLabel('Email').fill(email)
    // The cooldown runs from this send: on a busy machine the login below can take many seconds.
    const sentAt = Date.now()
    await page.getByRole('button', { name: 'Send code' }).click()
    await expect.poll(() => page.getByTestId('step').textContent()).toBe('VERIFY_OTP')
    const mail = await devnet.auth.inbox.waitFor(email, { timeoutMs: 10_000 })
    await page.getByLabel('Code').fill(mail.code ?? '')
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect.poll(() => page.getByTestId('step').textContent()).toBe('CONNECTED')
    expect(await page.getByTestId('status').textContent()).toBe('connected')
    expect(await page.getByTestId('address').textContent()).toMatch(/^0x[0-9a-fA-F]{40}$/)

    // Asking again: the kit's own 30 s cooldown from the send above, n rounded up. However long
    // the login took, n is 30 less the whole seconds elapsed since then (never more than 30).
    await page.getByRole('button', { name: 'Send code' }).click()
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/^Please try again after \d+ seconds$/)
    const left = Number((await page.getByRole('alert').textContent())?.replace(/\D/g, ''))
    expect(left).toBeLessThanOrEqual(30)
    expect(left).toBeGreaterThanOrEqual(30 - Math.ceil((Date.now() - sentAt) / 1000))

    // useEmbeddedWallet().exportKey: the frame shows the key after a click in it; the page gets nothing.
    await page.getByRole('button', { name: 'Export key' }).click()
    const frame = page.frames().find((f) => f.url().startsWith(devnet.auth.frameUrl))
    if (!frame) throw new Error('no secure frame')
    await frame.getByRole('button', { name: 'Reveal key' }).click()
    const secret = frame.locator('[data-portico-secret]')
    await secret.waitFor({ state: 'visible' })
    const key = (await secret.textContent()) as `0x${string}`
    expect(privateKeyToAccount(key).address).toBe(await page.getByTestId('address').textContent())
    await frame.getByRole('button', { name: 'Done' }).click()
    await expect.poll(() => page.getByTestId('export').textContent()).toBe('success')
    expect(await page.content()).not.toContain(key.slice(2))
  } finally {
    await context.close()
  }
})
