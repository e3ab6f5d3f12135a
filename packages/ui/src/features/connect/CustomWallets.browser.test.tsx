// The host's own wallets (`customWallets`) in the Connect view: listed in the connector order's
// `custom` group, and each opens WalletConnect with the host's links and icon, like a featured one.
import { expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { en } from '../../i18n/messages.js'
import type { HarnessOptions } from '../../test/harness.js'
import { renderConnectButton } from '../../test/renderConnectButton.js'
import '../../test/provided.js'

const devnet = inject('devnet')

// An inline icon: the test needs no image host, and it must show (not the fallback glyph).
const icon = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="red"/></svg>')}`
const acme = {
  id: 'acme',
  name: 'Acme Wallet',
  image_url: icon,
  mobile_link: 'acme://',
  desktop_link: 'acmedesktop://',
  webapp_link: 'https://app.acme.example/connect',
}

async function open(options: HarnessOptions) {
  const harness = await renderConnectButton({ rpcUrl: devnet.evmRpcUrl, ...options })
  await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
  return harness
}

const rows = () =>
  [...document.querySelectorAll('[data-slot="connect-view"] li > button')].map(
    (row) =>
      `${row.getAttribute('data-slot')}:${row.getAttribute('data-wallet') ?? row.getAttribute('data-connector')}`,
  )

test('custom wallets are listed after the installed ones, in the host’s order, and open WalletConnect with their links', async () => {
  await open({
    walletConnectRelayUrl: devnet.walletConnectRelayUrl,
    customWallets: [{ id: 'beta', name: 'Beta Wallet' }, acme],
  })
  const list = page.getByRole('list', { name: en.sectionWallets })
  await expect.element(list.getByRole('button', { name: 'Acme Wallet' })).toBeVisible()
  // WalletConnect, the installed Devnet Wallet, then the custom ones (featured would come before them).
  expect(rows().slice(0, 4)).toEqual([
    expect.stringMatching(/^wallet-row:.*walletConnect/),
    'wallet-row:eip155:dev.portico.devnet',
    'custom-wallet-row:beta',
    'custom-wallet-row:acme',
  ])
  const row = list.getByRole('button', { name: 'Acme Wallet' })
  // The host's icon shows (the image host rule lets the host's own icons through), not the initial.
  await expect.poll(() => row.element().querySelector('img')?.getAttribute('src')).toBe(icon)
  await userEvent.click(row)
  await expect.element(page.getByText(en.scanWithWallet('Acme Wallet'))).toBeVisible()
  // The pairing URI goes to the host's web app and desktop links.
  const web = page.getByRole('link', { name: en.openWebApp })
  await expect
    .element(web)
    .toHaveAttribute('href', expect.stringMatching(/^https:\/\/app\.acme\.example\/.*wc\?uri=wc%3A/))
  await expect
    .element(page.getByRole('link', { name: en.openDesktopApp }))
    .toHaveAttribute('href', expect.stringMatching(/^acmedesktop:\/\/wc\?uri=wc%3A/))
})
