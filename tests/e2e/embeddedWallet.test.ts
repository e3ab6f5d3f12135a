// The embedded wallet end to end in Chromium: a host page on one loopback origin, the secure frame on
// another (served by the devnet next to the auth server and the mail inbox). Email login with the code
// read from the inbox, a message signed and a transaction sent only after a click in the frame's own
// document, and a hostile host script that can neither read the frame's storage nor approve anything.

import { createPrivateKey, createPublicKey, randomBytes, verify } from 'node:crypto'
import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type DevnetFor, startDevnet } from '@portico/devnet'
import { build } from 'esbuild'
import type { Frame, Page } from 'playwright-core'
import { createPublicClient, createWalletClient, http, parseEther, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  transferTransaction as buildTransfer,
  solanaRpc as callSolanaRpc,
} from '../../packages/secure/src/test/solanaTransfer.js'
import { type Browser, type BrowserContext, launchChromium, offlineContext } from './browser.js'

type Settled<T> = { ok: true; value: T } | { ok: false; name?: string; message?: string; code?: unknown }
type HostApi = {
  frameReady(): Promise<Settled<{ version?: string }>>
  switchFrameNetwork(chainId: number | string, rpcUrl?: string): Promise<Settled<{ chainId: number | string }>>
  startEmailLogin(email: string): Promise<Settled<{ action: string }>>
  waitForDeviceApproval(): Promise<Settled<void>>
  verifyEmailOtp(otp: string): Promise<Settled<{ address: string; accounts: string[] }>>
  signMessage(message: string, namespace?: 'eip155' | 'solana'): Promise<Settled<string>>
  accounts(): { eip155?: string; solana?: string }
  sendTransaction(to: string, value: string): Promise<Settled<`0x${string}`>>
  request(method: string, params: unknown, namespace?: 'eip155' | 'solana'): Promise<Settled<unknown>>
  abortRpc(): void
  disconnect(): Promise<Settled<void>>
  reconnect(): Promise<Settled<{ address: string } | undefined>>
  exportKey(namespace: 'eip155' | 'solana'): Promise<Settled<void>>
  sendSol(amount: string, receiver: string): Promise<Settled<string>>
  syncTheme(theme: { themeMode?: 'light' | 'dark'; themeVariables?: Record<string, string | number> }): void
  messages(): string[]
  /** The codes of the alerts the kit raised so far, oldest first. */
  alerts(): string[]
  connection(): { status: string; connectorId?: string; address?: string }
  storedKeys(): string[]
}
declare const host: HostApi

const here = dirname(fileURLToPath(import.meta.url))
// The auth server's clock, moved forward past its 30 s per-address mail cooldown instead of waiting.
let clockOffset = 0
const devnetOptions = { api: false, walletConnect: false, auth: { now: () => Date.now() + clockOffset } } as const
let devnet: DevnetFor<typeof devnetOptions>
let server: Server
let hostOrigin: string
let browser: Browser

/** The host page: one script bundled from `embedded/host.ts` against the kit's sources. */
async function serveHost(): Promise<Server> {
  const bundle = await build({
    entryPoints: [join(here, 'embedded/host.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    conditions: ['portico-source'],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  })
  const script = bundle.outputFiles[0]?.text ?? ''
  const page =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title><script type="module" src="/host.js"></script></head><body><h1>Host page</h1></body></html>'
  const http = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://host').pathname
    if (path === '/host.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(script)
    else if (path === '/icon.svg')
      response
        .writeHead(200, { 'content-type': 'image/svg+xml' })
        .end(
          '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><rect width="24" height="24" fill="#0a0"/></svg>',
        )
    else if (path === '/other')
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>other</title>')
    else response.writeHead(200, { 'content-type': 'text/html' }).end(page)
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  return http
}

beforeAll(async () => {
  ;[devnet, server, browser] = await Promise.all([startDevnet(devnetOptions), serveHost(), launchChromium()])
  hostOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  await devnet.auth.ready()
})
afterAll(async () => {
  await Promise.allSettled([browser?.close(), new Promise((resolve) => server?.close(resolve))])
  await devnet?.stop()
})

async function openHost(context: BrowserContext) {
  const page = await context.newPage()
  const consoleLines: string[] = []
  page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`))
  const query = new URLSearchParams({
    frameUrl: `${devnet.auth.frameUrl}/`,
    rpcUrl: devnet.evm.rpcUrl,
    solanaRpcUrl: devnet.solana.rpcUrl,
    genesisHash: devnet.solana.genesisHash,
  })
  await page.goto(`${hostOrigin}/?${query}`)
  await page.waitForSelector('body[data-ready="true"]')
  return { page, consoleLines }
}

function secureFrame(page: Page): Frame {
  const frame = page.frames().find((f) => f.url().startsWith(devnet.auth.frameUrl))
  if (!frame) throw new Error('no secure frame')
  return frame
}

const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
/** Base58 to bytes (Solana addresses and signatures). */
function base58(text: string): Uint8Array {
  let value = 0n
  for (const char of text) value = value * 58n + BigInt(alphabet.indexOf(char))
  const bytes: number[] = []
  for (; value > 0n; value >>= 8n) bytes.unshift(Number(value & 255n))
  for (const char of text) {
    if (char !== '1') break
    bytes.unshift(0)
  }
  return Uint8Array.from(bytes)
}

const solanaRpc = <T>(method: string, params: unknown[]) => callSolanaRpc<T>(devnet.solana.rpcUrl, method, params)

const lamportsOf = async (address: string) =>
  (await solanaRpc<{ value: number }>('getBalance', [address, { commitment: 'confirmed' }])).value

/** An unsigned legacy transaction: one System Program transfer of `lamports` from `from` (base58) to `to`. */
const transferTransaction = (from: string, to: Uint8Array, lamports: bigint, blockhash: string) =>
  buildTransfer({ payer: base58(from), recipient: to, lamports, blockhash: base58(blockhash) })

async function code(email: string): Promise<string> {
  const mail = (await (
    await fetch(`${devnet.auth.inboxUrl}/messages/latest?to=${encodeURIComponent(email)}&wait=10000`)
  ).json()) as {
    code: string
  }
  return mail.code
}

async function login(page: Page, email: string) {
  const started = await page.evaluate((e) => host.startEmailLogin(e), email)
  expect(started).toEqual({ ok: true, value: { action: 'VERIFY_OTP' } })
  const otp = await code(email)
  const connected = await page.evaluate((c) => host.verifyEmailOtp(c), otp)
  if (!connected.ok) throw new Error(`login failed: ${connected.message}`)
  return connected.value.address as `0x${string}`
}

describe('embedded wallet', () => {
  let context: BrowserContext
  let page: Page
  let consoleLines: string[]
  let address: `0x${string}`
  const email = `ada-${randomBytes(4).toString('hex')}@example.com`

  beforeAll(async () => {
    ;({ context } = await offlineContext(browser))
    ;({ page, consoleLines } = await openHost(context))
  })
  afterAll(() => context?.close())

  test('default: the frame loads from its own origin with the spec query and reports ready', async () => {
    expect(new URL(devnet.auth.frameUrl).origin).not.toBe(hostOrigin)
    const ready = await page.evaluate(() => host.frameReady())
    expect(ready).toEqual({ ok: true, value: { version: '1' } })
    const src = new URL(secureFrame(page).url())
    expect(Object.fromEntries(src.searchParams)).toEqual({
      projectId: 'test-project',
      chainId: '31337',
      version: '1',
      enableLogger: 'false',
      rpcUrl: devnet.evm.rpcUrl,
    })
  })

  test('behavior: email login with the code from the devnet inbox connects an address made in the frame', async () => {
    address = await login(page, email)
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    // The auth server holds one share per namespace, never the key.
    const keys = devnet.auth.inbox.messages().filter((m) => m.to.includes(email))
    expect(keys.length).toBe(1)
  })

  test('behavior: a wrong code is refused with the server’s message, an invalid one before sending', async () => {
    const invalid = await page.evaluate(() => host.verifyEmailOtp('12ab'))
    expect(invalid).toMatchObject({ ok: false, message: 'Invalid otp' })
    // The client's cooldown ended with the login; the auth server's own 30 s per address still holds.
    const again = await page.evaluate((e) => host.startEmailLogin(e), email)
    expect(again).toMatchObject({ ok: false, message: expect.stringMatching(/^Please try again after \d+ seconds$/) })
  })

  test('behavior: personal_sign waits for Approve in the frame; the signature verifies with viem', async () => {
    const signing = page.evaluate(() => host.signMessage('Hello from the host'))
    const frame = secureFrame(page)
    await frame.getByRole('button', { name: 'Approve' }).waitFor()
    await expect.poll(() => frame.getByText('Hello from the host').count()).toBe(1)
    await frame.getByRole('button', { name: 'Approve' }).click()
    const signed = await signing
    if (!signed.ok) throw new Error(signed.message)
    expect(
      await verifyMessage({ address, message: 'Hello from the host', signature: signed.value as `0x${string}` }),
    ).toBe(true)
  })

  test('behavior: the same login connects Solana; a message signed there verifies as ed25519', async () => {
    const { solana } = await page.evaluate(() => host.accounts())
    expect(solana).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    const signing = page.evaluate(() => host.signMessage('Hello Solana', 'solana'))
    await secureFrame(page).getByRole('button', { name: 'Approve' }).click()
    const signed = await signing
    if (!signed.ok) throw new Error(signed.message)
    const publicKey = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(base58(solana ?? '')).toString('base64url') },
      format: 'jwk',
    })
    expect(verify(null, Buffer.from('Hello Solana'), publicKey, base58(signed.value))).toBe(true)
    expect(verify(null, Buffer.from('Hello Solanb'), publicKey, base58(signed.value))).toBe(false)
  })

  test('behavior: Solana transactions are signed, and signed and sent, after approval in the frame', async () => {
    const { solana = '' } = await page.evaluate(() => host.accounts())
    await solanaRpc('requestAirdrop', [solana, 1_000_000_000])
    await expect.poll(() => lamportsOf(solana)).toBe(1_000_000_000)
    const recipientBytes = Uint8Array.from(randomBytes(32))
    const recipient = (() => {
      let value = BigInt(`0x${Buffer.from(recipientBytes).toString('hex')}`)
      let text = ''
      for (; value > 0n; value /= 58n) text = alphabet[Number(value % 58n)] + text
      for (const byte of recipientBytes) {
        if (byte !== 0) break
        text = `1${text}`
      }
      return text
    })()
    const { value: latest } = await solanaRpc<{ value: { blockhash: string } }>('getLatestBlockhash', [])
    const publicKey = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(base58(solana)).toString('base64url') },
      format: 'jwk',
    })

    // solana_signTransaction: the prompt spells the transfer out; the signature covers the message.
    const unsigned = transferTransaction(solana, recipientBytes, 10_000_000n, latest.blockhash)
    const signing = page.evaluate(
      (transaction) => host.request('solana_signTransaction', { transaction }, 'solana'),
      Buffer.from(unsigned).toString('base64'),
    )
    const frame = secureFrame(page)
    await frame.getByRole('button', { name: 'Approve' }).waitFor()
    expect(await frame.getByRole('heading', { name: 'Sign transaction' }).count()).toBe(1)
    expect(await frame.getByText(`Transfer 0.01 SOL to ${recipient}`).count()).toBe(1)
    await frame.getByRole('button', { name: 'Approve' }).click()
    const signed = await signing
    if (!signed.ok) throw new Error(signed.message)
    const { signature, transaction } = signed.value as { signature: string; transaction: string }
    const signedBytes = Buffer.from(transaction, 'base64')
    expect(verify(null, Buffer.from(unsigned.subarray(65)), publicKey, base58(signature))).toBe(true)
    expect(signedBytes.subarray(1, 65).equals(Buffer.from(base58(signature)))).toBe(true)
    expect(signedBytes.subarray(65).equals(Buffer.from(unsigned.subarray(65)))).toBe(true)
    // The devnet accepts it as signed.
    await solanaRpc('sendTransaction', [transaction, { encoding: 'base64' }])
    await expect.poll(() => lamportsOf(recipient)).toBe(10_000_000)

    // solana_signAndSendTransaction: the frame sends it to the network's RPC itself.
    const second = transferTransaction(solana, recipientBytes, 20_000_000n, latest.blockhash)
    const sending = page.evaluate(
      (transaction) => host.request('solana_signAndSendTransaction', { transaction }, 'solana'),
      Buffer.from(second).toString('base64'),
    )
    await frame.getByRole('heading', { name: 'Send transaction' }).waitFor()
    expect(await frame.getByText(`Transfer 0.02 SOL to ${recipient}`).count()).toBe(1)
    await frame.getByRole('button', { name: 'Approve' }).click()
    const sent = await sending
    if (!sent.ok) throw new Error(sent.message)
    const sentSignature = (sent.value as { signature: string }).signature
    expect(verify(null, Buffer.from(second.subarray(65)), publicKey, base58(sentSignature))).toBe(true)
    await expect.poll(() => lamportsOf(recipient)).toBe(30_000_000)

    // The kit's Send path builds its own transfer (@solana/kit, a v0 message): approved in the
    // frame, sent, confirmed.
    const viaKit = page.evaluate((to) => host.sendSol('0.005', to), recipient)
    await frame.getByText(`Transfer 0.005 SOL to ${recipient}`).waitFor()
    await frame.getByRole('button', { name: 'Approve' }).click()
    const kitSent = await viaKit
    if (!kitSent.ok) throw new Error(kitSent.message)
    await expect.poll(() => lamportsOf(recipient)).toBe(35_000_000)

    // A transaction this wallet does not sign is refused before any prompt.
    const foreign = transferTransaction(recipient, recipientBytes, 1n, latest.blockhash)
    expect(
      await page.evaluate(
        (transaction) => host.request('solana_signTransaction', { transaction }, 'solana'),
        Buffer.from(foreign).toString('base64'),
      ),
    ).toMatchObject({ ok: false, message: 'Invalid transaction: the wallet is not a signer of this transaction' })
    expect(await frame.getByRole('button', { name: 'Approve' }).count()).toBe(0)
  })

  test('behavior: the key export is shown in the frame after a click there, never posted to the host', async () => {
    const exporting = page.evaluate(() => host.exportKey('eip155'))
    const frame = secureFrame(page)
    const reveal = frame.getByRole('button', { name: 'Reveal key' })
    await reveal.waitFor()
    // The prompt names the app (synced dapp data) above the origin the frame read itself.
    expect(await frame.getByText('Portico e2e host').count()).toBe(1)
    const icon = frame.locator('[data-portico-dapp] img')
    expect(await icon.getAttribute('src')).toBe(`${hostOrigin}/icon.svg`)
    await expect.poll(() => icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(24)
    expect(await frame.getByText(hostOrigin, { exact: true }).count()).toBe(1)
    // A script click is not a user's click: nothing is revealed.
    await frame.evaluate(() => (document.querySelector('button[data-kind=approve]') as HTMLButtonElement).click())
    expect(await frame.locator('[data-portico-secret]').isHidden()).toBe(true)
    await reveal.click()
    const secret = frame.locator('[data-portico-secret]')
    await secret.waitFor({ state: 'visible' })
    const key = (await secret.textContent()) as `0x${string}`
    expect(privateKeyToAccount(key).address).toBe(address)
    await frame.getByRole('button', { name: 'Done' }).click()
    expect(await exporting).toMatchObject({ ok: true })
    // Gone from the frame's document once closed, and never in any message the host received.
    expect(await frame.locator('body').innerHTML()).not.toContain(key.slice(2))
    const messages = await page.evaluate(() => host.messages())
    expect(messages.some((m) => m.includes('@portico-frame/EXPORT_PRIVATE_KEY_SUCCESS'))).toBe(true)
    expect(messages.filter((m) => m.toLowerCase().includes(key.slice(2).toLowerCase()))).toEqual([])
  })

  test('behavior: the Solana key export derives the Solana address; cancel rejects with 4001', async () => {
    const { solana } = await page.evaluate(() => host.accounts())
    const exporting = page.evaluate(() => host.exportKey('solana'))
    const frame = secureFrame(page)
    await frame.getByRole('button', { name: 'Reveal key' }).click()
    const secret = frame.locator('[data-portico-secret]')
    await secret.waitFor({ state: 'visible' })
    const key = (await secret.textContent()) ?? ''
    const pair = base58(key)
    expect(pair.length).toBe(64)
    // The 32-byte seed makes the public key, which is the address (and the keypair's second half).
    const privateKey = createPrivateKey({
      key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), pair.subarray(0, 32)]),
      format: 'der',
      type: 'pkcs8',
    })
    const x = createPublicKey(privateKey).export({ format: 'jwk' }).x ?? ''
    expect(Buffer.from(x, 'base64url').equals(Buffer.from(base58(solana ?? '')))).toBe(true)
    expect(Buffer.from(pair.subarray(32)).equals(Buffer.from(base58(solana ?? '')))).toBe(true)
    await frame.getByRole('button', { name: 'Done' }).click()
    expect(await exporting).toMatchObject({ ok: true })
    expect((await page.evaluate(() => host.messages())).filter((m) => m.includes(key))).toEqual([])

    const cancelled = page.evaluate(() => host.exportKey('eip155'))
    await frame.getByRole('button', { name: 'Cancel' }).click()
    expect(await cancelled).toMatchObject({ ok: false, code: 4001 })
  })

  test('behavior: the host theme styles the frame prompt; hostile theme values are dropped', async () => {
    await page.evaluate(() =>
      host.syncTheme({
        themeMode: 'light',
        themeVariables: {
          '--w3m-accent': '#ff0000',
          '--w3m-font-family': 'x; } body { display: none',
          '--w3m-color-mix': 'url(http://127.0.0.1:1/leak)',
          '--w3m-color-mix-strength': 40,
          '--w3m-border-radius-master': '0px;background:url(http://127.0.0.1:1/x)',
        },
      }),
    )
    const signing = page.evaluate(() => host.signMessage('themed'))
    const frame = secureFrame(page)
    const approve = frame.getByRole('button', { name: 'Approve' })
    await approve.waitFor()
    await expect
      .poll(() => approve.evaluate((element) => getComputedStyle(element).backgroundColor))
      .toBe('rgb(255, 0, 0)')
    const applied = await frame.evaluate(() => ({
      inline: document.documentElement.getAttribute('style') ?? '',
      display: getComputedStyle(document.body).display,
      font: getComputedStyle(document.documentElement).fontFamily,
      scheme: getComputedStyle(document.documentElement).colorScheme,
    }))
    expect(applied.inline).not.toMatch(/url\(|display|\}/)
    expect(applied.display).toBe('block')
    expect(applied.font).not.toContain('display')
    expect(applied.scheme).toBe('light')
    expect(consoleLines.some((line) => line.startsWith('warning:') && line.includes('--w3m-font-family'))).toBe(true)
    await frame.getByRole('button', { name: 'Reject' }).click()
    expect(await signing).toMatchObject({ ok: false, code: 4001 })
  })

  test("behavior: a resolved theme's own token variables (what the Portico modal sends) style the prompt; hostile ones are dropped", async () => {
    await page.evaluate(() =>
      host.syncTheme({
        themeMode: 'dark',
        themeVariables: {
          '--portico-colors-accent': '#0000ff',
          '--portico-colors-accentForeground': '#ffffff',
          '--portico-colors-surface': 'red;background:url(http://127.0.0.1:1/x)',
          '--portico-radii-md': '3px',
        },
      }),
    )
    const signing = page.evaluate(() => host.signMessage('token themed'))
    const frame = secureFrame(page)
    const approve = frame.getByRole('button', { name: 'Approve' })
    await approve.waitFor()
    await expect
      .poll(() => approve.evaluate((element) => getComputedStyle(element).backgroundColor))
      .toBe('rgb(0, 0, 255)')
    expect(await approve.evaluate((element) => getComputedStyle(element).borderTopLeftRadius)).toBe('3px')
    const inline = await frame.evaluate(() => document.documentElement.getAttribute('style') ?? '')
    expect(inline).not.toMatch(/url\(|red;/)
    expect(consoleLines.some((line) => line.startsWith('warning:') && line.includes('colors.surface'))).toBe(true)
    await frame.getByRole('button', { name: 'Reject' }).click()
    expect(await signing).toMatchObject({ ok: false, code: 4001 })
  })

  test("behavior: the frame accepts the spec's networks and any the host gives an RPC URL for, nothing else", async () => {
    // OP Mainnet is on the spec's list; 999 is not, until the host gives its RPC URL.
    expect(await page.evaluate(() => host.switchFrameNetwork(10))).toEqual({ ok: true, value: { chainId: 10 } })
    expect(await page.evaluate(() => host.switchFrameNetwork(999))).toMatchObject({
      ok: false,
      message: 'Unsupported network',
    })
    expect(await page.evaluate((rpc) => host.switchFrameNetwork(999, rpc), devnet.evm.rpcUrl)).toEqual({
      ok: true,
      value: { chainId: 999 },
    })
    // Back to the devnet chain (its RPC URL known since the frame started).
    const devnetChain = await createPublicClient({ transport: http(devnet.evm.rpcUrl) }).getChainId()
    expect(await page.evaluate((id) => host.switchFrameNetwork(id), devnetChain)).toMatchObject({ ok: true })
  })

  test('behavior: Reject in the frame rejects with code 4001', async () => {
    const signing = page.evaluate(() => host.signMessage('no'))
    await secureFrame(page).getByRole('button', { name: 'Reject' }).click()
    expect(await signing).toMatchObject({ ok: false, code: 4001 })
  })

  test('behavior: eth_sendTransaction is approved in the frame and mined on anvil', async () => {
    const publicClient = createPublicClient({ transport: http(devnet.evm.rpcUrl) })
    const funder = createWalletClient({
      account: privateKeyToAccount(devnet.evm.accounts[0].privateKey),
      transport: http(devnet.evm.rpcUrl),
    })
    await publicClient.waitForTransactionReceipt({
      hash: await funder.sendTransaction({ to: address, value: parseEther('1'), chain: null }),
    })
    const to = devnet.evm.accounts[1].address
    const before = await publicClient.getBalance({ address: to })
    const sending = page.evaluate((t) => host.sendTransaction(t, '12345'), to)
    await secureFrame(page).getByRole('button', { name: 'Approve' }).click()
    const sent = await sending
    if (!sent.ok) throw new Error(sent.message)
    const receipt = await publicClient.waitForTransactionReceipt({ hash: sent.value })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    expect((await publicClient.getBalance({ address: to })) - before).toBe(12345n)
  })

  test('behavior: safe methods go to the RPC without a prompt; methods off the list are refused', async () => {
    const balance = await page.evaluate((a) => host.request('eth_getBalance', [a, 'latest']), address)
    expect(balance).toMatchObject({ ok: true })
    // wallet_getAssets (spec list, EIP-7811) is answered by the frame: the native balance.
    const assets = await page.evaluate((a) => host.request('wallet_getAssets', [{ account: a }], 'eip155'), address)
    expect(assets).toEqual({
      ok: true,
      value: { '0x7a69': [{ address: '0x0', balance: (balance as { value: string }).value, type: 'native' }] },
    })
    const refused = await page.evaluate(() => host.request('eth_sign', ['0x00', '0x00']))
    expect(refused).toMatchObject({ ok: false, message: 'Requested RPC call is not allowed' })
    expect(consoleLines.some((line) => line.startsWith('error: RPC method not allowed'))).toBe(true)
  })

  test('behavior: aborting a pending request gives "Request was aborted" and closes the prompt', async () => {
    const signing = page.evaluate(() => host.signMessage('to abort'))
    await secureFrame(page).getByRole('button', { name: 'Approve' }).waitFor()
    await page.evaluate(() => host.abortRpc())
    expect(await signing).toMatchObject({ ok: false, message: 'Request was aborted' })
    await expect.poll(() => secureFrame(page).getByRole('button', { name: 'Approve' }).count()).toBe(0)
  })

  test('hostile host: cannot read the frame or its storage, and forged messages approve nothing', async () => {
    const reads = await page.evaluate(async () => {
      const iframe = document.querySelector('iframe') as HTMLIFrameElement
      const attempt = (read: () => unknown) => {
        try {
          return String(read())
        } catch (error) {
          return (error as Error).name
        }
      }
      return {
        document: attempt(() => iframe.contentDocument),
        storage: attempt(() => (iframe.contentWindow as Window).localStorage),
        indexedDB: attempt(() => (iframe.contentWindow as Window).indexedDB),
        ownDatabases: (await indexedDB.databases()).map((d) => d.name),
      }
    })
    expect(reads).toEqual({ document: 'null', storage: 'SecurityError', indexedDB: 'SecurityError', ownDatabases: [] })

    // A signature request waits in the frame; the host script tries to approve it by messages.
    const signing = page.evaluate(() => host.signMessage('do not sign'))
    const frame = secureFrame(page)
    await frame.getByRole('button', { name: 'Approve' }).waitFor()
    await page.evaluate(() => {
      const target = (document.querySelector('iframe') as HTMLIFrameElement).contentWindow as Window
      target.postMessage({ id: 'forged', type: '@portico-app/APPROVE' }, '*')
      target.postMessage({ id: 'forged', type: '@portico-frame/RPC_REQUEST_SUCCESS', payload: '0x' }, '*')
      target.postMessage({ type: 'approve', approved: true }, '*')
    })
    await expect.poll(() => consoleLines.filter((l) => l.includes('Ignored an invalid frame event')).length).toBe(3)
    // Still waiting for the user: nothing was approved. The user rejects.
    expect(await frame.getByRole('button', { name: 'Approve' }).count()).toBe(1)
    await frame.getByRole('button', { name: 'Reject' }).click()
    expect(await signing).toMatchObject({ ok: false, code: 4001 })
  })

  test('hostile: a page of another origin cannot drive the frame (its messages are dropped)', async () => {
    const forgedEmail = `forged-${randomBytes(4).toString('hex')}@example.com`
    // A third-origin frame inside the host page posts a valid login request to the secure frame.
    await page.evaluate(
      ([otherOrigin, forged]) =>
        new Promise<void>((resolve) => {
          const other = document.createElement('iframe')
          other.src = `${otherOrigin}/other`
          other.onload = () => resolve()
          document.body.append(other)
          ;(window as unknown as { forged: string }).forged = forged as string
        }),
      [hostOrigin.replace('127.0.0.1', 'localhost'), forgedEmail],
    )
    const other = page.frames().find((f) => f.url().includes('localhost') && f.url().endsWith('/other'))
    await other?.evaluate((forged) => {
      window.parent.frames[0]?.postMessage(
        { id: 'x1', type: '@portico-app/CONNECT_EMAIL', payload: { email: forged } },
        '*',
      )
    }, forgedEmail)
    // A real request from the host after it: once its mail arrived, the forged one would have too.
    const second = `bob-${randomBytes(4).toString('hex')}@example.com`
    expect(await page.evaluate((e) => host.startEmailLogin(e), second)).toMatchObject({ ok: true })
    await code(second)
    expect(devnet.auth.inbox.messages().some((m) => m.to.includes(forgedEmail))).toBe(false)
  })

  test('behavior: a reload keeps the session: the frame restores it silently and signing still works', async () => {
    const { solana } = await page.evaluate(() => host.accounts())
    await page.reload()
    await page.waitForSelector('body[data-ready="true"]')
    expect(await page.evaluate(() => host.accounts())).toEqual({ eip155: undefined, solana: undefined })
    // A theme given before the frame exists is sent once it is ready (the spec's sync on init).
    await page.evaluate(() => host.syncTheme({ themeMode: 'dark', themeVariables: { '--w3m-accent': '#00ff00' } }))
    // The restored address is the active namespace's (the last one used), like connect's.
    const restored = await page.evaluate(() => host.reconnect())
    expect(restored).toMatchObject({ ok: true, value: { address: expect.stringMatching(`^(${address}|${solana})$`) } })
    expect(await page.evaluate(() => host.accounts())).toEqual({ eip155: address, solana })
    // Restored by the kit's reconnect (the stored AUTH connection), not by a fresh connect.
    expect(await page.evaluate(() => host.connection())).toEqual({ status: 'connected', connectorId: 'auth', address })
    const signing = page.evaluate(() => host.signMessage('after reload'))
    const approve = secureFrame(page).getByRole('button', { name: 'Approve' })
    await approve.waitFor()
    expect(await approve.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(0, 255, 0)')
    await approve.click()
    const signed = await signing
    if (!signed.ok) throw new Error(signed.message)
    expect(await verifyMessage({ address, message: 'after reload', signature: signed.value as `0x${string}` })).toBe(
      true,
    )
  })

  test('behavior: a second browser (new device) needs the mailed device approval, then a code', async () => {
    clockOffset += 31_000
    const { context: second } = await offlineContext(browser)
    try {
      const { page: other } = await openHost(second)
      const before = devnet.auth.inbox.latest(email)?.id ?? 0
      expect(await other.evaluate((e) => host.startEmailLogin(e), email)).toEqual({
        ok: true,
        value: { action: 'VERIFY_DEVICE' },
      })
      const link = await devnet.auth.inbox.waitFor(email, { after: before, timeoutMs: 10_000 })
      expect(link.link).toMatch(/\/v1\/devices\/approve\?token=/)
      const waiting = other.evaluate(() => host.waitForDeviceApproval())
      // The person opens the mailed link and presses the button (opening alone approves nothing).
      const approval = await second.newPage()
      await approval.goto(link.link ?? '')
      await approval.getByRole('button', { name: 'Approve device' }).click()
      expect(await waiting).toMatchObject({ ok: true })
      const mail = await devnet.auth.inbox.waitFor(email, { after: link.id, timeoutMs: 10_000 })
      const connected = await other.evaluate((c) => host.verifyEmailOtp(c), mail.code ?? '')
      expect(connected).toMatchObject({ ok: true, value: { address } })
      // Approved from the link, this device fetches the recovery share, rebuilds the key and splits
      // it again for itself: it signs for the same address, on both namespaces.
      const signing = other.evaluate(() => host.signMessage('from the new device'))
      await secureFrame(other).getByRole('button', { name: 'Approve' }).click()
      const signed = await signing
      if (!signed.ok) throw new Error(signed.message)
      expect(
        await verifyMessage({ address, message: 'from the new device', signature: signed.value as `0x${string}` }),
      ).toBe(true)
      // A second signature uses the device's own pair (no second recovery).
      const solana = (await page.evaluate(() => host.accounts())).solana ?? ''
      expect((await other.evaluate(() => host.accounts())).solana).toBe(solana)
      const signingSolana = other.evaluate(() => host.signMessage('new device on Solana', 'solana'))
      await secureFrame(other).getByRole('button', { name: 'Approve' }).click()
      const signedSolana = await signingSolana
      if (!signedSolana.ok) throw new Error(signedSolana.message)
      const publicKey = createPublicKey({
        key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(base58(solana)).toString('base64url') },
        format: 'jwk',
      })
      expect(verify(null, Buffer.from('new device on Solana'), publicKey, base58(signedSolana.value))).toBe(true)
      // A device half that no longer matches its server half (here: the two namespaces' halves
      // swapped in the frame's storage, by the test, which unlike the host can reach it) makes the
      // approved device split the key again, and it still signs for the same address.
      await secureFrame(other).evaluate(
        () =>
          new Promise<void>((resolve, reject) => {
            const open = indexedDB.open('portico-secure', 1)
            open.onerror = () => reject(open.error)
            open.onsuccess = () => {
              const store = open.result.transaction('vault', 'readwrite').objectStore('vault')
              const keys = store.getAllKeys()
              keys.onsuccess = () => {
                const names = (keys.result as string[]).filter((k) => k.startsWith('secret:share:'))
                const evm = names.find((k) => k.endsWith(':eip155')) as string
                const sol = names.find((k) => k.endsWith(':solana')) as string
                const a = store.get(evm)
                const b = store.get(sol)
                b.onsuccess = () => {
                  store.put(b.result, evm)
                  store.put(a.result, sol).onsuccess = () => resolve()
                }
              }
            }
          }),
      )
      const healing = other.evaluate(() => host.signMessage('after a mismatch'))
      await secureFrame(other).getByRole('button', { name: 'Approve' }).click()
      const healed = await healing
      if (!healed.ok) throw new Error(healed.message)
      expect(
        await verifyMessage({ address, message: 'after a mismatch', signature: healed.value as `0x${string}` }),
      ).toBe(true)
      // The first device still signs with its own pair.
      const first = page.evaluate(() => host.signMessage('first device still signs'))
      await secureFrame(page).getByRole('button', { name: 'Approve' }).click()
      const firstSigned = await first
      if (!firstSigned.ok) throw new Error(firstSigned.message)
      expect(
        await verifyMessage({
          address,
          message: 'first device still signs',
          signature: firstSigned.value as `0x${string}`,
        }),
      ).toBe(true)
    } finally {
      await second.close()
    }
  })

  test('behavior: a device that logged in with a code only (no device link) cannot get the key', async () => {
    // Two browsers start a first login for a new address at once: both are sent a code, no link.
    const raced = `race-${randomBytes(4).toString('hex')}@example.com`
    const [{ context: one }, { context: two }] = await Promise.all([offlineContext(browser), offlineContext(browser)])
    try {
      const [{ page: first }, { page: second }] = await Promise.all([openHost(one), openHost(two)])
      expect(await first.evaluate((e) => host.startEmailLogin(e), raced)).toMatchObject({ ok: true })
      const firstCode = await devnet.auth.inbox.waitFor(raced, { timeoutMs: 10_000 })
      clockOffset += 31_000
      expect(await second.evaluate((e) => host.startEmailLogin(e), raced)).toEqual({
        ok: true,
        value: { action: 'VERIFY_OTP' },
      })
      const secondCode = await devnet.auth.inbox.waitFor(raced, { after: firstCode.id, timeoutMs: 10_000 })
      const made = await first.evaluate((c) => host.verifyEmailOtp(c), firstCode.code ?? '')
      if (!made.ok) throw new Error(made.message)
      const joined = await second.evaluate((c) => host.verifyEmailOtp(c), secondCode.code ?? '')
      expect(joined).toMatchObject({ ok: true, value: { address: made.value.address } })
      // No prompt is shown: the share is refused before the user is asked.
      expect(await second.evaluate(() => host.signMessage('no share here'))).toMatchObject({
        ok: false,
        name: 'EmbeddedDeviceNotApprovedError',
        message: 'This device is not approved for this wallet',
        code: 4100,
      })
      expect(await secureFrame(second).getByRole('button', { name: 'Approve' }).count()).toBe(0)
    } finally {
      await Promise.all([one.close(), two.close()])
    }
  })

  test('behavior: on reload, a session the auth server no longer accepts clears the login cache and says Session Expired', async () => {
    const { context: third } = await offlineContext(browser)
    try {
      const { page: other } = await openHost(third)
      const expired = `expired-${randomBytes(4).toString('hex')}@example.com`
      await login(other, expired)
      await other.reload()
      await other.waitForSelector('body[data-ready="true"]')
      const stored = await other.evaluate(() => host.storedKeys())
      expect(stored.some((k) => k.includes('embedded-login'))).toBe(true)
      expect(stored.some((k) => k.includes('connected-connector:eip155'))).toBe(true)
      // Eight days later (sessions last seven), the frame's connection check fails.
      clockOffset += 8 * 24 * 3_600_000
      try {
        expect(await other.evaluate(() => host.reconnect())).toEqual({ ok: true })
      } finally {
        clockOffset -= 8 * 24 * 3_600_000
      }
      expect(await other.evaluate(() => host.storedKeys())).toEqual([])
      expect(await other.evaluate(() => host.connection())).toMatchObject({ status: 'disconnected' })
      // The visitor is told why: the spec's 'Session Expired' alert (the token ran out), once.
      expect((await other.evaluate(() => host.alerts())).filter((code) => code === 'SESSION_EXPIRED')).toHaveLength(1)
      // Nothing left to restore on the next load either.
      await other.reload()
      await other.waitForSelector('body[data-ready="true"]')
      expect(await other.evaluate(() => host.reconnect())).toEqual({ ok: true })
    } finally {
      await third.close()
    }
  })

  test('behavior: sign out ends the session in the frame', async () => {
    expect(await page.evaluate(() => host.disconnect())).toMatchObject({ ok: true })
    const refused = await page.evaluate(() => host.signMessage('after sign out'))
    expect(refused).toMatchObject({ ok: false })
    // The login cache is gone and the frame's session too: a reload restores nothing.
    await page.reload()
    await page.waitForSelector('body[data-ready="true"]')
    expect(await page.evaluate(() => host.reconnect())).toEqual({ ok: true })
  })
})

describe('embedded wallet: the auth server goes down mid-login', () => {
  // A secure frame of its own whose auth URL is a loopback proxy to the devnet's auth server; the
  // proxy can drop every connection, as an auth server that went down does (connection reset).
  let proxy: Server
  let frame: { url: string; stop(): Promise<void> }
  let down = false
  beforeAll(async () => {
    const target = new URL(devnet.auth.url)
    proxy = createServer((request, response) => {
      if (down) {
        request.socket.destroy()
        return
      }
      const upstream = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          path: request.url,
          method: request.method,
          headers: request.headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(response)
        },
      )
      upstream.on('error', () => response.destroy())
      request.pipe(upstream)
    })
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
    const { startSecureFrame } = await import('@portico/secure')
    frame = await startSecureFrame({
      host: '127.0.0.1',
      authUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
      // The devnet's mode: these flows are about login and signing, not the recovery code step.
      recoveryMode: 'operator-assisted',
    })
    devnet.auth.trustFrame(frame.url)
  })
  afterAll(async () => {
    await frame?.stop()
    await new Promise((resolve) => proxy?.close(resolve))
  })

  test('behavior: the code cannot be checked: a clear error, nothing connected, and the same code works once the server is back', async () => {
    const { context } = await offlineContext(browser)
    const page = await context.newPage()
    const query = new URLSearchParams({
      frameUrl: `${frame.url}/`,
      rpcUrl: devnet.evm.rpcUrl,
      solanaRpcUrl: devnet.solana.rpcUrl,
      genesisHash: devnet.solana.genesisHash,
    })
    await page.goto(`${hostOrigin}/?${query}`)
    await page.waitForSelector('body[data-ready="true"]')
    const email = `down-${randomBytes(4).toString('hex')}@example.com`
    expect(await page.evaluate((e) => host.startEmailLogin(e), email)).toEqual({
      ok: true,
      value: { action: 'VERIFY_OTP' },
    })
    const otp = await code(email)
    down = true
    const failed = await page.evaluate((c) => host.verifyEmailOtp(c), otp)
    expect(failed).toMatchObject({ ok: false, message: expect.stringContaining('Could not reach the auth server') })
    expect(await page.evaluate(() => host.accounts())).toEqual({ eip155: undefined, solana: undefined })
    down = false
    const connected = await page.evaluate((c) => host.verifyEmailOtp(c), otp)
    expect(connected).toMatchObject({ ok: true, value: { address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) } })
    await context.close()
  })
  test('behavior: on reload, a connection check the frame cannot answer (auth server down) clears the login cache; nothing connected', async () => {
    const { context } = await offlineContext(browser)
    try {
      const page = await context.newPage()
      const query = new URLSearchParams({
        frameUrl: `${frame.url}/`,
        rpcUrl: devnet.evm.rpcUrl,
        solanaRpcUrl: devnet.solana.rpcUrl,
        genesisHash: devnet.solana.genesisHash,
      })
      await page.goto(`${hostOrigin}/?${query}`)
      await page.waitForSelector('body[data-ready="true"]')
      await login(page, `check-${randomBytes(4).toString('hex')}@example.com`)
      await page.reload()
      await page.waitForSelector('body[data-ready="true"]')
      expect((await page.evaluate(() => host.storedKeys())).some((k) => k.includes('embedded-login'))).toBe(true)
      down = true
      try {
        // The frame's session check cannot reach the auth server: the restore fails quietly.
        expect(await page.evaluate(() => host.reconnect())).toEqual({ ok: true })
      } finally {
        down = false
      }
      const stored = await page.evaluate(() => host.storedKeys())
      expect(stored.filter((k) => k.includes('embedded-login'))).toEqual([])
      expect(await page.evaluate(() => host.connection())).toMatchObject({ status: 'disconnected' })
      // The server is back, but the next load has no login to restore: nothing is asked, nothing connects.
      await page.reload()
      await page.waitForSelector('body[data-ready="true"]')
      expect(await page.evaluate(() => host.reconnect())).toEqual({ ok: true })
      expect(await page.evaluate(() => host.connection())).toMatchObject({ status: 'disconnected' })
    } finally {
      await context.close()
    }
  })
})
