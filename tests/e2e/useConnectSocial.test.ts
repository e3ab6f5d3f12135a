// useConnectSocial in a React host page in Chromium (the secure frame on the devnet's own origin):
// the visitor clicks GitHub, the kit opens the 600×800 window in that click, the visitor signs in on
// the devnet GitHub provider's own login page there, and the hook connects the embedded wallet.
// Closing the window instead ends the login with 'Popup closed'. Every wait is on an element.

import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type DevnetFor, socialTestPassword, startDevnet } from '@portico/devnet'
import { build } from 'esbuild'
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
  outDir = await mkdtemp(join(tmpdir(), 'portico-social-login-'))
  await build({
    entryPoints: [join(here, 'embedded/socialHost.tsx')],
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

test('behavior: GitHub in the window the click opened, signed in on the provider’s page, the wallet connected', async () => {
  const { context } = await offlineContext(browser)
  try {
    const page = await context.newPage()
    const query = new URLSearchParams({ frameUrl: `${devnet.auth.frameUrl}/`, rpcUrl: devnet.evm.rpcUrl })
    await page.goto(`${origin}/?${query}`)
    await expect.poll(() => page.getByTestId('status').textContent()).toBe('disconnected')

    const login = async () => {
      const opened = context.waitForEvent('page')
      await page.getByRole('button', { name: 'GitHub' }).click()
      const popup = await opened
      // The window the kit opened in the click: 600×800, then pointed at the provider. Read once the
      // provider's page shows: a read while the window still navigates loses its page.
      await popup.getByLabel('Username').waitFor({ timeout: 60_000 })
      expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([600, 800])
      return popup
    }
    const popup = await login()
    await popup.getByLabel('Username').fill('ada-lovelace')
    await popup.getByLabel('Password').fill(socialTestPassword)
    await popup.getByRole('button', { name: 'Sign in' }).click()
    await expect.poll(() => page.getByTestId('status').textContent(), { timeout: 60_000 }).toBe('connected')
    const address = await page.getByTestId('address').textContent()
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    // The kit closes the window once the login came back.
    await expect.poll(() => popup.isClosed()).toBe(true)
    const cache = await page.evaluate(
      () => Object.entries(localStorage).find(([key]) => key.includes('embedded-login'))?.[1],
    )
    expect(JSON.parse(cache ?? '{}')).toMatchObject({ used: true, socialUsername: 'ada-lovelace' })
    // The account state carries the spec's embedded-wallet user: no email for a social login, the
    // provider's username, and plain (eoa) accounts with no smart account deployed.
    const account = JSON.parse((await page.getByTestId('account').textContent()) ?? '{}')
    expect(account).toMatchObject({
      socialProvider: 'github',
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
      connectedWalletInfo: { social: 'github', identifier: 'ada-lovelace' },
      user: {
        email: null,
        address,
        chainId: 31337,
        userName: 'ada-lovelace',
        socialProvider: 'github',
        preferredAccountType: 'eoa',
        smartAccountDeployed: false,
      },
    })
    expect(account.user.accounts).toEqual([
      { namespace: 'eip155', address, type: 'eoa' },
      { namespace: 'solana', address: expect.any(String), type: 'eoa' },
    ])
  } finally {
    await context.close()
  }
}, 180_000)

test('error: the visitor closes the login window: "Popup closed", nothing connected', async () => {
  const { context } = await offlineContext(browser)
  try {
    const page = await context.newPage()
    const query = new URLSearchParams({ frameUrl: `${devnet.auth.frameUrl}/`, rpcUrl: devnet.evm.rpcUrl })
    await page.goto(`${origin}/?${query}`)
    await expect.poll(() => page.getByTestId('status').textContent()).toBe('disconnected')
    const opened = context.waitForEvent('page')
    await page.getByRole('button', { name: 'GitHub' }).click()
    const popup = await opened
    await popup.getByLabel('Username').waitFor()
    await popup.close()
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 30_000 }).toBe('Popup closed')
    expect(await page.getByTestId('status').textContent()).toBe('disconnected')
  } finally {
    await context.close()
  }
}, 180_000)

test('error: the provider refuses (access_denied): "Failed to connect", the window closed, nothing connected or pending; the next login works', async () => {
  const { context } = await offlineContext(browser)
  try {
    const page = await context.newPage()
    const query = new URLSearchParams({ frameUrl: `${devnet.auth.frameUrl}/`, rpcUrl: devnet.evm.rpcUrl })
    await page.goto(`${origin}/?${query}`)
    await expect.poll(() => page.getByTestId('status').textContent()).toBe('disconnected')
    // The devnet GitHub answers the next authorization with the OAuth error instead of its login page.
    devnet.social.providers.github.failNextAuthorization('access_denied')
    const opened = context.waitForEvent('page')
    await page.getByRole('button', { name: 'GitHub' }).click()
    const popup = await opened
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 60_000 }).toBe('Failed to connect')
    // The kit closed the window; the mutation is settled (not pending); nothing is connected or cached.
    await expect.poll(() => popup.isClosed()).toBe(true)
    expect(await page.getByTestId('mutation').textContent()).toBe('error')
    expect(await page.getByTestId('status').textContent()).toBe('disconnected')
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('embedded-login'))),
    ).toEqual([])

    // Nothing left pending: the next click opens a fresh window and that login connects.
    const again = context.waitForEvent('page')
    await page.getByRole('button', { name: 'GitHub' }).click()
    const second = await again
    await second.getByLabel('Username').fill('ada-lovelace')
    await second.getByLabel('Password').fill(socialTestPassword)
    await second.getByRole('button', { name: 'Sign in' }).click()
    await expect.poll(() => page.getByTestId('status').textContent(), { timeout: 60_000 }).toBe('connected')
    expect(await page.getByRole('alert').textContent()).toBe('')
  } finally {
    await context.close()
  }
}, 180_000)
