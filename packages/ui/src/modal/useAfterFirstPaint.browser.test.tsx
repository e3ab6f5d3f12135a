// useAfterFirstPaint and afterNextPaint: false on the first render and through the frame that
// paints it, true after; cancelled work never runs. Its callers' effects (the directory asked for
// after the opening frame) are covered by the modal's browser tests (warmLayout, prefetchAtIdle).
import { useEffect } from 'react'
import { expect, test, vi } from 'vitest'
import { page } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { afterNextPaint, useAfterFirstPaint } from './useAfterFirstPaint.js'

/** The next frame's rAF callbacks have run: what is on screen then is what that frame paints. */
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))

function Probe({ seen }: { seen: boolean[] }) {
  const painted = useAfterFirstPaint()
  seen.push(painted)
  return <output data-testid="painted">{String(painted)}</output>
}

/** Starts `work` after the next paint from its mount effect (as the modal's opening commit does). */
function Starter({ work, started }: { work: () => void; started: (cancel: () => void) => void }) {
  useEffect(() => started(afterNextPaint(work)), [work, started])
  return null
}

test('default: false on the first render and in the frame that paints it, true only after that paint', async () => {
  const seen: boolean[] = []
  // What each frame's rAF sees on screen, from before the mount: a callback registered in the frame
  // before runs ahead of the hook's own, so it reads what that frame paints (however long the render
  // takes on a busy machine).
  const shown: string[] = []
  let watching = true
  const watch = () => {
    const text = document.querySelector('[data-testid="painted"]')?.textContent
    if (text != null) shown.push(text)
    if (watching) requestAnimationFrame(watch)
  }
  requestAnimationFrame(watch)
  await render(<Probe seen={seen} />)
  expect(seen[0]).toBe(false)
  await expect.element(page.getByTestId('painted')).toHaveTextContent('true')
  watching = false
  // The first frame after mounting paints `false`.
  expect(shown[0]).toBe('false')
  // false, then true, and it stays true: never back to false on a later render.
  expect(seen.indexOf(true)).toBeGreaterThan(0)
  expect(seen.slice(seen.indexOf(true))).not.toContain(false)
})

test('behavior: once true it stays true across re-renders and asks for no more frames', async () => {
  const seen: boolean[] = []
  const screen = await render(<Probe seen={seen} />)
  await expect.element(page.getByTestId('painted')).toHaveTextContent('true')
  const frames = vi.spyOn(window, 'requestAnimationFrame')
  await screen.rerender(<Probe seen={seen} />)
  await screen.rerender(<Probe seen={seen} />)
  expect(seen.at(-1)).toBe(true)
  expect(frames).not.toHaveBeenCalled()
  frames.mockRestore()
})

test('edge: a component unmounted before its first paint leaves no work behind and no React warning', async () => {
  const error = vi.spyOn(console, 'error')
  const seen: boolean[] = []
  const screen = await render(<Probe seen={seen} />)
  await screen.unmount()
  await nextFrame()
  await nextFrame()
  expect(seen).toEqual(seen.map(() => false))
  expect(error).not.toHaveBeenCalled()
  error.mockRestore()
})

test('behavior: afterNextPaint runs its work after the next frame, and a cancel before then stops it', async () => {
  const order: string[] = []
  const work = vi.fn(() => order.push('work'))
  const cancelled = vi.fn()
  afterNextPaint(work)
  afterNextPaint(cancelled)()
  requestAnimationFrame(() => order.push('frame'))
  expect(work).not.toHaveBeenCalled()
  await expect.poll(() => work.mock.calls.length).toBe(1)
  expect(order).toEqual(['frame', 'work'])
  await nextFrame()
  expect(cancelled).not.toHaveBeenCalled()
})

test('edge: a cancel in the frame itself, after its rAF ran, still stops the queued work', async () => {
  const work = vi.fn()
  let cancel = () => {}
  await render(
    <Starter
      work={work}
      started={(stop) => {
        cancel = stop
      }}
    />,
  )
  // Queued after afterNextPaint's rAF: runs in the same frame, once its timer is queued.
  await nextFrame()
  cancel()
  await nextFrame()
  await nextFrame()
  expect(work).not.toHaveBeenCalled()
})
