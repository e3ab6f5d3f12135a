// End to end over WalletConnect: the demo site connects through the QR view to the devnet web
// wallet (a second browser context, like a second device), through the devnet relay. Chromium,
// offline: both contexts fail the test on any request off loopback. Every wait is on an element.

import { verifyMessage } from 'viem'
import { expect, test } from 'vitest'
import { offlineContext, openAccountView, type Page, shot, startDemoAndBrowser } from './browser.js'

const running = startDemoAndBrowser()

const message = 'Hello from the Portico demo'

async function approveNext(wallet: Page, kind: 'proposal' | 'request', decision: 'approve' | 'reject' = 'approve') {
  const card = wallet.getByTestId(kind).last()
  await card.waitFor()
  const text = (await card.textContent()) ?? ''
  await card.getByTestId(`${decision}-${kind}`).click()
  await card.waitFor({ state: 'detached' })
  return text
}

test('the demo connects over WalletConnect through the QR view to the devnet web wallet, signs, rejects, reloads and disconnects', async () => {
  const dappSide = await offlineContext(running.browser)
  const walletSide = await offlineContext(running.browser)
  const dapp = await dappSide.context.newPage()
  const wallet = await walletSide.context.newPage()
  const walletUrl = running.demo.devnet.walletConnect.walletUrl

  await dapp.goto(running.demo.url)
  await dapp.locator('[data-slot="connect-button"]').click()
  await dapp.locator('[data-slot="wallet-row"]').filter({ hasText: 'WalletConnect' }).click()
  const qr = dapp.locator('[data-slot="qr-code"][data-state="ready"]')
  await qr.waitFor()
  const uri = await qr.getAttribute('data-uri')
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  expect(new URLSearchParams(uri?.split('?')[1]).get('relay-protocol')).toBe('irn')
  await shot(dapp, 'walletconnect-01-qr')

  // The person pastes the link into the web wallet and sees what the site asks for.
  await wallet.goto(walletUrl)
  await wallet.getByTestId('pair-uri').fill(uri ?? '')
  await wallet.getByTestId('pair-button').click()
  await wallet.getByTestId('proposal').waitFor()
  await shot(wallet, 'walletconnect-02-proposal')
  const proposal = await approveNext(wallet, 'proposal')
  expect(proposal).toContain('Portico demo')
  for (const namespace of ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos']) expect(proposal).toContain(namespace)

  // One session: the modal closes and every namespace is connected.
  await expect.poll(() => dapp.getByTestId('account-status').textContent()).toBe('connected')
  const evmAddress = running.demo.devnet.evm.accounts[0].address
  expect(await dapp.getByTestId('account-address').textContent()).toBe(evmAddress)
  for (const namespace of ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'])
    await dapp.getByTestId(`sign-${namespace}`).waitFor()
  await expect.poll(() => dapp.locator('[role="dialog"]').count()).toBe(0)
  await shot(dapp, 'walletconnect-03-connected')

  // A signature request goes to the wallet; approved there, the site gets a valid signature.
  await dapp.getByTestId('sign-eip155-button').click()
  const request = await approveNext(wallet, 'request')
  expect(request).toContain('personal_sign')
  const signature = (await dapp.getByTestId('sign-eip155-signature').textContent()) as `0x${string}`
  expect(await verifyMessage({ address: evmAddress, message, signature })).toBe(true)

  // A rejected request is a typed rejection on the site, which stays connected.
  await dapp.getByTestId('sign-cosmos-button').click()
  expect(await approveNext(wallet, 'request', 'reject')).toContain('cosmos_signAmino')
  await expect.poll(() => dapp.getByTestId('sign-cosmos-error').textContent()).toBe('UserRejectedRequestError')

  // Reload: the session is restored silently from storage.
  await dapp.reload()
  await expect.poll(() => dapp.getByTestId('account-status').textContent()).toBe('connected')
  await dapp.getByTestId('sign-bip122').waitFor()

  // The wallet ends the session: the site goes back to disconnected.
  await wallet.getByTestId('disconnect').first().click()
  await expect.poll(() => dapp.getByTestId('account-status').textContent()).toBe('disconnected')
  await expect.poll(() => dapp.getByTestId('sign-list').locator('li').count()).toBe(0)

  // Connecting again: the wallet rejects, the view says so and offers a retry with a fresh URI.
  await dapp.locator('[data-slot="connect-button"]').click()
  await dapp.locator('[data-slot="wallet-row"]').filter({ hasText: 'WalletConnect' }).click()
  const second = dapp.locator('[data-slot="qr-code"][data-state="ready"]')
  await second.waitFor()
  const uri2 = (await second.getAttribute('data-uri')) ?? ''
  expect(uri2).not.toBe(uri)
  await wallet.getByTestId('pair-uri').fill(uri2)
  await wallet.getByTestId('pair-button').click()
  await approveNext(wallet, 'proposal', 'reject')
  await dapp.locator('[data-state="rejected"]').first().waitFor()
  await shot(dapp, 'walletconnect-04-rejected')
  expect(await dapp.getByTestId('account-status').textContent()).toBe('disconnected')
  await dapp.locator('[data-slot="retry"]').click()
  const third = dapp.locator('[data-slot="qr-code"][data-state="ready"]')
  await third.waitFor()
  expect(await third.getAttribute('data-uri')).not.toBe(uri2)

  expect(dappSide.blocked).toEqual([])
  expect(walletSide.blocked).toEqual([])
  await Promise.all([dappSide.context.close(), walletSide.context.close()])
})

test('custom page (headless hooks only): the pairing link opens the web wallet by deep link; cancelling gives "Modal closed"', async () => {
  const dappSide = await offlineContext(running.browser)
  const walletSide = await offlineContext(running.browser)
  const dapp = await dappSide.context.newPage()
  const wallet = await walletSide.context.newPage()

  await dapp.goto(`${running.demo.url}#/custom`)
  const walletConnectButton = dapp.getByRole('button', { name: /WalletConnect/ })
  await walletConnectButton.click()
  const uri = (await dapp.getByTestId('custom-pairing-uri').textContent()) ?? ''
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)

  // Giving up: the pending connection ends with the typed 'Modal closed'.
  await dapp.getByRole('button', { name: 'Cancel' }).click()
  await dapp.getByRole('alert').filter({ hasText: 'Modal closed' }).waitFor()

  // Again, and this time the web wallet pairs straight from its deep link.
  await walletConnectButton.click()
  const next = (await dapp.getByTestId('custom-pairing-uri').textContent()) ?? ''
  expect(next).not.toBe(uri)
  const deepLink = await dapp.getByRole('link', { name: 'Open in the devnet web wallet' }).getAttribute('href')
  expect(deepLink).toBe(`${running.demo.devnet.walletConnect.walletUrl}#uri=${encodeURIComponent(next)}`)
  await wallet.goto(deepLink ?? '')
  await approveNext(wallet, 'proposal')
  await expect.poll(() => dapp.getByTestId('custom-status').textContent()).toContain('connected')
  expect(await dapp.getByTestId('custom-address').textContent()).toBe(running.demo.devnet.evm.accounts[0].address)

  expect(dappSide.blocked).toEqual([])
  expect(walletSide.blocked).toEqual([])
  await Promise.all([dappSide.context.close(), walletSide.context.close()])
})

/** Opens the WalletConnect QR view on `dapp` and returns the code it shows. */
async function openQr(dapp: Page) {
  await dapp.locator('[data-slot="connect-button"]').click()
  await dapp.locator('[data-slot="wallet-row"]').filter({ hasText: 'WalletConnect' }).click()
  const qr = dapp.locator('[data-slot="qr-code"][data-state="ready"]')
  await qr.waitFor()
  return (await qr.getAttribute('data-uri')) ?? ''
}

/** The web wallet pairs with `uri` and approves the proposal; resolves once the dapp is connected. */
async function pairFromWallet(dapp: Page, wallet: Page, uri: string) {
  await wallet.goto(running.demo.devnet.walletConnect.walletUrl)
  await wallet.getByTestId('pair-uri').fill(uri)
  await wallet.getByTestId('pair-button').click()
  await approveNext(wallet, 'proposal')
  await expect.poll(() => dapp.getByTestId('account-status').textContent()).toBe('connected')
}

test('a pairing code that expires while the QR code shows is replaced without a click; the wallet pairs with the fresh one', async () => {
  const dappSide = await offlineContext(running.browser)
  const walletSide = await offlineContext(running.browser)
  const dapp = await dappSide.context.newPage()
  const wallet = await walletSide.context.newPage()

  // Each code offered for 6 s instead of the spec's 4 min (the demo's ?pairingExpiry knob).
  await dapp.goto(`${running.demo.url}?pairingExpiry=6`)
  const first = await openQr(dapp)
  expect(first).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  // Nobody scans it: once its life is over the view draws a fresh code by itself (a wait on the
  // page's own change, bounded by a ceiling, never a sleep).
  await dapp.waitForFunction(
    (old) => {
      const qr = document.querySelector('[data-slot="qr-code"][data-state="ready"]')
      return qr !== null && qr.getAttribute('data-uri') !== old
    },
    first,
    { timeout: 60_000 },
  )
  const fresh = (await dapp.locator('[data-slot="qr-code"][data-state="ready"]').getAttribute('data-uri')) ?? ''
  expect(fresh).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  expect(fresh.split('@')[0]).not.toBe(first.split('@')[0])
  // Still the same view, with no error: the user just sees a new code.
  expect(await dapp.locator('[data-state="rejected"], [role="alert"]').count()).toBe(0)
  await shot(dapp, 'walletconnect-05-renewed')

  await pairFromWallet(dapp, wallet, fresh)
  expect(await dapp.getByTestId('account-address').textContent()).toBe(running.demo.devnet.evm.accounts[0].address)

  expect(dappSide.blocked).toEqual([])
  expect(walletSide.blocked).toEqual([])
  await Promise.all([dappSide.context.close(), walletSide.context.close()])
})

test('a reload while a signature request waits in the wallet: the session comes back with nothing pending; the answer to the old page is dropped; the next request is answered', async () => {
  const dappSide = await offlineContext(running.browser)
  const walletSide = await offlineContext(running.browser)
  const dapp = await dappSide.context.newPage()
  const wallet = await walletSide.context.newPage()
  const pageErrors: string[] = []
  dapp.on('pageerror', (error) => pageErrors.push(error.message))
  const evmAddress = running.demo.devnet.evm.accounts[0].address

  await dapp.goto(running.demo.url)
  await pairFromWallet(dapp, wallet, await openQr(dapp))

  // The request reaches the wallet, which does not answer yet; the user reloads the site.
  await dapp.getByTestId('sign-eip155-button').click()
  const stale = wallet.getByTestId('request').last()
  await stale.waitFor()
  expect(await stale.textContent()).toContain('personal_sign')
  await dapp.reload()
  await expect.poll(() => dapp.getByTestId('account-status').textContent()).toBe('connected')
  await dapp.getByTestId('sign-eip155-button').waitFor()
  // Nothing is pending on the new page: its button is free, no signature and no error shown.
  expect(await dapp.getByTestId('sign-eip155-button').isDisabled()).toBe(false)
  expect(await dapp.getByTestId('sign-eip155-signature').count()).toBe(0)
  expect(await dapp.getByTestId('sign-eip155-error').count()).toBe(0)

  // The wallet answers the old page's request now; then the new page asks again.
  await approveNext(wallet, 'request')
  await dapp.getByTestId('sign-eip155-button').click()
  expect(await approveNext(wallet, 'request')).toContain('personal_sign')
  const signature = (await dapp.getByTestId('sign-eip155-signature').textContent()) as `0x${string}`
  expect(await verifyMessage({ address: evmAddress, message, signature })).toBe(true)
  expect(await dapp.getByTestId('sign-eip155-error').count()).toBe(0)
  expect(await dapp.getByTestId('account-status').textContent()).toBe('connected')
  expect(pageErrors).toEqual([])

  expect(dappSide.blocked).toEqual([])
  expect(walletSide.blocked).toEqual([])
  await Promise.all([dappSide.context.close(), walletSide.context.close()])
})

/** sign-client 2.25's expiry of a session request (`ENGINE_RPC_OPTS.wc_sessionRequest.req.ttl`): 15 min. */
const requestExpiryMs = 900_000

test('the wallet away when a request is sent: the request expires (typed, the button free again, no spinner for ever); with the wallet back the next request is answered', async () => {
  const dappSide = await offlineContext(running.browser)
  const walletSide = await offlineContext(running.browser)
  // The request's expiry is the SDK's own 15 min timer: that much real time is no test. The page
  // holds that one timer and fires it when the test says its time has come; every other timer
  // runs for real.
  await dappSide.context.addInitScript((ttlMs) => {
    const realSetTimeout = window.setTimeout.bind(window)
    const held: (() => void)[] = []
    Object.assign(window, { heldRequestExpiries: held })
    window.setTimeout = ((handler: TimerHandler, ms?: number, ...args: unknown[]) => {
      if (ms === ttlMs && typeof handler === 'function') {
        held.push(() => handler(...args))
        return realSetTimeout(() => {}, 0)
      }
      return realSetTimeout(handler, ms, ...args)
    }) as typeof window.setTimeout
  }, requestExpiryMs)
  const dapp = await dappSide.context.newPage()
  const wallet = await walletSide.context.newPage()
  const held = () =>
    dapp.evaluate(() => (window as unknown as { heldRequestExpiries: unknown[] }).heldRequestExpiries.length)
  const evmAddress = running.demo.devnet.evm.accounts[0].address

  await dapp.goto(running.demo.url)
  await pairFromWallet(dapp, wallet, await openQr(dapp))

  // The wallet app is closed; the site asks for a signature meanwhile.
  await wallet.close()
  const before = await held()
  await dapp.getByTestId('sign-eip155-button').click()
  expect(await dapp.getByTestId('sign-eip155-button').isDisabled()).toBe(true)
  await expect.poll(held).toBeGreaterThan(before) // sent: the request's expiry is set
  await dapp.evaluate((from) => {
    for (const fire of (window as unknown as { heldRequestExpiries: (() => void)[] }).heldRequestExpiries.slice(from))
      fire()
  }, before)
  // The request has expired: the site says so with a typed error and is free to ask again.
  await expect.poll(() => dapp.getByTestId('sign-eip155-error').textContent()).toBe('WalletConnectProtocolError')
  expect(await dapp.getByTestId('sign-eip155-button').isDisabled()).toBe(false)
  expect(await dapp.getByTestId('account-status').textContent()).toBe('connected')

  // The wallet comes back (its session from its own storage) and the site asks again. What waited
  // for the wallet in the relay (the expired request) shows there too; the user approves what shows.
  const back = await walletSide.context.newPage()
  await back.goto(running.demo.devnet.walletConnect.walletUrl)
  await back.getByTestId('session').first().waitFor()
  await dapp.getByTestId('sign-eip155-button').click()
  await expect
    .poll(async () => {
      const card = back.getByTestId('request').first()
      if (await card.count()) await card.getByTestId('approve-request').click()
      return dapp.getByTestId('sign-eip155-signature').count()
    })
    .toBe(1)
  const signature = (await dapp.getByTestId('sign-eip155-signature').textContent()) as `0x${string}`
  expect(await verifyMessage({ address: evmAddress, message, signature })).toBe(true)
  expect(await dapp.getByTestId('sign-eip155-error').count()).toBe(0)

  expect(dappSide.blocked).toEqual([])
  expect(walletSide.blocked).toEqual([])
  await Promise.all([dappSide.context.close(), walletSide.context.close()])
})

test('two tabs on one session: each tab gets the answers to its own requests, both follow the wallet’s account change, and a disconnect in one ends the other', async () => {
  const dappSide = await offlineContext(running.browser)
  const walletSide = await offlineContext(running.browser)
  const first = await dappSide.context.newPage()
  const wallet = await walletSide.context.newPage()
  const evmAddress = running.demo.devnet.evm.accounts[0].address

  await first.goto(running.demo.url)
  await pairFromWallet(first, wallet, await openQr(first))
  // A second tab of the same site (same storage): the session is restored there too. The relay
  // delivers a client's messages to one of its sockets, so whichever tab holds it has to pass on
  // what belongs to the other.
  const second = await dappSide.context.newPage()
  await second.goto(running.demo.url)
  await expect.poll(() => second.getByTestId('account-status').textContent()).toBe('connected')

  for (const [tab, other] of [
    [second, first],
    [first, second],
    [second, first],
  ] as const) {
    await tab.getByTestId('sign-eip155-button').click()
    expect(await approveNext(wallet, 'request')).toContain('personal_sign')
    const answer = tab.getByTestId('sign-eip155-signature')
    await answer.waitFor()
    const signature = (await answer.textContent()) as `0x${string}`
    expect(await verifyMessage({ address: evmAddress, message, signature })).toBe(true)
    expect(await tab.getByTestId('sign-eip155-error').count()).toBe(0)
    // The other tab asked nothing: it shows no answer it did not ask for.
    expect(await other.getByTestId('sign-eip155-button').isDisabled()).toBe(false)
    await tab.reload() // a fresh card for the next round
    await expect.poll(() => tab.getByTestId('account-status').textContent()).toBe('connected')
  }

  // The wallet changes account: both tabs follow.
  const other = running.demo.devnet.evm.accounts[1].address
  const caipNetworkId = running.demo.devnet.evm.caipNetworkId
  await wallet.evaluate(
    ({ account, chainId }) => {
      const devnetWallet = (
        globalThis as unknown as {
          porticoDevnetWallet: {
            sessions(): { topic: string }[]
            emit(topic: string, name: string, data: unknown, chainId: string): Promise<void>
          }
        }
      ).porticoDevnetWallet
      const [session] = devnetWallet.sessions()
      if (!session) throw new Error('the wallet has no session')
      return devnetWallet.emit(session.topic, 'accountsChanged', [account], chainId)
    },
    { account: `${caipNetworkId}:${other}`, chainId: caipNetworkId },
  )
  for (const tab of [first, second])
    await expect.poll(() => tab.getByTestId('account-address').textContent()).toContain(other)

  // The user disconnects in the first tab: the second is disconnected too, and the wallet has no session.
  await openAccountView(first)
  await first.locator('[data-slot="disconnect"]').click()
  await expect.poll(() => first.getByTestId('account-status').textContent()).toBe('disconnected')
  await expect.poll(() => second.getByTestId('account-status').textContent()).toBe('disconnected')
  await wallet.getByTestId('no-session').waitFor()
  // Reloaded, neither tab finds a session to restore.
  await second.reload()
  await second.locator('[data-slot="connect-button"]').waitFor()
  expect(await second.getByTestId('account-status').textContent()).toBe('disconnected')

  expect(dappSide.blocked).toEqual([])
  expect(walletSide.blocked).toEqual([])
  await Promise.all([dappSide.context.close(), walletSide.context.close()])
})
