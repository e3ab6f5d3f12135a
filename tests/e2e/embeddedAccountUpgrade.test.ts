// The embedded wallet's EIP-7702 upgrade end to end in Chromium, on the devnet's real parts: anvil on
// Prague with Simple7702Account, the Alto bundler and the ERC-7677 paymaster service. An email user
// on their EOA (defaultAccountTypes eoa) is asked in the secure frame, in plain words; rejecting
// leaves nothing on chain; approving makes the EOA's code the delegation to Simple7702Account with the
// paymaster paying; a batch of two transfers then lands from the same address, sponsored. A network
// without a bundler refuses with a typed error, and a batch that requires atomicity from an EOA that
// can be upgraded carries the upgrade in its own prompt.

import { randomBytes } from 'node:crypto'
import type { Page } from 'playwright-core'
import { type Hex, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { upgradeTexts } from '../../packages/secure/src/frame/upgrade.js'
import { type BrowserContext, offlineContext } from './browser.js'
import {
  armedPrompt,
  callsStatusWhenDone,
  freshAddress,
  mailedCode,
  type Settled,
  sendTwoTransfers,
  startSmartAccountHost,
  settledValue as value,
} from './embedded/frameHarness.js'

type Status = {
  type: 'eoa' | 'smartAccount'
  address: string
  eoaAddress?: string
  enabled: boolean
  upgraded: boolean
  delegation?: string
  canUpgrade: boolean
}
type HostApi = {
  startEmailLogin(email: string): Promise<Settled<{ action: string }>>
  verifyEmailOtp(otp: string): Promise<Settled<{ address: string }>>
  address(): string | undefined
  smartAccount(): Promise<Settled<Status>>
  request(method: string, params: unknown): Promise<Settled<unknown>>
  upgradeAccount(): Promise<Settled<{ address: string; implementation: string; transactionHash?: string }>>
  undoAccountUpgrade(): Promise<Settled<{ address: string; transactionHash?: string }>>
}
declare const host: HostApi

const env = startSmartAccountHost()
const { chain, balance, fund, secureFrame } = env
const delegationCode = () => `0xef0100${env.devnet.aa.simple7702Account.slice(2).toLowerCase()}`

/** A page of the host (with the devnet's bundler and paymaster unless `bundler: false`), a new email user signed in. */
async function signedIn(context: BrowserContext, { bundler = true } = {}): Promise<{ page: Page; eoa: string }> {
  const page = await context.newPage()
  const { devnet } = env
  const query = new URLSearchParams({
    frameUrl: `${devnet.auth.frameUrl}/`,
    rpcUrl: devnet.evm.rpcUrl,
    accountType: 'eoa',
    ...(bundler ? { bundlerUrl: devnet.aa.bundlerUrl, paymasterUrl: devnet.aa.paymasterUrl } : {}),
  })
  await page.goto(`${env.hostOrigin}/?${query}`)
  await page.waitForSelector('body[data-ready="true"]')
  const email = `ula-${randomBytes(4).toString('hex')}@example.com`
  expect(await page.evaluate((e) => host.startEmailLogin(e), email)).toMatchObject({ ok: true })
  const code = await mailedCode(env.devnet.auth.inboxUrl, email)
  const connected = value(await page.evaluate((c) => host.verifyEmailOtp(c), code))
  return { page, eoa: connected.address }
}

describe('the EIP-7702 upgrade of the embedded EOA', () => {
  let context: BrowserContext
  let page: Page
  let eoa: string

  beforeAll(async () => {
    ;({ context } = await offlineContext(env.browser))
    ;({ page, eoa } = await signedIn(context))
    await fund(eoa, parseEther('1'))
  }, 120_000)
  afterAll(() => context?.close())

  test('a user on the EOA is offered the upgrade: not upgraded, atomic "ready"', async () => {
    const status = value(await page.evaluate(() => host.smartAccount()))
    expect(status).toMatchObject({ type: 'eoa', address: eoa, enabled: true, upgraded: false, canUpgrade: true })
    expect(status.delegation).toBeUndefined()
    const capabilities = value(await page.evaluate((a) => host.request('wallet_getCapabilities', [a]), eoa))
    expect(capabilities).toMatchObject({ '0x7a69': { atomic: { status: 'ready' } } })
  }, 60_000)

  test('rejected in the frame: a typed rejection, nothing on chain', async () => {
    const upgrading = page.evaluate(() => host.upgradeAccount())
    const frame = secureFrame(page)
    await armedPrompt(frame, upgradeTexts.title)
    // The prompt says it in plain words: what changes, that the address stays, the undo, who pays.
    expect(await frame.getByText(upgradeTexts.what).count()).toBe(1)
    expect(await frame.getByText(`${eoa} (stays the same)`).count()).toBe(1)
    expect(await frame.getByText(upgradeTexts.undo).count()).toBe(1)
    expect(await frame.getByText('The app (sponsored by its paymaster)').count()).toBe(1)
    await frame.getByRole('button', { name: 'Reject' }).click()
    expect(await upgrading).toMatchObject({
      ok: false,
      name: 'AccountUpgradeRejectedError',
      code: 4001,
      message: 'User rejected the request.',
    })
    expect(await chain().getCode({ address: eoa as Hex })).toBeUndefined()
    expect(await chain().getTransactionCount({ address: eoa as Hex })).toBe(0)
    expect(await balance(eoa)).toBe(parseEther('1'))
    expect(value(await page.evaluate(() => host.smartAccount()))).toMatchObject({ upgraded: false, canUpgrade: true })
  }, 120_000)

  test('approved in the frame: the code becomes the delegation to Simple7702Account, the paymaster pays', async () => {
    const upgrading = page.evaluate(() => host.upgradeAccount())
    const frame = secureFrame(page)
    await armedPrompt(frame, upgradeTexts.title)
    await frame.getByRole('button', { name: 'Approve' }).click()
    const result = value(await upgrading)
    expect(result.address).toBe(eoa)
    expect(result.implementation.toLowerCase()).toBe(env.devnet.aa.simple7702Account.toLowerCase())
    expect(result.transactionHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await chain().getCode({ address: eoa as Hex })).toBe(delegationCode())
    // The paymaster paid for the upgrade: the account's ETH is untouched.
    expect(await balance(eoa)).toBe(parseEther('1'))
    // Same address, same connection; now an upgraded EOA with batches and sponsorship.
    expect(await page.evaluate(() => host.address())).toBe(eoa)
    expect(value(await page.evaluate(() => host.smartAccount()))).toMatchObject({
      type: 'eoa',
      address: eoa,
      upgraded: true,
      canUpgrade: false,
    })
    const capabilities = value(await page.evaluate((a) => host.request('wallet_getCapabilities', [a]), eoa))
    expect(capabilities).toMatchObject({
      '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
    })
  }, 120_000)

  test('then a sponsored batch of two transfers lands from the same address', async () => {
    const { alice, bob, sending } = sendTwoTransfers(page, eoa)
    const frame = secureFrame(page)
    await armedPrompt(frame, 'Send 2 calls together')
    expect(await frame.getByText(`${eoa} (your account, upgraded with EIP-7702)`).count()).toBe(1)
    expect(await frame.getByText('The app (sponsored by its paymaster)').count()).toBe(1)
    // Each call is listed.
    expect(await frame.getByText(new RegExp(`^${alice} · 100000000000000000 wei$`)).count()).toBe(1)
    expect(await frame.getByText(new RegExp(`^${bob} · 200000000000000000 wei$`)).count()).toBe(1)
    await frame.getByRole('button', { name: 'Approve' }).click()
    const { id } = value(await sending) as { id: string }
    const status = await callsStatusWhenDone(page, id)
    expect(status.atomic).toBe(true)
    expect(status.receipts).toHaveLength(1)
    expect([await balance(alice), await balance(bob)]).toEqual([parseEther('0.1'), parseEther('0.2')])
    // Exactly the two transfers left the account: the paymaster paid the gas.
    expect(await balance(eoa)).toBe(parseEther('0.7'))
    expect(await chain().getCode({ address: eoa as Hex })).toBe(delegationCode())
  }, 120_000)

  test('undone in the frame: a plain account again on the same address, the account paying the gas', async () => {
    const undoing = page.evaluate(() => host.undoAccountUpgrade())
    const frame = secureFrame(page)
    await armedPrompt(frame, upgradeTexts.undoTitle)
    expect(await frame.getByText(upgradeTexts.undoWhat).count()).toBe(1)
    expect(await frame.getByText(/^You, from your account \(at most \d+ wei\)$/).count()).toBe(1)
    await frame.getByRole('button', { name: 'Approve' }).click()
    const result = value(await undoing)
    expect(result.address).toBe(eoa)
    expect(result.transactionHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await chain().getCode({ address: eoa as Hex })).toBeUndefined()
    expect(await balance(eoa)).toBeLessThan(parseEther('0.7'))
    expect(value(await page.evaluate(() => host.smartAccount()))).toMatchObject({
      type: 'eoa',
      address: eoa,
      upgraded: false,
      canUpgrade: true,
    })
    const capabilities = value(await page.evaluate((a) => host.request('wallet_getCapabilities', [a]), eoa))
    expect(capabilities).toMatchObject({ '0x7a69': { atomic: { status: 'ready' } } })
  }, 120_000)
})

describe('where the upgrade cannot go, and where it rides on a batch', () => {
  let context: BrowserContext
  beforeAll(async () => {
    ;({ context } = await offlineContext(env.browser))
  }, 60_000)
  afterAll(() => context?.close())

  test('a network without a bundler: a typed "not supported", no prompt, nothing on chain', async () => {
    const { page, eoa } = await signedIn(context, { bundler: false })
    expect(value(await page.evaluate(() => host.smartAccount()))).toMatchObject({
      enabled: false,
      upgraded: false,
      canUpgrade: false,
    })
    const failed = await page.evaluate(() => host.upgradeAccount())
    expect(failed).toMatchObject({
      ok: false,
      name: 'AccountUpgradeUnsupportedError',
      code: 5760,
      reason: 'network',
      message: 'This network does not support upgrading the account',
    })
    expect(await secureFrame(page).getByRole('button', { name: 'Approve' }).count()).toBe(0)
    expect(await chain().getCode({ address: eoa as Hex })).toBeUndefined()
    const capabilities = value(await page.evaluate((a) => host.request('wallet_getCapabilities', [a]), eoa))
    expect(capabilities).toMatchObject({ '0x7a69': { atomic: { status: 'unsupported' } } })
    await page.close()
  }, 120_000)

  test('a batch that requires atomicity from an EOA that can be upgraded: one prompt for the upgrade and the calls', async () => {
    const { page, eoa } = await signedIn(context)
    await fund(eoa, parseEther('1'))
    const to = freshAddress()
    const sending = page.evaluate(
      ([t, from]) =>
        host.request('wallet_sendCalls', [
          { version: '2.0.0', from, chainId: '0x7a69', atomicRequired: true, calls: [{ to: t, value: '0x2710' }] },
        ]),
      [to, eoa] as const,
    )
    const frame = secureFrame(page)
    await armedPrompt(frame, upgradeTexts.withCallsTitle)
    expect(await frame.getByText(upgradeTexts.what).count()).toBe(1)
    expect(await frame.getByText(`${eoa} (stays the same)`).count()).toBe(1)
    expect(await frame.getByText(new RegExp(`^${to} · 10000 wei$`)).count()).toBe(1)
    expect(await frame.getByText('The app (sponsored by its paymaster)').count()).toBe(1)
    await frame.getByRole('button', { name: 'Approve' }).click()
    const { id } = value(await sending) as { id: string }
    await callsStatusWhenDone(page, id)
    expect(await chain().getCode({ address: eoa as Hex })).toBe(delegationCode())
    expect(await balance(to)).toBe(10_000n)
    expect(await balance(eoa)).toBe(parseEther('1') - 10_000n)
    await page.close()
  }, 120_000)
})
