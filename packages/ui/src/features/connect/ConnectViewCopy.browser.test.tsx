// Copy that must not mislead: the "All Wallets" badge counts the directory, and the
// empty state promises no phone when WalletConnect is off.
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { ConnectButton } from '../../buttons/ConnectButton.js'
import { en } from '../../i18n/messages.js'
import { createHarness, type HarnessOptions } from '../../test/harness.js'
import '../../test/provided.js'

const devnet = inject('devnet')
const server = inject('imageServerUrl')
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const stop of cleanups.splice(0)) stop()
})

async function open(options: HarnessOptions) {
  const harness = await createHarness({ rpcUrl: devnet.evmRpcUrl, ...options })
  cleanups.push(harness.cleanup)
  const { Wrapper } = harness
  await render(
    <Wrapper>
      <ConnectButton />
    </Wrapper>,
  )
  await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
}

test('the All Wallets badge counts the directory (its total), not the installed wallets', async () => {
  // The fixture directory lists 100 ordinary wallets plus a few hostile entries.
  const total = (await (await fetch(`${server}/getWallets?page=1&entries=1`)).json()).count as number
  expect(total).toBeGreaterThan(100)
  await open({ directoryUrl: server, extraWallets: 2 })
  const allWallets = page.getByRole('button', { name: /All Wallets/ })
  await expect.element(allWallets).toHaveTextContent(`All Wallets${Math.floor(total / 10) * 10}+`)
})

test('with WalletConnect off and nothing installed, no promise of a phone', async () => {
  await open({ devnetWallet: false })
  await expect.element(page.getByText(en.noWalletsTitle)).toBeVisible()
  await expect.element(page.getByText(en.noWalletsBody)).toBeVisible()
  expect(document.body.textContent).not.toMatch(/phone/i)
})

test('a visitor with nothing installed is offered the host’s featured wallet and recommended ones, each opening WalletConnect', async () => {
  const first = (await (await fetch(`${server}/getWallets?page=1&entries=6`)).json()).data as {
    id: string
    name: string
  }[]
  const featured = first[5] as { id: string; name: string }
  const others = first.slice(0, 5)
  await open({
    directoryUrl: server,
    devnetWallet: false,
    walletConnectRelayUrl: devnet.walletConnectRelayUrl,
    featuredWalletIds: [featured.id],
  })
  const list = page.getByRole('list', { name: en.sectionWallets })
  await expect.element(list.getByRole('button', { name: `${featured.name} ${en.badgeFeatured}` })).toBeVisible()
  // WalletConnect, the featured wallet, then recommended ones up to the 5 rows the view lists.
  await expect
    .poll(() => [...document.querySelectorAll('[data-slot$="wallet-row"]')].map((row) => row.getAttribute('data-slot')))
    .toEqual([
      'wallet-row',
      'featured-wallet-row',
      'recommended-wallet-row',
      'recommended-wallet-row',
      'recommended-wallet-row',
    ])
  const recommended = [...document.querySelectorAll('[data-slot="recommended-wallet-row"]')].map((row) =>
    row.getAttribute('data-wallet'),
  )
  expect(recommended).toEqual(others.slice(0, 3).map((w) => w.id))
  await userEvent.click(list.getByRole('button', { name: others[0]?.name }))
  await expect.element(page.getByText(en.scanWithWallet(others[0]?.name ?? ''))).toBeVisible()
})
