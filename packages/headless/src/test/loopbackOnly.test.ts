import { expect, test, vi } from 'vitest'

test("a fetch to a host past loopback fails at once with the guard's message", async () => {
  // 192.0.2.1 is TEST-NET-1: never routed, and never asked here.
  await expect(fetch('http://192.0.2.1/')).rejects.toThrow('Blocked in tests: http://192.0.2.1 is not loopback')
  await expect(fetch(new URL('https://example.com/x'))).rejects.toThrow('is not loopback')
})

test('run again before the next file (a worker that keeps its modules), the guard stays one layer', async () => {
  const installed = globalThis.fetch
  vi.resetModules()
  await import('./loopbackOnly.js')
  expect(globalThis.fetch).toBe(installed)
})

test('an environment that brings its own fetch gets the guard around it', async () => {
  const installed = globalThis.fetch
  const own = vi.fn(async () => new Response('own'))
  globalThis.fetch = own
  try {
    vi.resetModules()
    await import('./loopbackOnly.js')
    expect(globalThis.fetch).not.toBe(own)
    await expect(globalThis.fetch('http://192.0.2.1/')).rejects.toThrow('is not loopback')
    expect(await (await globalThis.fetch('http://127.0.0.1:9/')).text()).toBe('own')
    expect(own).toHaveBeenCalledTimes(1)
  } finally {
    globalThis.fetch = installed
  }
})
