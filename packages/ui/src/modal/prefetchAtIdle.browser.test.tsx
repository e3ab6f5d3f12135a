import { expect, test, vi } from 'vitest'
import { viewTable } from '../features/index.js'
import { prefetchModalAtIdle } from './prefetchAtIdle.js'

/** Whether the page has fetched a module whose URL matches (Vite serves each source file). */
const fetched = (pattern: RegExp) =>
  performance.getEntriesByType('resource').some((entry) => pattern.test(new URL(entry.name).pathname))

// In this order: nothing else in this file imports the modal, so only the prefetch can fetch it.
test('behavior: a cancelled prefetch fetches nothing, even after the idle timeout', () => {
  // The page's idle callbacks held here, then all run at once: what reaching the idle timeout does,
  // without waiting for it. (Vitest's fake clock cannot do it: its fake cancelIdleCallback is never
  // installed, so a cancel would not reach it.) The work would first ask which view to fetch.
  const held = new Map<number, IdleRequestCallback>()
  let nextId = 1
  const request = vi.spyOn(window, 'requestIdleCallback').mockImplementation((callback) => {
    held.set(nextId, callback)
    return nextId++
  })
  const cancelIdle = vi.spyOn(window, 'cancelIdleCallback').mockImplementation((id) => void held.delete(id))
  try {
    const view = vi.fn(() => 'Connect' as const)
    const cancel = prefetchModalAtIdle(viewTable, view)
    expect(held.size).toBe(1)
    cancel()
    for (const callback of held.values()) callback({ didTimeout: true, timeRemaining: () => 0 })
    expect(view).not.toHaveBeenCalled()
  } finally {
    request.mockRestore()
    cancelIdle.mockRestore()
  }
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
