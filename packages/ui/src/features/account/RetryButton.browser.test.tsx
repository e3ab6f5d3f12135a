// RetryButton alone in real Chromium, inside the kit's UI provider (its text): one onRetry per
// click or key press, never a form submit, and the `retryAt` lockout: disabled (deaf to clicks and
// keys) until that instant, enabled again on its own when it passes, on a fake clock (no real
// waits). Where the Account view, the Activity and NFT tabs use it against a dead RPC or API (the
// spec's 30 s balance lockout end to end) is faults.browser.test.tsx; the translated label is
// the shared catalogue's (i18n tests).
import { type ComponentProps, useRef } from 'react'
import { afterEach, expect, test, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { untilFrame } from '../../test/frames.js'
import { createHarness, type HarnessOptions } from '../../test/harness.js'
import { RetryButton } from './RetryButton.js'

const cleanups: (() => void)[] = []
afterEach(async () => {
  vi.useRealTimers()
  await cleanup()
  for (const stop of cleanups.splice(0)) stop()
})

async function mount(props: ComponentProps<typeof RetryButton>, options: HarnessOptions = {}) {
  const harness = await createHarness(options)
  cleanups.push(harness.cleanup)
  const screen = await render(
    <harness.Wrapper>
      <RetryButton {...props} />
    </harness.Wrapper>,
  )
  const rerender = (next: ComponentProps<typeof RetryButton>) =>
    screen.rerender(
      <harness.Wrapper>
        <RetryButton {...next} />
      </harness.Wrapper>,
    )
  return { rerender }
}

const button = () => page.getByRole('button', { name: 'Try again' })

/** The button between two others, for the tab order. */
function Between({ onRetry, retryAt }: { onRetry: () => void; retryAt: number }) {
  return (
    <>
      <button type="button">before</button>
      <RetryButton onRetry={onRetry} retryAt={retryAt} slot="retry" />
      <button type="button">after</button>
    </>
  )
}

test('behavior: each click retries once (three clicks, three retries; a double click, two); the slot is the caller’s', async () => {
  const onRetry = vi.fn()
  await mount({ onRetry, slot: 'retry-things' })
  await expect.element(button()).toBeEnabled()
  expect(button().element().getAttribute('data-slot')).toBe('retry-things')
  await userEvent.click(button())
  expect(onRetry).toHaveBeenCalledTimes(1)
  await userEvent.click(button())
  await userEvent.click(button())
  expect(onRetry).toHaveBeenCalledTimes(3)
  await userEvent.dblClick(button())
  expect(onRetry).toHaveBeenCalledTimes(5)
})

test('edge: inside a host’s form it only retries, never submits the form', async () => {
  const onRetry = vi.fn()
  const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault())
  const harness = await createHarness()
  cleanups.push(harness.cleanup)
  await render(
    <harness.Wrapper>
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <RetryButton onRetry={onRetry} slot="retry-form" />
      </form>
    </harness.Wrapper>,
  )
  await userEvent.click(button())
  expect(onRetry).toHaveBeenCalledTimes(1)
  expect(onSubmit).not.toHaveBeenCalled()
  expect(button().element().getAttribute('type')).toBe('button')
})

test('default: without retryAt, or with one already past, it is enabled at once', async () => {
  const onRetry = vi.fn()
  const { rerender } = await mount({ onRetry, slot: 'retry' })
  await expect.element(button()).toBeEnabled()
  await rerender({ onRetry, slot: 'retry', retryAt: Date.now() - 1 })
  await expect.element(button()).toBeEnabled()
  await userEvent.click(button())
  expect(onRetry).toHaveBeenCalledTimes(1)
})

test('behavior: a retryAt 30 s ahead keeps it disabled (clicks do nothing) until that instant, then it enables itself', async () => {
  const onRetry = vi.fn()
  const { rerender } = await mount({ onRetry, slot: 'retry' })
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  const retryAt = Date.now() + 30_000
  await rerender({ onRetry, slot: 'retry', retryAt })
  await expect.element(button()).toBeDisabled()
  await userEvent.click(button(), { force: true })
  expect(onRetry).not.toHaveBeenCalled()
  await vi.advanceTimersByTimeAsync(29_990)
  await expect.element(button()).toBeDisabled()
  // No prop changes: the button re-renders itself when the lockout ends.
  await vi.advanceTimersByTimeAsync(20)
  await expect.element(button()).toBeEnabled()
  await userEvent.click(button())
  expect(onRetry).toHaveBeenCalledTimes(1)
})

/** Moves the fake clock on once, while React renders: the time a busy page takes between a render and its effects. */
function ClockMovedInRender({ ms }: { ms: number }) {
  const moved = useRef(false)
  if (!moved.current) {
    moved.current = true
    vi.advanceTimersByTime(ms)
  }
  return null
}

test('edge: time passing between the render and its effect does not lengthen the lockout: it enables at retryAt', async () => {
  const onRetry = vi.fn()
  const harness = await createHarness()
  cleanups.push(harness.cleanup)
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  const retryAt = Date.now() + 5_000
  await render(
    <harness.Wrapper>
      <RetryButton onRetry={onRetry} retryAt={retryAt} slot="retry" />
      <ClockMovedInRender ms={400} />
    </harness.Wrapper>,
  )
  await expect.element(button()).toBeDisabled()
  await vi.advanceTimersByTimeAsync(retryAt - Date.now() + 10)
  // Enabled 10 ms after retryAt (its wait measured from render, it would still be locked for 390
  // ms). Read frame by frame, not with expect.element, whose tries would move the fake clock on.
  const element = button().element() as HTMLButtonElement
  await untilFrame(() => !element.disabled)
  expect(element.disabled).toBe(false)
})

test('edge: a new lockout after the first ends disables it again; one cleared early (retryAt removed) enables it at once', async () => {
  const onRetry = vi.fn()
  const { rerender } = await mount({ onRetry, slot: 'retry' })
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  await rerender({ onRetry, slot: 'retry', retryAt: Date.now() + 5_000 })
  await expect.element(button()).toBeDisabled()
  await vi.advanceTimersByTimeAsync(5_001)
  await expect.element(button()).toBeEnabled()
  // The retry failed again: another lockout.
  await rerender({ onRetry, slot: 'retry', retryAt: Date.now() + 30_000 })
  await expect.element(button()).toBeDisabled()
  // The read recovered some other way: the caller drops retryAt.
  await rerender({ onRetry, slot: 'retry' })
  await expect.element(button()).toBeEnabled()
  // The old lockout's timer firing later changes nothing.
  await vi.advanceTimersByTimeAsync(30_000)
  await expect.element(button()).toBeEnabled()
  expect(onRetry).not.toHaveBeenCalled()
})

test('a11y: Enter and Space each retry once from the keyboard; while locked it takes no focus from Tab', async () => {
  const onRetry = vi.fn()
  const harness = await createHarness()
  cleanups.push(harness.cleanup)
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  await render(
    <harness.Wrapper>
      <Between onRetry={onRetry} retryAt={Date.now() + 1_000} />
    </harness.Wrapper>,
  )
  await expect.element(button()).toBeDisabled()
  ;(page.getByRole('button', { name: 'before' }).element() as HTMLButtonElement).focus()
  await userEvent.keyboard('{Tab}')
  expect(document.activeElement?.textContent).toBe('after')
  await vi.advanceTimersByTimeAsync(1_001)
  await expect.element(button()).toBeEnabled()
  ;(button().element() as HTMLButtonElement).focus()
  await userEvent.keyboard('{Enter}')
  expect(onRetry).toHaveBeenCalledTimes(1)
  await userEvent.keyboard(' ')
  expect(onRetry).toHaveBeenCalledTimes(2)
})

test('default: the label is the chosen language’s (German)', async () => {
  await mount({ onRetry: () => {}, slot: 'retry' }, { ui: { locale: 'de' } })
  await expect.element(page.getByRole('button', { name: 'Erneut versuchen' })).toBeEnabled()
})
