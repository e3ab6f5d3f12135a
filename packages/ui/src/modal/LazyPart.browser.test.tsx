import { useEffect, useState } from 'react'
import { expect, test, vi } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { PartPending } from '../components/PartPending.js'
import { LazyPart } from './LazyPart.js'
import { lazy } from './lazy.js'

const Part = ({ label }: { label: string }) => <button type="button">{label}</button>

/** A part whose code arrives when the test says so (a chunk still on its way, then loaded or failed). */
function controlledPart() {
  let arrive!: () => void
  let fail!: (error: Error) => void
  const part = lazy(
    () =>
      new Promise<typeof Part>((resolve, reject) => {
        arrive = () => resolve(Part)
        fail = reject
      }),
  )
  return { part, arrive: () => arrive(), fail: (error: Error) => fail(error) }
}

const held = <div data-testid="held" style={{ height: 40 }} />

test('behavior: the stand-in holds the place while the code loads, then the part replaces it with its props', async () => {
  const { part, arrive } = controlledPart()
  await render(<LazyPart part={part} props={{ label: 'Choose a name' }} what="the entry" held={held} />)
  await expect.element(page.getByTestId('held')).toBeInTheDocument()
  expect(document.querySelector('button')).toBeNull()
  // The view is not whole while the part is on its way (what `isModalSettled` waits for).
  expect(document.querySelector('[data-pending]')).not.toBeNull()
  arrive()
  await expect.element(page.getByRole('button', { name: 'Choose a name' })).toBeVisible()
  expect(document.querySelector('[data-testid="held"]')).toBeNull()
  expect(document.querySelector('[data-pending]')).toBeNull()
  await cleanup()
})

test('behavior: a part that stands in with nothing still says it is pending until it arrives', async () => {
  const { part, arrive } = controlledPart()
  await render(
    <div data-testid="box">
      <LazyPart part={part} props={{ label: 'Revoke' }} what="the list" held={null} />
    </div>,
  )
  await expect.element(page.getByTestId('box')).toBeInTheDocument()
  const marker = document.querySelector('[data-pending]')
  expect(marker).not.toBeNull()
  // Invisible: it takes no room and says nothing to a screen reader.
  expect((marker as HTMLElement).hidden).toBe(true)
  arrive()
  await expect.element(page.getByRole('button', { name: 'Revoke' })).toBeVisible()
  expect(document.querySelector('[data-pending]')).toBeNull()
  await cleanup()
})

/** A row inside a part, still waiting for its own data: it says pending, and holds no place. */
const WaitingRow = () => <PartPending />

/** A part whose text arrives when `text` settles (its language's chunk still on the way). */
function Texted({ text }: { text: Promise<void> }) {
  const [ready, setReady] = useState(false)
  useEffect(() => void text.then(() => setReady(true)), [text])
  if (!ready) return <PartPending holdPlace />
  return (
    <>
      <button type="button">Choisir un nom</button>
      <WaitingRow />
    </>
  )
}

test('behavior: a part whose text is still on its way keeps the stand-in (holdPlace), then shows itself; a row inside it does not', async () => {
  let textIn!: () => void
  const text = new Promise<void>((resolve) => {
    textIn = resolve
  })
  const part = lazy(() => Promise.resolve(Texted))
  await render(<LazyPart part={part} props={{ text }} what="the entry" held={held} />)
  // The code is in (the part rendered), its text is not: the place is still held, and pending.
  await expect.poll(() => part.current).toBe(Texted)
  await expect.element(page.getByTestId('held')).toBeInTheDocument()
  expect(document.querySelector('[data-pending]')).not.toBeNull()
  textIn()
  await expect.element(page.getByRole('button', { name: 'Choisir un nom' })).toBeVisible()
  // The stand-in goes with the part's own answer; the row inside still waiting is only pending.
  expect(document.querySelector('[data-testid="held"]')).toBeNull()
  expect(document.querySelectorAll('[data-pending]')).toHaveLength(1)
  await cleanup()
})

test('behavior: a disabled part renders nothing, holds no place and fetches nothing', async () => {
  const load = vi.fn(() => new Promise<() => null>(() => {}))
  await render(
    <div data-testid="box">
      <LazyPart part={lazy(load)} enabled={false} what="the entry" held={held} />
    </div>,
  )
  await expect.element(page.getByTestId('box')).toBeInTheDocument()
  expect(document.querySelector('[data-testid="held"]')).toBeNull()
  expect(load).not.toHaveBeenCalled()
  await cleanup()
})

test('error: code that cannot load gives up its place with a warning naming the part; the next mount loads it again', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const first = controlledPart()
  await render(<LazyPart part={first.part} props={{ label: 'Buy' }} what="the Buy button" held={held} />)
  await expect.element(page.getByTestId('held')).toBeInTheDocument()
  first.fail(new Error('chunk gone'))
  await expect.element(page.getByTestId('held')).not.toBeInTheDocument()
  expect(document.querySelector('button')).toBeNull()
  expect(warn).toHaveBeenCalledWith('[portico] Could not load the Buy button.', expect.any(Error))
  await cleanup()
  warn.mockRestore()

  // The same chunk, mounted again: it is fetched anew (the failed load is not kept) and arrives.
  await render(<LazyPart part={first.part} props={{ label: 'Buy' }} what="the Buy button" held={held} />)
  await expect.element(page.getByTestId('held')).toBeInTheDocument()
  first.arrive()
  await expect.element(page.getByRole('button', { name: 'Buy' })).toBeVisible()
  await cleanup()
})
