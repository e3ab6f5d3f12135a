// The prebuilt modal over the embedded smart account, in real Chromium against the real secure frame
// and the devnet's bundler (Alto) and paymaster (the browser project's global setups): the Account
// view's upgrade rows (shown only where they apply, one request per click, a failure said and the
// row usable again), and the Send view after the smart account's operation reverts (the pending
// state ends in the typed error's message, nothing is sent twice). Approvals are trusted clicks
// inside the frame's own document. Nothing here switches the shared bundler or paymaster: a bundler
// that is down is the global setup's loopback server that drops every connection.

import { eip155Network, type Portico, PorticoProvider, sendTransaction } from '@portico/headless'
import { getEmbeddedWallet, getSmartAccount, startEmailLogin, verifyEmailOtp } from '@portico/headless/embedded'
import { QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { encodeFunctionData, erc20Abi, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, beforeAll, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { PorticoUI } from '../../PorticoUI.js'
import { latestMail } from '../../test/authInbox.js'
import { anvil, devnetClient, mintUsdc, tokenBalance, devnetUsdc as usdc } from '../../test/devnetChain.js'
import { embeddedPortico, stopEmbedded } from '../../test/embeddedKit.js'
import { type ModalView, useModal } from '../../useModal.js'
import '../../test/provided.js'
import { isModalSettled } from '../../test/isModalSettled.js'
import { accountViewSettled, modalSettled } from '../../test/modalSettled.js'

const usdcOf = (owner: string) => tokenBalance(usdc, owner as Hex)

const devnet = inject('devnet')
const stops: (() => void)[] = []
/** Unmounts, stops the kits and removes their secure frames (between the parts of a test, and after each). */
async function reset() {
  await cleanup()
  for (const stop of stops.splice(0)) stop()
  stopEmbedded()
}
afterEach(reset)

beforeAll(async () => {
  // Alto starts on its first request: started here, not under the frame's first request.
  await fetch(devnet.bundlerUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
  })
}, 60_000)

let emails = 0
const freshEmail = () => `sa-ui-${Date.now().toString(36)}-${++emails}@example.com`
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

/**
 * A kit on the devnet chain (with its tokens). `bundler`: the devnet's bundler and paymaster
 * (`'devnet'`), none (`false`), or a bundler URL of its own; `eoa`: embedded users start on the EOA.
 */
function makePortico({ bundler, eoa = false }: { bundler: 'devnet' | false | string; eoa?: boolean }) {
  const bundlerUrl = bundler === 'devnet' ? devnet.bundlerUrl : bundler
  return embeddedPortico({
    options: {
      networks: [
        eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl, testnet: true, tokens: devnet.evmTokens }),
      ],
      ...(bundlerUrl
        ? { bundlerMap: { 'eip155:31337': bundlerUrl }, paymasterMap: { 'eip155:31337': devnet.paymasterUrl } }
        : {}),
      ...(eoa ? { defaultAccountTypes: { eip155: 'eoa' as const } } : {}),
    },
  })
}

async function login(portico: Portico) {
  const email = freshEmail()
  await startEmailLogin(portico, { email })
  const { code } = await latestMail(email)
  return verifyEmailOtp(portico, { otp: code ?? '' })
}

function OpenOnMount({ view }: { view: ModalView }) {
  const { open } = useModal()
  useEffect(() => open({ view }), [open, view])
  return null
}

async function mount(portico: Portico, view: ModalView) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  await render(
    <PorticoProvider config={portico} queryClient={queryClient} reconnectOnMount={false}>
      <PorticoUI themeMode="dark">
        <OpenOnMount view={view} />
      </PorticoUI>
    </PorticoProvider>,
  )
  return queryClient
}

// The status queries of every address (the prefix of `smartAccountQueryOptions`'s key).
const smartAccountStatusKey = ['portico', 'embeddedWallet', 'smartAccount']

/** Waits until the view's smart-account status query has answered (a row hidden then is hidden for good). */
async function statusSettled(queryClient: QueryClient) {
  await expect
    .poll(() =>
      queryClient
        .getQueryCache()
        .findAll({ queryKey: smartAccountStatusKey })
        .some((query) => query.state.status !== 'pending' && query.state.fetchStatus === 'idle'),
    )
    .toBe(true)
}

/**
 * Counts the requests the page sends the secure frame (every verb goes through `client.request`),
 * by name, and an RPC request by its method.
 */
function countFrameRequests(portico: Portico) {
  const { client } = getEmbeddedWallet(portico)
  const seen: string[] = []
  const original = client.request.bind(client) as (name: string, payload?: unknown) => Promise<unknown>
  client.request = ((name: string, payload?: { method?: string }) => {
    seen.push(name === 'RPC_REQUEST' && payload?.method ? payload.method : name)
    return original(name, payload)
  }) as typeof client.request
  return (name: string) => seen.filter((n) => n === name).length
}

/** Holds the page's requests named `name` to the secure frame until `release` is called. */
function holdFrameRequests(portico: Portico, name: string) {
  const { client } = getEmbeddedWallet(portico)
  let release!: () => void
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  let asked = 0
  const original = client.request.bind(client) as (name: string, payload?: unknown) => Promise<unknown>
  client.request = ((requested: string, payload?: unknown) => {
    if (requested !== name) return original(requested, payload)
    asked++
    return held.then(() => original(requested, payload))
  }) as typeof client.request
  return { asked: () => asked, release }
}

const secureFrame = () => document.querySelector('iframe[data-portico-secure-frame]') as HTMLIFrameElement
const inFrame = () => page.frameLocator(page.elementLocator(secureFrame()))

/**
 * Waits for the modal to lay the frame over ApproveTransaction and for the prompt to arm, then
 * clicks `button` inside the frame's document (a trusted click by Playwright).
 */
async function answerInFrame(button: 'Approve' | 'Reject') {
  await expect.poll(() => $('approve-transaction')?.getAttribute('data-state')).toBe('open')
  // Laid over the view's area first: a click while the frame still moves lands where it was.
  await expect
    .poll(() => {
      const area = $('approve-frame-area')?.getBoundingClientRect()
      const frame = secureFrame().getBoundingClientRect()
      return (
        area !== undefined &&
        [frame.left - area.left, frame.top - area.top, frame.width - area.width, frame.height - area.height].every(
          (d) => Math.abs(d) < 1.5,
        )
      )
    })
    .toBe(true)
  // The prompt counts no click until it is armed (fully in view for the approval delay): Approve
  // says so (aria-disabled), so a trial click on it (no click, only Playwright's checks) waits for that.
  await userEvent.click(inFrame().getByRole('button', { name: 'Approve' }), { trial: true })
  await userEvent.click(inFrame().getByRole('button', { name: button }))
}

const $ = (slot: string) => document.querySelector(`[data-slot="${slot}"]`) as HTMLElement | null
const upgradeButton = () => page.getByRole('button', { name: 'Upgrade account' })
const undoButton = () => page.getByRole('button', { name: 'Undo upgrade' })

test('Account view: the upgrade rows are hidden without a bundler and on the smart account, shown on the embedded EOA', async () => {
  // No bundler on the network: no account type, no upgrade.
  const plain = makePortico({ bundler: false, eoa: true })
  await login(plain)
  const plainQueries = await mount(plain, 'Account')
  await expect.element(page.getByRole('button', { name: 'Change email' })).toBeVisible()
  expect(await getSmartAccount(plain)).toMatchObject({ enabled: false, canUpgrade: false })
  await statusSettled(plainQueries)
  expect($('account-type')).toBeNull()
  expect($('account-upgrade')).toBeNull()
  expect($('account-upgrade-undo')).toBeNull()
  await reset()

  // The smart account (the spec's default): its type and the switch, no upgrade of the EOA.
  const smart = makePortico({ bundler: 'devnet' })
  await login(smart)
  // The account type arrives with its status, after the view paints: held here until the rest of
  // the view is in, the view must not say it is whole (a click sent then would land on a button
  // the row is about to move); once the status is in, the row is there as the view settles.
  const status = holdFrameRequests(smart, 'GET_SMART_ACCOUNT_ENABLED_NETWORKS')
  const smartQueries = await mount(smart, 'Account')
  await expect.poll(status.asked).toBeGreaterThan(0)
  await expect.element(page.getByRole('button', { name: 'Change email' })).toBeVisible()
  expect(document.querySelector('[role="dialog"] [data-slot="account-view"] [data-pending]')).not.toBeNull()
  expect(isModalSettled()).toBe(false)
  status.release()
  await accountViewSettled()
  expect($('account-type')).not.toBeNull()
  await expect.element(page.getByText('Smart account', { exact: true })).toBeVisible()
  await statusSettled(smartQueries)
  await expect.element(page.getByRole('button', { name: 'Switch to standard account' })).toBeVisible()
  expect($('account-upgrade')).toBeNull()
  expect($('account-upgrade-undo')).toBeNull()
  await reset()

  // The embedded EOA on a network with a bundler (anvil on Prague: EIP-7702): the upgrade is offered.
  const eoa = makePortico({ bundler: 'devnet', eoa: true })
  await login(eoa)
  await mount(eoa, 'Account')
  await expect.element(page.getByText('Standard account', { exact: true })).toBeVisible()
  await expect.element(upgradeButton()).toBeEnabled()
  await expect.element(page.getByText('Keeps your address and adds batched and sponsored transactions')).toBeVisible()
  expect($('account-upgrade-undo')).toBeNull()
})

test('Account view: a double click on "Upgrade account" asks once; approved, the row says "Standard account, upgraded" and "Undo upgrade" undoes it once', async () => {
  const portico = makePortico({ bundler: 'devnet', eoa: true })
  const { address } = await login(portico)
  // The undo is paid by the account itself.
  await anvil('anvil_setBalance', [address, '0x8ac7230489e80000'])
  const requests = countFrameRequests(portico)
  await mount(portico, 'Account')
  await expect.element(upgradeButton()).toBeEnabled()

  // Two real click events 0 ms apart, as a double click delivers them, both while the button is enabled.
  const button = $('account-upgrade-button') as HTMLButtonElement
  button.click()
  button.click()
  await answerInFrame('Approve')
  await expect.element(page.getByText('Standard account, upgraded')).toBeVisible()
  expect(requests('UPGRADE_ACCOUNT')).toBe(1)
  expect(await devnetClient.getCode({ address: address as Hex })).toMatch(/^0xef0100/)
  expect($('account-upgrade')).toBeNull()
  expect($('account-upgrade-error')).toBeNull()

  await expect.element(undoButton()).toBeEnabled()
  const undo = $('account-upgrade-undo-button') as HTMLButtonElement
  undo.click()
  undo.click()
  await answerInFrame('Approve')
  await expect.element(upgradeButton()).toBeEnabled()
  expect(requests('UNDO_ACCOUNT_UPGRADE')).toBe(1)
  expect(await devnetClient.getCode({ address: address as Hex })).toBeUndefined()
  await expect.element(page.getByText('Standard account', { exact: true })).toBeVisible()
})

test('Account view: a rejected upgrade leaves the row as it was; a bundler that does not answer shows the error, and the row is usable again', async () => {
  const portico = makePortico({ bundler: 'devnet', eoa: true })
  const { address } = await login(portico)
  const requests = countFrameRequests(portico)
  await mount(portico, 'Account')
  await accountViewSettled()
  await userEvent.click(upgradeButton())
  await answerInFrame('Reject')
  // The user's own answer: back on Account, nothing said, the button usable, nothing on chain.
  await expect.element(upgradeButton()).toBeEnabled()
  expect($('account-upgrade-error')).toBeNull()
  expect(requests('UPGRADE_ACCOUNT')).toBe(1)
  expect(await devnetClient.getCode({ address: address as Hex })).toBeUndefined()
  await reset()

  // A network whose bundler is down (its server drops every connection): refused before any prompt.
  const down = makePortico({ bundler: devnet.downBundlerUrl, eoa: true })
  const downUser = await login(down)
  const downRequests = countFrameRequests(down)
  await mount(down, 'Account')
  await accountViewSettled()
  await userEvent.click(upgradeButton())
  const bundlerOrigin = new URL(devnet.downBundlerUrl).origin
  await expect
    .element(page.getByRole('alert'))
    .toHaveTextContent(`The account was not upgraded: The bundler did not answer (${bundlerOrigin})`)
  await expect.element(upgradeButton()).toBeEnabled()
  expect(downRequests('UPGRADE_ACCOUNT')).toBe(1)
  expect(document.querySelector('[data-slot="approve-transaction"]')).toBeNull()
  // Usable again: the next click asks the frame again (and is refused again, said once). The error
  // grew the view and moved the button: the click waits for the modal to be still.
  await modalSettled()
  await userEvent.click(upgradeButton())
  await expect.poll(() => downRequests('UPGRADE_ACCOUNT')).toBe(2)
  await expect.element(upgradeButton()).toBeEnabled()
  await expect.element(page.getByRole('alert')).toHaveTextContent('The account was not upgraded: The bundler')
  expect(page.getByRole('alert').elements()).toHaveLength(1)
  expect(await devnetClient.getCode({ address: downUser.address as Hex })).toBeUndefined()
})

test('Send through the smart account: an operation that reverts ends the pending state in the typed error; Try again sends once', async () => {
  const portico = makePortico({ bundler: 'devnet' })
  const { address: smart } = await login(portico)
  // Deployed first (a sponsored 0 wei send), so the test can later act as the account on anvil.
  // (No modal yet: the frame shows its own centred prompt.)
  const first = sendTransaction(portico, { to: freshAddress(), value: 0n })
  await userEvent.click(inFrame().getByRole('button', { name: 'Approve' }))
  await devnetClient.waitForTransactionReceipt({ hash: await first, pollingInterval: 100 })
  await mintUsdc(smart as Hex, 5_000_000n)

  const requests = countFrameRequests(portico)
  await mount(portico, 'Send')
  const receiver = freshAddress()
  // Each view's parts arrive after it paints and move its buttons: every click below waits for
  // the modal to be whole and still.
  await modalSettled()
  await page.getByRole('button', { name: 'Select token' }).first().click()
  await modalSettled()
  await page.getByRole('button', { name: /USD Coin/ }).click()
  await userEvent.fill(page.getByRole('textbox', { name: 'Amount' }), '1')
  await userEvent.fill(page.getByRole('textbox', { name: 'To' }), receiver)
  await modalSettled()
  await page.getByRole('button', { name: 'Preview send' }).click()
  await expect.element(page.getByRole('button', { name: 'Send', exact: true })).toBeEnabled()

  // The tokens leave the account after the form read its balance: the operation will revert.
  await moveAllUsdc(smart as Hex)
  await modalSettled()
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect
    .element(page.getByRole('alert'))
    .toHaveTextContent(
      new RegExp(`The user operation reverted: ERC20InsufficientBalance\\(${smart}, 0, 1000000\\)`, 'i'),
    )
  // Out of the pending state: no spinner, both buttons usable, still on the review.
  const confirm = $('send-confirm') as HTMLButtonElement
  expect(confirm.disabled).toBe(false)
  expect(confirm.getAttribute('aria-busy')).toBe('false')
  expect(confirm.textContent).toBe('Try again')
  expect(($('send-cancel') as HTMLButtonElement).disabled).toBe(false)
  expect($('send-preview-view')?.getAttribute('data-state')).toBe('error')
  expect(await usdcOf(receiver)).toBe(0n)
  expect(requests('eth_sendTransaction')).toBe(1)

  // The account holds the tokens again: Try again asks in the frame once, and sends once.
  await mintUsdc(smart as Hex, 1_000_000n)
  await modalSettled()
  await page.getByRole('button', { name: 'Try again' }).click()
  await answerInFrame('Approve')
  await expect.element(page.getByText('Sent 1 USDC')).toBeVisible()
  await expect.poll(() => usdcOf(receiver)).toBe(1_000_000n)
  expect(requests('eth_sendTransaction')).toBe(2)
})

/** Moves every USDC the (deployed) smart account holds to a fresh address, acting as the account on anvil. */
async function moveAllUsdc(account: Hex) {
  const amount = await usdcOf(account)
  await anvil('anvil_impersonateAccount', [account])
  await anvil('anvil_setBalance', [account, '0x8ac7230489e80000'])
  const hash = (await anvil('eth_sendTransaction', [
    {
      from: account,
      to: usdc,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [freshAddress(), amount] }),
    },
  ])) as Hex
  await devnetClient.waitForTransactionReceipt({ hash, pollingInterval: 100 })
  await anvil('anvil_stopImpersonatingAccount', [account])
  await anvil('anvil_setBalance', [account, '0x0'])
}
