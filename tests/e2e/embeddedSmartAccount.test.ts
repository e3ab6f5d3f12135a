// The embedded wallet's smart account end to end in Chromium, on the devnet's real parts: anvil with
// EntryPoint v0.8 and the PorticoAccount factory, the Alto bundler and the ERC-7677 paymaster service.
// A new email user connects as their smart account (the spec's default on eip155) and signs in as it
// (SIWX: the signature verifies at the smart account's address, by ERC-6492 before its deploy and by
// ERC-1271 after); the first send deploys it through the bundler with the paymaster paying; a wallet_sendCalls batch lands as one operation;
// the user switches to the EOA and back; a bundler that is down, a paymaster that refuses, a call
// that reverts and a receipt that never comes are said plainly, with nothing left pending.

import { randomBytes } from 'node:crypto'
import type { Page } from 'playwright-core'
import { encodeFunctionData, erc20Abi, type Hex, parseEther, recoverMessageAddress, toHex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { defaultReceiptTimeoutMs } from '../../packages/secure/src/receiptTimeout.js'
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
  smartAccountAddress?: string
  eoaAddress?: string
  deployed: boolean
  enabled: boolean
  canSwitchToSmartAccount: boolean
}
type HostApi = {
  startEmailLogin(email: string): Promise<Settled<{ action: string }>>
  verifyEmailOtp(otp: string): Promise<Settled<{ address: string }>>
  address(): string | undefined
  smartAccount(): Promise<Settled<Status>>
  setPreferredAccountType(type: 'eoa' | 'smartAccount'): Promise<Settled<{ type: string; address: string }>>
  sendTransaction(to: string, value: string): Promise<Settled<Hex>>
  sendCall(to: string, data: string): Promise<Settled<Hex>>
  request(method: string, params: unknown): Promise<Settled<unknown>>
  signIn(): Promise<Settled<{ message: string; signature: Hex }>>
  siwxStatus(): string
  siwxSessions(): Promise<Settled<{ message: string; signature: Hex }[]>>
}
declare const host: HostApi

const env = startSmartAccountHost()
const { chain, balance, fund, secureFrame } = env

describe('embedded smart account', () => {
  let context: BrowserContext
  let page: Page
  let smart: string
  let eoa: string

  beforeAll(async () => {
    ;({ context } = await offlineContext(env.browser))
    page = await context.newPage()
    const query = new URLSearchParams({
      frameUrl: `${env.devnet.auth.frameUrl}/`,
      rpcUrl: env.devnet.evm.rpcUrl,
      bundlerUrl: env.devnet.aa.bundlerUrl,
      paymasterUrl: env.devnet.aa.paymasterUrl,
    })
    await page.goto(`${env.hostOrigin}/?${query}`)
    await page.waitForSelector('body[data-ready="true"]')
  }, 60_000)
  afterAll(() => context?.close())

  test('a new email user connects as their smart account: counterfactual, not deployed', async () => {
    const email = `sam-${randomBytes(4).toString('hex')}@example.com`
    expect(await page.evaluate((e) => host.startEmailLogin(e), email)).toMatchObject({ ok: true })
    const otp = await mailedCode(env.devnet.auth.inboxUrl, email)
    const connected = value(await page.evaluate((c) => host.verifyEmailOtp(c), otp))
    const status = value(await page.evaluate(() => host.smartAccount()))
    expect(status).toMatchObject({
      type: 'smartAccount',
      enabled: true,
      deployed: false,
      canSwitchToSmartAccount: false,
    })
    smart = status.smartAccountAddress ?? ''
    eoa = status.eoaAddress ?? ''
    expect(smart).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(smart.toLowerCase()).not.toBe(eoa.toLowerCase())
    expect(connected.address).toBe(smart)
    expect(await page.evaluate(() => host.address())).toBe(smart)
    expect(await chain().getCode({ address: smart as Hex })).toBeUndefined()

    const capabilities = value(await page.evaluate((a) => host.request('wallet_getCapabilities', [a]), smart))
    expect(capabilities).toMatchObject({
      '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
    })
  }, 120_000)

  test('it signs in as the smart account before any deploy: the signature verifies at its address (ERC-6492), not as an EOA', async () => {
    const signing = page.evaluate(() => host.signIn())
    const frame = secureFrame(page)
    await armedPrompt(frame, 'Sign message')
    await frame.getByRole('button', { name: 'Approve' }).click()
    const { message, signature } = value(await signing)
    expect(message).toContain(`\n${smart}\n`)
    expect(await page.evaluate(() => host.siwxStatus())).toBe('authenticated')
    expect(value(await page.evaluate(() => host.siwxSessions()))).toHaveLength(1)
    // A contract signature: no EOA recovers to the smart account, and the chain accepts it there.
    const recovered = await recoverMessageAddress({ message, signature }).catch(() => undefined)
    expect(recovered?.toLowerCase()).not.toBe(smart.toLowerCase())
    expect(await chain().verifyMessage({ address: smart as Hex, message, signature })).toBe(true)
    expect(await chain().verifyMessage({ address: eoa as Hex, message, signature })).toBe(false)
    expect(await chain().getCode({ address: smart as Hex })).toBeUndefined()
  }, 120_000)

  test('the first send deploys the account through the bundler, the paymaster paying the gas', async () => {
    const to = freshAddress()
    const sending = page.evaluate((t) => host.sendTransaction(t, '0'), to)
    const frame = secureFrame(page)
    await frame.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 30_000 })
    expect(await frame.getByText('The app (sponsored by its paymaster)').count()).toBe(1)
    expect(await frame.getByText(`${smart} (smart account)`).count()).toBe(1)
    await frame.getByRole('button', { name: 'Approve' }).click()
    const hash = value(await sending)
    const receipt = await chain().waitForTransactionReceipt({ hash })
    // The bundler's executor sent handleOps; the account itself paid nothing.
    expect(receipt.to?.toLowerCase()).toBe(env.devnet.aa.entryPoint.toLowerCase())
    expect((await chain().getCode({ address: smart as Hex }))?.length).toBeGreaterThan(2)
    expect(await balance(smart)).toBe(0n)
    expect(value(await page.evaluate(() => host.smartAccount()))).toMatchObject({ deployed: true })

    // Deployed, the account answers personal_sign with a signature its contract accepts (ERC-1271).
    const message = 'Deployed now'
    const signing = page.evaluate(([m, a]) => host.request('personal_sign', [m, a]), [toHex(message), smart] as const)
    await armedPrompt(frame, 'Sign message')
    await frame.getByRole('button', { name: 'Approve' }).click()
    const signature = value(await signing) as Hex
    expect(signature.endsWith('6492'.repeat(16))).toBe(false)
    expect(await chain().verifyMessage({ address: smart as Hex, message, signature })).toBe(true)
  }, 120_000)

  test('wallet_sendCalls: two transfers land atomically in one operation', async () => {
    await fund(smart, parseEther('1'))
    const { alice, bob, sending } = sendTwoTransfers(page, smart)
    const frame = secureFrame(page)
    await armedPrompt(frame, 'Send 2 calls together')
    expect(await frame.getByText('The app (sponsored by its paymaster)').count()).toBe(1)
    await frame.getByRole('button', { name: 'Approve' }).click()
    const { id } = value(await sending) as { id: string }
    const status = await callsStatusWhenDone(page, id)
    expect(status.atomic).toBe(true)
    expect(status.receipts).toHaveLength(1)
    expect([await balance(alice), await balance(bob)]).toEqual([parseEther('0.1'), parseEther('0.2')])
    // Exactly the two transfers left the account: the paymaster paid the gas.
    expect(await balance(smart)).toBe(parseEther('0.7'))
  }, 120_000)

  test('switching to the EOA and back keeps both accounts; the switch is offered only on eoa', async () => {
    const toEoa = value(await page.evaluate(() => host.setPreferredAccountType('eoa')))
    expect(toEoa).toEqual({ type: 'eoa', address: eoa })
    await expect.poll(() => page.evaluate(() => host.address()), { timeout: 15_000 }).toBe(eoa)
    expect(value(await page.evaluate(() => host.smartAccount()))).toMatchObject({
      type: 'eoa',
      address: eoa,
      canSwitchToSmartAccount: true,
    })
    const back = value(await page.evaluate(() => host.setPreferredAccountType('smartAccount')))
    expect(back).toEqual({ type: 'smartAccount', address: smart })
    await expect.poll(() => page.evaluate(() => host.address()), { timeout: 15_000 }).toBe(smart)
    // The smart account's balance is where it was.
    expect(await balance(smart)).toBe(parseEther('0.7'))
  }, 60_000)

  test('a paymaster that refuses: the prompt says the user pays, and the account pays the gas', async () => {
    env.devnet.aa.paymasterPolicy.refuse = true
    try {
      const to = freshAddress()
      const before = await balance(smart)
      const sending = page.evaluate((t) => host.sendTransaction(t, '1000'), to)
      const frame = secureFrame(page)
      await frame.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 30_000 })
      expect(await frame.getByText(/^You, from the smart account/).count()).toBe(1)
      expect(await frame.getByText(/sponsorship is switched off/).count()).toBe(1)
      await frame.getByRole('button', { name: 'Approve' }).click()
      value(await sending)
      expect(await balance(to)).toBe(1000n)
      const after = await balance(smart)
      expect(after).toBeLessThan(before - 1000n)
    } finally {
      env.devnet.aa.paymasterPolicy.refuse = false
    }
  }, 120_000)

  test('a bundler that is down: a clear error before any prompt, and the next send works', async () => {
    await env.devnet.aa.bundler.down()
    try {
      const failed = await page.evaluate((t) => host.sendTransaction(t, '0'), freshAddress())
      expect(failed).toMatchObject({ ok: false })
      expect((failed as { message?: string }).message).toMatch(/^The bundler did not answer/)
      expect(await secureFrame(page).getByRole('button', { name: 'Approve' }).count()).toBe(0)
    } finally {
      await env.devnet.aa.bundler.up()
    }
    // The bundler process starts again on its first request; wait for it here, so the Approve
    // ceiling below measures the kit, not a bundler's boot on a busy machine.
    await env.devnet.aa.bundler.ready()
    const sending = page.evaluate((t) => host.sendTransaction(t, '0'), freshAddress())
    const frame = secureFrame(page)
    await frame.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 30_000 })
    await frame.getByRole('button', { name: 'Approve' }).click()
    expect(await sending).toMatchObject({ ok: true })
  }, 180_000)

  test('a call that reverts: a typed error with its reason before any prompt, and the next send works', async () => {
    const usdc = env.devnet.evm.tokens[0]?.address ?? ''
    // A transfer of a token the smart account does not hold.
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [freshAddress(), 1_000_000n] })
    const failed = await page.evaluate(([t, d]) => host.sendCall(t, d), [usdc, data] as const)
    expect(failed).toMatchObject({ ok: false, name: 'UserOperationRevertedError', code: -32521 })
    const reason = new RegExp(`^ERC20InsufficientBalance\\(${smart}, 0, 1000000\\)$`, 'i')
    expect((failed as { reason?: string }).reason).toMatch(reason)
    expect((failed as { message?: string }).message).toMatch(/^The user operation reverted: ERC20InsufficientBalance/)
    // Found while estimating: the user was never asked to approve an operation that would revert.
    expect(await secureFrame(page).getByRole('button', { name: 'Approve' }).count()).toBe(0)

    // The same through wallet_sendCalls.
    const batch = await page.evaluate(
      ([t, d, from]) =>
        host.request('wallet_sendCalls', [{ version: '2.0.0', from, chainId: '0x7a69', calls: [{ to: t, data: d }] }]),
      [usdc, data, smart] as const,
    )
    expect(batch).toMatchObject({ ok: false, name: 'UserOperationRevertedError' })
    expect((batch as { reason?: string }).reason).toMatch(reason)

    // Nothing is left pending: the next send is prompted and lands.
    const to = freshAddress()
    const sending = page.evaluate((t) => host.sendTransaction(t, '0'), to)
    const frame = secureFrame(page)
    await frame.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 30_000 })
    await frame.getByRole('button', { name: 'Approve' }).click()
    const hash = value(await sending)
    expect((await chain().waitForTransactionReceipt({ hash })).status).toBe('success')
  }, 120_000)

  test("a receipt that never comes: the spec's error once the frame stops waiting, the operation sent once; nothing is left pending", async () => {
    // The bundler takes operations and bundles none: the receipt of the one approved never comes.
    await env.devnet.aa.bundler.pauseBundling()
    const to = freshAddress()
    try {
      const sending = page.evaluate((t) => host.sendTransaction(t, '1000'), to)
      const frame = secureFrame(page)
      await frame.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 30_000 })
      const approvedAt = Date.now()
      await frame.getByRole('button', { name: 'Approve' }).click()
      // The event waited for is the frame giving up on the receipt (its server's bound, set to
      // 10 s for these files; 60 s by default).
      expect(await sending).toMatchObject({
        ok: false,
        name: 'EmbeddedWalletError',
        code: -32603,
        message: 'Failed to fetch user operation receipt - status',
      })
      // The operator's bound is the one the frame kept: with the default it could not end sooner.
      expect(Date.now() - approvedAt).toBeLessThan(defaultReceiptTimeoutMs)
      expect(await balance(to)).toBe(0n)
    } finally {
      await env.devnet.aa.bundler.resumeBundling()
    }
    // The operation was sent once: bundled now, it pays `to` exactly once.
    await expect.poll(() => balance(to), { timeout: 30_000 }).toBe(1000n)
    // Nothing is stuck: the next send is prompted and lands.
    const next = freshAddress()
    const sending = page.evaluate((t) => host.sendTransaction(t, '1000'), next)
    const frame = secureFrame(page)
    await frame.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 30_000 })
    await frame.getByRole('button', { name: 'Approve' }).click()
    const hash = value(await sending)
    expect((await chain().waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await balance(next)).toBe(1000n)
    expect(await balance(to)).toBe(1000n)
  }, 180_000)
})
