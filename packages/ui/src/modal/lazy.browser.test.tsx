// lazy() and useLazy(): one load for many callers, a failed chunk fetched again on its next use,
// the warning naming what failed, no view left waiting forever and no rejection left unhandled.
// LazyPart.browser.test.tsx covers the stand-in, the disabled part and a failed part's next mount.
import { StrictMode } from 'react'
import { afterEach, expect, test, vi } from 'vitest'
import { page } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { frames } from '../test/frames.js'
import { type Lazy, lazy, useLazy } from './lazy.js'

const Part = () => <span>part</span>

/** A chunk whose code arrives or fails when the test says so; `calls` counts the fetches. */
function controlled() {
  let settle: { arrive: () => void; fail: (error: Error) => void } | undefined
  const load = vi.fn(
    () =>
      new Promise<typeof Part>((resolve, reject) => {
        settle = { arrive: () => resolve(Part), fail: reject }
      }),
  )
  const chunk = lazy(load)
  const wait = () => {
    if (!settle) throw new Error('nothing is loading')
    return settle
  }
  return { chunk, load, arrive: () => wait().arrive(), fail: (error: Error) => wait().fail(error) }
}

/** Renders the state useLazy reports: the part, `loading` (undefined) or `failed` (null). */
function Slot({ chunk, what, id, attempt }: { chunk: Lazy<typeof Part>; what?: string; id: string; attempt?: string }) {
  const Loaded = useLazy(chunk, true, what, attempt)
  return <div data-testid={id}>{Loaded === null ? 'failed' : Loaded === undefined ? 'loading' : <Loaded />}</div>
}

/** Records what useLazy returns on each render. */
function Probe({ chunk, seen }: { chunk: Lazy<typeof Part>; seen: unknown[] }) {
  seen.push(useLazy(chunk))
  return null
}

/** Unhandled rejections seen while a test runs. */
const unhandled: unknown[] = []
const onUnhandled = (event: PromiseRejectionEvent) => {
  unhandled.push(event.reason)
  event.preventDefault()
}
window.addEventListener('unhandledrejection', onUnhandled)
afterEach(() => {
  unhandled.length = 0
})

test('behavior: many callers at once share one fetch, and later ones get the loaded value without fetching', async () => {
  const { chunk, load, arrive } = controlled()
  const early = [chunk.load(), chunk.load(), chunk.load()]
  expect(load).toHaveBeenCalledTimes(1)
  expect(chunk.current).toBeUndefined()
  arrive()
  expect(await Promise.all(early)).toEqual([Part, Part, Part])
  expect(chunk.current).toBe(Part)
  await expect(chunk.load()).resolves.toBe(Part)
  expect(load).toHaveBeenCalledTimes(1)
})

test('behavior: several parts using one chunk fetch it once and all show it when it arrives', async () => {
  const { chunk, load, arrive } = controlled()
  await render(
    <>
      <Slot chunk={chunk} id="a" what="part a" />
      <Slot chunk={chunk} id="b" what="part b" />
      <Slot chunk={chunk} id="c" />
    </>,
  )
  await expect.element(page.getByTestId('a')).toHaveTextContent('loading')
  expect(load).toHaveBeenCalledTimes(1)
  arrive()
  for (const id of ['a', 'b', 'c']) await expect.element(page.getByTestId(id)).toHaveTextContent('part')
  expect(load).toHaveBeenCalledTimes(1)
})

test('default: a chunk already loaded renders on the first render, with no loading state in between', async () => {
  const chunk = lazy(() => Promise.resolve(Part))
  await chunk.load()
  const seen: unknown[] = []
  await render(<Probe chunk={chunk} seen={seen} />)
  expect(seen.length).toBeGreaterThan(0)
  expect(seen.every((value) => value === Part)).toBe(true)
})

test('error: every caller waiting on a failed fetch hears the failure; the next use fetches again and succeeds', async () => {
  const { chunk, load, arrive, fail } = controlled()
  const waiting = [chunk.load(), chunk.load()]
  const gone = new Error('chunk gone')
  fail(gone)
  for (const result of await Promise.allSettled(waiting)) expect(result).toEqual({ status: 'rejected', reason: gone })
  expect(chunk.current).toBeUndefined()
  const retry = chunk.load()
  expect(load).toHaveBeenCalledTimes(2)
  arrive()
  await expect(retry).resolves.toBe(Part)
  expect(chunk.current).toBe(Part)
})

test('error: a part whose chunk fails is not left loading: it reports the failure, warns once with the kit text, and stays quiet on re-render', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const { chunk, load, fail } = controlled()
  const screen = await render(<Slot chunk={chunk} id="slot" what="the Buy button" />)
  await expect.element(page.getByTestId('slot')).toHaveTextContent('loading')
  const gone = new Error('chunk gone')
  fail(gone)
  await expect.element(page.getByTestId('slot')).toHaveTextContent('failed')
  expect(warn).toHaveBeenCalledTimes(1)
  expect(warn).toHaveBeenCalledWith('[portico] Could not load the Buy button.', gone)
  // A re-render (a parent's state changed) neither fetches again nor repeats the warning.
  await screen.rerender(<Slot chunk={chunk} id="slot" what="the Buy button" />)
  await expect.element(page.getByTestId('slot')).toHaveTextContent('failed')
  expect(load).toHaveBeenCalledTimes(1)
  expect(warn).toHaveBeenCalledTimes(1)
  warn.mockRestore()
})

test('error: a failed chunk leaves no unhandled rejection, whether its parts are mounted or already gone', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const mounted = controlled()
  await render(<Slot chunk={mounted.chunk} id="mounted" what="the mounted part" />)
  const gone = controlled()
  const screen = await render(<Slot chunk={gone.chunk} id="gone" what="the unmounted part" />)
  await expect.element(page.getByTestId('gone')).toHaveTextContent('loading')
  await screen.unmount()
  mounted.fail(new Error('offline'))
  gone.fail(new Error('offline'))
  await expect.element(page.getByTestId('mounted')).toHaveTextContent('failed')
  await frames()
  expect(unhandled).toEqual([])
  expect(warn).toHaveBeenCalledWith('[portico] Could not load the mounted part.', expect.any(Error))
  warn.mockRestore()
})

test('error: without a name to warn with, a failed chunk is silent but still reported as failed', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const { chunk, fail } = controlled()
  await render(<Slot chunk={chunk} id="slot" />)
  await expect.element(page.getByTestId('slot')).toHaveTextContent('loading')
  fail(new Error('offline'))
  await expect.element(page.getByTestId('slot')).toHaveTextContent('failed')
  expect(warn).not.toHaveBeenCalled()
  warn.mockRestore()
})

// Under <StrictMode> (a host's development build) React mounts, unmounts and remounts each effect:
// only the live one warns when the shared load fails, so one failure of one part is one warning.
test('error: under StrictMode a failed part still warns once', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const { chunk, fail } = controlled()
  await render(
    <StrictMode>
      <Slot chunk={chunk} id="slot" what="the Buy button" />
    </StrictMode>,
  )
  await expect.element(page.getByTestId('slot')).toHaveTextContent('loading')
  fail(new Error('offline'))
  await expect.element(page.getByTestId('slot')).toHaveTextContent('failed')
  await frames()
  try {
    expect(warn).toHaveBeenCalledTimes(1)
  } finally {
    warn.mockRestore()
  }
})

test('error: a new attempt fetches a failed chunk again (a "Try again"); a failure belongs to its attempt, so another chunk in its place with its own attempt shows loading', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const first = controlled()
  const screen = await render(<Slot chunk={first.chunk} id="slot" what="the view" attempt="first:0" />)
  first.fail(new Error('offline'))
  await expect.element(page.getByTestId('slot')).toHaveTextContent('failed')
  // Another chunk in the same place (the next view, its own attempt): loading, not failed.
  const second = controlled()
  await screen.rerender(<Slot chunk={second.chunk} id="slot" what="the view" attempt="second:0" />)
  await expect.element(page.getByTestId('slot')).toHaveTextContent('loading')
  second.fail(new Error('offline'))
  await expect.element(page.getByTestId('slot')).toHaveTextContent('failed')
  expect(second.load).toHaveBeenCalledTimes(1)
  // The same attempt again (a re-render) fetches nothing; a new one fetches once and shows the part.
  await screen.rerender(<Slot chunk={second.chunk} id="slot" what="the view" attempt="second:0" />)
  expect(second.load).toHaveBeenCalledTimes(1)
  await screen.rerender(<Slot chunk={second.chunk} id="slot" what="the view" attempt="second:1" />)
  await expect.element(page.getByTestId('slot')).toHaveTextContent('loading')
  expect(second.load).toHaveBeenCalledTimes(2)
  second.arrive()
  await expect.element(page.getByTestId('slot')).toHaveTextContent('part')
  expect(warn).toHaveBeenCalledTimes(2)
  warn.mockRestore()
})
