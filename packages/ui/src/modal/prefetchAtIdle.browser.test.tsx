import { expect, test, vi } from 'vitest'
import { viewTable } from '../features/index.js'
import { prefetchModalAtIdle } from './prefetchAtIdle.js'

/** Whether the page has fetched a module whose URL matches (Vite serves each source file). */
const fetched = (pattern: RegExp) =>
  performance.getEntriesByType('resource').some((entry) => pattern.test(new URL(entry.name).pathname))

// In this order: nothing else in this file imports the modal, so only the prefetch can fetch it.
test('behavior: a cancelled prefetch fetches nothing, even after the idle timeout', async () => {
  const cancel = prefetchModalAtIdle(viewTable)
  cancel()
  await new Promise((resolve) => setTimeout(resolve, 2_500))
  expect(fetched(/\/modal\/Modal\.tsx$/)).toBe(false)
  expect(fetched(/\/connect\/ConnectView\.tsx$/)).toBe(false)
})

test('behavior: the modal and the view it opens on are fetched at idle, from the page origin only', async () => {
  prefetchModalAtIdle(viewTable, () => 'Connect')
  await vi.waitFor(
    () => {
      expect(fetched(/\/modal\/Modal\.tsx$/)).toBe(true)
      expect(fetched(/\/connect\/ConnectView\.tsx$/)).toBe(true)
    },
    { timeout: 10_000, interval: 50 },
  )
  const hosts = new Set(
    performance
      .getEntriesByType('resource')
      .filter((entry) => /^https?:/.test(entry.name))
      .map((entry) => new URL(entry.name).host),
  )
  expect([...hosts]).toEqual([location.host])
  // The other views stay on demand.
  expect(fetched(/\/account\/AccountView\.tsx$/)).toBe(false)
})
