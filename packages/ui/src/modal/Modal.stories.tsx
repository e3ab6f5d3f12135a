import type { Meta, StoryObj } from '@storybook/react-vite'
import { type ReactNode, useEffect } from 'react'
import { ConnectButton } from '../buttons/ConnectButton.js'
import { usePorticoUI } from '../context.js'
import { EmbeddedModal } from '../EmbeddedModal.js'
import type { PorticoUIProps } from '../PorticoUI.js'
import type { HarnessOptions } from '../test/harness.js'
import { type Harness, harnessLoader, Stage, themeModeOf } from '../test/storyHarness.js'
import { type ToastVariant, useToasts } from './toasts.js'
import type { PlainViewName } from './views.js'

// ---------------------------------------------------------------------------------------------
// DOM helpers for play functions (no testing library: plain DOM, like a user would).
// ---------------------------------------------------------------------------------------------

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits for an element; the modal is lazily loaded and portalled to `document.body`. */
async function waitFor<T extends Element>(
  root: ParentNode,
  selector: string,
  match: (element: T) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = [...root.querySelectorAll<T>(selector)].find(match)
    if (found) return found
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${selector}`)
    await sleep(50)
  }
}

const walletRow = (document: Document, name: string) =>
  waitFor<HTMLButtonElement>(document, '[data-slot="wallet-row"]', (row) => row.textContent?.includes(name) ?? false)

/** Types like a user: one character at a time through the native setter, so React sees each change. */
async function typeInto(input: HTMLInputElement, text: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
  input.focus()
  for (const character of text) {
    setValue?.call(input, input.value + character)
    input.dispatchEvent(new Event('input', { bubbles: true }))
    await sleep(40)
  }
}

// ---------------------------------------------------------------------------------------------
// Stories
// ---------------------------------------------------------------------------------------------

/** The host page behind the overlay: a header with the Connect button. */
function HostPage() {
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 16 }}>
      <strong style={{ fontFamily: 'system-ui, sans-serif' }}>Host app</strong>
      <ConnectButton />
    </div>
  )
}

const meta: Meta = {
  title: 'UI/Modal',
  parameters: {
    controls: { disable: true },
    docs: {
      description: {
        component:
          'The prebuilt modal on each view, driven by a real Portico instance with EIP-1193 test wallets announced over EIP-6963. Switch light/dark with the Theme toolbar.',
      },
    },
  },
}

export default meta

type Story = StoryObj

type ModalStoryOptions = {
  harness?: HarnessOptions
  prepare?: (harness: Harness) => void
  view?: PlainViewName
  ui?: Omit<PorticoUIProps, 'children' | 'themeMode'>
  page?: ReactNode
  play?: Story['play']
  globals?: Story['globals']
}

function modalStory({ harness = {}, prepare, view, ui, page, play, globals }: ModalStoryOptions): Story {
  return {
    loaders: [harnessLoader(harness, prepare)],
    render: (_args, { loaded, globals: current }) => (
      <Stage harness={loaded.harness as Harness} themeMode={themeModeOf(current)} view={view} ui={ui}>
        {page ?? <HostPage />}
      </Stage>
    ),
    ...(play ? { play } : {}),
    ...(globals ? { globals } : {}),
  }
}

const light = { theme: 'light' }
const dark = { theme: 'dark' }

// Connect ----------------------------------------------------------------------------------------

/** Installed wallets first; a broken icon falls back to a glyph. */
export const Connect: Story = modalStory({ harness: { extraWallets: 6 }, view: 'Connect' })
export const ConnectLight: Story = { ...Connect, name: 'Connect (light)', globals: light }
export const ConnectDark: Story = { ...Connect, name: 'Connect (dark)', globals: dark }

/** No wallet announced: the empty state. */
export const ConnectEmpty: Story = modalStory({ harness: { devnetWallet: false }, view: 'Connect' })

// All wallets -----------------------------------------------------------------------------------

/** 40 wallets (the Devnet Wallet and 39 more, the first four with broken or hostile icons), virtualised. */
export const AllWallets: Story = modalStory({ harness: { extraWallets: 39 }, view: 'AllWallets' })
export const AllWalletsLight: Story = { ...AllWallets, name: 'All Wallets (light)', globals: light }
export const AllWalletsDark: Story = { ...AllWallets, name: 'All Wallets (dark)', globals: dark }

/** The play function types a wallet nobody announced into the search. */
export const AllWalletsNoResults: Story = modalStory({
  harness: { extraWallets: 12 },
  view: 'AllWallets',
  play: async ({ canvasElement }) => {
    const document = canvasElement.ownerDocument
    const input = await waitFor<HTMLInputElement>(document, '[data-slot="all-wallets-view"] input[type="search"]')
    await typeInto(input, 'MetaMask')
    // The search waits 300 ms after the last keystroke, then shows the empty state.
    await waitFor<HTMLElement>(document, '[data-slot="all-wallets-view"]', (view) => Boolean(view.dataset.query))
  },
})

// Connecting --------------------------------------------------------------------------------------

/** A wallet that never answers: the waiting state (the play function picks it). */
export const ConnectingWaiting: Story = modalStory({
  harness: { pendingWallet: true, devnetWallet: false },
  view: 'Connect',
  play: async ({ canvasElement }) => {
    const document = canvasElement.ownerDocument
    ;(await walletRow(document, 'Slow Wallet')).click()
    await waitFor(document, '[data-slot="connecting-external"][data-state="connecting"]')
  },
})
export const ConnectingWaitingLight: Story = {
  ...ConnectingWaiting,
  name: 'Connecting Waiting (light)',
  globals: light,
}
export const ConnectingWaitingDark: Story = { ...ConnectingWaiting, name: 'Connecting Waiting (dark)', globals: dark }

/** The wallet declines `eth_requestAccounts`: the rejected state with Try again (which then connects). */
export const ConnectingRejected: Story = modalStory({
  harness: {},
  prepare: (harness) => harness.wallet.rejectNext('eth_requestAccounts'),
  view: 'Connect',
  play: async ({ canvasElement }) => {
    const document = canvasElement.ownerDocument
    ;(await walletRow(document, 'Devnet Wallet')).click()
    await waitFor(document, '[data-slot="connecting-external"][data-state="rejected"]')
  },
})

// Account -----------------------------------------------------------------------------------------

/**
 * Connected with seeded ETH, USDC and PTK balances, the blockchain API on (as by default): the
 * Swap button and the NFTs and Activity tabs.
 */
export const Account: Story = modalStory({ harness: { connected: true, blockchainApi: true }, view: 'Account' })
export const AccountLight: Story = { ...Account, name: 'Account (light)', globals: light }
export const AccountDark: Story = { ...Account, name: 'Account (dark)', globals: dark }

/** The balance request fails for real (closed loopback port): dash, empty tokens tab and an error toast. */
export const AccountBalanceError: Story = modalStory({
  harness: { connected: true, balances: 'error' },
  view: 'Account',
})

// Networks ----------------------------------------------------------------------------------------

export const Networks: Story = modalStory({ harness: { connected: true }, view: 'Networks' })
export const NetworksLight: Story = { ...Networks, name: 'Networks (light)', globals: light }
export const NetworksDark: Story = { ...Networks, name: 'Networks (dark)', globals: dark }

/** The wallet is on chain 5, which the app does not configure. */
export const UnsupportedChain: Story = modalStory({
  harness: { connected: true, walletChainId: 5 },
  view: 'UnsupportedChain',
})
export const UnsupportedChainLight: Story = { ...UnsupportedChain, name: 'Unsupported Chain (light)', globals: light }
export const UnsupportedChainDark: Story = { ...UnsupportedChain, name: 'Unsupported Chain (dark)', globals: dark }

// Embedded ----------------------------------------------------------------------------------------

function EmbeddedPage() {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 32, alignItems: 'flex-start' }}>
      <section style={{ flex: '1 1 240px', maxWidth: 360, fontFamily: 'system-ui, sans-serif', lineHeight: 1.5 }}>
        <h2 style={{ marginTop: 0 }}>Checkout</h2>
        <p>
          <code>{'<PorticoUI embedded>'}</code> with <code>{'<EmbeddedModal />'}</code>: the modal sits in the page
          layout, has no overlay or close button, and never closes. The Connect button drives the same modal.
        </p>
        <ConnectButton />
      </section>
      <aside style={{ flex: '1 1 360px', maxWidth: 400 }}>
        <EmbeddedModal />
      </aside>
    </div>
  )
}

/** The modal rendered inline (`<PorticoUI embedded>` + `<EmbeddedModal />`). */
export const Embedded: Story = modalStory({
  harness: { extraWallets: 3 },
  ui: { embedded: true },
  page: <EmbeddedPage />,
})
export const EmbeddedLight: Story = { ...Embedded, name: 'Embedded (light)', globals: light }
export const EmbeddedDark: Story = { ...Embedded, name: 'Embedded (dark)', globals: dark }

/** Embedded while connected: closing returns to Account rather than closing. */
export const EmbeddedConnected: Story = modalStory({
  harness: { connected: true },
  ui: { embedded: true },
  page: <EmbeddedPage />,
})

// Toasts ------------------------------------------------------------------------------------------

/**
 * Shows a toast through the modal's toasts and keeps it up: success and error toasts leave after
 * 2.5 s, so the story shows them again when they go.
 */
function PinnedToast({ variant }: { variant: ToastVariant }) {
  const { messages } = usePorticoUI('PinnedToast')
  const toasts = useToasts()
  const message =
    variant === 'loading'
      ? messages.switchingNetwork
      : variant === 'success'
        ? messages.addressCopied
        : messages.copyFailed
  useEffect(() => {
    let active = true
    const show = () => toasts.show(variant, message)
    show()
    const unsubscribe = toasts.subscribe(() => {
      const { toast, leaving } = toasts.get()
      if (!toast && !leaving) queueMicrotask(() => active && show())
    })
    return () => {
      active = false
      unsubscribe()
      toasts.dismiss()
    }
  }, [toasts, variant, message])
  return null
}

const toastStory = (variant: ToastVariant): Story =>
  modalStory({
    harness: { connected: true },
    view: 'Account',
    page: (
      <>
        <HostPage />
        <PinnedToast variant={variant} />
      </>
    ),
  })

/** `toasts.show('loading', …)`: stays until replaced or dismissed. */
export const ToastLoading: Story = toastStory('loading')
/** `toasts.show('success', …)`. */
export const ToastSuccess: Story = toastStory('success')
/** `toasts.show('error', …)`. */
export const ToastError: Story = toastStory('error')

function ToastButtons() {
  const { messages } = usePorticoUI('ToastButtons')
  const toasts = useToasts()
  const style = { font: 'inherit', padding: '6px 12px', borderRadius: 8, cursor: 'pointer' }
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginBottom: 16 }}>
      <button type="button" style={style} onClick={() => toasts.show('loading', messages.switchingNetwork)}>
        Loading toast
      </button>
      <button type="button" style={style} onClick={() => toasts.show('success', messages.addressCopied)}>
        Success toast
      </button>
      <button type="button" style={style} onClick={() => toasts.show('error', messages.copyFailed)}>
        Error toast
      </button>
      <button type="button" style={style} onClick={() => toasts.dismiss()}>
        Dismiss
      </button>
    </div>
  )
}

/** Trigger each toast variant yourself (embedded, so the buttons stay clickable next to the modal). */
export const Toasts: Story = modalStory({
  harness: { connected: true },
  ui: { embedded: true },
  page: (
    <>
      <ToastButtons />
      <div style={{ maxWidth: 400 }}>
        <EmbeddedModal />
      </div>
    </>
  ),
})
