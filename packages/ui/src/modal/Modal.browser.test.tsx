import {
  addNetwork,
  eip155Network,
  formatBalance,
  PorticoProvider,
  removeNetwork,
  truncateAddress,
} from '@portico/headless'
import { useState } from 'react'
import { createPublicClient, createWalletClient, formatEther, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { expectNoSeriousA11yViolations } from '../__infra__/axe.js'
import { saveScreenshot } from '../__infra__/screenshot.js'
import { AccountButton } from '../buttons/AccountButton.js'
import { ConnectButton } from '../buttons/ConnectButton.js'
import { NetworkButton } from '../buttons/NetworkButton.js'
import { EmbeddedModal } from '../EmbeddedModal.js'
import { PorticoUI } from '../PorticoUI.js'
import { recordAnnouncements } from '../test/announcements.js'
import { createHarness, type HarnessOptions } from '../test/harness.js'
import { accountViewSettled, modalSettled } from '../test/modalSettled.js'
import { useModal } from '../useModal.js'
import '../test/provided.js'

const devnet = inject('devnet')
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const stop of cleanups.splice(0)) stop()
})

async function mount(
  options: HarnessOptions = {},
  view?: Parameters<typeof render>[0] extends never ? never : 'Connect' | 'AllWallets' | 'Account' | 'Networks',
) {
  const harness = await createHarness({ rpcUrl: devnet.evmRpcUrl, ...options })
  cleanups.push(harness.cleanup)
  const { Wrapper } = harness
  const screen = await render(
    <Wrapper view={view}>
      <ConnectButton />
    </Wrapper>,
  )
  return { ...harness, screen }
}

/** Unmounts every rendered tree and stops the harnesses' wallets (between mounts in one test). */
async function unmountAll() {
  await cleanup()
  for (const stop of cleanups.splice(0)) stop()
}

const dialog = () => page.getByRole('dialog')
const title = (name: string) => page.getByRole('heading', { name })

describe('navigation', () => {
  test('back pops; at the first view back closes and resets to Connect', async () => {
    await mount({ extraWallets: 8 })
    await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
    await expect.element(title('Connect Wallet')).toBeVisible()
    // Each view's rows arrive after its heading and grow the centred dialog, moving every button:
    // each click waits for the modal to be whole and still.
    await modalSettled()
    await userEvent.click(page.getByRole('button', { name: /All Wallets/ }))
    await expect.element(title('All Wallets')).toBeVisible()
    await modalSettled()
    await userEvent.click(page.getByRole('button', { name: 'Back' }))
    await expect.element(title('Connect Wallet')).toBeVisible()
    expect(page.getByRole('button', { name: 'Back' }).query()).toBeNull()
    await modalSettled()
    await userEvent.click(page.getByRole('button', { name: 'Close' }))
    await expect.element(dialog()).not.toBeInTheDocument()
  })

  test('opens on Account when connected', async () => {
    await mount({ connected: true })
    await userEvent.click(
      page.getByRole('button', {
        name: new RegExp(truncateAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266').replace('…', '.')),
      }),
    )
    await expect.element(title('Account')).toBeVisible()
  })
})

describe('focus and keyboard', () => {
  test('focus moves into the dialog, Escape closes it and focus returns to the button', async () => {
    await mount()
    const trigger = page.getByRole('button', { name: 'Connect Wallet' })
    await userEvent.click(trigger)
    await expect.element(dialog()).toBeVisible()
    // Focus moves in once the opening frame is painted (ModalContent), not inside it.
    await expect.poll(() => dialog().element().contains(document.activeElement)).toBe(true)
    // The page behind is hidden from assistive tech; the toasts' live region is not.
    const hidden = (selector: string) => Boolean(document.querySelector(selector)?.closest('[aria-hidden="true"]'))
    expect(hidden('[data-slot="connect-button"]')).toBe(true)
    expect(hidden('[data-slot="toast-region"]')).toBe(false)
    expect(hidden('[role="dialog"]')).toBe(false)
    expect(document.querySelector('[role="dialog"]')?.getAttribute('aria-modal')).toBe('true')
    await userEvent.keyboard('{Escape}')
    await expect.element(dialog()).not.toBeInTheDocument()
    expect(hidden('[data-slot="connect-button"]')).toBe(false)
    await expect.element(trigger).toHaveFocus()
  })

  test('the keyboard ring shows for keyboard users only: none after a mouse open, one after a keyboard open', async () => {
    await mount()
    const trigger = page.getByRole('button', { name: 'Connect Wallet' })
    const outlineOfFocused = () => getComputedStyle(document.activeElement as Element).outlineStyle
    await userEvent.click(trigger)
    await expect.poll(() => dialog().element().contains(document.activeElement)).toBe(true)
    expect(outlineOfFocused()).toBe('none')
    // A key pressed in the dialog makes the user a keyboard user: Tab moves on with the ring.
    await userEvent.keyboard('{Tab}')
    expect(dialog().element().contains(document.activeElement)).toBe(true)
    expect(outlineOfFocused()).not.toBe('none')
    await userEvent.keyboard('{Escape}')
    await expect.element(dialog()).not.toBeInTheDocument()

    // Reached with Tab and opened with Enter: the first control shows the ring.
    await expect.element(trigger).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect.poll(() => dialog().element().contains(document.activeElement)).toBe(true)
    expect(document.activeElement?.hasAttribute('data-pointer-focus')).toBe(false)
    expect(outlineOfFocused()).not.toBe('none')
  })

  test('a mouse user picking an Account tab sees no keyboard ring on it', async () => {
    // The blockchain API on: its NFTs and Activity tabs are there.
    await mount({ connected: true, blockchainApiUrl: devnet.apiUrl })
    await userEvent.click(page.getByRole('button', { name: /0xf3/i }))
    await expect.poll(() => dialog().element().contains(document.activeElement)).toBe(true)
    const tab = dialog().getByRole('tab').nth(2)
    await accountViewSettled()
    await userEvent.click(tab)
    await expect.element(tab).toHaveAttribute('data-state', 'active')
    expect(getComputedStyle(tab.element()).outlineStyle).toBe('none')
  })

  test('focus is trapped: Tab cycles inside the dialog', async () => {
    await mount({ extraWallets: 2 })
    await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
    await expect.element(dialog()).toBeVisible()
    await expect.poll(() => dialog().element().contains(document.activeElement)).toBe(true)
    for (let i = 0; i < 12; i++) {
      await userEvent.keyboard('{Tab}')
      expect(dialog().element().contains(document.activeElement)).toBe(true)
    }
  })

  test('keyboard only: connect the Devnet Wallet, see the anvil balance', async () => {
    await mount()
    page.getByRole('button', { name: 'Connect Wallet' }).element().focus()
    await userEvent.keyboard('{Enter}')
    await expect.element(dialog()).toBeVisible()
    // Focus starts on the first focusable element (Close); Tab reaches the first wallet.
    const row = page.getByRole('button', { name: /Devnet Wallet/ })
    for (let i = 0; i < 5 && document.activeElement !== row.element(); i++) await userEvent.keyboard('{Tab}')
    await expect.element(row).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect.element(dialog()).not.toBeInTheDocument()

    const client = createPublicClient({ transport: http(devnet.evmRpcUrl) })
    const wei = await client.getBalance({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })
    const button = page.getByRole('button', { name: /0xf3/ })
    await expect.element(button).toHaveTextContent(`${formatBalance(formatEther(wei))} ETH`)
    await expect.element(button).toHaveTextContent(truncateAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'))
  })
})

/** Whether the modal store says open, rendered beside the button. */
function OpenState() {
  return <output data-testid="open-state">{String(useModal().isOpen)}</output>
}

describe('press to open', () => {
  async function mountWithState(options: HarnessOptions = {}) {
    const harness = await createHarness({ rpcUrl: devnet.evmRpcUrl, ...options })
    cleanups.push(harness.cleanup)
    await render(
      <harness.Wrapper>
        <ConnectButton />
        <OpenState />
      </harness.Wrapper>,
    )
    return page.getByRole('button', { name: 'Connect Wallet' }).element() as HTMLButtonElement
  }
  const press = (element: Element, init: PointerEventInit) =>
    element.dispatchEvent(
      new PointerEvent('pointerdown', { bubbles: true, cancelable: true, isPrimary: true, button: 0, ...init }),
    )
  const state = () => page.getByTestId('open-state')

  test('a mouse press opens the modal while the button is held; the click ending it changes nothing; focus comes back', async () => {
    const button = await mountWithState({ extraWallets: 8 })
    // preventDefault: the button does not take focus from the press, the dialog does.
    expect(press(button, { pointerType: 'mouse' })).toBe(false)
    await expect.element(state()).toHaveTextContent('true')
    await expect.element(title('Connect Wallet')).toBeVisible()
    await expect.poll(() => dialog().element().contains(document.activeElement)).toBe(true)
    await modalSettled()
    await userEvent.click(page.getByRole('button', { name: /All Wallets/ }))
    await expect.element(title('All Wallets')).toBeVisible()
    // The click that ends the press reaches the button (here dispatched to it, with a mouse click's
    // detail): no second open, no reset.
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 }))
    await expect.element(title('All Wallets')).toBeVisible()
    await userEvent.keyboard('{Escape}')
    await expect.element(dialog()).not.toBeInTheDocument()
    await expect.element(page.getByRole('button', { name: 'Connect Wallet' })).toHaveFocus()
  })

  test('a host that keeps the modal closed is asked once per press; the keyboard still asks', async () => {
    const harness = await createHarness({ rpcUrl: devnet.evmRpcUrl })
    cleanups.push(harness.cleanup)
    const log: boolean[] = []
    await render(
      <PorticoProvider config={harness.portico} queryClient={harness.queryClient} reconnectOnMount={false}>
        <PorticoUI open={false} onOpenChange={(next) => log.push(next)}>
          <ConnectButton />
        </PorticoUI>
      </PorticoProvider>,
    )
    const button = page.getByRole('button', { name: 'Connect Wallet' }).element() as HTMLButtonElement
    expect(press(button, { pointerType: 'mouse' })).toBe(false)
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 }))
    expect(log).toEqual([true])
    // Enter on the focused button: a click without a press (detail 0), which asks again.
    button.focus()
    await userEvent.keyboard('{Enter}')
    expect(log).toEqual([true, true])
    expect(dialog().query()).toBeNull()
  })

  test('touch, pen, other buttons and modifier keys wait for the click (a scroll starting on the button opens nothing)', async () => {
    const button = await mountWithState()
    for (const init of [
      { pointerType: 'touch' },
      { pointerType: 'pen' },
      { pointerType: 'mouse', button: 2 },
      { pointerType: 'mouse', ctrlKey: true },
      { pointerType: 'mouse', metaKey: true },
    ] satisfies PointerEventInit[]) {
      // Not prevented: the browser's own handling (focus, scrolling, context menu) goes on.
      expect(press(button, init)).toBe(true)
      expect(state().element().textContent).toBe('false')
    }
    button.click()
    await expect.element(state()).toHaveTextContent('true')
    await expect.element(title('Connect Wallet')).toBeVisible()
  })
})

describe('motion', () => {
  // Measured at the entrance's first frame, held there (the tests run with reduced motion, which
  // makes every animation one frame long).
  test('the dialog enters centred: its entrance adds to the centring, never replaces it', async () => {
    await mount()
    await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
    await expect.element(dialog()).toBeVisible()
    const content = document.querySelector<HTMLElement>('[data-slot="modal-content"]')
    if (!content) throw new Error('no dialog')
    // The entrance restarted and held at its first frame.
    const name = getComputedStyle(content).animationName
    content.style.setProperty('animation-name', 'none', 'important')
    void content.offsetWidth
    content.style.setProperty('animation-name', name, 'important')
    content.style.setProperty('animation-duration', '1000s', 'important')
    content.style.setProperty('animation-play-state', 'paused', 'important')
    const entering = content.getBoundingClientRect()
    content.removeAttribute('style')
    // It moves 12 px and scales from 98 %: its centre stays that close to the screen's.
    expect(Math.abs(entering.x + entering.width / 2 - innerWidth / 2)).toBeLessThan(2)
    expect(Math.abs(entering.y + entering.height / 2 - innerHeight / 2)).toBeLessThanOrEqual(13)
  })
})

describe('connecting', () => {
  test('a rejection shows the rejected state and shakes; retry connects', async () => {
    const { wallet } = await mount()
    wallet.rejectNext('eth_requestAccounts')
    await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
    await modalSettled()
    await userEvent.click(page.getByRole('button', { name: /Devnet Wallet/ }))
    await expect.element(page.getByText('Connection rejected')).toBeVisible()
    await expect.element(page.getByText('Connection rejected')).toBeVisible()
    expect(document.querySelector('[data-slot="connecting-external"]')?.getAttribute('data-state')).toBe('rejected')
    expect(document.querySelector('[data-slot="modal-frame"]')?.getAttribute('data-shake')).toBe('true')
    // The dialog's box is what shakes (the frame only says when).
    const content = document.querySelector<HTMLElement>('[data-slot="modal-content"]')
    expect(content && getComputedStyle(content).animationName).toMatch(/shake/)
    // The shake moves the dialog: Try again waits for it to end.
    await modalSettled()
    await userEvent.click(page.getByRole('button', { name: 'Try again' }))
    await expect.element(dialog()).not.toBeInTheDocument()
    await expect.element(page.getByRole('button', { name: /0xf3/ })).toBeVisible()
  })

  test('the waiting state while the wallet has not answered', async () => {
    await mount({ pendingWallet: true })
    await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
    await modalSettled()
    await userEvent.click(page.getByRole('button', { name: /Slow Wallet/ }))
    await expect.element(page.getByText('Continue in Slow Wallet')).toBeVisible()
    // The page behind the modal is aria-hidden, so read the button directly.
    expect(document.querySelector('[data-slot="connect-button"]')?.textContent).toBe('Connecting…')
  })

  test('a wallet that never answers is abandoned by closing the modal: the button is idle again', async () => {
    await mount({ pendingWallet: true })
    await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
    await modalSettled()
    await userEvent.click(page.getByRole('button', { name: /Slow Wallet/ }))
    await expect.element(page.getByText('Continue in Slow Wallet')).toBeVisible()
    await userEvent.keyboard('{Escape}')
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
    await expect.element(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
    // Another wallet can be picked at once; nothing is stuck in 'connecting'.
    await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
    await modalSettled()
    await userEvent.click(page.getByRole('button', { name: /Devnet Wallet/ }))
    await expect.element(page.getByRole('button', { name: /0xf3/ })).toBeVisible()
  })

  test('going back from the waiting view gives the attempt up too', async () => {
    await mount({ pendingWallet: true })
    await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
    await modalSettled()
    await userEvent.click(page.getByRole('button', { name: /Slow Wallet/ }))
    await expect.element(page.getByText('Continue in Slow Wallet')).toBeVisible()
    await modalSettled()
    await userEvent.click(page.getByRole('button', { name: 'Back' }))
    await expect.element(title('Connect Wallet')).toBeVisible()
    expect(document.querySelector('[data-slot="connect-button"]')?.textContent).toBe('Connect Wallet')
  })
})

/** A host that owns the modal's open state, as with a Radix Dialog. */
function Controlled({ log }: { log: boolean[] }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Host opens
      </button>
      <output data-testid="host-open">{String(open)}</output>
      <PorticoUI
        open={open}
        onOpenChange={(next) => {
          log.push(next)
          setOpen(next)
        }}
      >
        <ConnectButton />
      </PorticoUI>
    </>
  )
}

describe('controlled open', () => {
  test('the host owns open: its state opens the modal, Escape and the button ask through onOpenChange', async () => {
    const harness = await createHarness({ rpcUrl: devnet.evmRpcUrl })
    cleanups.push(harness.cleanup)
    const log: boolean[] = []
    await render(
      <PorticoProvider config={harness.portico} queryClient={harness.queryClient} reconnectOnMount={false}>
        <Controlled log={log} />
      </PorticoProvider>,
    )
    await userEvent.click(page.getByRole('button', { name: 'Host opens' }))
    await expect.element(title('Connect Wallet')).toBeVisible()
    expect(log).toEqual([])
    await userEvent.keyboard('{Escape}')
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
    expect(log).toEqual([false])
    await expect.element(page.getByTestId('host-open')).toHaveTextContent('false')
    await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
    await expect.element(title('Connect Wallet')).toBeVisible()
    expect(log).toEqual([false, true])
    await expect.element(page.getByTestId('host-open')).toHaveTextContent('true')
  })
})

describe('unsupported chain', () => {
  test('wallet on a network the app lacks: "Wrong network" and the unsupported view, switching fixes it', async () => {
    await mount({ connected: true, walletChainId: 5 })
    const account = page.getByRole('button', { name: /0xf3/ })
    await expect.element(page.getByRole('button', { name: 'Wrong network' })).toBeVisible()
    await userEvent.click(account)
    await expect.element(title('Switch Network')).toBeVisible()
    await expect.element(page.getByText('This network is not supported')).toBeVisible()
    await modalSettled()
    await userEvent.click(page.getByRole('button', { name: /^Devnet$/ }))
    await expect.element(title('Account')).toBeVisible()
    await expect.element(page.getByRole('button', { name: 'Wrong network' })).not.toBeInTheDocument()
  })

  test('not shown when unsupported chains are allowed', async () => {
    await mount({ connected: true, walletChainId: 5, allowUnsupportedChain: true })
    await userEvent.click(page.getByRole('button', { name: /0xf3/ }))
    await expect.element(title('Account')).toBeVisible()
  })
})

describe('toasts', () => {
  test('a failing balance shows the Token Balance Unavailable toast', async () => {
    const announced = recordAnnouncements()
    await mount({ connected: true, balances: 'error' }, 'Account')
    await expect.poll(announced.texts).toContain('Token Balance Unavailable')
    announced.stop()
  })

  test('the wallet ending the session is told in a toast, with the modal closed; info alerts are not', async () => {
    const announced = recordAnnouncements()
    const { portico } = await mount({ connected: true })
    portico.alerts.emit('MULTI_WALLET_NOT_ENABLED') // info: console only
    // Raised by the WalletConnect controller when the wallet deletes the session (its devnet test).
    portico.alerts.emit('WALLET_SESSION_ENDED')
    await expect.poll(announced.texts).toContain('The wallet ended the session')
    expect(announced.texts()).not.toContain('Multi-Wallet Not Enabled')
    announced.stop()
  })
})

describe('images', () => {
  test('hostile and broken icons fall back to a glyph; nothing runs', async () => {
    await mount({ extraWallets: 4 })
    await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
    await modalSettled()
    await userEvent.click(page.getByRole('button', { name: /All Wallets/ }))
    await expect.element(page.getByRole('button', { name: /Test Wallet 04/ })).toBeVisible()
    for (const n of ['01', '02', '03']) {
      const row = page.getByRole('button', { name: new RegExp(`Test Wallet ${n}`) }).element()
      // 01 and 02 are refused outright; 03 (a closed loopback port) fails when the request does.
      await expect.poll(() => row.querySelector('[data-state]')?.getAttribute('data-state')).toBe('fallback')
      expect(row.querySelector('img')).toBeNull()
    }
    const images = [...document.querySelectorAll('img')].map((img) => img.getAttribute('src') ?? '')
    expect(images.every((src) => /^(https?:|data:image\/)/.test(src))).toBe(true)
    expect((window as { __pwned?: number }).__pwned).toBeUndefined()
  })
})

describe('theming', () => {
  const accentOf = () =>
    getComputedStyle(page.getByRole('button', { name: 'Connect Wallet' }).element()).backgroundColor

  test('a token override changes the computed style', async () => {
    await mount({ ui: { themeVariables: { '--w3m-accent': '#ff0000' } } })
    expect(accentOf()).toBe('rgb(255, 0, 0)')
  })

  test('a malicious token value is rejected and the default stays', async () => {
    await mount()
    const normal = accentOf()
    expect(normal).toBe('rgb(51, 150, 255)')
    await unmountAll()
    await mount({ ui: { themeVariables: { '--w3m-accent': 'red;background:url(http://127.0.0.1:9/x)' } } })
    expect(accentOf()).toBe(normal)
    expect(accentOf()).not.toBe('rgb(255, 0, 0)')
  })

  test('light and dark differ; reduced motion removes transitions', async () => {
    await mount({ ui: { themeMode: 'light' } }, 'Connect')
    await expect.element(dialog()).toBeVisible()
    const light = getComputedStyle(dialog().element()).backgroundColor
    const transition = getComputedStyle(page.getByRole('button', { name: 'Close' }).element()).transitionDuration
    expect(Number.parseFloat(transition)).toBeLessThan(0.001)
    await unmountAll()
    await mount({ ui: { themeMode: 'dark' } }, 'Connect')
    await expect.element(dialog()).toBeVisible()
    expect(getComputedStyle(dialog().element()).backgroundColor).not.toBe(light)
  })
})

describe('embedded', () => {
  test('renders inline without a dialog or a close button', async () => {
    const harness = await createHarness({ rpcUrl: devnet.evmRpcUrl, ui: { embedded: true } })
    cleanups.push(harness.cleanup)
    await render(
      <harness.Wrapper>
        <EmbeddedModal />
      </harness.Wrapper>,
    )
    await expect.element(title('Connect Wallet')).toBeVisible()
    expect(page.getByRole('dialog').query()).toBeNull()
    expect(page.getByRole('button', { name: 'Close' }).query()).toBeNull()
  })
})

describe('every view: accessible, and screenshots for people', () => {
  for (const mode of ['dark', 'light'] as const) {
    test(`${mode}: Connect, AllWallets, ConnectingExternal, Account, Networks, UnsupportedChain`, async () => {
      const shots: [
        string,
        HarnessOptions,
        'Connect' | 'AllWallets' | 'Account' | 'Networks' | undefined,
        (() => Promise<void>)?,
      ][] = [
        ['connect', { extraWallets: 3 }, 'Connect'],
        ['all-wallets', { extraWallets: 12 }, 'AllWallets'],
        [
          'connecting',
          { pendingWallet: true },
          'Connect',
          async () => {
            await modalSettled()
            await userEvent.click(page.getByRole('button', { name: /Slow Wallet/ }))
          },
        ],
        ['account', { connected: true }, 'Account'],
        ['networks', { connected: true }, 'Networks'],
        ['unsupported', { connected: true, walletChainId: 5 }, 'Account'],
        ['empty', { devnetWallet: false }, 'Connect'],
      ]
      for (const [name, options, view, act] of shots) {
        await mount({ ...options, ui: { themeMode: mode } }, view)
        await expect.element(dialog()).toBeVisible()
        await act?.()
        // The lazily loaded view has rendered (its root carries a data-slot ending in "-view" or
        // the connecting state), and no spinner of the view's own loading remains.
        await expect
          .poll(() => document.querySelector('[data-slot="modal-body"] > [data-slot]')?.getAttribute('data-slot'))
          .toMatch(/-view$|^connecting-external$/)
        // Scan the dialog: the host page behind the overlay is not ours to judge (buttons are scanned below).
        await expectNoSeriousA11yViolations(dialog().element())
        await saveScreenshot(`modal/${name}-${mode}`)
        await unmountAll()
      }
      const buttons = await createHarness({ connected: true, ui: { themeMode: mode } })
      cleanups.push(buttons.cleanup)
      await render(
        <buttons.Wrapper>
          <ConnectButton />
        </buttons.Wrapper>,
      )
      await expect.element(page.getByRole('button', { name: /0xf3/ })).toBeVisible()
      await expectNoSeriousA11yViolations()
      await saveScreenshot(`buttons/connected-${mode}`)
    })
  }
})

describe('modal behaviour', () => {
  test('a click on the overlay closes the modal', async () => {
    await mount({}, 'Connect')
    await expect.element(dialog()).toBeVisible()
    await userEvent.click(document.body, { position: { x: 10, y: 700 } })
    await expect.element(dialog()).not.toBeInTheDocument()
  })

  test('appendToBody={false} renders the modal inside the provider, not at the end of body', async () => {
    await mount({ ui: { appendToBody: false } }, 'Connect')
    await expect.element(dialog()).toBeVisible()
    expect(dialog().element().closest('[data-portico-container]')).not.toBeNull()
  })

  test('Account: copy address, explorer link, disconnect', async () => {
    await mount({ connected: true }, 'Account')
    await expect.element(title('Account')).toBeVisible()
    const explorer = page.getByRole('link', { name: /Block explorer/ })
    await expect
      .element(explorer)
      .toHaveAttribute('href', 'http://127.0.0.1:4000/address/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    // The balances come from anvil; when they arrive the view grows and the centred modal moves up.
    // Clicking before that can land where Copy was a moment earlier (a fresh-clone CI run at 85ceab5
    // clicked, and no copy followed): wait for the view to settle.
    await expect.element(page.getByText('USD Coin (Devnet)')).toBeVisible()
    await accountViewSettled()
    // Toasts leave after a while: record what was announced rather than race the toast's lifetime.
    const announced = recordAnnouncements()
    await userEvent.click(page.getByRole('button', { name: 'Copy address' }))
    // Whether the page may write the clipboard is the browser's call; either way the user is told.
    await expect
      .poll(announced.texts)
      .toContainEqual(expect.stringMatching(/Address copied|Could not copy the address/))
    await userEvent.click(page.getByRole('button', { name: 'Disconnect' }))
    await expect.element(dialog()).not.toBeInTheDocument()
    await expect.element(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
    await expect.poll(announced.texts).toContain('Wallet disconnected')
    announced.stop()
  })

  test('messages come from the catalogue: a translation replaces them', async () => {
    await mount({
      ui: { messages: { connectWallet: 'Wallet verbinden', titleConnect: 'Wallet verbinden', close: 'Schließen' } },
    })
    await userEvent.click(page.getByRole('button', { name: 'Wallet verbinden' }))
    await expect.element(title('Wallet verbinden')).toBeVisible()
    await expect.element(page.getByRole('button', { name: 'Schließen' })).toBeVisible()
  })

  test('a network added at runtime is listed in Choose Network; one removed leaves the list', async () => {
    const { portico } = await mount({ connected: true }, 'Networks')
    const list = page.getByRole('list', { name: 'Choose Network' })
    await expect.element(list.getByRole('button', { name: /Devnet 2/ })).toBeVisible()
    addNetwork(portico, {
      network: eip155Network({ id: 31339, name: 'Devnet 3', rpcUrl: devnet.evmRpcUrl, testnet: true }),
    })
    await expect.element(list.getByRole('button', { name: /Devnet 3/ })).toBeVisible()
    await removeNetwork(portico, { caipNetworkId: 'eip155:31338' })
    await expect.poll(() => list.getByRole('button', { name: /Devnet 2/ }).query()).toBeNull()
    expect(list.getByRole('button', { name: /Devnet 3/ }).query()).not.toBeNull()
  })

  test('.Custom render props of the three buttons', async () => {
    const harness = await createHarness({ rpcUrl: devnet.evmRpcUrl, connected: true })
    cleanups.push(harness.cleanup)
    await render(
      <harness.Wrapper>
        <ConnectButton.Custom>
          {({ status, openNetworks }) => (
            <button type="button" onClick={openNetworks}>
              custom {status}
            </button>
          )}
        </ConnectButton.Custom>
        <AccountButton.Custom>{({ address }) => <span>account {address}</span>}</AccountButton.Custom>
        <NetworkButton.Custom>{({ network }) => <span>network {network.name}</span>}</NetworkButton.Custom>
      </harness.Wrapper>,
    )
    await expect.element(page.getByText('account 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBeVisible()
    await expect.element(page.getByText('network Devnet', { exact: true })).toBeVisible()
    await userEvent.click(page.getByRole('button', { name: 'custom connected' }))
    await expect.element(title('Choose Network')).toBeVisible()
  })
})

describe('wallet directory', () => {
  const server = inject('imageServerUrl')
  const requests = async () => (await (await fetch(`${server}/requests`)).json()) as string[]

  test('AllWallets: installed first, then the directory, paged 40 at a time on scroll', async () => {
    await mount({ directoryUrl: server }, 'AllWallets')
    await expect.element(page.getByRole('button', { name: 'Directory Wallet 001' })).toBeVisible()
    const rows = [...document.querySelectorAll('[data-slot="wallet-row"], [data-slot="directory-wallet-row"]')]
    expect(rows[0]?.getAttribute('data-slot')).toBe('wallet-row')
    // The installed Devnet Wallet is not listed a second time from the directory.
    expect(document.querySelector('[data-wallet="installed"]')).toBeNull()
    const before = (await requests()).length
    const scroller = document.querySelector('[data-slot="all-wallets-view"] ul')?.parentElement as HTMLElement
    for (let i = 0; i < 20 && !document.querySelector('[data-wallet="w041"]'); i++) {
      scroller.scrollTop = scroller.scrollHeight
      await new Promise((r) => requestAnimationFrame(r))
    }
    await expect.element(page.getByRole('button', { name: 'Directory Wallet 041' })).toBeInTheDocument()
    const after = await requests()
    expect(after.length).toBeGreaterThan(before)
    expect(after.some((q) => new URLSearchParams(q).get('page') === '2')).toBe(true)
    // Every browsing request pages by 40 (a search, by 100: below).
    const browsing = after.filter((q) => !new URLSearchParams(q).has('search'))
    expect(browsing.every((q) => new URLSearchParams(q).get('entries') === '40')).toBe(true)
  })

  test('search is trimmed and sent to the directory', async () => {
    await mount({ directoryUrl: server }, 'AllWallets')
    await userEvent.fill(page.getByRole('searchbox', { name: 'Search wallets' }), '   wallet 07  ')
    await expect.element(page.getByRole('button', { name: 'Directory Wallet 070' })).toBeVisible()
    expect(page.getByRole('button', { name: 'Directory Wallet 001' }).query()).toBeNull()
    const searches = (await requests()).filter((q) => new URLSearchParams(q).get('search') === 'wallet 07')
    expect(searches.length).toBeGreaterThan(0)
    // The spec: a search asks for 100 entries at a time.
    expect(searches.every((q) => new URLSearchParams(q).get('entries') === '100')).toBe(true)
  })

  test('hostile entries render inert; a not-installed wallet links only to a safe URL', async () => {
    await mount({ directoryUrl: server }, 'AllWallets')
    await userEvent.fill(page.getByRole('searchbox', { name: 'Search wallets' }), 'evil')
    const evil = page.getByRole('button', { name: /Evil/ })
    await expect.element(evil).toBeVisible()
    // Markup in a name is text, never HTML.
    expect(evil.element().querySelector('img[src="x"]')).toBeNull()
    expect(evil.element().textContent).toContain('<img src=x')
    await modalSettled()
    await userEvent.click(evil)
    await expect.element(page.getByText(/is not installed/)).toBeVisible()
    // Its only link was javascript:, so no "Get" link is offered at all.
    expect(document.querySelector('[data-slot="connecting-external"] a')).toBeNull()
    await modalSettled()
    await userEvent.click(page.getByRole('button', { name: 'Back' }))
    await userEvent.fill(page.getByRole('searchbox', { name: 'Search wallets' }), 'Directory Wallet 005')
    const wallet005 = page.getByRole('button', { name: 'Directory Wallet 005' })
    await expect.element(wallet005).toBeVisible()
    await modalSettled()
    await userEvent.click(wallet005)
    const get = page.getByRole('link', { name: /Get Directory Wallet 005/ })
    await expect.element(get).toHaveAttribute('href', 'https://wallet005.example/')
    expect((window as { __pwned?: number }).__pwned).toBeUndefined()
  })
})

describe('activity', () => {
  test('a transfer made outside the UI is listed in the Activity tab, with sign, amount and time', async () => {
    const account = privateKeyToAccount(devnet.evmPrivateKeys[0] as `0x${string}`)
    const client = createWalletClient({ account, transport: http(devnet.evmRpcUrl) })
    const hash = await client.sendTransaction({
      to: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
      value: parseEther('0.25'),
      chain: undefined,
    })
    await createPublicClient({ transport: http(devnet.evmRpcUrl) }).waitForTransactionReceipt({
      hash,
      pollingInterval: 20,
    })
    await mount({ connected: true, blockchainApiUrl: devnet.apiUrl, balances: undefined }, 'Account')
    await accountViewSettled()
    await userEvent.click(page.getByRole('tab', { name: 'Activity' }))
    const row = page.getByRole('listitem').filter({ hasText: '0x90…93b906' }).first()
    await expect.element(row).toBeVisible()
    await expect.element(row).toHaveTextContent(/Sent.*0\.25 ETH/)
    await expect.element(row).toHaveTextContent(/\d+[smhd]/)
  })
})

describe('analytics', () => {
  const server = inject('imageServerUrl')
  const requests = async () => (await (await fetch(`${server}/requests`)).json()) as string[]
  // The server is shared by every browser file: an event is this file's when it names this page.
  const events = async () =>
    (await requests())
      .filter((r) => r.startsWith('event:'))
      .map((r) => JSON.parse(r.slice(6)))
      .filter((event) => event.url === window.location.href)
      .map((event) => event.props.event as string)

  test('modal open and close and a connection (the wallet picked, then connected) are reported', async () => {
    const before = (await events()).length
    await mount({ analyticsUrl: server })
    await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
    await modalSettled()
    await userEvent.click(page.getByRole('button', { name: /Devnet Wallet/ }))
    await expect.element(dialog()).not.toBeInTheDocument()
    await expect
      .poll(async () => (await events()).slice(before))
      .toEqual(['INITIALIZE', 'MODAL_OPEN', 'SELECT_WALLET', 'CONNECT_SUCCESS', 'MODAL_CLOSE'])
  })

  test("a 403 from analytics shows 'Invalid App Configuration' once", async () => {
    const before = (await events()).length
    const announced = recordAnnouncements()
    await mount({ analyticsUrl: server, projectId: 'forbidden' })
    await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
    await expect.poll(announced.texts).toContain('Invalid App Configuration')
    announced.stop()
    await userEvent.keyboard('{Escape}')
    await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
    await expect.element(dialog()).toBeVisible()
    // The second open's event is sent after the dialog paints; wait for it (and so for the 403
    // that answers it) so that no request of this test lands in the next test's count.
    await expect
      .poll(async () => (await events()).slice(before))
      .toEqual(['INITIALIZE', 'MODAL_OPEN', 'MODAL_CLOSE', 'MODAL_OPEN'])
    expect(document.querySelectorAll('[data-slot="toast"]').length).toBeLessThanOrEqual(1)
  })

  test('analytics off: not a single analytics request', async () => {
    const before = (await requests()).length
    // The analytics service is this server, as in the tests above; only the host's feature is off.
    // Its own project id and this page's address tell its requests from another file's.
    await mount({ analyticsUrl: server, projectId: 'analytics-off', features: { analytics: false } })
    await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
    await modalSettled()
    await userEvent.click(page.getByRole('button', { name: /Devnet Wallet/ }))
    await expect.element(dialog()).not.toBeInTheDocument()
    const ours = (request: string) =>
      request.startsWith('event:')
        ? JSON.parse(request.slice(6)).url === window.location.href
        : request.startsWith('analytics-config') && request.includes('projectId=analytics-off')
    expect((await requests()).slice(before).filter(ours)).toEqual([])
  })
})

describe('isolation', () => {
  test("a host's global element styles do not leak into the kit", async () => {
    const hostile = document.createElement('style')
    hostile.textContent =
      'button { background: rgb(255, 0, 0) !important; } ul { padding-left: 40px; list-style: disc; margin: 30px; } li { padding: 9px; } h2 { font-size: 50px; } * { letter-spacing: 3px; }'
    // The !important rule is the host's business; the rest must not reach us.
    hostile.textContent = hostile.textContent.replace(' !important', '')
    document.head.append(hostile)
    try {
      await mount({ extraWallets: 2 }, 'Connect')
      await expect.element(dialog()).toBeVisible()
      await expect.poll(() => document.querySelector('[data-slot="connect-view"] ul')).not.toBeNull()
      const list = document.querySelector('[data-slot="connect-view"] ul') as HTMLElement
      const item = list.querySelector('li') as HTMLElement
      const style = getComputedStyle(list)
      expect([style.paddingLeft, style.marginTop, style.listStyleType]).toEqual(['0px', '0px', 'none'])
      expect(getComputedStyle(item).paddingTop).toBe('0px')
      expect(getComputedStyle(title('Connect Wallet').element()).fontSize).toBe('20px')
      // The page behind the modal is aria-hidden: read the button directly.
      const connectButton = document.querySelector('[data-slot="connect-button"]') as HTMLElement
      expect(getComputedStyle(connectButton).backgroundColor).toBe('rgb(51, 150, 255)')
      expect(getComputedStyle(page.getByRole('button', { name: 'Close' }).element()).backgroundColor).not.toBe(
        'rgb(255, 0, 0)',
      )
      expect(getComputedStyle(title('Connect Wallet').element()).letterSpacing).toBe('normal')
    } finally {
      hostile.remove()
    }
  })
})

describe('layout', () => {
  test('below the breakpoint the modal is a bottom sheet across the full width', async () => {
    await page.viewport(390, 780)
    try {
      await mount({}, 'Connect')
      await expect.element(dialog()).toBeVisible()
      await expect.poll(() => Math.round(dialog().element().getBoundingClientRect().bottom)).toBe(780)
      const rect = dialog().element().getBoundingClientRect()
      expect([Math.round(rect.left), Math.round(rect.width)]).toEqual([0, 390])
      await saveScreenshot('modal/mobile-connect-dark')
    } finally {
      await page.viewport(1280, 800)
    }
  })
})
