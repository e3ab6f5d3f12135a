// The Connect view's remaining options: `collapseWallets` (beside email or social login, the
// wallets wait behind one row) and the `reownBranding` line, from local features and from the
// remote project configuration (the devnet's, per project).
import { getFeatures } from '@portico/headless'
import { expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { deferred } from '../../../../../headless/src/test/deferred.js'
import type { HarnessOptions } from '../../../test/harness.js'
import { modalSettled } from '../../../test/modalSettled.js'
import { renderConnectButton } from '../../../test/renderConnectButton.js'
import '../../../test/provided.js'

const devnet = inject('devnet')
const embedded = inject('embedded')

async function open(options: HarnessOptions) {
  const harness = await renderConnectButton({ rpcUrl: devnet.evmRpcUrl, ...options })
  await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
  return harness
}

/** Gives a project of the devnet's hosted configuration its own flags (other tests keep theirs). */
async function remoteFlags(projectId: string, flags: Record<string, boolean>) {
  const response = await fetch(`${devnet.apiUrl}/__devnet/switches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ featuresFor: { [projectId]: flags } }),
  })
  expect(response.status).toBe(200)
}

const wallet = () => page.getByRole('button', { name: /Devnet Wallet/ })
const continueWithWallet = () => page.getByRole('button', { name: 'Continue with a wallet' })
const emailField = () => page.getByRole('textbox', { name: 'Email' })
const branding = () => document.querySelector('[data-slot="branding"]')

/**
 * An instance `fetch` that holds the remote configuration's answer until `release()`, so the
 * view's lazy parts arrive first (the order a load once produced); `requested` settles when it is
 * asked for.
 */
function holdRemoteConfig() {
  const held = deferred<void>()
  const requested = deferred<void>()
  const fetchHeld: typeof fetch = async (input, init) => {
    if (String(input).includes('/appkit/v1/config')) {
      requested.resolve()
      await held.promise
    }
    return fetch(input, init)
  }
  return { fetch: fetchHeld, requested: requested.promise, release: () => held.resolve() }
}

test('collapseWallets: beside email login the wallets wait behind one row, which lists them; back collapses them again', async () => {
  await open({
    projectId: embedded.projectId,
    embeddedWallet: { frameUrl: embedded.frameUrl },
    features: { collapseWallets: true, socials: false },
  })
  await expect.element(emailField()).toBeVisible()
  await expect.element(continueWithWallet()).toBeVisible()
  expect(document.querySelector('[data-slot="wallet-row"]')).toBeNull()
  await userEvent.click(continueWithWallet())
  await expect.element(wallet()).toBeVisible()
  // The wallets alone: no email field, no row to expand them again.
  expect(document.querySelector('[data-slot="connect-email"]')).toBeNull()
  expect(document.querySelector('[data-slot="continue-with-wallet"]')).toBeNull()
  await modalSettled()
  await userEvent.click(page.getByRole('button', { name: 'Back' }))
  await expect.element(continueWithWallet()).toBeVisible()
  expect(document.querySelector('[data-slot="wallet-row"]')).toBeNull()
})

test('collapseWallets: with nothing beside them (no email or social login) the wallets are listed', async () => {
  await open({ features: { collapseWallets: true } })
  await expect.element(wallet()).toBeVisible()
  expect(document.querySelector('[data-slot="continue-with-wallet"]')).toBeNull()
})

test('collapseWallets off (the default): the wallets are listed beside email login', async () => {
  await open({ projectId: embedded.projectId, embeddedWallet: { frameUrl: embedded.frameUrl } })
  await expect.element(emailField()).toBeVisible()
  await expect.element(wallet()).toBeVisible()
  expect(document.querySelector('[data-slot="continue-with-wallet"]')).toBeNull()
})

test('reownBranding on: the branding line under the Connect view', async () => {
  await open({ features: { reownBranding: true } })
  await expect.element(page.getByText('Powered by Portico')).toBeVisible()
})

test('reownBranding off: no branding line', async () => {
  await open({ features: { reownBranding: false } })
  await expect.element(wallet()).toBeVisible()
  expect(branding()).toBeNull()
})

test('reownBranding from the remote configuration turns the line on over a local off', async () => {
  await remoteFlags('h38a-branding-on', { reown_branding: true })
  await open({ projectId: 'h38a-branding-on', remoteConfigUrl: devnet.apiUrl, features: { reownBranding: false } })
  await expect.element(page.getByText('Powered by Portico')).toBeVisible()
})

test('reownBranding from the remote configuration turns the line off over a local on', async () => {
  await remoteFlags('h38a-branding-off', { reown_branding: false })
  const harness = await open({
    projectId: 'h38a-branding-off',
    remoteConfigUrl: devnet.apiUrl,
    features: { reownBranding: true },
  })
  await expect.poll(() => getFeatures(harness.portico).reownBranding, { timeout: 30_000 }).toBe(false)
  await expect.element(wallet()).toBeVisible()
  await expect.poll(branding).toBeNull()
})

test('reownBranding: the line waits for the remote configuration, so a project that turns it off never shows it', async () => {
  await remoteFlags('branding-held', { reown_branding: false })
  const config = holdRemoteConfig()
  const seen: string[] = []
  const observer = new MutationObserver(() => {
    if (branding()) seen.push('branding')
  })
  observer.observe(document.body, { childList: true, subtree: true })
  try {
    const harness = await open({
      projectId: 'branding-held',
      remoteConfigUrl: devnet.apiUrl,
      features: { reownBranding: true },
      fetch: config.fetch,
    })
    await config.requested
    await expect.element(wallet()).toBeVisible()
    // The line's chunk is in and React has had frames to render it: it must still be absent.
    await import('./ConnectMore.js')
    await new Promise(requestAnimationFrame)
    await new Promise(requestAnimationFrame)
    expect(branding()).toBeNull()
    config.release()
    await expect.poll(() => getFeatures(harness.portico).reownBranding).toBe(false)
    await expect.element(wallet()).toBeVisible()
    expect(seen).toEqual([])
  } finally {
    config.release()
    observer.disconnect()
  }
})

test('reownBranding: on in the remote configuration, the line shows once it has answered', async () => {
  await remoteFlags('branding-held-on', { reown_branding: true })
  const config = holdRemoteConfig()
  try {
    await open({ projectId: 'branding-held-on', remoteConfigUrl: devnet.apiUrl, fetch: config.fetch })
    await expect.element(wallet()).toBeVisible()
    expect(branding()).toBeNull()
    config.release()
    await expect.element(page.getByText('Powered by Portico')).toBeVisible()
  } finally {
    config.release()
  }
})

test('reownBranding: on a later opening the line is in the view from its first paint (the answer is known by then)', async () => {
  await remoteFlags('branding-reopen', { reown_branding: true })
  await open({ projectId: 'branding-reopen', remoteConfigUrl: devnet.apiUrl })
  await expect.element(page.getByText('Powered by Portico')).toBeVisible()
  await userEvent.click(page.getByRole('button', { name: 'Close' }))
  await expect.poll(() => document.querySelector('[role="dialog"]')).toBeNull()
  // What the view held in the commit that first put it in the dialog.
  const first: boolean[] = []
  const observer = new MutationObserver(() => {
    if (first.length === 0 && document.querySelector('[role="dialog"] [data-slot="connect-view"]'))
      first.push(document.querySelector('[role="dialog"] [data-slot="branding"]') !== null)
  })
  observer.observe(document.body, { childList: true, subtree: true })
  try {
    await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
    await expect.element(page.getByText('Powered by Portico')).toBeVisible()
    expect(first).toEqual([true])
  } finally {
    observer.disconnect()
  }
})
