// apps/next (Next.js App Router) built with `next build`, served by `next start` on loopback with
// the devnet, and driven in Chromium: connect with the test wallet, reload, and the server's HTML
// already holds the account (cookie storage + cookieToInitialState), with no hydration warning.
// Run after the packages are built (`npm test` does): the app uses them as a host installs them.
import { type ChildProcess, spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startDevnet } from '@portico/devnet'
import { formatSiwxMessage } from '@portico/headless/siwx'
import { build } from 'esbuild'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { freePort } from '../../scripts/free-port.mjs'
import { type Browser, launchChromium, offlineContext, shot } from './browser.js'

const app = join(dirname(fileURLToPath(import.meta.url)), '../../apps/next')
const nextBin = join(app, 'node_modules/.bin/next')

const startTestDevnet = () =>
  startDevnet({ evm: { port: 0 }, solana: { port: 0 }, api: false, walletConnect: false, auth: false })
let devnet: Awaited<ReturnType<typeof startTestDevnet>>
let browser: Browser
let server: ChildProcess | undefined
let url: string
const serverOutput: string[] = []

beforeAll(async () => {
  ;[devnet, browser] = await Promise.all([startTestDevnet(), launchChromium()])
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NEXT_PUBLIC_PORTICO_DEVNET_RPC_URL: devnet.evm.rpcUrl }
  await run(nextBin, ['build'], env)
  const port = await freePort()
  server = spawn(nextBin, ['start', '-H', '127.0.0.1', '-p', String(port)], {
    cwd: app,
    env: { ...env, PORTICO_SIWX_DOMAIN: `127.0.0.1:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout?.on('data', (chunk: Buffer) => serverOutput.push(chunk.toString()))
  server.stderr?.on('data', (chunk: Buffer) => serverOutput.push(chunk.toString()))
  url = `http://127.0.0.1:${port}/`
  // Ready when it answers (Next prints "Ready" before the first request is served on a cold machine).
  await vi.waitFor(
    async () => {
      if (server?.exitCode !== null) throw new Error(`next start exited:\n${serverOutput.join('')}`)
      const response = await fetch(url)
      if (!response.ok) throw new Error(`next start answered ${response.status}`)
    },
    { timeout: 60_000, interval: 200 },
  )
}, 600_000)

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve))
    server.kill('SIGTERM')
    await exited
  }
  await Promise.allSettled([browser?.close(), devnet?.stop()])
})

test('the server renders the restored account from cookies; connect, reload, no hydration warning', async () => {
  const account0 = devnet.evm.accounts[0]!.address
  const wallet = await build({
    entryPoints: [join(dirname(fileURLToPath(import.meta.url)), 'next/devnetWallet.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    conditions: ['portico-source'],
    logLevel: 'silent',
  })
  const { context, blocked } = await offlineContext(browser)
  const devnetConfig = {
    rpcUrl: devnet.evm.rpcUrl,
    chainId: devnet.evm.chainId,
    privateKeys: devnet.evm.accounts.map((account) => account.privateKey),
  }
  await context.addInitScript(`window.porticoDevnet = ${JSON.stringify(devnetConfig)}`)
  await context.addInitScript(wallet.outputFiles.map((file) => file.text).join('\n'))
  const page = await context.newPage()
  const consoleProblems: string[] = []
  page.on('console', (message) => {
    const text = `${message.type()}: ${message.text()}`
    if (message.type() === 'error' || /hydrat|did not match|server rendered/i.test(text)) consoleProblems.push(text)
  })
  page.on('pageerror', (error) => consoleProblems.push(`pageerror: ${error.message}`))

  // First visit: nothing saved, the server renders "Connect Wallet".
  const first = await page.goto(url)
  const firstHtml = (await first?.text()) ?? ''
  expect(firstHtml).toContain('Connect Wallet')
  expect(firstHtml).not.toContain(account0)

  // Connect through the prebuilt modal with the installed test wallet.
  await page.locator('[data-slot="connect-button"]').click()
  await page.getByRole('dialog').getByRole('button').filter({ hasText: 'Devnet Wallet' }).first().click()
  await page.getByTestId('address').filter({ hasText: account0 }).waitFor()
  await page.locator('[data-slot="account-button"]').waitFor()
  await expect.poll(() => page.getByTestId('status').textContent()).toBe('connected')
  const cookies = await context.cookies()
  expect(cookies.map((cookie) => decodeURIComponent(cookie.name))).toEqual(
    expect.arrayContaining(['@portico/connected-connector:eip155', '@portico/connected-address:eip155']),
  )
  // Close the modal the connection left on the Account view, so the reload starts clean.
  await page.keyboard.press('Escape')

  // Reload: the document the server sends already shows the account (no JavaScript needed).
  const reload = await page.reload()
  const html = (await reload?.text()) ?? ''
  expect(html).toContain(`<span data-testid="address">${account0}</span>`)
  expect(html).toContain('data-slot="account-button"')
  expect(html).not.toContain('Connect Wallet')
  // Then the wallet confirms it silently.
  await expect.poll(() => page.getByTestId('status').textContent()).toBe('connected')
  await page.getByTestId('address').filter({ hasText: account0 }).waitFor()
  await shot(page, 'next-restored')

  // The same request without a browser: the cookies alone make the server render the account.
  const cookieHeader = cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
  const plain = await (await fetch(url, { headers: { cookie: cookieHeader } })).text()
  expect(plain).toContain(`<span data-testid="address">${account0}</span>`)

  // A tampered cookie is ignored (with a warning in the server log), never a crash.
  const tampered = cookieHeader.replace(/(connected-address%3Aeip155=)[^;]*/, '$1%22%3Cscript%3E%22')
  expect(tampered).not.toBe(cookieHeader)
  const response = await fetch(url, { headers: { cookie: `${tampered}; %40portico%2Factive-network=%7Bnope` } })
  expect(response.status).toBe(200)
  const tamperedHtml = await response.text()
  expect(tamperedHtml).not.toContain(account0)
  expect(tamperedHtml).not.toContain('<script>"')
  await expect
    .poll(() => serverOutput.join(''))
    .toContain('[portico] Ignored the cookie @portico/connected-address:eip155')

  // Disconnect clears the cookies: the next server render is disconnected again.
  await page.getByRole('button', { name: 'Disconnect' }).click()
  await page.locator('[data-slot="connect-button"]').filter({ hasText: 'Connect Wallet' }).waitFor()
  const after = await (await page.reload())?.text()
  expect(after).toContain('Connect Wallet')
  expect(after).not.toContain(account0)

  await context.close()
  expect(blocked).toEqual([])
  expect(consoleProblems).toEqual([])
  // Nothing on the server touched a browser global.
  expect(serverOutput.join('')).not.toMatch(/ReferenceError|window is not defined|document is not defined/)
})

test('the sign-in verifier as route handlers of the app: nonce, verify (a new session id), session, sign out', async () => {
  const account = privateKeyToAccount(generatePrivateKey())
  const host = new URL(url).host
  const { nonce } = (await (await fetch(`${url}api/siwx/nonce`)).json()) as { nonce: string }
  const message = formatSiwxMessage({
    accountAddress: account.address,
    chainId: 'eip155:31337',
    domain: host,
    uri: url,
    version: '1',
    nonce,
    issuedAt: new Date().toISOString(),
  })
  // A cookie value someone else chose before the sign-in.
  const planted = 'A'.repeat(43)
  const verified = await fetch(`${url}api/siwx/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `portico_siwx=${planted}` },
    body: JSON.stringify({ message, signature: await account.signMessage({ message }) }),
  })
  expect(verified.status).toBe(200)
  const cookie = verified.headers.get('set-cookie')?.split(';')[0] ?? ''
  expect(cookie).toMatch(/^portico_siwx=[A-Za-z0-9]{43}$/)
  expect(cookie).not.toBe(`portico_siwx=${planted}`)
  const sessions = async (value: string) =>
    ((await (await fetch(`${url}api/siwx/session`, { headers: { cookie: value } })).json()) as { sessions: unknown[] })
      .sessions.length
  expect(await sessions(cookie)).toBe(1)
  expect(await sessions(`portico_siwx=${planted}`)).toBe(0)
  const signedOut = await fetch(`${url}api/siwx/session`, { method: 'DELETE', headers: { cookie } })
  expect(await signedOut.json()).toEqual({ revoked: 1 })
  expect(await sessions(cookie)).toBe(0)
})

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] })
    const output: string[] = []
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()))
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${output.join('')}`)),
    )
  })
}
