// The hosted bundler by default, end to end in Chromium: a host with a project id and the devnet's
// emulator as its blockchain API, and no `bundlerMap`. The emulator says it serves the devnet chain
// (`GET /v1/supported-chains`), so a new email user connects as their smart account and their first
// send goes through the spec's hosted bundler call (`POST {blockchain}/v1/bundler?projectId=&chainId=
// &bundler=`, which the emulator forwards to the devnet's Alto), deploying the account on anvil with
// the paymaster paying.

import { randomBytes } from 'node:crypto'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type DevnetFor, startDevnet } from '@portico/devnet'
import type { Page } from 'playwright-core'
import { createPublicClient, type Hex, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Browser, launchChromium, offlineContext } from './browser.js'
import { mailedCode, type Settled, secureFrame, serveHost } from './embedded/frameHarness.js'

type HostApi = {
  startEmailLogin(email: string): Promise<Settled<{ action: string }>>
  verifyEmailOtp(otp: string): Promise<Settled<{ address: string }>>
  smartAccount(): Promise<Settled<{ type: string; address: string; enabled: boolean; deployed: boolean }>>
  sendTransaction(to: string, value: string): Promise<Settled<Hex>>
}
declare const host: HostApi

const devnetOptions = { walletConnect: false } as const
let devnet: DevnetFor<typeof devnetOptions>
let server: Server
let browser: Browser

beforeAll(async () => {
  ;[devnet, server, browser] = await Promise.all([
    startDevnet(devnetOptions),
    serveHost('smartAccountHost.ts'),
    launchChromium(),
  ])
  await Promise.all([devnet.auth.ready(), devnet.aa.bundler.ready()])
}, 180_000)
afterAll(async () => {
  await Promise.allSettled([browser?.close(), new Promise((resolve) => server?.close(resolve))])
  await devnet?.stop()
})

const value = <T>(settled: Settled<T>): T => {
  if (!settled.ok) throw new Error(`${settled.name}: ${settled.message}`)
  return settled.value
}

test('no bundlerMap: the first operation goes through the hosted bundler call and deploys the smart account', async () => {
  const { context } = await offlineContext(browser)
  // Every JSON-RPC method the page and its frames sent to the hosted bundler call, with its query.
  const hostedCalls: { query: Record<string, string>; method: string }[] = []
  context.on('request', (request) => {
    const url = new URL(request.url())
    if (`${url.origin}${url.pathname}` !== `${devnet.api.url}/v1/bundler` || request.method() !== 'POST') return
    const body = request.postDataJSON() as { method?: string } | { method?: string }[]
    for (const call of Array.isArray(body) ? body : [body])
      hostedCalls.push({ query: Object.fromEntries(url.searchParams), method: call.method ?? '' })
  })
  const page: Page = await context.newPage()
  const query = new URLSearchParams({
    frameUrl: `${devnet.auth.frameUrl}/`,
    rpcUrl: devnet.evm.rpcUrl,
    apiUrl: devnet.api.url,
    paymasterUrl: devnet.aa.paymasterUrl,
  })
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/?${query}`)
  await page.waitForSelector('body[data-ready="true"]')

  const email = `hosted-${randomBytes(4).toString('hex')}@example.com`
  expect(await page.evaluate((e) => host.startEmailLogin(e), email)).toMatchObject({ ok: true })
  const connected = value(
    await page.evaluate((c) => host.verifyEmailOtp(c), await mailedCode(devnet.auth.inboxUrl, email)),
  )
  const status = value(await page.evaluate(() => host.smartAccount()))
  // The spec's default account type on eip155, enabled with no bundlerMap.
  expect(status).toMatchObject({ type: 'smartAccount', enabled: true, deployed: false, address: connected.address })
  const chain = createPublicClient({ chain: foundry, transport: http(devnet.evm.rpcUrl) })
  expect(await chain.getCode({ address: status.address as Hex })).toBeUndefined()

  const to = privateKeyToAccount(generatePrivateKey()).address
  const sending = page.evaluate((t) => host.sendTransaction(t, '0'), to)
  const frame = secureFrame(page, devnet.auth.frameUrl)
  await frame.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 30_000 })
  expect(await frame.getByText(`${status.address} (smart account)`).count()).toBe(1)
  await frame.getByRole('button', { name: 'Approve' }).click()
  const receipt = await chain.waitForTransactionReceipt({ hash: value(await sending) })
  // The bundler's executor sent handleOps to the EntryPoint: the account is deployed.
  expect(receipt.to?.toLowerCase()).toBe(devnet.aa.entryPoint.toLowerCase())
  expect((await chain.getCode({ address: status.address as Hex }))?.length).toBeGreaterThan(2)
  expect(value(await page.evaluate(() => host.smartAccount()))).toMatchObject({ deployed: true })

  // It went through the hosted call, with the spec's query, the operation sent and its receipt read.
  expect(hostedCalls.map((call) => call.method)).toEqual(
    expect.arrayContaining(['eth_sendUserOperation', 'eth_getUserOperationReceipt']),
  )
  for (const call of hostedCalls)
    expect(call.query).toEqual({ projectId: 'test-project', chainId: 'eip155:31337', bundler: 'pimlico' })
  await context.close()
}, 180_000)
