// The key export prompt (showExport, formatSecret) in real Chromium, drawn in this document as the
// frame draws it: the key is rebuilt only on a trusted click once the prompt is armed, shown only
// in the prompt's <output>, never handed to the page (the PromptHost), a message, the title, the
// address, storage or the console, and wiped from the document whenever the prompt goes. Covered
// elsewhere: tests/e2e/embeddedWallet.test.ts (the real frame on its own origin: the key matches the
// account, script clicks reveal nothing, the host's messages never carry it, Solana's keypair,
// Cancel → 4001) and tests/e2e/embeddedFrameSafety.test.ts (a covered frame reveals nothing).
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { bytesToHex } from 'viem'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { frameTexts } from '../protocol/texts.js'
import { approvalDelayMs } from '../walletPolicy.js'
import { formatSecret, showExport } from './exportKey.js'
import type { Namespace } from './keys.js'
import { closePrompt } from './ui.js'

const seed = Uint8Array.from({ length: 32 }, (_, index) => (index * 37 + 11) % 256)
const evmAddress = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const solanaAddress = base58.encode(ed25519.getPublicKey(seed))
const evmKey = bytesToHex(seed)

const dialog = page.getByRole('dialog')
const reveal = page.getByRole('button', { name: 'Reveal key' })
const secretOutput = () => document.querySelector<HTMLOutputElement>('[data-portico-secret]')

/** One export as main.ts starts it, with a withSecret that zeroes its copy after use like keys.ts. */
function startExport(options: { namespace?: Namespace; fail?: Error } = {}) {
  const namespace = options.namespace ?? 'eip155'
  const shown: boolean[] = []
  const hostCalls: unknown[][] = []
  let secretReads = 0
  const done = showExport({
    namespace,
    address: namespace === 'eip155' ? evmAddress : solanaAddress,
    origin: 'http://127.0.0.1:5173',
    withSecret: async (use) => {
      secretReads++
      if (options.fail) throw options.fail
      const secret = seed.slice()
      try {
        return use(secret)
      } finally {
        secret.fill(0)
      }
    },
    host: {
      show: (...args) => {
        hostCalls.push(['show', ...args])
        shown.push(args[0])
      },
      hidden: (...args: unknown[]) => void hostCalls.push(['hidden', ...args]),
    },
  })
  const settled = done.then(
    () => ({ ok: true as const }),
    (error: unknown) => ({ ok: false as const, error }),
  )
  return { done, settled, shown, hostCalls, reads: () => secretReads }
}

/** The prompt's own arming delay passes (its timer, on fake time) once the browser reports it visible. */
async function arm() {
  await expect.element(dialog).toHaveAttribute('data-state', 'arming')
  vi.advanceTimersByTime(approvalDelayMs)
  await expect.element(dialog).toHaveAttribute('data-state', 'armed')
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
})
afterEach(() => {
  closePrompt()
  vi.useRealTimers()
  vi.restoreAllMocks()
  localStorage.clear()
  sessionStorage.clear()
})

describe('formatSecret', () => {
  test('behavior: an EVM key is the 0x-hex of the 32 secret bytes', () => {
    expect(formatSecret('eip155', seed, evmAddress)).toBe(evmKey)
  })

  test('behavior: a Solana key is base58 of the 64-byte keypair (seed, then the address’s public key)', () => {
    const pair = base58.decode(formatSecret('solana', seed, solanaAddress))
    expect(pair.length).toBe(64)
    expect(bytesToHex(pair.subarray(0, 32))).toBe(evmKey)
    expect(base58.encode(pair.subarray(32))).toBe(solanaAddress)
    // The caller's secret is left as it was (it is the caller's to wipe).
    expect(bytesToHex(seed)).toBe(evmKey)
  })
})

describe('showExport', () => {
  test('security: the key is drawn only after a trusted click on an armed prompt, only in the prompt’s output, and nowhere the page or a log can read', async () => {
    const logged = (['log', 'info', 'warn', 'error', 'debug'] as const).map((name) => vi.spyOn(console, name))
    const posted = [window, window.parent, window.top].map((target) =>
      vi.spyOn(target as { postMessage: (message: unknown, targetOrigin: string) => void }, 'postMessage'),
    )
    const title = document.title
    const href = location.href
    const exporting = startExport()
    expect(exporting.shown).toEqual([true])
    await expect.element(reveal).toHaveAttribute('aria-disabled', 'true')
    expect(secretOutput()?.hidden).toBe(true)
    expect(secretOutput()?.textContent).toBe('')

    // A trusted click on the prompt in view, but before it was on screen for the delay, reveals
    // nothing (and is not reported as hidden: it was not).
    await expect.element(dialog).toHaveAttribute('data-state', 'arming')
    await userEvent.click(reveal, { force: true })
    expect(exporting.reads()).toBe(0)
    expect(page.getByRole('alert').query()).toBeNull()
    await arm()
    await expect.element(reveal).toHaveAttribute('aria-disabled', 'false')
    // A script's click, armed or not, reveals nothing either.
    reveal.element().dispatchEvent(new MouseEvent('click', { bubbles: true }))
    ;(reveal.element() as HTMLButtonElement).click()
    expect(exporting.reads()).toBe(0)

    await userEvent.click(reveal)
    await expect.element(page.getByRole('button', { name: 'Done' })).toHaveFocus()
    const output = secretOutput()
    expect(output?.hidden).toBe(false)
    expect(output?.textContent).toBe(evmKey)
    expect(exporting.reads()).toBe(1)
    await expect.element(page.getByLabelText('Private key', { exact: true })).toHaveTextContent(evmKey)

    // Exactly one place in the document holds it: the output's text (no attribute, no other node).
    const hex = evmKey.slice(2)
    expect(document.documentElement.outerHTML.split(hex).length - 1).toBe(1)
    for (const name of output?.getAttributeNames() ?? []) expect(output?.getAttribute(name)).not.toContain(hex)
    expect(document.title).toBe(title)
    expect(location.href).toBe(href)
    expect(document.cookie).not.toContain(hex)
    for (const store of [localStorage, sessionStorage])
      for (let index = 0; index < store.length; index++) {
        const key = store.key(index) ?? ''
        expect(`${key}=${store.getItem(key)}`).not.toContain(hex)
      }
    const seen = JSON.stringify([
      ...logged.flatMap((spy) => spy.mock.calls),
      ...posted.flatMap((spy) => spy.mock.calls),
      exporting.hostCalls,
    ])
    expect(seen.toLowerCase()).not.toContain(hex.toLowerCase())
    // The page only ever hears "show the frame" / "hide it": booleans, nothing of the account.
    expect(exporting.hostCalls).toEqual([['show', true]])

    await userEvent.click(page.getByRole('button', { name: 'Done' }))
    expect(await exporting.settled).toEqual({ ok: true })
    expect(exporting.shown).toEqual([true, false])
    // Wiped: the output is out of the document and the body holds nothing of the prompt.
    expect(output?.isConnected).toBe(false)
    expect(document.body.childElementCount).toBe(0)
    expect(document.documentElement.outerHTML).not.toContain(hex)
  })

  test('behavior: the Solana export shows base58 of the keypair the address belongs to', async () => {
    const exporting = startExport({ namespace: 'solana' })
    await expect.element(page.getByText('Solana account')).toBeVisible()
    await expect.element(page.getByText(solanaAddress)).toBeVisible()
    await arm()
    await userEvent.click(reveal)
    await expect.element(page.getByLabelText('Private key', { exact: true })).toBeVisible()
    const pair = base58.decode(secretOutput()?.textContent ?? '')
    expect(bytesToHex(pair.subarray(0, 32))).toBe(evmKey)
    expect(base58.encode(pair.subarray(32))).toBe(solanaAddress)
    closePrompt()
    expect(await exporting.settled).toEqual({ ok: true })
  })

  test('behavior: Cancel before revealing rejects with 4001, never reads the key and clears the prompt', async () => {
    const exporting = startExport()
    await expect.element(page.getByText('Ethereum (EVM) account')).toBeVisible()
    await userEvent.click(page.getByRole('button', { name: 'Cancel' }))
    const result = await exporting.settled
    expect(result).toMatchObject({ ok: false, error: { code: 4001, message: frameTexts.rejected } })
    expect(exporting.reads()).toBe(0)
    expect(exporting.shown).toEqual([true, false])
    expect(document.body.childElementCount).toBe(0)
  })

  test('edge: a second export while one is open replaces it: one prompt, and the first is settled (4001)', async () => {
    const first = startExport()
    await expect.element(dialog).toBeVisible()
    const second = startExport({ namespace: 'solana' })
    expect(await first.settled).toMatchObject({ ok: false, error: { code: 4001 } })
    expect(first.shown).toEqual([true, false])
    expect(document.querySelectorAll('[role=dialog]').length).toBe(1)
    expect(document.querySelectorAll('[data-portico-secret]').length).toBe(1)
    await expect.element(page.getByText('Solana account')).toBeVisible()
    await userEvent.click(page.getByRole('button', { name: 'Cancel' }))
    expect(await second.settled).toMatchObject({ ok: false, error: { code: 4001 } })
  })

  test('security: a second export while a key is shown wipes it before drawing the new prompt, which shows no key', async () => {
    const first = startExport()
    await arm()
    await userEvent.click(reveal)
    await expect.element(page.getByLabelText('Private key', { exact: true })).toHaveTextContent(evmKey)
    const shownOutput = secretOutput()
    const second = startExport()
    expect(await first.settled).toEqual({ ok: true })
    expect(shownOutput?.isConnected).toBe(false)
    expect(document.querySelectorAll('[role=dialog]').length).toBe(1)
    expect(secretOutput()?.hidden).toBe(true)
    expect(secretOutput()?.textContent).toBe('')
    expect(document.documentElement.outerHTML).not.toContain(evmKey.slice(2))
    await expect.element(reveal).toHaveAttribute('aria-disabled', 'true')
    expect(second.reads()).toBe(0)
    closePrompt()
    expect(await second.settled).toMatchObject({ ok: false, error: { code: 4001 } })
  })

  test('behavior: an abort or sign-out (closePrompt) after the reveal resolves the export and wipes the key', async () => {
    const exporting = startExport()
    await arm()
    await userEvent.click(reveal)
    await expect.element(page.getByLabelText('Private key', { exact: true })).toHaveTextContent(evmKey)
    closePrompt()
    expect(await exporting.settled).toEqual({ ok: true })
    expect(exporting.shown).toEqual([true, false])
    expect(document.documentElement.outerHTML).not.toContain(evmKey.slice(2))
  })

  test('error: a key that cannot be rebuilt shows why, lets the user try again, and Cancel still rejects (4001)', async () => {
    const exporting = startExport({ fail: new Error('This device was not approved') })
    await arm()
    await userEvent.click(reveal)
    await expect.element(page.getByText('This device was not approved')).toBeVisible()
    expect(exporting.reads()).toBe(1)
    // Not revealed: no Copy or Done, and Reveal is offered again.
    expect(page.getByRole('button', { name: 'Done' }).query()).toBeNull()
    expect((reveal.element() as HTMLButtonElement).disabled).toBe(false)
    await userEvent.click(reveal)
    await expect.poll(() => exporting.reads()).toBe(2)
    await userEvent.click(page.getByRole('button', { name: 'Cancel' }))
    expect(await exporting.settled).toMatchObject({ ok: false, error: { code: 4001 } })
  })

  test('behavior: Copy puts the shown key on the clipboard on the user’s click, and says so', async () => {
    const writes = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    const exporting = startExport()
    await arm()
    await userEvent.click(reveal)
    const copy = page.getByRole('button', { name: 'Copy' })
    await userEvent.click(copy)
    await expect.element(page.getByRole('button', { name: 'Copied' })).toBeVisible()
    expect(writes.mock.calls).toEqual([[evmKey]])
    closePrompt()
    await exporting.settled
  })

  test('error: a clipboard the browser refuses tells the user to select and copy the key themselves', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'))
    const exporting = startExport()
    await arm()
    await userEvent.click(reveal)
    await userEvent.click(page.getByRole('button', { name: 'Copy' }))
    await expect.element(page.getByRole('button', { name: 'Select the key and copy it' })).toBeVisible()
    closePrompt()
    await exporting.settled
  })

  // Copy checks `event.isTrusted` as Reveal does (through guardButton): a script-dispatched click
  // would otherwise write the private key to the clipboard without any gesture.
  test('security: a script’s click on Copy puts nothing on the clipboard', async () => {
    const writes = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    const exporting = startExport()
    await arm()
    await userEvent.click(reveal)
    await expect.element(page.getByRole('button', { name: 'Copy' })).toBeVisible()
    page
      .getByRole('button', { name: 'Copy' })
      .element()
      .dispatchEvent(new MouseEvent('click', { bubbles: true }))
    closePrompt()
    await exporting.settled
    expect(writes).not.toHaveBeenCalled()
  })

  test('a11y: the prompt is a labelled modal dialog and the reveal button says when it cannot be used', async () => {
    const exporting = startExport()
    await expect.element(dialog).toHaveAttribute('aria-modal', 'true')
    await expect.element(dialog).toHaveAccessibleName('Export private key')
    await expect.element(page.getByRole('note')).toHaveTextContent(/Never share it/)
    await expect.element(reveal).toHaveFocus()
    await expect.element(reveal).toHaveAttribute('aria-disabled', 'true')
    closePrompt()
    await exporting.settled
  })
})
