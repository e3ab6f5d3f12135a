// The kit under the minimal Content-Security-Policy SECURITY.md documents for hosts: a production
// build of a host page (static CSS files, no inline style or script), served from 127.0.0.1 with
// the header, in Chromium. Asserts zero `securitypolicyviolation` events while the modal opens,
// lists wallets (announced and from the directory), and that the page does not scroll under it.

import { readFile, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type ApiEmulator, startApiEmulator } from '@portico/devnet'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Browser, launchChromium, offlineContext } from './browser.js'

/** The policy SECURITY.md recommends, minus WalletConnect (off on this page). */
export const strictCsp =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' ws://127.0.0.1:*"

const root = join(dirname(fileURLToPath(import.meta.url)), 'csp')
const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
}

let outDir: string
let api: ApiEmulator
let server: Server
let origin: string
let browser: Browser

/** Serves the build with the CSP header; `/api/*` goes to the API emulator (same origin). */
function serve(): Promise<Server> {
  const http = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    if (url.pathname.startsWith('/api/')) {
      const upstream = await fetch(`${api.url}${url.pathname.slice(4)}${url.search}`, {
        method: request.method,
        headers: { 'content-type': request.headers['content-type'] ?? 'application/json' },
        body: request.method === 'POST' ? new Uint8Array(await readBody(request)) : undefined,
      })
      response.writeHead(upstream.status, {
        'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream',
        'content-security-policy': strictCsp,
      })
      response.end(Buffer.from(await upstream.arrayBuffer()))
      return
    }
    if (url.pathname === '/rpc') {
      // No chain behind this page: the test never connects.
      response.writeHead(503, { 'content-security-policy': strictCsp }).end()
      return
    }
    const path = normalize(join(outDir, url.pathname === '/' ? 'index.html' : url.pathname))
    if (!path.startsWith(outDir)) {
      response.writeHead(403).end()
      return
    }
    try {
      const body = await readFile(path)
      response.writeHead(200, {
        'content-type': types[extname(path)] ?? 'application/octet-stream',
        'content-security-policy': strictCsp,
      })
      response.end(body)
    } catch {
      response.writeHead(404, { 'content-security-policy': strictCsp }).end()
    }
  })
  return new Promise((resolve) => http.listen(0, '127.0.0.1', () => resolve(http)))
}

function readBody(request: import('node:http').IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks)))
    request.on('error', reject)
  })
}

beforeAll(async () => {
  outDir = join(tmpdir(), `portico-csp-${process.pid}-${Date.now()}`)
  ;[api, browser] = await Promise.all([
    startApiEmulator({ evmRpcUrl: 'http://127.0.0.1:9', solanaRpcUrl: 'http://127.0.0.1:9' }),
    launchChromium(),
    build({
      configFile: false,
      root,
      logLevel: 'warn',
      plugins: [vanillaExtractPlugin(), react()],
      resolve: { conditions: ['portico-source', 'module', 'browser', 'production'] },
      // Vite's preload polyfill and inlined assets would be inline script or data the policy refuses.
      build: { outDir, emptyOutDir: true, modulePreload: { polyfill: false }, assetsInlineLimit: 0 },
    }),
  ])
  server = await serve()
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await Promise.allSettled([
    browser?.close(),
    api?.stop(),
    new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  ])
  if (outDir) await rm(outDir, { recursive: true, force: true })
})

test('strict CSP: no violation, the modal opens and lists wallets, the page does not scroll under it', async () => {
  const { context, blocked } = await offlineContext(browser)
  // Recorded from before any page script runs (init scripts are not subject to the page's CSP).
  await context.addInitScript(() => {
    const list: { directive: string; blocked: string; sample: string }[] = []
    ;(window as unknown as { __violations: typeof list }).__violations = list
    document.addEventListener('securitypolicyviolation', (event) => {
      list.push({ directive: event.violatedDirective, blocked: event.blockedURI, sample: event.sample })
    })
  })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  const violations = () => page.evaluate(() => (window as unknown as { __violations: unknown[] }).__violations)

  const response = await page.goto(origin)
  expect(response?.headers()['content-security-policy']).toBe(strictCsp)

  // The page scrolls before the modal opens (so the lock below is a real change).
  await page.mouse.move(640, 300)
  await page.mouse.wheel(0, 600)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  await page.evaluate(() => window.scrollTo(0, 0))

  await page.locator('[data-slot="connect-button"]').click()
  const dialog = page.getByRole('dialog')
  await dialog.waitFor()
  await dialog.locator('[data-slot="wallet-row"]').filter({ hasText: 'Devnet Wallet' }).waitFor()
  // The All Wallets badge counts the directory the emulator serves.
  await expect.poll(() => dialog.locator('[data-slot="all-wallets"]').textContent()).toMatch(/All Wallets\d+\+/)

  // Wheel over the overlay and over the dialog: the page stays put.
  await page.mouse.move(40, 40)
  await page.mouse.wheel(0, 800)
  await page.mouse.move(640, 430)
  await page.mouse.wheel(0, 800)
  // The wheel events are handled (and any scroll they caused applied) by the next two frames.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden')

  // A lazily loaded view (its CSS is a file too) with directory images from the page's origin.
  await dialog.locator('[data-slot="all-wallets"]').click()
  await dialog.locator('[data-slot="directory-wallet-row"]').first().waitFor()

  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'detached' })
  expect(await page.evaluate(() => document.querySelectorAll('style').length)).toBe(0)
  expect(await violations()).toEqual([])
  expect(errors).toEqual([])
  expect(blocked).toEqual([])
  await context.close()
})
