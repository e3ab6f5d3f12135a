// The marks the kit knows stand in for letters: WalletConnect's row in the Connect view and the
// native currency in the Account view, and a network without an image (the header's network
// button, the Networks view's rows, the Account view's network chip) show an <img> of the mark; an
// image the host configured or the API gave still wins, unless it does not load.
import {
  createPortico,
  eip155Adapter,
  eip155Network,
  initialize,
  type Portico,
  PorticoProvider,
  solanaAdapter,
  solanaNetwork,
  switchNetwork,
  type TokenBalance,
} from '@portico/headless'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { ConnectButton } from '../buttons/ConnectButton.js'
import { NetworkButton } from '../buttons/NetworkButton.js'
import { PorticoUI } from '../PorticoUI.js'
import { createHarness, type HarnessOptions } from '../test/harness.js'
import { nativeMark } from './marks.js'
import { walletConnectMark } from './walletConnectMark.js'
import '../test/provided.js'
import { offline } from '../test/offline.js'

const devnet = inject('devnet')
const stops: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of stops.splice(0)) stop()
})

/** The header's network button alone, for `portico` (started here, stopped after the test). */
async function renderNetworkButton(portico: Portico) {
  stops.push(initialize(portico))
  await render(
    <PorticoProvider config={portico} queryClient={new QueryClient()} reconnectOnMount={false}>
      <PorticoUI>
        <NetworkButton />
      </PorticoUI>
    </PorticoProvider>,
  )
}

async function open(options: HarnessOptions, view?: 'Account') {
  const harness = await createHarness({ rpcUrl: devnet.evmRpcUrl, ...options })
  stops.push(harness.cleanup)
  await render(
    <harness.Wrapper {...(view ? { view } : {})}>
      <ConnectButton />
    </harness.Wrapper>,
  )
}

/** The image a row shows once its preload settled: its `<img>` source, or its letter. */
async function shown(row: () => Element | null | undefined) {
  await expect.poll(() => row()?.querySelector('[data-state]')?.getAttribute('data-state')).toMatch(/loaded|fallback/)
  const box = row()?.querySelector('[data-state]')
  return { src: box?.querySelector('img')?.getAttribute('src') ?? null, text: box?.textContent ?? '' }
}

test("the Connect view's WalletConnect row shows WalletConnect's mark, not a letter", async () => {
  await open({ walletConnectRelayUrl: devnet.walletConnectRelayUrl })
  await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
  const row = () =>
    [...document.querySelectorAll('[data-slot="wallet-row"]')].find((r) => r.textContent?.includes('WalletConnect'))
  await expect.poll(row).toBeTruthy()
  expect(await shown(row)).toEqual({ src: walletConnectMark, text: '' })
  // The installed wallet has its own announced icon: no mark replaces it.
  const devnetRow = () =>
    [...document.querySelectorAll('[data-slot="wallet-row"]')].find((r) => r.textContent?.includes('Devnet Wallet'))
  expect((await shown(devnetRow)).src).not.toBe(walletConnectMark)
})

const token = (symbol: string, extra: Partial<TokenBalance> = {}): TokenBalance => ({
  name: `${symbol} token`,
  symbol,
  chainId: 'eip155:31337',
  quantity: { decimals: '18', numeric: '1' },
  ...extra,
})
const tokenRow = (symbol: string) => () =>
  [...document.querySelectorAll('[data-slot="token-row"]')].find((r) => r.textContent?.includes(`${symbol} token`))

test("the Account view's native token shows Ether's mark; a token the kit does not know keeps its letter", async () => {
  await open(
    {
      connected: true,
      balances: [token('ETH'), token('PTK', { address: '0x0000000000000000000000000000000000000003' })],
    },
    'Account',
  )
  await expect.element(page.getByRole('heading', { name: 'Account' })).toBeVisible()
  const eth = await shown(tokenRow('ETH'))
  expect(eth.src).toBe(nativeMark('eip155:31337', 'ETH'))
  expect(eth.src).toMatch(/^data:image\/svg\+xml,/)
  expect(await shown(tokenRow('PTK'))).toEqual({ src: null, text: 'P' })
})

test("a configured image still wins over the native currency's mark", async () => {
  const configured =
    "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'><rect width='1' height='1'/></svg>"
  await open({ connected: true, balances: [token('ETH', { iconUrl: configured })] }, 'Account')
  await expect.element(page.getByRole('heading', { name: 'Account' })).toBeVisible()
  expect((await shown(tokenRow('ETH'))).src).toBe(configured)
})

test("the Account view's network chip shows its native currency's mark, not a letter", async () => {
  await open({ connected: true, balances: [token('ETH')] }, 'Account')
  const chip = () => document.querySelector('[data-slot="account-network"]')
  await expect.poll(chip).toBeTruthy()
  expect((await shown(chip)).src).toBe(nativeMark('eip155:31337', 'ETH'))
})

test("the Networks view: a network without an image shows its native currency's mark; a configured one wins", async () => {
  const configured =
    "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'><circle r='1'/></svg>"
  const solana = solanaNetwork({
    genesisHash: devnet.solanaGenesisHash,
    name: 'Solana Devnet',
    rpcUrl: devnet.solanaRpcUrl,
  })
  const portico = createPortico({
    projectId: 'network-marks',
    networks: [
      eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl }),
      eip155Network({ id: 31338, name: 'Imaged', rpcUrl: devnet.evmRpcUrl, imageUrl: configured }),
      eip155Network({
        id: 31339,
        name: 'Polygonish',
        rpcUrl: devnet.evmRpcUrl,
        nativeCurrency: { name: 'Pol', symbol: 'POL', decimals: 18 },
      }),
      solana,
    ],
    adapters: [eip155Adapter(), solanaAdapter()],
    ...offline,
  })
  await renderNetworkButton(portico)
  await userEvent.click(page.getByRole('button', { name: 'Devnet' }))
  const row = (id: string) => () => document.querySelector(`[data-slot="networks-view"] [data-network="${id}"]`)
  await expect.poll(row('eip155:31337')).toBeTruthy()
  expect((await shown(row('eip155:31337'))).src).toBe(nativeMark('eip155:31337', 'ETH'))
  expect((await shown(row(solana.caipNetworkId))).src).toBe(nativeMark(solana.caipNetworkId, 'SOL'))
  expect((await shown(row('eip155:31338'))).src).toBe(configured)
  // A currency the kit has no mark for keeps the network's letter.
  expect(await shown(row('eip155:31339'))).toEqual({ src: null, text: 'P' })
})

/** A data:image the browser cannot decode: allowed as a source, and it fails to load. */
const broken = 'data:image/png;base64,AAAA'

test("the header's network button shows its network's mark, also when the configured image does not load", async () => {
  const portico = createPortico({
    projectId: 'network-button-mark',
    networks: [
      eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl }),
      eip155Network({ id: 31338, name: 'Broken', rpcUrl: devnet.evmRpcUrl, imageUrl: broken }),
    ],
    adapters: [eip155Adapter()],
    ...offline,
  })
  const button = () => document.querySelector('[data-slot="network-button"]')
  await renderNetworkButton(portico)
  await expect.poll(() => button()?.querySelector('img')?.getAttribute('src')).toBe(nativeMark('eip155:31337', 'ETH'))
  // Never a letter on the way there: the box is blank until the marks' module has answered.
  expect(button()?.querySelector('[data-state]')?.textContent).toBe('')
  await switchNetwork(portico, { caipNetworkId: 'eip155:31338' })
  await expect.poll(() => button()?.textContent).toContain('Broken')
  expect(await shown(button)).toEqual({ src: nativeMark('eip155:31338', 'ETH'), text: '' })
})

test("the Networks view: a configured image that does not load gives way to the network's mark", async () => {
  const portico = createPortico({
    projectId: 'network-marks-broken',
    networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl, imageUrl: broken })],
    adapters: [eip155Adapter()],
    ...offline,
  })
  await renderNetworkButton(portico)
  await userEvent.click(page.getByRole('button', { name: 'Devnet' }))
  const row = () => document.querySelector('[data-slot="networks-view"] [data-network="eip155:31337"]')
  await expect.poll(row).toBeTruthy()
  expect(await shown(row)).toEqual({ src: nativeMark('eip155:31337', 'ETH'), text: '' })
})
