// useFormat inside the real <PorticoUI> in Chromium: the formatters follow the language shown (English
// until the chosen catalogue is in, then that language's digits and separators), switch with the
// `locale` prop, keep an amount one left-to-right unit in Arabic, stay the same object while the
// language does, and refuse to run outside <PorticoUI>. Every formatter's output per locale, and its
// truncation at the bounds, is in format.test.ts; relative times in relativeTime.test.ts.
import { PorticoProvider } from '@portico/headless'
import { Component, type ReactNode } from 'react'
import { afterEach, expect, test, vi } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { PorticoUI } from '../PorticoUI.js'
import { createHarness } from '../test/harness.js'
import type { Formatters } from './format.js'
import { useFormat } from './useFormat.js'

const stops: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of stops.splice(0)) stop()
  vi.restoreAllMocks()
})

/** Shows what the hook formats, and records each render's formatters. */
function Probe({ seen }: { seen: Formatters[] }) {
  const format = useFormat()
  seen.push(format)
  return (
    <p data-testid="probe" data-locale={format.locale}>
      {`${format.balance('1234.5678')} | ${format.amount('9999.9969', 'ETH')} | ${format.tokenValue('0.129')}`}
    </p>
  )
}

const probe = () => page.getByTestId('probe')
const shown = () => probe().element().textContent

async function mount(locale: string | undefined, seen: Formatters[]) {
  const harness = await createHarness()
  stops.push(harness.cleanup)
  const tree = (next: string | undefined, label = '') => (
    <PorticoProvider config={harness.portico} queryClient={harness.queryClient} reconnectOnMount={false}>
      <PorticoUI locale={next}>
        <Probe seen={seen} />
        {label}
      </PorticoUI>
    </PorticoProvider>
  )
  const screen = await render(tree(locale))
  return { rerender: (next: string | undefined, label?: string) => screen.rerender(tree(next, label)) }
}

/** The number as that locale writes it with at most `digits` decimals (what a user of it reads). */
const intl = (locale: string, value: number, digits: number) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: digits === 2 ? 2 : 0, maximumFractionDigits: digits }).format(
    value,
  )

test("default: until German's catalogue is in the numbers stay English with the text, then follow it (1.234,567)", async () => {
  const seen: Formatters[] = []
  await mount('de', seen)
  // The first render is English (as a server renders it): text and numbers never disagree.
  expect(seen[0]?.locale).toBe('en-US')
  expect(seen[0]?.balance('1234.5678')).toBe('1,234.567')
  await expect.element(probe()).toHaveAttribute('data-locale', 'de')
  expect(shown()).toBe('1.234,567 | 9.999,996 ETH | 0,12')
})

test('behavior: switching the locale re-formats at once: German, then Arabic (the amount kept one left-to-right unit), then English', async () => {
  const seen: Formatters[] = []
  const { rerender } = await mount('de', seen)
  await expect.element(probe()).toHaveAttribute('data-locale', 'de')
  await rerender('ar')
  await expect.element(probe()).toHaveAttribute('data-locale', 'ar')
  const arabic = `${intl('ar', 1234.567, 3)} | \u2066${intl('ar', 9999.996, 3)} ETH\u2069 | ${intl('ar', 0.12, 2)}`
  // Not German's separators left over from the previous language.
  expect(shown()).toBe(arabic)
  await rerender('en')
  await expect.element(probe()).toHaveAttribute('data-locale', 'en-US')
  // No isolates left behind in a left-to-right language.
  expect(shown()).toBe('1,234.567 | 9,999.996 ETH | 0.12')
})

test('behavior: while the language stays the same, every render gets the same formatters (views memoise on them)', async () => {
  const seen: Formatters[] = []
  const { rerender } = await mount('en', seen)
  await expect.element(probe()).toHaveTextContent('1,234.567')
  const before = seen.length
  await rerender('en', 'other children')
  await expect.element(page.getByText('other children')).toBeInTheDocument()
  expect(seen.length).toBeGreaterThan(before)
  expect(new Set(seen).size).toBe(1)
})

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {}
  static getDerivedStateFromError(error: Error) {
    return { error }
  }
  override render() {
    const { error } = this.state
    return error ? <p data-testid="error">{`${error.name}: ${error.message}`}</p> : this.props.children
  }
}

test('error: outside <PorticoUI> it throws the typed UIProviderNotFoundError naming useFormat and the fix', async () => {
  // React reports the error the boundary caught; the test reads it from the boundary instead.
  vi.spyOn(console, 'error').mockImplementation(() => {})
  await render(
    <Boundary>
      <Probe seen={[]} />
    </Boundary>,
  )
  await expect
    .element(page.getByTestId('error'))
    .toHaveTextContent('UIProviderNotFoundError: `useFormat` must be used within `<PorticoUI>`.')
  expect(page.getByTestId('error').element().textContent).toContain('Wrap your app in <PorticoProvider')
})
