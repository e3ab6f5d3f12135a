// The NFTs tab over the devnet: its collections (an ERC-721, an ERC-1155 and a spam voucher,
// installed on anvil) read through the blockchain-API emulator, images from the emulator's image
// host. Account #0 holds two Pioneers and two Editions; account #3 only the spam voucher.
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { ConnectButton } from '../../buttons/ConnectButton.js'
import { createHarness, type HarnessOptions } from '../../test/harness.js'
import { accountViewSettled } from '../../test/modalSettled.js'
import '../../test/provided.js'
import { setHostedFault } from '../../test/devnetApi.js'

const devnet = inject('devnet')
const projectId = 'nfts-ui'
const stops: (() => unknown)[] = []

const setFault = (hosted: 'ok' | 500 | 'reset') => setHostedFault(projectId, hosted)

afterEach(async () => {
  await setFault('ok')
  await cleanup()
  for (const stop of stops.splice(0)) await stop()
})

async function openNfts(options: HarnessOptions = {}) {
  const harness = await createHarness({
    connected: true,
    projectId,
    rpcUrl: devnet.evmRpcUrl,
    blockchainApiUrl: devnet.apiUrl,
    ...options,
  })
  stops.push(harness.cleanup)
  await render(
    <harness.Wrapper view="Account">
      <ConnectButton />
    </harness.Wrapper>,
  )
  await expect.element(page.getByRole('heading', { name: 'Account' })).toBeVisible()
  await accountViewSettled()
  await userEvent.click(page.getByRole('tab', { name: 'NFTs' }))
  return page.getByRole('tabpanel', { name: 'NFTs' })
}

const waitLong = { timeout: 30_000 }

test('default: the account’s NFTs with name, collection, amount and image; the spam voucher hidden', async () => {
  const panel = await openNfts()
  await expect.element(panel.getByRole('list', { name: 'NFTs' })).toBeVisible()
  const rows = () => [...document.querySelectorAll('[data-slot="nft-row"]')]
  await expect.poll(() => rows().length, waitLong).toBe(4)
  const read = (row: Element, slot: string) => row.querySelector(`[data-slot="${slot}"]`)?.textContent ?? null
  expect(rows().map((r) => [read(r, 'nft-name'), read(r, 'nft-collection'), read(r, 'nft-amount')])).toEqual([
    ['Pioneer #1', 'Portico Pioneers', null],
    ['Pioneer #2', 'Portico Pioneers', null],
    ['Genesis Badge', 'Portico Editions', '3 owned'],
    ['Launch Ticket', 'Portico Editions', null],
  ])
  expect(rows().map((r) => r.getAttribute('data-standard'))).toEqual(['ERC721', 'ERC721', 'ERC1155', 'ERC1155'])
  expect(document.body.textContent).not.toContain('Claim Rewards Voucher')
  // Each image loads from the configured image host (the emulator), not a placeholder.
  await expect
    .poll(
      () =>
        rows().map((r) => {
          const img = r.querySelector('img')
          return img?.complete && img.naturalWidth > 0 ? new URL(img.src).origin : null
        }),
      waitLong,
    )
    .toEqual(Array(4).fill(devnet.apiUrl))
})

test('behavior: an account holding only spam sees the empty state', async () => {
  const panel = await openNfts({ accountKey: devnet.evmPrivateKeys[3] as `0x${string}` })
  await expect.element(panel.getByText('No NFTs yet'), waitLong).toBeVisible()
  expect(document.querySelectorAll('[data-slot="nft-row"]')).toHaveLength(0)
})

test('behavior: the API fails: "Failed to fetch NFTs" with "Try again", which lists them once the API is back', async () => {
  await setFault(500)
  const panel = await openNfts()
  await expect.element(panel.getByText('Failed to fetch NFTs'), waitLong).toBeVisible()
  await setFault('ok')
  await userEvent.click(panel.getByRole('button', { name: 'Try again' }))
  await expect.poll(() => document.querySelectorAll('[data-slot="nft-row"]').length, waitLong).toBe(4)
})
