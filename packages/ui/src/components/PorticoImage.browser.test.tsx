import { afterEach, expect, inject, test, vi } from 'vitest'
import { render } from 'vitest-browser-react'
import '../test/provided.js'
import { imagePreloadTimeoutMs, PorticoImage } from './PorticoImage.js'

const server = inject('imageServerUrl')
const state = (container: HTMLElement) => container.querySelector('[data-state]')?.getAttribute('data-state')

afterEach(() => {
  vi.useRealTimers()
})

test('default: a reachable image is shown', async () => {
  const { container } = await render(<PorticoImage src={`${server}/ok.png`} name="Ok" />)
  await expect.poll(() => state(container)).toBe('loaded')
  expect(container.querySelector('img')?.getAttribute('src')).toBe(`${server}/ok.png`)
})

test('behavior: an image that does not load within 2 s gives way to the fallback glyph', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  const { container } = await render(<PorticoImage src={`${server}/hang`} name="Slow wallet" />)
  expect(state(container)).toBe('loading')
  await vi.advanceTimersByTimeAsync(imagePreloadTimeoutMs - 1)
  expect(state(container)).toBe('loading')
  await vi.advanceTimersByTimeAsync(1)
  await expect.poll(() => state(container)).toBe('fallback')
  expect(container.textContent).toBe('S')
  expect(container.querySelector('img')).toBeNull()
  expect(imagePreloadTimeoutMs).toBe(2_000)
})

test.each([
  ['javascript: URL', 'javascript:alert(1)'],
  ['non-image data URL', 'data:text/html,<script>alert(1)</script>'],
  ['relative path', '/logo.png'],
  ['protocol-relative URL', '//evil.example/x.png'],
  ['not a string', 42],
])('behavior: %s is never used as a source', async (_, src) => {
  const { container } = await render(<PorticoImage src={src as string} name="Hostile" />)
  expect(state(container)).toBe('fallback')
  expect(container.querySelector('img')).toBeNull()
})

test('behavior: given another source, the image starts over in that render, never showing the previous one', async () => {
  const { container, rerender } = await render(<PorticoImage src={`${server}/ok.png`} name="First" />)
  await expect.poll(() => state(container)).toBe('loaded')
  // Every source an <img> is given from here on, as the DOM changes (records, not the DOM after them:
  // the effects that follow a render run before an observer is told).
  const given: string[] = []
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes' && record.target.nodeName === 'IMG')
        given.push(`changed from ${record.oldValue}`)
      for (const node of record.addedNodes) if (node.nodeName === 'IMG') given.push(`added`)
    }
  })
  observer.observe(container, { subtree: true, childList: true, attributes: true, attributeOldValue: true })
  // A list row that now shows another wallet, whose icon never answers (a slow CDN).
  await rerender(<PorticoImage src={`${server}/hang?next`} name="Next" />)
  await expect.poll(() => state(container)).toBe('loading')
  await new Promise((resolve) => requestAnimationFrame(resolve))
  observer.disconnect()
  // The previous image is gone, and the new source was never put on screen before it is preloaded.
  expect(given).toEqual([])
  expect(container.querySelector('img')).toBeNull()
  // Back to no source: the initial, at once.
  await rerender(<PorticoImage src={undefined} name="Next" />)
  expect(state(container)).toBe('fallback')
  expect(container.textContent).toBe('N')
})

const mark = "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'><circle r='1'/></svg>"

test("behavior: the kit's mark stands in for an image that does not load, and at once without one", async () => {
  const { container, rerender } = await render(<PorticoImage src={`${server}/missing.png`} mark={mark} name="Net" />)
  await expect.poll(() => container.querySelector('img')?.getAttribute('src')).toBe(mark)
  expect(state(container)).toBe('loaded')
  expect(container.textContent).toBe('')
  // No source: the mark is the first thing drawn, with no letter before it.
  await rerender(<PorticoImage mark={mark} name="Net" />)
  expect(container.querySelector('img')?.getAttribute('src')).toBe(mark)
  // An image that loads still wins over the mark.
  await rerender(<PorticoImage src={`${server}/ok.png`} mark={mark} name="Net" />)
  await expect.poll(() => container.querySelector('img')?.getAttribute('src')).toBe(`${server}/ok.png`)
})

test("behavior: while the mark is on its way ('') the box is blank, not a letter; without one the letter stays", async () => {
  const { container, rerender } = await render(<PorticoImage mark="" name="Net" />)
  expect(state(container)).toBe('loading')
  expect(container.textContent).toBe('')
  expect(container.querySelector('img')).toBeNull()
  await rerender(<PorticoImage name="Net" />)
  expect(state(container)).toBe('fallback')
  expect(container.textContent).toBe('N')
})
