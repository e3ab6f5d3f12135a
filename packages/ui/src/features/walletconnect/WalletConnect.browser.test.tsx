import type { DirectoryWallet } from '@portico/headless'
import { walletConnectLinks } from '@portico/headless/walletconnect'
import { type ComponentProps, useEffect } from 'react'
import { afterEach, describe, expect, inject, test, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { walletConnectOf } from '../../../../headless/src/test/walletConnect.js'
import { expectNoSeriousA11yViolations } from '../../__infra__/axe.js'
import { saveScreenshot } from '../../__infra__/screenshot.js'
import { PorticoImage } from '../../components/PorticoImage.js'
import { ThemeRoot } from '../../components/ThemeRoot.js'
import { usePorticoUI } from '../../context.js'
import { useToastState } from '../../modal/toasts.js'
import type { ViewEntry } from '../../modal/views.js'
import { createHarness, type HarnessOptions } from '../../test/harness.js'
import { modalSettled } from '../../test/modalSettled.js'
import { WalletConnectGlyph, WalletConnectPanel } from './WalletConnectPanel.js'
import '../../test/provided.js'

const devnet = inject('devnet')
const cleanups: (() => void)[] = []
afterEach(() => {
  vi.restoreAllMocks()
  for (const stop of cleanups.splice(0)) stop()
})

/** A fixed pairing URI, shaped like the relay's (topic, version 2, relay protocol, key, expiry). */
const sampleUri =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1700000300'
const renewedUri = sampleUri.replace('7f6e504b', '0badc0de').replace('1700000300', '1700000600')

const normalWallet: DirectoryWallet = {
  id: 'normal',
  name: 'Normal Wallet',
  image_id: 'img-001',
  mobile_link: 'normalwallet://',
  desktop_link: 'https://normal.example/desktop/',
  webapp_link: 'https://app.normal.example',
}

// The devnet directory's hostile entries (packages/devnet/src/api/wallets.ts) and the UI fixture's.
const hostileWallets: DirectoryWallet[] = [
  {
    id: 'hostile-javascript-webapp-link',
    name: 'jslink',
    mobile_link: 'jslink://',
    webapp_link: 'javascript:alert(document.domain)',
  },
  {
    id: 'hostile-data-html-desktop-link',
    name: 'datalink',
    mobile_link: 'datalink://',
    desktop_link: 'data:text/html,<script>alert(document.domain)</script>',
    webapp_link: 'https://datalink.example',
  },
  { id: 'evil-markup', name: '<img src=x onerror="window.__pwned=1">Evil', webapp_link: 'javascript:window.__pwned=1' },
  {
    id: 'evil-all',
    name: 'Evil Everything',
    mobile_link: 'intent://x#Intent;S.browser_fallback_url=javascript%3Aalert(1);end',
    desktop_link: 'vbscript:msgbox(1)',
    webapp_link: 'http://evil.example',
  },
]

async function harness(options: HarnessOptions = {}) {
  const created = await createHarness({ rpcUrl: devnet.evmRpcUrl, ...options })
  cleanups.push(created.cleanup)
  return created
}

type PanelProps = Omit<ComponentProps<typeof WalletConnectPanel>, 'slot' | 'logo' | 'onRetry' | 'links'> & {
  wallet?: DirectoryWallet | undefined
  onRetry?: () => void
}

/** The panel alone on the modal's surface, as a view shows it (the URI comes in as a prop). */
function PanelOnSurface({ wallet, onRetry = () => {}, ...props }: PanelProps) {
  const links = wallet && props.uri ? walletConnectLinks(wallet, props.uri) : {}
  return (
    <ThemeRoot>
      <ToastProbe />
      <div
        style={{
          width: 360,
          padding: 16,
          background: 'var(--portico-colors-surface)',
          color: 'var(--portico-colors-foreground)',
        }}
        data-testid="surface"
      >
        <WalletConnectPanel
          slot={wallet ? 'connecting-walletconnect-view' : 'connecting-walletconnect-basic-view'}
          logo={wallet ? <PorticoImage name={wallet.name} /> : <WalletConnectGlyph />}
          links={links}
          walletName={wallet?.name}
          onRetry={onRetry}
          {...props}
        />
      </div>
    </ThemeRoot>
  )
}

async function mountPanel(props: PanelProps, options: HarnessOptions = {}) {
  const { Wrapper } = await harness(options)
  const screen = await render(
    <Wrapper>
      <PanelOnSurface {...props} />
    </Wrapper>,
  )
  return { screen, Wrapper }
}

/** The toast the modal would show (the Toaster lives in the modal chunk, which is not open here). */
function ToastProbe() {
  const { toast } = useToastState()
  return <output data-testid="toast">{toast ? `${toast.variant}: ${toast.message}` : ''}</output>
}

/** Opens the modal on any view, with data (the public `useModal` opens the top-level views only). */
function OpenAt(entry: ViewEntry) {
  const { modal } = usePorticoUI('OpenAt')
  // biome-ignore lint/correctness/useExhaustiveDependencies: open once per view, as a user would.
  useEffect(() => modal.open(entry), [modal, entry.view])
  return null
}

const qr = () => page.getByRole('img', { name: /QR code/ })

describe('QR code', () => {
  test('renders the URI, exposes it in data-uri, and is renewed when the URI changes', async () => {
    const { screen, Wrapper } = await mountPanel({ state: 'connecting', uri: sampleUri })
    await expect.element(qr()).toHaveAttribute('data-uri', sampleUri)
    await expect.element(qr()).toHaveAttribute('data-state', 'ready')
    await expect.element(qr()).toHaveAccessibleName('WalletConnect QR code')
    const svg = qr().element().querySelector('svg')
    const path = svg?.querySelector('path')?.getAttribute('d')
    expect(path?.length).toBeGreaterThan(100)
    // Quiet zone: the view box starts 4 modules outside the code.
    expect(svg?.getAttribute('viewBox')).toMatch(/^-4 -4 /)
    // The logo sits in the centre.
    expect(qr().element().querySelector('[data-slot="qr-code-logo"]')).not.toBeNull()
    // The theme's QR colours (dark on light in both modes).
    expect(getComputedStyle(svg?.querySelector('path') as Element).fill).toBe('rgb(20, 20, 20)')

    await screen.rerender(
      <Wrapper>
        <PanelOnSurface state="connecting" uri={renewedUri} />
      </Wrapper>,
    )
    await expect.element(qr()).toHaveAttribute('data-uri', renewedUri)
    expect(qr().element().querySelector('path')?.getAttribute('d')).not.toBe(path)
  })

  test('a skeleton and a spinner until the URI exists; Copy link is disabled', async () => {
    await mountPanel({ state: 'loading', uri: undefined })
    const skeleton = page.getByRole('img', { name: 'Preparing the QR code…' })
    await expect.element(skeleton).toHaveAttribute('data-state', 'loading')
    expect(skeleton.element().hasAttribute('data-uri')).toBe(false)
    await expect.element(page.getByRole('button', { name: 'Copy link' })).toBeDisabled()
  })

  test('Copy link copies the URI and says so', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    await mountPanel({ state: 'connecting', uri: sampleUri })
    await userEvent.click(page.getByRole('button', { name: 'Copy link' }))
    expect(writeText).toHaveBeenCalledWith(sampleUri)
    await expect.element(page.getByTestId('toast')).toHaveTextContent('success: Link copied')
  })

  test('rejected: the rejected state with Try again', async () => {
    const onRetry = vi.fn()
    await mountPanel({ state: 'rejected', uri: undefined, onRetry })
    await expect.element(page.getByText('Connection rejected')).toBeVisible()
    expect(
      document.querySelector('[data-slot="connecting-walletconnect-basic-view"]')?.getAttribute('data-state'),
    ).toBe('rejected')
    await userEvent.click(page.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })
})

describe('wallet links', () => {
  test('a normal wallet: desktop and web app links, built safely from the directory', async () => {
    await mountPanel({ state: 'connecting', uri: sampleUri, wallet: normalWallet })
    const encoded = encodeURIComponent(sampleUri)
    await expect
      .element(page.getByRole('link', { name: 'Open desktop app' }))
      .toHaveAttribute('href', `https://normal.example/desktop/wc?uri=${encoded}`)
    await expect
      .element(page.getByRole('link', { name: 'Open web app' }))
      .toHaveAttribute('href', `https://app.normal.example/wc?uri=${encoded}`)
    expect(page.getByRole('link', { name: 'Open web app' }).element().getAttribute('rel')).toContain('noopener')
    // Not a touch device: no mobile deep link.
    expect(page.getByRole('link', { name: /Open Normal Wallet/ }).query()).toBeNull()
    await expect.element(qr()).toHaveAccessibleName('QR code to connect Normal Wallet')
  })

  test('on a touch device the mobile deep link comes first', async () => {
    await mountPanel({ state: 'connecting', uri: sampleUri, wallet: normalWallet, mobile: true })
    await expect
      .element(page.getByRole('link', { name: 'Open Normal Wallet' }))
      .toHaveAttribute('href', `normalwallet://wc?uri=${encodeURIComponent(sampleUri)}`)
    const slots = [...document.querySelectorAll('[data-slot="open-mobile"], [data-slot="qr-code"]')].map((e) =>
      e.getAttribute('data-slot'),
    )
    expect(slots).toEqual(['open-mobile', 'qr-code'])
  })

  test('on a phone with a mobile link: no QR code (its screen cannot be scanned); Open {wallet} leads, with Copy link', async () => {
    await mountPanel({ state: 'connecting', uri: sampleUri, wallet: normalWallet, mobile: true, phone: true })
    const open = page.getByRole('link', { name: 'Open Normal Wallet' })
    await expect.element(open).toHaveAttribute('href', `normalwallet://wc?uri=${encodeURIComponent(sampleUri)}`)
    await expect.element(page.getByRole('button', { name: 'Copy link' })).toBeEnabled()
    await expect.element(page.getByText('Open Normal Wallet to connect')).toBeVisible()
    expect(qr().query()).toBeNull()
    expect(document.querySelector('[data-slot="qr-code"]')).toBeNull()
    // A desktop app cannot open on a phone; the web app still can.
    expect(page.getByRole('link', { name: 'Open desktop app' }).query()).toBeNull()
    await expect.element(page.getByRole('link', { name: 'Open web app' })).toBeVisible()
    const order = [...document.querySelectorAll('[data-slot="open-mobile"], [data-slot="copy-link"]')].map((e) =>
      e.getAttribute('data-slot'),
    )
    expect(order).toEqual(['open-mobile', 'copy-link'])
    await expectNoSeriousA11yViolations(page.getByTestId('surface').element())
  })

  test('the generic entry on a phone: Open wallet app (the wc: link), Choose your wallet and Copy link; no QR code', async () => {
    const chose = vi.fn()
    await mountPanel({ state: 'connecting', uri: sampleUri, mobile: true, phone: true, onChooseWallet: chose })
    await expect.element(page.getByRole('link', { name: 'Open wallet app' })).toHaveAttribute('href', sampleUri)
    await expect.element(page.getByText('Open your wallet app to connect')).toBeVisible()
    expect(qr().query()).toBeNull()
    await userEvent.click(page.getByRole('button', { name: 'Choose your wallet' }))
    expect(chose).toHaveBeenCalledTimes(1)
    await expect.element(page.getByRole('button', { name: 'Copy link' })).toBeEnabled()
  })

  test('on a desktop the phone layout never shows: QR code, Scan headline, no Open wallet app', async () => {
    await mountPanel({ state: 'connecting', uri: sampleUri, wallet: normalWallet })
    await expect.element(qr()).toHaveAttribute('data-uri', sampleUri)
    await expect.element(page.getByText('Scan with Normal Wallet, or open it below')).toBeVisible()
    expect(document.querySelector('[data-layout="qr"]')).not.toBeNull()
    expect(page.getByRole('link', { name: 'Open wallet app' }).query()).toBeNull()
    expect(page.getByRole('button', { name: 'Choose your wallet' }).query()).toBeNull()
  })

  test('hostile directory entries: no javascript:, data:, vbscript: or intent: href anywhere', async () => {
    for (const wallet of hostileWallets) {
      const { screen } = await mountPanel({ state: 'connecting', uri: sampleUri, wallet, mobile: true })
      await expect.element(qr()).toHaveAttribute('data-uri', sampleUri)
      const hrefs = [...page.getByTestId('surface').element().querySelectorAll('[href], [src], [action]')].map(
        (e) => e.getAttribute('href') ?? e.getAttribute('src') ?? e.getAttribute('action') ?? '',
      )
      // What is safe stays usable: the app-scheme mobile link of the first two, the https web app.
      if (wallet.mobile_link?.endsWith('link://')) expect(hrefs.length).toBeGreaterThan(0)
      for (const href of hrefs) expect(href).not.toMatch(/^\s*(javascript|data|vbscript|intent|http):/i)
      expect(hrefs.every((href) => /^(https:\/\/|[a-z][a-z0-9+.-]*:\/\/wc\?uri=wc%3A)/.test(href))).toBe(true)
      // Markup in a name is text.
      expect(document.querySelector('img[src="x"]')).toBeNull()
      await screen.unmount()
    }
    expect((window as { __pwned?: number }).__pwned).toBeUndefined()
  })
})

describe('a renewed link', () => {
  const status = () => page.getByRole('status').filter({ hasText: /link expired/ })

  test('when the URI changes while the view is open (an expiry), a polite status says a new one is ready', async () => {
    const { screen, Wrapper } = await mountPanel({ state: 'connecting', uri: sampleUri })
    await expect.element(qr()).toHaveAttribute('data-uri', sampleUri)
    const live = document.querySelector('[data-slot="link-renewed"]')
    // The live region is there (empty) before anything is said in it, so the change is announced.
    expect(live?.getAttribute('aria-live')).toBe('polite')
    expect(live?.textContent).toBe('')
    // Empty, it takes no room: the panel looks as it did before any renewal.
    expect(getComputedStyle(live as Element).position).toBe('absolute')
    // Between the two links there is none (the expired one is withdrawn first).
    await screen.rerender(
      <Wrapper>
        <PanelOnSurface state="loading" uri={undefined} />
      </Wrapper>,
    )
    await screen.rerender(
      <Wrapper>
        <PanelOnSurface state="connecting" uri={renewedUri} />
      </Wrapper>,
    )
    await expect.element(status()).toHaveTextContent('The link expired. A new one is ready.')
    expect(document.querySelector('[data-slot="link-renewed"]')).toBe(live)
    expect(getComputedStyle(live as Element).position).toBe('static')
    await expect.element(qr()).toHaveAttribute('data-uri', renewedUri)
  })

  test('on a phone it says to open the wallet again, and its Open link carries the new URI', async () => {
    const props = { wallet: normalWallet, mobile: true, phone: true } as const
    const { screen, Wrapper } = await mountPanel({ state: 'connecting', uri: sampleUri, ...props })
    await expect.element(page.getByRole('link', { name: 'Open Normal Wallet' })).toBeVisible()
    await screen.rerender(
      <Wrapper>
        <PanelOnSurface state="connecting" uri={renewedUri} {...props} />
      </Wrapper>,
    )
    await expect.element(status()).toHaveTextContent('The link expired. A new one is ready: open Normal Wallet again.')
    await expect
      .element(page.getByRole('link', { name: 'Open Normal Wallet' }))
      .toHaveAttribute('href', `normalwallet://wc?uri=${encodeURIComponent(renewedUri)}`)
  })

  test('a new link after a rejection (Try again) is a new attempt, not a renewal', async () => {
    const { screen, Wrapper } = await mountPanel({ state: 'connecting', uri: sampleUri })
    await expect.element(qr()).toHaveAttribute('data-uri', sampleUri)
    await screen.rerender(
      <Wrapper>
        <PanelOnSurface state="rejected" uri={undefined} />
      </Wrapper>,
    )
    await expect.element(page.getByRole('button', { name: 'Try again' })).toBeVisible()
    await screen.rerender(
      <Wrapper>
        <PanelOnSurface state="connecting" uri={renewedUri} />
      </Wrapper>,
    )
    await expect.element(qr()).toHaveAttribute('data-uri', renewedUri)
    expect(document.querySelector('[data-slot="link-renewed"]')?.textContent).toBe('')
  })
})

describe('views in the modal', () => {
  test('ConnectingWalletConnect is titled with the wallet and waits for a pairing', async () => {
    const { Wrapper } = await harness()
    await render(
      <Wrapper>
        <OpenAt view="ConnectingWalletConnect" data={{ wallet: normalWallet }} />
      </Wrapper>,
    )
    await expect.element(page.getByRole('heading', { name: 'Normal Wallet' })).toBeVisible()
    await expect.element(page.getByRole('dialog').getByRole('img', { name: 'Preparing the QR code…' })).toBeVisible()
    expect(document.querySelector('[data-slot="connecting-walletconnect-view"]')?.getAttribute('data-state')).toBe(
      'loading',
    )
  })

  test('ConnectingWalletConnectBasic is titled WalletConnect', async () => {
    const { Wrapper } = await harness()
    await render(
      <Wrapper>
        <OpenAt view="ConnectingWalletConnectBasic" />
      </Wrapper>,
    )
    await expect.element(page.getByRole('heading', { name: 'WalletConnect' })).toBeVisible()
    await expect.element(page.getByRole('button', { name: 'Copy link' })).toBeDisabled()
  })
})

describe('devnet relay', () => {
  const relayUrl = inject('devnet').walletConnectRelayUrl

  test('Connect lists WalletConnect once; the Basic view shows a real pairing URI from the relay', async () => {
    const { Wrapper } = await harness({ walletConnectRelayUrl: relayUrl })
    await render(
      <Wrapper>
        <OpenAt view="Connect" />
      </Wrapper>,
    )
    const rows = page.getByRole('button', { name: /WalletConnect/ })
    await expect.element(rows.first()).toBeVisible()
    expect(rows.elements()).toHaveLength(1)
    // First, by the spec's connector order.
    expect(document.querySelector('[data-slot="wallet-row"]')?.textContent).toContain('WalletConnect')
    await userEvent.click(rows.first())
    await expect.element(page.getByRole('heading', { name: 'WalletConnect' })).toBeVisible()
    await expect
      .element(qr(), { timeout: 15_000 })
      .toHaveAttribute('data-uri', expect.stringMatching(/^wc:[0-9a-f]{64}@2\?/))
    expect(qr().element().getAttribute('data-uri')).toContain('relay-protocol=irn')
    await saveScreenshot('walletconnect/relay-basic')
    // Leaving the view gives the pairing up (the URI goes away).
    await modalSettled()
    await userEvent.click(page.getByRole('button', { name: 'Back' }))
    await expect.element(page.getByRole('heading', { name: 'Connect Wallet' })).toBeVisible()
  })
})

describe('WalletConnect: nothing of it loads when the Connect list shows, all of it on intent', () => {
  const relayUrl = inject('devnet').walletConnectRelayUrl
  /** Resolves once the page has been idle (what `runAtIdle` waits for), twice over. */
  const idle = async () => {
    for (let i = 0; i < 2; i++) await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 }))
  }
  /** Moves the pointer to the page's corner, so the modal does not open under it (which is intent). */
  const parkPointer = async () => {
    await render(<p style={{ position: 'fixed', top: 0, left: 0, margin: 0 }}>pointer parked here</p>)
    await userEvent.hover(page.getByText('pointer parked here'))
  }

  test('Connect: nothing loads while the list shows; pointing at the WalletConnect row prepares it', async () => {
    const { Wrapper, portico } = await harness({ walletConnectRelayUrl: relayUrl })
    const walletConnect = walletConnectOf(portico)
    if (!walletConnect) throw new Error('WalletConnect is configured in this harness')
    const prepare = vi.spyOn(walletConnect, 'prepare')
    // Loading the controller is what fetches WalletConnect's code (prepareWalletConnect with start: false).
    const load = vi.spyOn(walletConnect, 'load')
    await parkPointer()
    await render(
      <Wrapper>
        <OpenAt view="Connect" />
      </Wrapper>,
    )
    const row = page.getByRole('button', { name: /WalletConnect/ })
    await expect.element(row).toBeVisible()
    await idle()
    expect(load).not.toHaveBeenCalled()
    expect(prepare).not.toHaveBeenCalled()
    // An installed wallet's row is no intent toward WalletConnect.
    await userEvent.hover(page.getByRole('button', { name: /Devnet Wallet/ }))
    await idle()
    expect(load).not.toHaveBeenCalled()
    await userEvent.hover(row)
    await vi.waitFor(() => expect(prepare).toHaveBeenCalledTimes(1), { timeout: 10_000 })
    // The pick that follows shows the prepared pairing.
    await userEvent.click(row)
    await expect
      .element(qr(), { timeout: 15_000 })
      .toHaveAttribute('data-uri', expect.stringMatching(/^wc:[0-9a-f]{64}@2\?/))
  })

  test('All Wallets: reaching for it loads only the code; opening it or typing a search starts nothing; pointing at or focusing a directory wallet does', async () => {
    const server = inject('imageServerUrl')
    const { Wrapper, portico } = await harness({ walletConnectRelayUrl: relayUrl, directoryUrl: server })
    const walletConnect = walletConnectOf(portico)
    if (!walletConnect) throw new Error('WalletConnect is configured in this harness')
    const prepare = vi.spyOn(walletConnect, 'prepare')
    const load = vi.spyOn(walletConnect, 'load')
    await parkPointer()
    await render(
      <Wrapper>
        <OpenAt view="Connect" />
      </Wrapper>,
    )
    const allWallets = page.getByRole('button', { name: /All Wallets/ })
    await expect.element(allWallets).toBeVisible()
    await idle()
    expect(load).not.toHaveBeenCalled()
    // The way into the directory leads to wallets that pair over WalletConnect: focused, it loads
    // the SDK's code, but it starts no client (it is often searched for an installed wallet); nor
    // does the list appearing under the resting pointer.
    ;(allWallets.element() as HTMLElement).focus()
    await vi.waitFor(() => expect(load).toHaveBeenCalled(), { timeout: 10_000 })
    await idle()
    expect(prepare).not.toHaveBeenCalled()
    await userEvent.click(allWallets)
    const search = page.getByRole('searchbox', { name: 'Search wallets' })
    await expect.element(search).toBeVisible()
    await expect.element(page.getByRole('button', { name: 'Directory Wallet 001' })).toBeVisible()
    await idle()
    await userEvent.type(search, 'Directory Wallet 00')
    await expect.element(page.getByRole('button', { name: 'Directory Wallet 005' })).toBeVisible()
    await idle()
    expect(prepare).not.toHaveBeenCalled()
    // Arrow Down from the search enters the list: focus on a directory wallet is intent.
    await userEvent.keyboard('{ArrowDown}')
    await vi.waitFor(() => expect(prepare).toHaveBeenCalled(), { timeout: 10_000 })
    prepare.mockClear()
    ;(search.element() as HTMLElement).focus()
    // So is the pointer over one.
    await userEvent.hover(page.getByRole('button', { name: 'Directory Wallet 005' }))
    await vi.waitFor(() => expect(prepare).toHaveBeenCalled(), { timeout: 10_000 })
  })
})

describe('directory wallets over the devnet relay', () => {
  const relayUrl = inject('devnet').walletConnectRelayUrl
  const server = inject('imageServerUrl')

  /**
   * Searches the directory and waits for the answer's list: a row clicked before the search settles
   * may be moved from under the pointer by the list the search commits (the browse list's row 5
   * becomes the answer's first row), and the click then lands beside it.
   */
  const searchFor = async (term: string) => {
    await userEvent.fill(page.getByRole('searchbox', { name: 'Search wallets' }), term)
    const view = () => document.querySelector('[data-slot="all-wallets-view"]') as HTMLElement
    await vi.waitFor(
      () => {
        expect(view().getAttribute('data-query')).toBe(term)
        expect(view().hasAttribute('data-provisional')).toBe(false)
      },
      { timeout: 10_000 },
    )
  }

  test('AllWallets: a directory wallet opens its WalletConnect view; hostile links never become hrefs', async () => {
    const { Wrapper } = await harness({ walletConnectRelayUrl: relayUrl, directoryUrl: server })
    await render(
      <Wrapper>
        <OpenAt view="AllWallets" />
      </Wrapper>,
    )
    await searchFor('Directory Wallet 005')
    await modalSettled()
    await userEvent.click(page.getByRole('button', { name: 'Directory Wallet 005' }))
    await expect.element(page.getByRole('heading', { name: 'Directory Wallet 005' })).toBeVisible()
    await expect.element(qr()).toHaveAttribute('data-uri', expect.stringMatching(/^wc:/))
    const uri = qr().element().getAttribute('data-uri') as string
    await expect
      .element(page.getByRole('link', { name: 'Open web app' }))
      .toHaveAttribute('href', `https://wallet005.example/wc?uri=${encodeURIComponent(uri)}`)

    for (const search of ['evil', 'long']) {
      await modalSettled()
      await userEvent.click(page.getByRole('button', { name: 'Back' }))
      await searchFor(search)
      await modalSettled()
      await userEvent.click(page.getByRole('button', { name: search === 'evil' ? /Evil/ : /^Long/ }))
      await expect.element(qr()).toHaveAttribute('data-uri', expect.stringMatching(/^wc:/))
      const hrefs = [...page.getByRole('dialog').element().querySelectorAll('[href]')].map((e) =>
        e.getAttribute('href'),
      )
      expect(hrefs).toEqual([])
    }
    expect((window as { __pwned?: number }).__pwned).toBeUndefined()
  })
})

describe('every WalletConnect view: accessible, and screenshots for people', () => {
  for (const mode of ['dark', 'light'] as const) {
    test(`${mode}: basic and wallet views, waiting, with a URI, on a phone, rejected`, async () => {
      const shots: [string, PanelProps][] = [
        ['basic', { state: 'connecting', uri: sampleUri }],
        ['basic-loading', { state: 'loading', uri: undefined }],
        ['basic-rejected', { state: 'rejected', uri: undefined }],
        ['wallet', { state: 'connecting', uri: sampleUri, wallet: normalWallet }],
        ['wallet-mobile', { state: 'connecting', uri: sampleUri, wallet: normalWallet, mobile: true }],
        ['wallet-error', { state: 'error', uri: undefined, wallet: normalWallet }],
      ]
      for (const [name, props] of shots) {
        const { screen } = await mountPanel(props, { ui: { themeMode: mode } })
        if (props.uri) await expect.element(qr()).toHaveAttribute('data-state', 'ready')
        await expectNoSeriousA11yViolations(page.getByTestId('surface').element())
        await saveScreenshot(`walletconnect/${name}-${mode}`, { element: page.getByTestId('surface') })
        await screen.unmount()
      }
      // The real views in the dialog (waiting for a pairing until WalletConnect is configured).
      for (const [name, view] of [
        ['modal-basic', 'ConnectingWalletConnectBasic'],
        ['modal-wallet', 'ConnectingWalletConnect'],
      ] as const) {
        const { Wrapper } = await harness({ ui: { themeMode: mode } })
        const screen = await render(
          <Wrapper>
            <OpenAt {...(view === 'ConnectingWalletConnect' ? { view, data: { wallet: normalWallet } } : { view })} />
          </Wrapper>,
        )
        await expect.element(page.getByRole('dialog').getByRole('img', { name: /QR code/ })).toBeVisible()
        await expectNoSeriousA11yViolations(page.getByRole('dialog').element())
        await saveScreenshot(`walletconnect/${name}-${mode}`)
        await screen.unmount()
      }
    })
  }
})
