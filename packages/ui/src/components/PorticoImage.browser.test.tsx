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
