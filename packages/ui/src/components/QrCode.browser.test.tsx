// QrCode alone in real Chromium: what it draws, module by module, for known values (a WalletConnect
// pairing URI with and without the logo's hole, a non-ASCII payment URI), checked against the
// encoder's own matrix at correction level Q; the hole (centred, cleared, small enough for Q); the
// skeleton (no value, a value too long for any QR version); markup in a value; the encoder loaded
// once; a renewed value drawn as a new code; and the Copy link beside it (the same string the code
// carries; a refused clipboard). The panel's layout, links, theme colours and a successful copy's
// toast are covered in features/walletconnect/WalletConnect.browser.test.tsx.
import type { ComponentProps } from 'react'
import { afterEach, expect, inject, test, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { expectNoSeriousA11yViolations } from '../__infra__/axe.js'
import { WalletConnectGlyph, WalletConnectPanel } from '../features/walletconnect/WalletConnectPanel.js'
import { useToastState } from '../modal/toasts.js'
import { createHarness } from '../test/harness.js'
import { preloadQrEncoder, QrCode } from './QrCode.js'
import '../test/provided.js'

const cleanups: (() => void)[] = []
afterEach(() => {
  vi.restoreAllMocks()
  for (const stop of cleanups.splice(0)) stop()
})

/** A pairing URI shaped like the relay's. */
const wcUri =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1700000300'

const qr = () => page.getByRole('img', { name: 'Scan me' })

function Code(props: Partial<ComponentProps<typeof QrCode>>) {
  return <QrCode value={wcUri} label="Scan me" loadingLabel="Preparing…" {...props} />
}

/** The dark modules the SVG path draws (`M x y h n v1 h -n z` per run), as "x,y" keys. */
function drawn(): Set<string> {
  const d = qr().element().querySelector('path')?.getAttribute('d') ?? ''
  const dark = new Set<string>()
  const runs = [...d.matchAll(/M(\d+) (\d+)h(\d+)v1h(-\d+)z/g)]
  // Every command of the path is a run of that shape: nothing else is drawn.
  expect(runs.map((r) => r[0]).join('')).toBe(d)
  for (const [, x, y, w, back] of runs) {
    expect(Number(back)).toBe(-Number(w))
    for (let i = 0; i < Number(w); i++) dark.add(`${Number(x) + i},${y}`)
  }
  return dark
}

/** The encoder's matrix for `value` at exactly `level`, with the modes QrCode allows for `value`. */
async function reference(value: string, level: 'L' | 'Q', asciiModes = true) {
  const lean = await preloadQrEncoder()
  const correction = lean.correction[level]
  return lean.generate(value, {
    minCorrectionLevel: correction,
    maxCorrectionLevel: correction,
    ...(asciiModes ? { modes: [lean.mode.numeric, lean.mode.alphaNumeric, lean.mode.ascii] } : {}),
  })
}

/** The side of the cleared square in modules, read back from the logo's box (its width is `(hole - 1) / box`). */
function holeOf(size: number): number {
  const logo = qr().element().querySelector<HTMLElement>('[data-slot="qr-code-logo"]')
  if (!logo) return 0
  return Math.round((Number.parseFloat(logo.style.width) / 100) * (size + 8) + 1)
}

async function ready() {
  await expect.element(qr()).toHaveAttribute('data-state', 'ready')
}

test('behavior: a pairing URI is drawn module for module as the encoder makes it at level Q (not L), in a 4-module quiet zone; one labelled image; axe clean', async () => {
  await render(<Code />)
  await ready()
  await expect.element(qr()).toHaveAttribute('data-uri', wcUri)
  expect(qr().element().hasAttribute('aria-busy')).toBe(false)
  const svg = qr().element().querySelector('svg') as SVGSVGElement
  expect(svg.getAttribute('aria-hidden')).toBe('true')
  const ref = await reference(wcUri, 'Q')
  const size = ref.size
  expect(svg.getAttribute('viewBox')).toBe(`-4 -4 ${size + 8} ${size + 8}`)
  const dark = drawn()
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) expect(dark.has(`${x},${y}`), `module ${x},${y}`).toBe(ref.get(x, y))
  expect([...dark].every((key) => key.split(',').every((n) => Number(n) >= 0 && Number(n) < size))).toBe(true)
  // At level L the same URI is a smaller or different code: not what is drawn.
  const low = await reference(wcUri, 'L')
  expect(matches(dark, low)).toBe(false)
  await expectNoSeriousA11yViolations()
})

test('behavior: with a logo the centre is a cleared square of whole modules (same parity as the code), under 6% of the code: every other module as encoded', async () => {
  await render(<Code logo={<WalletConnectGlyph />} />)
  await ready()
  const ref = await reference(wcUri, 'Q')
  const size = ref.size
  const hole = holeOf(size)
  // 22% of the side, rounded, then made the parity of the side so it is centred on whole modules.
  expect(hole % 2).toBe(size % 2)
  expect(Math.abs(hole - size * 0.22)).toBeLessThanOrEqual(1.5)
  // Level Q restores ~25% of the codewords; the hole is far less of the code.
  expect((hole * hole) / (size * size)).toBeLessThan(0.06)
  const from = (size - hole) / 2
  const inHole = (x: number, y: number) => x >= from && x < from + hole && y >= from && y < from + hole
  const dark = drawn()
  let erased = 0
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      if (inHole(x, y)) {
        expect(dark.has(`${x},${y}`), `hole module ${x},${y}`).toBe(false)
        if (ref.get(x, y)) erased++
      } else expect(dark.has(`${x},${y}`), `module ${x},${y}`).toBe(ref.get(x, y))
    }
  expect(erased).toBeGreaterThan(0)
  // The three finder patterns are whole (the hole never reaches a corner).
  for (const [cx, cy] of [
    [0, 0],
    [size - 7, 0],
    [0, size - 7],
  ] as const)
    for (let i = 0; i < 7; i++) expect(dark.has(`${cx + i},${cy}`)).toBe(true)
})

test('edge: a non-ASCII value (a payment URI with a label in UTF-8) is encoded with the full mode set, not refused', async () => {
  const uri = 'ethereum:0x70997970C51812dc3A010C7d01b50e0d17dc79C8@31337?label=Café ☕ – 東京'
  await render(<Code value={uri} />)
  await ready()
  await expect.element(qr()).toHaveAttribute('data-uri', uri)
  const ref = await reference(uri, 'Q', false)
  const dark = drawn()
  for (let y = 0; y < ref.size; y++)
    for (let x = 0; x < ref.size; x++) expect(dark.has(`${x},${y}`), `module ${x},${y}`).toBe(ref.get(x, y))
})

test('default: no value (undefined or empty) is the labelled, busy skeleton: no code, no data-uri', async () => {
  const screen = await render(<Code value={undefined} />)
  const skeleton = page.getByRole('img', { name: 'Preparing…' })
  await expect.element(skeleton).toHaveAttribute('aria-busy', 'true')
  await expect.element(skeleton).toHaveAttribute('data-state', 'loading')
  expect(skeleton.element().hasAttribute('data-uri')).toBe(false)
  expect(skeleton.element().querySelector('svg')).toBeNull()
  await screen.rerender(<Code value="" />)
  await expect.element(skeleton).toHaveAttribute('data-state', 'loading')
  expect(skeleton.element().querySelector('svg')).toBeNull()
  await screen.rerender(<Code />)
  await ready()
})

test('error: a value too long for any QR version shows the skeleton, never a wrong or cut code; a valid value then draws', async () => {
  const tooLong = `wc:${'a'.repeat(4000)}`
  // The encoder is loaded first, so the skeleton below is the refusal, not the loading.
  await preloadQrEncoder()
  const errors = vi.spyOn(console, 'error')
  const screen = await render(<Code value={tooLong} />)
  const skeleton = page.getByRole('img', { name: 'Preparing…' })
  await expect.element(skeleton).toHaveAttribute('data-state', 'loading')
  expect(skeleton.element().hasAttribute('data-uri')).toBe(false)
  expect(document.querySelector('[data-slot="qr-code"] svg')).toBeNull()
  expect(errors).not.toHaveBeenCalled()
  await screen.rerender(<Code />)
  await ready()
  await expect.element(qr()).toHaveAttribute('data-uri', wcUri)
})

test('security: markup and quotes in a value stay text: the attribute holds it exactly, no element or script comes of it', async () => {
  const hostile = `wc:"><img src=x onerror="window.__qrPwned=1"><script>window.__qrPwned=2</script>'`
  await render(<Code value={hostile} />)
  await ready()
  await expect.element(qr()).toHaveAttribute('data-uri', hostile)
  const root = qr().element()
  expect(root.querySelectorAll('img, script')).toHaveLength(0)
  expect([...root.querySelectorAll('*')].map((e) => e.tagName.toLowerCase())).toEqual(['svg', 'rect', 'path'])
  expect((window as { __qrPwned?: number }).__qrPwned).toBeUndefined()
})

test('behavior: the encoder is loaded once however often it is asked for', async () => {
  const first = preloadQrEncoder()
  expect(preloadQrEncoder()).toBe(first)
  const lean = await first
  expect(typeof lean.generate).toBe('function')
  expect(await preloadQrEncoder()).toBe(lean)
})

test('behavior: a renewed value is a new code element (it fades in, never morphs); the same value re-rendered keeps its element', async () => {
  const screen = await render(<Code />)
  await ready()
  const svg = qr().element().querySelector('svg')
  await screen.rerender(<Code label="Scan me" />)
  expect(qr().element().querySelector('svg')).toBe(svg)
  const renewed = wcUri.replace('7f6e504b', '0badc0de')
  await screen.rerender(<Code value={renewed} />)
  await expect.element(qr()).toHaveAttribute('data-uri', renewed)
  const next = qr().element().querySelector('svg')
  expect(next).not.toBe(svg)
  expect(svg?.isConnected).toBe(false)
  expect(matches(drawn(), await reference(renewed, 'Q'))).toBe(true)
})

/** Whether `dark` is exactly `code`'s dark modules. */
function matches(dark: Set<string>, code: { size: number; get(x: number, y: number): boolean }) {
  for (let y = 0; y < code.size; y++)
    for (let x = 0; x < code.size; x++) if (dark.has(`${x},${y}`) !== code.get(x, y)) return false
  return dark.size === code.size * code.size - countLight(code)
}

function countLight(code: { size: number; get(x: number, y: number): boolean }) {
  let light = 0
  for (let y = 0; y < code.size; y++) for (let x = 0; x < code.size; x++) if (!code.get(x, y)) light++
  return light
}

/** The toast the modal would show (its Toaster is in the modal chunk, not open here). */
function ToastProbe() {
  const { toast } = useToastState()
  return <output data-testid="toast">{toast ? `${toast.variant}: ${toast.message}` : ''}</output>
}

type Wrapper = Awaited<ReturnType<typeof createHarness>>['Wrapper']

/** The WalletConnect panel (the code and its Copy link) under the kit, for `value`. */
function Panel({ Wrapper, value }: { Wrapper: Wrapper; value: string | undefined }) {
  return (
    <Wrapper>
      <ToastProbe />
      <WalletConnectPanel
        slot="connecting-walletconnect-basic-view"
        state={value ? 'connecting' : 'loading'}
        uri={value}
        logo={<WalletConnectGlyph />}
        onRetry={() => {}}
      />
    </Wrapper>
  )
}

async function mountPanel(uri: string | undefined) {
  const { Wrapper, cleanup } = await createHarness({ rpcUrl: inject('devnet').evmRpcUrl })
  cleanups.push(cleanup)
  return { screen: await render(<Panel Wrapper={Wrapper} value={uri} />), Wrapper }
}

test('behavior: Copy link beside the code copies exactly the string the code encodes, and after a renewal the new one', async () => {
  const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
  const { screen, Wrapper } = await mountPanel(wcUri)
  const code = page.getByRole('img', { name: 'WalletConnect QR code' })
  await expect.element(code).toHaveAttribute('data-state', 'ready')
  await userEvent.click(page.getByRole('button', { name: 'Copy link' }))
  expect(writeText).toHaveBeenCalledExactlyOnceWith(code.element().getAttribute('data-uri'))
  const renewed = wcUri.replace('1700000300', '1700000600')
  await screen.rerender(<Panel Wrapper={Wrapper} value={renewed} />)
  await expect.element(code).toHaveAttribute('data-uri', renewed)
  await userEvent.click(page.getByRole('button', { name: 'Copy link' }))
  expect(writeText).toHaveBeenLastCalledWith(renewed)
  expect(writeText).toHaveBeenCalledTimes(2)
})

test('error: a refused clipboard says Could not copy the link, not Link copied', async () => {
  vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'))
  await mountPanel(wcUri)
  await userEvent.click(page.getByRole('button', { name: 'Copy link' }))
  await expect.element(page.getByTestId('toast')).toHaveTextContent('error: Could not copy the link')
})
