// The send review (SendPreviewView) in real Chromium against the shared devnet: what the review
// shows is what is sent (amount, token, receiver, network, fee), one transaction however often Send
// is pressed (checked on the chain: one nonce, the balance moved once), the wallet-prompt state,
// a refusal and another failure, the network changing under the review, and a send finishing
// after the modal closed. Each test uses a fresh funded key, so no nonce is shared. The form, the
// name receiver and the first double-click check are in SendView.browser.test.tsx.

import { connect, createPortico, eip155Adapter, eip155Network, initialize, PorticoProvider } from '@portico/headless'
import { createTestEip1193Wallet } from '@portico/headless/testing'
import { QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { type Hex, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { PorticoUI } from '../../PorticoUI.js'
import { recordAnnouncements } from '../../test/announcements.js'
import {
  anvil,
  devnetClient as chain,
  freshFundedKey,
  tokenBalance,
  devnetUsdc as usdc,
} from '../../test/devnetChain.js'
import { modalSettled } from '../../test/modalSettled.js'
import { useModal } from '../../useModal.js'
import '../../test/provided.js'

const usdcOf = (owner: Hex) => tokenBalance(usdc, owner)

const devnet = inject('devnet')
const stops: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of stops.splice(0)) stop()
})

const nonceOf = (address: Hex) => chain.getTransactionCount({ address })

function Opener() {
  const { open } = useModal()
  useEffect(() => open({ view: 'Send' }), [open])
  return (
    <button type="button" onClick={() => open({ view: 'Send' })}>
      Open send
    </button>
  )
}

/**
 * A fresh funded account in the Send view. With `hold`, the wallet's `eth_sendTransaction` waits
 * for `release()` (the user still looking at the wallet's prompt) before it goes to the test wallet.
 */
async function mount({ hold = false }: { hold?: boolean } = {}) {
  const { key, address } = await freshFundedKey({ usdc: 10_000_000n })
  const wallet = createTestEip1193Wallet({
    accounts: [key],
    chains: [
      { id: 31337, rpcUrl: devnet.evmRpcUrl },
      { id: 31338, rpcUrl: devnet.evmRpcUrl },
    ],
  })
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  const prompt = { held: 0, release }
  const provider = {
    request: (args: { method: string; params?: unknown }) => {
      if (args.method !== 'eth_sendTransaction') return wallet.provider.request(args as never)
      prompt.held++
      return released.then(() => wallet.provider.request(args as never))
    },
    on: wallet.provider.on,
    removeListener: wallet.provider.removeListener,
  }
  const portico = createPortico({
    projectId: 'send-preview-test',
    networks: [
      eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl, tokens: devnet.evmTokens }),
      eip155Network({ id: 31338, name: 'Devnet 2', rpcUrl: devnet.evmRpcUrl }),
    ],
    adapters: [eip155Adapter({ connectors: [{ id: 'held', name: 'Held Wallet', provider: provider as never }] })],
    storage: null,
    blockchainApi: false,
    walletConnect: false,
    walletDirectory: false,
    remoteConfig: false,
    features: { analytics: false },
  })
  stops.push(initialize(portico))
  if (!hold) release()
  await connect(portico, { connectorId: 'held', namespace: 'eip155' })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  await render(
    <PorticoProvider config={portico} queryClient={queryClient} reconnectOnMount={false}>
      <PorticoUI>
        <Opener />
      </PorticoUI>
    </PorticoProvider>,
  )
  await expect.element(page.getByRole('heading', { name: 'Send' })).toBeVisible()
  return { address, wallet, prompt }
}

/** Fills the Send view and opens the review. */
async function review(token: RegExp, amount: string, receiver: string) {
  await modalSettled()
  await page.getByRole('button', { name: 'Select token' }).first().click()
  await modalSettled()
  await page.getByRole('button', { name: token }).click()
  await userEvent.fill(page.getByRole('textbox', { name: 'Amount' }), amount)
  await userEvent.fill(page.getByRole('textbox', { name: 'To' }), receiver)
  await page.getByRole('button', { name: 'Preview send' }).click()
  await expect.element(page.getByRole('heading', { name: 'Review send' })).toBeVisible()
}

const $ = (name: string) => document.querySelector(`[data-slot="${name}"]`) as HTMLElement | null
const sendButton = () => page.getByRole('button', { name: 'Send', exact: true })
const sends = (wallet: { requests: readonly { method: string }[] }) =>
  wallet.requests.filter((r) => r.method === 'eth_sendTransaction').length
const fresh = () => privateKeyToAccount(generatePrivateKey()).address

test('behavior: the review shows what is sent (amount, token, whole receiver, network, fee); a double click moves it once (one nonce)', async () => {
  const { address, wallet } = await mount()
  const receiver = fresh()
  await review(/Ether/, '0.25', receiver)
  expect($('send-preview-amount')?.textContent).toBe('0.25 ETH')
  // The receiver: short on screen, whole in its title, exactly the typed one.
  const to = $('send-preview-receiver') as HTMLElement
  expect(to.title).toBe(receiver)
  expect(to.textContent).toBe(`${receiver.slice(0, 4)}…${receiver.slice(-6)}`)
  const lines = [...document.querySelectorAll('[data-slot="send-preview-view"] > div')].map((d) => d.textContent)
  expect(lines).toContain('NetworkDevnet')
  await expect.poll(() => $('send-fee')?.textContent).toMatch(/^Network fee0\.0\d*[1-9]\d* ETH$/)

  const before = await chain.getBalance({ address })
  expect(await nonceOf(address)).toBe(0)
  await userEvent.dblClick(sendButton())
  await expect.element(page.getByRole('heading', { name: 'Account' })).toBeVisible()
  expect(sends(wallet)).toBe(1)
  expect(await nonceOf(address)).toBe(1)
  expect(await chain.getBalance({ address: receiver })).toBe(parseEther('0.25'))
  // The sender paid 0.25 ETH once, plus one transfer's fee (far below another 0.25).
  const spent = before - (await chain.getBalance({ address }))
  expect(spent).toBeGreaterThan(parseEther('0.25'))
  expect(spent).toBeLessThan(parseEther('0.26'))
})

test('behavior: while the wallet asks, Send says so and is busy, both buttons are disabled; more presses send nothing more', async () => {
  const { address, wallet, prompt } = await mount({ hold: true })
  const receiver = fresh()
  await review(/USD Coin/, '1', receiver)
  await sendButton().click()
  const confirm = page.getByRole('button', { name: 'Confirm in your wallet' })
  await expect.element(confirm).toBeDisabled()
  await expect.element(confirm).toHaveAttribute('aria-busy', 'true')
  await expect.element(page.getByRole('button', { name: 'Cancel' })).toBeDisabled()
  expect($('send-preview-view')?.getAttribute('data-state')).toBe('pending')
  // Presses while the prompt is open: a click on the (disabled) button, the keyboard.
  ;($('send-confirm') as HTMLButtonElement).click()
  ;($('send-confirm') as HTMLButtonElement).focus()
  await userEvent.keyboard('{Enter}')
  expect(prompt.held).toBe(1)
  prompt.release()
  await expect.element(page.getByRole('heading', { name: 'Account' })).toBeVisible()
  expect(sends(wallet)).toBe(1)
  expect(await nonceOf(address)).toBe(1)
  expect(await usdcOf(receiver)).toBe(1_000_000n)
  expect(await usdcOf(address)).toBe(9_000_000n)
})

test("error: a refusal says 'Transaction rejected', shakes, sends nothing; Cancel returns to the form, kept and editable", async () => {
  const { address, wallet } = await mount()
  const receiver = fresh()
  await review(/USD Coin/, '1', receiver)
  wallet.rejectNext('eth_sendTransaction')
  await sendButton().click()
  await expect.element(page.getByRole('alert')).toHaveTextContent(/^Transaction rejected$/)
  expect($('modal-frame')?.getAttribute('data-shake')).toBe('true')
  expect($('send-preview-view')?.getAttribute('data-state')).toBe('error')
  await expect.element(page.getByRole('button', { name: 'Try again' })).toBeEnabled()
  await expect.element(page.getByRole('button', { name: 'Cancel' })).toBeEnabled()
  expect(await nonceOf(address)).toBe(0)
  expect(await usdcOf(receiver)).toBe(0n)

  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect.element(page.getByRole('heading', { name: 'Send' })).toBeVisible()
  const amount = page.getByRole('textbox', { name: 'Amount' })
  await expect.element(amount).toHaveValue('1')
  await expect.element(page.getByRole('textbox', { name: 'To' })).toHaveValue(receiver)
  await userEvent.fill(amount, '2')
  await page.getByRole('button', { name: 'Preview send' }).click()
  await expect.element(page.getByRole('heading', { name: 'Review send' })).toBeVisible()
  // A new review: the new amount, and no refusal left over from the last one.
  expect($('send-preview-amount')?.textContent).toBe('2 USDC')
  expect($('send-error')).toBeNull()
  await sendButton().click()
  await expect.element(page.getByRole('heading', { name: 'Account' })).toBeVisible()
  expect(await usdcOf(receiver)).toBe(2_000_000n)
  expect(await nonceOf(address)).toBe(1)
})

test("error: a failure that is not a refusal says 'Send failed: ' with its reason, does not shake, and sends nothing", async () => {
  const { address } = await mount()
  const receiver = fresh()
  await review(/USD Coin/, '1', receiver)
  await expect.poll(() => $('send-fee')?.textContent).toMatch(/ETH$/)
  // The account is emptied after the review opened: the transfer cannot pay its fee.
  await anvil('anvil_setBalance', [address, '0x0'])
  await sendButton().click()
  await expect.element(page.getByRole('alert')).toHaveTextContent(/^Send failed: \S/)
  expect($('send-error')?.textContent).not.toContain('rejected')
  expect($('modal-frame')?.getAttribute('data-shake')).not.toBe('true')
  await expect.element(page.getByRole('button', { name: 'Try again' })).toBeEnabled()
  expect(await nonceOf(address)).toBe(0)
  expect(await usdcOf(receiver)).toBe(0n)
})

test('edge: the wallet moving to another network during the review leaves only Cancel: nothing can be sent there', async () => {
  const { wallet } = await mount()
  await review(/USD Coin/, '1', fresh())
  await expect.element(sendButton()).toBeEnabled()
  wallet.setChain(31338)
  await expect.poll(() => $('send-confirm')).toBeNull()
  expect($('send-preview-amount')).toBeNull()
  const cancel = page.getByRole('button', { name: 'Cancel' })
  await expect.element(cancel).toBeVisible()
  await cancel.click()
  await expect.element(page.getByRole('heading', { name: 'Send' })).toBeVisible()
  expect(sends(wallet)).toBe(0)
})

test('behavior: closing the modal while the wallet asks: the send completes once, is announced, resets the form, and reopens nothing', async () => {
  const { address, prompt } = await mount({ hold: true })
  const receiver = fresh()
  await review(/USD Coin/, '3', receiver)
  await sendButton().click()
  await expect.element(page.getByRole('button', { name: 'Confirm in your wallet' })).toBeDisabled()
  await userEvent.keyboard('{Escape}')
  await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
  const announced = recordAnnouncements()
  prompt.release()
  await expect.poll(announced.texts).toContainEqual(expect.stringContaining('Sent 3 USDC'))
  announced.stop()
  expect(page.getByRole('dialog').query()).toBeNull()
  expect(await usdcOf(receiver)).toBe(3_000_000n)
  expect(await nonceOf(address)).toBe(1)
  // The next send starts empty.
  await page.getByRole('button', { name: 'Open send' }).click()
  await expect.element(page.getByRole('textbox', { name: 'Amount' })).toHaveValue('')
  await expect.element(page.getByRole('textbox', { name: 'To' })).toHaveValue('')
  expect($('send-token')?.textContent).not.toMatch(/USDC/)
})
