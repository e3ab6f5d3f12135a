// The Send and Receive views in real Chromium against the shared devnet: a real test wallet, real
// transfers on anvil. Each send starts from a fresh key (funded through anvil and the tokens'
// minter), so no other test's balances or nonces are touched.

import {
  connect,
  createPortico,
  eip155Adapter,
  eip155Network,
  type Features,
  initialize,
  type Portico,
  PorticoProvider,
} from '@portico/headless'
import { createTestEip1193Wallet } from '@portico/headless/testing'
import { QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { expectNoSeriousA11yViolations } from '../../__infra__/axe.js'
import { PorticoUI } from '../../PorticoUI.js'
import { tokenBalance as balanceOf, freshFundedKey, devnetUsdc as usdc } from '../../test/devnetChain.js'
import { accountViewSettled, modalSettled } from '../../test/modalSettled.js'
import { type ModalView, useModal } from '../../useModal.js'
import '../../test/provided.js'

const devnet = inject('devnet')
const stops: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of stops.splice(0)) stop()
})

function OpenOnMount({ view }: { view: ModalView }) {
  const { open } = useModal()
  useEffect(() => open({ view }), [open, view])
  return null
}

async function mount(
  view: ModalView,
  {
    features,
    themeMode = 'dark',
    names = false,
    key: givenKey,
  }: { features?: Partial<Features>; themeMode?: 'light' | 'dark'; names?: boolean; key?: Hex } = {},
) {
  const { key, address } = givenKey
    ? { key: givenKey, address: privateKeyToAccount(givenKey).address }
    : await freshFundedKey({ usdc: 100_000_000n })
  const wallet = createTestEip1193Wallet({
    accounts: [key],
    chains: [
      { id: 31337, rpcUrl: devnet.evmRpcUrl },
      { id: 31338, rpcUrl: devnet.evmRpcUrl },
    ],
  })
  stops.push(wallet.announce())
  const portico: Portico = createPortico({
    projectId: 'send-test',
    networks: [
      eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl, tokens: devnet.evmTokens }),
      eip155Network({ id: 31338, name: 'Devnet 2', rpcUrl: devnet.evmRpcUrl }),
    ],
    adapters: [eip155Adapter()],
    storage: null,
    // Names resolve through the blockchain API (the devnet emulator); off elsewhere.
    blockchainApi: names,
    ...(names ? { apiUrls: { blockchain: devnet.apiUrl } } : {}),
    walletConnect: false,
    walletDirectory: false,
    remoteConfig: false,
    features: { analytics: false, ...features },
  })
  stops.push(initialize(portico))
  await connect(portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  await render(
    <PorticoProvider config={portico} queryClient={queryClient} reconnectOnMount={false}>
      <PorticoUI themeMode={themeMode}>
        <OpenOnMount view={view} />
      </PorticoUI>
    </PorticoProvider>,
  )
  return { address, wallet, queryClient }
}

const $ = (name: string) => document.querySelector(`[data-slot="${name}"]`) as HTMLElement | null

test('Account shows Receive then Send (walletFeaturesOrder); Send opens the form, a flag off hides its button', async () => {
  // With the blockchain API, which swaps need.
  await mount('Account', { names: true })
  await expect.element(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible()
  // Swap and Buy apply here (EVM, flags on, the blockchain API on). The row shows its buttons at once (see
  // WalletFeatures.browser.test.tsx), so these are in with Send.
  await expect.element(page.getByRole('button', { name: 'Swap', exact: true })).toBeVisible()
  await expect.element(page.getByRole('button', { name: 'Buy', exact: true })).toBeVisible()
  const features = $('wallet-features')
  // Swap and Buy join the row where they apply (their buttons load on their own); Receive comes
  // before Send, and Send is last (spec order: onramp, swaps, receive, send).
  const slots = [...(features?.querySelectorAll('button') ?? [])].map((b) => b.getAttribute('data-slot'))
  expect(slots.filter((slot) => slot === 'wallet-feature-receive' || slot === 'wallet-feature-send')).toEqual([
    'wallet-feature-receive',
    'wallet-feature-send',
  ])
  expect(slots.at(-1)).toBe('wallet-feature-send')
  await accountViewSettled()
  expect($('account-balance')?.textContent).toMatch(/ETH$/)
  expect(document.querySelectorAll('[data-slot="token-balance"]').length).toBeGreaterThan(0)
  // Where the press, the release and the click landed, and the views the modal went through: once
  // under load the Send view never came, and a failure should say why.
  const landed: string[] = []
  const record = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null
    landed.push(`${event.type}:${target?.closest('[data-slot]')?.getAttribute('data-slot') ?? target?.tagName}`)
  }
  const types = ['pointerdown', 'pointerup', 'click'] as const
  for (const type of types) document.addEventListener(type, record, true)
  const views: (string | null | undefined)[] = []
  const observer = new MutationObserver(() => {
    const view = document.querySelector('[data-slot="modal-frame"]')?.getAttribute('data-view')
    if (views.at(-1) !== view) views.push(view)
  })
  observer.observe(document.body, { childList: true, subtree: true, attributes: true })
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  // The first Send view of this file: its chunk is transformed cold by Vite, slow on a loaded CI machine.
  try {
    await expect.element(page.getByRole('heading', { name: 'Send' })).toBeVisible()
  } catch (error) {
    throw new Error(
      `No Send view. Events: ${landed.join(' ') || 'none'}; views since: ${views.join(' -> ') || 'none'}`,
      {
        cause: error,
      },
    )
  } finally {
    observer.disconnect()
    for (const type of types) document.removeEventListener(type, record, true)
  }
  await expect.element(page.getByRole('button', { name: 'Select token' }).last()).toBeDisabled()
  await cleanup()
  for (const stop of stops.splice(0)) stop()

  await mount('Account', { features: { send: false } })
  await expect.element(page.getByRole('button', { name: 'Receive' })).toBeVisible()
  expect($('wallet-feature-send')).toBeNull()
})

test('USDC: validation texts as typed, fee line, preview, a real transfer, toast and back to Account; axe clean', async () => {
  const { address } = await mount('Send')
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  await expect.element(page.getByRole('heading', { name: 'Send' })).toBeVisible()
  const submit = page.getByRole('button', { name: 'Select token' }).last()
  await expect.element(submit).toBeDisabled()

  await modalSettled()
  await page.getByRole('button', { name: 'Select token' }).first().click()
  await expect.element(page.getByRole('heading', { name: 'Select token' })).toBeVisible()
  await modalSettled()
  await page.getByRole('button', { name: /USD Coin/ }).click()
  await expect.element(page.getByRole('heading', { name: 'Send' })).toBeVisible()
  await expect.poll(() => $('send-token')?.textContent).toMatch(/USDC$/)
  expect($('send-balance')?.textContent).toContain('Balance: 100 USDC')
  await expect.element(page.getByRole('button', { name: 'Add amount' })).toBeDisabled()

  const amount = page.getByRole('textbox', { name: 'Amount' })
  await userEvent.fill(amount, '1000')
  await expect.element(page.getByRole('button', { name: 'Insufficient funds' })).toBeDisabled()
  await expect.element(amount).toHaveAttribute('aria-invalid', 'true')
  await userEvent.fill(amount, '1.1234567')
  await expect.element(page.getByText('At most 6 decimals')).toBeVisible()
  await expect.element(page.getByRole('button', { name: 'Invalid amount' })).toBeDisabled()
  for (const bad of ['1e3', '-1', '0', 'abc']) {
    await userEvent.fill(amount, bad)
    await expect.element(page.getByRole('button', { name: 'Invalid amount' })).toBeDisabled()
  }
  await userEvent.fill(amount, '12.5')
  await expect.element(page.getByRole('button', { name: 'Add address' })).toBeDisabled()

  const to = page.getByRole('textbox', { name: 'To' })
  // A checksum typo (one letter's case flipped) and another namespace's address.
  const typo = receiver.replace(/[a-f]/, (c) => c.toUpperCase()).replace(/[A-F]/, (c) => c.toLowerCase())
  for (const bad of [typo === receiver ? `${receiver}0` : typo, '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM']) {
    await userEvent.fill(to, bad)
    await expect.element(page.getByRole('button', { name: 'Invalid address' })).toBeDisabled()
  }
  await userEvent.fill(to, usdc)
  await expect.element(page.getByText('This is the token contract, not a wallet')).toBeVisible()
  await userEvent.fill(to, receiver)
  const preview = page.getByRole('button', { name: 'Preview send' })
  await expect.element(preview).toBeEnabled()
  await expect.poll(() => $('send-fee')?.textContent).toMatch(/^Network fee[\d.,]+ ETH$/)
  await expectNoSeriousA11yViolations(page.getByRole('dialog').element())

  await preview.click()
  await expect.element(page.getByRole('heading', { name: 'Review send' })).toBeVisible()
  expect($('send-preview-amount')?.textContent).toBe('12.5 USDC')
  await expectNoSeriousA11yViolations(page.getByRole('dialog').element())
  await modalSettled()
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect.element(page.getByText('Sent 12.5 USDC')).toBeVisible()
  await expect.element(page.getByRole('heading', { name: 'Account' })).toBeVisible()
  expect(await balanceOf(usdc, receiver)).toBe(12_500_000n)
  expect(await balanceOf(usdc, address)).toBe(87_500_000n)

  // The send state was reset: a new send starts empty.
  await accountViewSettled()
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect.element(page.getByRole('textbox', { name: 'Amount' })).toHaveValue('')
  await expect.element(page.getByRole('textbox', { name: 'To' })).toHaveValue('')
})

test('a rejected prompt says so, sends nothing, and Try again sends once', async () => {
  const { wallet } = await mount('Send')
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  await modalSettled()
  await page.getByRole('button', { name: 'Select token' }).first().click()
  await modalSettled()
  await page.getByRole('button', { name: /USD Coin/ }).click()
  await userEvent.fill(page.getByRole('textbox', { name: 'Amount' }), '1')
  await userEvent.fill(page.getByRole('textbox', { name: 'To' }), receiver)
  await page.getByRole('button', { name: 'Preview send' }).click()
  wallet.rejectNext('eth_sendTransaction')
  await modalSettled()
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect.element(page.getByRole('alert')).toHaveTextContent('Transaction rejected')
  expect(await balanceOf(usdc, receiver)).toBe(0n)
  await modalSettled()
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect.element(page.getByText('Sent 1 USDC')).toBeVisible()
  expect(await balanceOf(usdc, receiver)).toBe(1_000_000n)
  expect(wallet.requests.filter((r) => r.method === 'eth_sendTransaction')).toHaveLength(2)
})

test('a double click on Send (two clicks before React re-renders) sends one transaction', async () => {
  const { wallet } = await mount('Send')
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  await modalSettled()
  await page.getByRole('button', { name: 'Select token' }).first().click()
  await modalSettled()
  await page.getByRole('button', { name: /USD Coin/ }).click()
  await userEvent.fill(page.getByRole('textbox', { name: 'Amount' }), '1')
  await userEvent.fill(page.getByRole('textbox', { name: 'To' }), receiver)
  await page.getByRole('button', { name: 'Preview send' }).click()
  await expect.element(page.getByRole('button', { name: 'Send', exact: true })).toBeEnabled()
  // Two real click events 0 ms apart, as a double click delivers them: both reach the handler
  // while the button still shows enabled.
  const send = $('send-confirm') as HTMLButtonElement
  send.click()
  send.click()
  await expect.element(page.getByText('Sent 1 USDC')).toBeVisible()
  await expect.element(page.getByRole('heading', { name: 'Account' })).toBeVisible()
  expect(wallet.requests.filter((r) => r.method === 'eth_sendTransaction')).toHaveLength(1)
  expect(await balanceOf(usdc, receiver)).toBe(1_000_000n)
})

test('Max on the native currency keeps the fee back', async () => {
  await mount('Send')
  await modalSettled()
  await page.getByRole('button', { name: 'Select token' }).first().click()
  await modalSettled()
  await page.getByRole('button', { name: /Ether/ }).click()
  await modalSettled()
  await page.getByRole('button', { name: 'Max' }).click()
  const amount = page.getByRole('textbox', { name: 'Amount' })
  await expect.poll(() => (amount.element() as HTMLInputElement).value).not.toBe('')
  const value = Number((amount.element() as HTMLInputElement).value)
  expect(value).toBeLessThan(10)
  expect(value).toBeGreaterThan(9.99)
})

test('the whole native balance typed: the form says nothing is left for the fee before the wallet is asked; Max fixes it', async () => {
  const { wallet } = await mount('Send')
  await modalSettled()
  await page.getByRole('button', { name: 'Select token' }).first().click()
  await modalSettled()
  await page.getByRole('button', { name: /Ether/ }).click()
  const amount = page.getByRole('textbox', { name: 'Amount' })
  await amount.fill('10') // the whole balance of the fresh account
  await page.getByRole('textbox', { name: 'To' }).fill('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  // The fee estimate (after typing settles) refuses it; the form says why and will not preview.
  await expect
    .element(page.getByText('Not enough ETH left for the network fee', { exact: true }).first(), { timeout: 15_000 })
    .toBeVisible()
  const submit = page.getByRole('button', { name: 'Not enough ETH left for the network fee' })
  await expect.element(submit).toBeDisabled()
  expect(wallet.requests.filter((r) => r.method === 'eth_sendTransaction')).toHaveLength(0)
  // Max keeps the fee back: the form is valid again.
  await modalSettled()
  await page.getByRole('button', { name: 'Max' }).click()
  await expect.poll(() => Number((amount.element() as HTMLInputElement).value)).toBeLessThan(10)
  await expect.element(page.getByRole('button', { name: 'Preview send' })).toBeEnabled()
  expect($('send-amount-error')).toBeNull()
})

for (const themeMode of ['light', 'dark'] as const)
  test(`Receive (${themeMode}): the address as a QR code, copy, the namespace's networks; axe clean`, async () => {
    const { address } = await mount('Receive', { themeMode })
    await expect.element(page.getByRole('heading', { name: 'Receive' })).toBeVisible()
    const qr = page.getByRole('img', { name: 'QR code of your address' })
    await expect.element(qr).toHaveAttribute('data-uri', address)
    // Each chip: the network's image (a letter glyph when it has none) and its name.
    const chips = [...($('receive-networks')?.querySelectorAll('li') ?? [])].map((li) => li.textContent)
    expect(chips).toHaveLength(2)
    expect(chips[0]).toMatch(/Devnet$/)
    expect(chips[1]).toMatch(/Devnet 2$/)
    // The closing warning is centred under the centred column: as much room on its left as on its right.
    const warning = $('receive-warning') as HTMLElement
    const view = warning.parentElement?.getBoundingClientRect() as DOMRect
    const range = document.createRange()
    range.selectNodeContents(warning)
    const lines = [...range.getClientRects()]
    expect(lines.length).toBeGreaterThan(0)
    for (const line of lines) expect(Math.abs(line.left - view.left - (view.right - line.right))).toBeLessThan(4)
    await expect.element(page.getByRole('button', { name: 'Copy address' })).toBeVisible()
    await expectNoSeriousA11yViolations(page.getByRole('dialog').element())
  })

test('a name receiver: resolved as typed (name and address shown), reviewed and sent to its address; an unknown name says so', async () => {
  await mount('Send', { names: true })
  await modalSettled()
  await page.getByRole('button', { name: 'Select token' }).first().click()
  await modalSettled()
  await page.getByRole('button', { name: /USD Coin/ }).click()
  await userEvent.fill(page.getByRole('textbox', { name: 'Amount' }), '2')
  const to = page.getByRole('textbox', { name: 'To' })
  await userEvent.fill(to, 'nobody.reown.id')
  await expect.poll(() => $('send-receiver-error')?.textContent).toBe('Error resolving name')
  await expect.element(page.getByRole('button', { name: 'Error resolving name' })).toBeDisabled()

  // bob.reown.id is devnet account #1 in the emulator's profiles.
  const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  const before = await balanceOf(usdc, bob)
  await userEvent.fill(to, 'bob.reown.id')
  await expect.poll(() => $('send-receiver-name')?.textContent).toBe('bob.reown.id (0x70…dc79C8)')
  const preview = page.getByRole('button', { name: 'Preview send' })
  await expect.element(preview).toBeEnabled()
  await preview.click()
  await expect.element(page.getByRole('heading', { name: 'Review send' })).toBeVisible()
  expect($('send-preview-receiver')?.textContent).toBe('bob.reown.id (0x70…dc79C8)')
  await modalSettled()
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect.element(page.getByRole('heading', { name: 'Account' })).toBeVisible()
  expect((await balanceOf(usdc, bob)) - before).toBe(2_000_000n)
})

test("an empty To shows no name: never the sender's own (the identity of the connected account)", async () => {
  // Devnet account #0, which the emulator names alice.portico; nothing is sent from it here.
  const alice = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
  const { address, queryClient } = await mount('Send', { names: true, key: alice })
  await page.getByRole('textbox', { name: 'To' }).element()
  // The sender's identity is loaded (the Account view and the header read it too)…
  await expect
    .poll(() => queryClient.getQueryData<{ name: string | null }>(['portico', 'identity', { address }])?.name)
    .toBe('alice.portico')
  // …and the form, with no receiver typed, does not show it under To.
  expect($('send-receiver-name')).toBeNull()
  expect(document.querySelector('[data-slot="send-view"]')?.textContent).not.toContain('alice.portico')
})

test('names off (no blockchain API): a typed name is refused at once, never left resolving', async () => {
  await mount('Send')
  await modalSettled()
  await page.getByRole('button', { name: 'Select token' }).first().click()
  await modalSettled()
  await page.getByRole('button', { name: /USD Coin/ }).click()
  await userEvent.fill(page.getByRole('textbox', { name: 'Amount' }), '2')
  await userEvent.fill(page.getByRole('textbox', { name: 'To' }), 'bob.reown.id')
  await expect.element(page.getByRole('button', { name: 'Error resolving name' })).toBeDisabled()
  expect($('send-receiver-resolving')).toBeNull()
})
