// The discovery of wallets that inject a global (watchInjected: when it reads and when it reports)
// and its two guards for untrusted globals (readProperty, warnOnce), on a test window with Vitest's
// clock for the re-reads of the first seconds. What each adapter reads from its global (Keplr,
// polkadot's injectedWeb3, btc_providers) is tested beside the adapters (cosmosAdapter.test.ts,
// polkadotAdapter.test.ts, bip122Adapter.test.ts).
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { installTestWindow, removeTestWindow } from '../../test/window.js'
import { readProperty, warnOnce, watchInjected } from './injectedDiscovery.js'

type Entry = { key: string; provider: unknown }

let testWindow: Window
beforeEach(() => {
  testWindow = installTestWindow()
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  removeTestWindow()
})

/** A page global the test changes, the read of it (counted), and every list reported. */
function injected(initial: Entry[] = []) {
  const state = { entries: initial, reads: 0 }
  const reported: Entry[][] = []
  const read = () => {
    state.reads++
    return [...state.entries]
  }
  const onChange = (entries: Entry[]) => void reported.push(entries)
  return { state, reported, read, onChange }
}

describe('watchInjected', () => {
  test('default: the globals are read at once and the first list is reported, even an empty one', () => {
    const page = injected()
    const stop = watchInjected(page.read, page.onChange)
    expect(page.state.reads).toBe(1)
    expect(page.reported).toEqual([[]])
    stop()
  })

  test('behavior: a wallet injected on `load` is reported then; a `load` that changes nothing reports nothing', () => {
    const page = injected()
    const stop = watchInjected(page.read, page.onChange)
    testWindow.dispatchEvent(new Event('load'))
    expect(page.reported).toHaveLength(1)
    const keplr = { enable() {} }
    page.state.entries = [{ key: 'keplr', provider: keplr }]
    testWindow.dispatchEvent(new Event('load'))
    expect(page.reported).toEqual([[], [{ key: 'keplr', provider: keplr }]])
    expect(page.reported[1]?.[0]?.provider).toBe(keplr)
    stop()
  })

  test('behavior: the events given re-read the globals too; others do not', () => {
    const page = injected()
    const stop = watchInjected(page.read, page.onChange, ['keplr_keystorechange'])
    page.state.entries = [{ key: 'keplr', provider: {} }]
    testWindow.dispatchEvent(new Event('some_other_event'))
    expect(page.state.reads).toBe(1)
    testWindow.dispatchEvent(new Event('keplr_keystorechange'))
    expect(page.state.reads).toBe(2)
    expect(page.reported.map((list) => list.map((e) => e.key))).toEqual([[], ['keplr']])
    stop()
  })

  test('behavior: the same keys with a new provider object (a wallet that replaced its global) are reported', () => {
    const first = { name: 'first' }
    const second = { name: 'second' }
    const page = injected([
      { key: 'a', provider: first },
      { key: 'b', provider: second },
    ])
    const stop = watchInjected(page.read, page.onChange)
    // The same objects again: nothing to report.
    page.state.entries = [
      { key: 'a', provider: first },
      { key: 'b', provider: second },
    ]
    testWindow.dispatchEvent(new Event('load'))
    expect(page.reported).toHaveLength(1)
    const replaced = { name: 'replaced' }
    page.state.entries = [
      { key: 'a', provider: first },
      { key: 'b', provider: replaced },
    ]
    testWindow.dispatchEvent(new Event('load'))
    expect(page.reported).toHaveLength(2)
    expect(page.reported[1]?.[1]?.provider).toBe(replaced)
    stop()
  })

  test('edge: the same wallets in another order, and a wallet that left, are reported', () => {
    const a = { key: 'a', provider: {} }
    const b = { key: 'b', provider: {} }
    const page = injected([a, b])
    const stop = watchInjected(page.read, page.onChange)
    page.state.entries = [b, a]
    testWindow.dispatchEvent(new Event('load'))
    page.state.entries = [b]
    testWindow.dispatchEvent(new Event('load'))
    expect(page.reported.map((list) => list.map((e) => e.key))).toEqual([['a', 'b'], ['b', 'a'], ['b']])
    stop()
  })

  test('behavior: a wallet that injects late is found by the re-reads at 100, 500, 1500 and 3000 ms, and none after', () => {
    const page = injected()
    const stop = watchInjected(page.read, page.onChange)
    expect(vi.getTimerCount()).toBe(4)
    vi.advanceTimersByTime(99)
    expect(page.state.reads).toBe(1)
    vi.advanceTimersByTime(1)
    expect(page.state.reads).toBe(2)
    page.state.entries = [{ key: 'polkadot-js', provider: {} }]
    vi.advanceTimersByTime(400)
    expect(page.state.reads).toBe(3)
    expect(page.reported.map((list) => list.map((e) => e.key))).toEqual([[], ['polkadot-js']])
    vi.advanceTimersByTime(1000)
    expect(page.state.reads).toBe(4)
    vi.advanceTimersByTime(1500)
    expect(page.state.reads).toBe(5)
    expect(vi.getTimerCount()).toBe(0)
    // The unchanged list was not reported again by the later re-reads.
    expect(page.reported).toHaveLength(2)
    stop()
  })

  test('behavior: the returned stop ends the re-reads and the event listeners', () => {
    const page = injected()
    const stop = watchInjected(page.read, page.onChange, ['keplr_keystorechange'])
    stop()
    expect(vi.getTimerCount()).toBe(0)
    page.state.entries = [{ key: 'keplr', provider: {} }]
    testWindow.dispatchEvent(new Event('load'))
    testWindow.dispatchEvent(new Event('keplr_keystorechange'))
    vi.runAllTimers()
    expect(page.state.reads).toBe(1)
    expect(page.reported).toEqual([[]])
  })

  test('edge: two watchers are independent: stopping one leaves the other listening', () => {
    const one = injected()
    const two = injected()
    const stopOne = watchInjected(one.read, one.onChange)
    const stopTwo = watchInjected(two.read, two.onChange)
    stopOne()
    two.state.entries = [{ key: 'keplr', provider: {} }]
    testWindow.dispatchEvent(new Event('load'))
    expect(one.state.reads).toBe(1)
    expect(two.reported).toHaveLength(2)
    stopTwo()
  })
})

describe('readProperty', () => {
  test('behavior: reads a property of an object or a function', () => {
    const provider = { enable: () => 'enabled' }
    expect(readProperty(provider, 'enable')).toBe(provider.enable)
    const fn = Object.assign(() => {}, { version: '1.0' })
    expect(readProperty(fn, 'version')).toBe('1.0')
    expect(readProperty({}, 'missing')).toBeUndefined()
  })

  test('edge: nothing and primitives read as undefined, even a key primitives have', () => {
    for (const value of [undefined, null, 0, 'keplr', true, 1n, Symbol('s')]) {
      expect(readProperty(value, 'toString')).toBeUndefined()
    }
  })

  test('error: a getter or a proxy that throws reads as undefined instead of throwing', () => {
    const hostile = Object.defineProperty({}, 'keplr', {
      get() {
        throw new Error('blocked by the extension')
      },
    })
    expect(readProperty(hostile, 'keplr')).toBeUndefined()
    const proxy = new Proxy(
      {},
      {
        get() {
          throw new Error('revoked')
        },
      },
    )
    expect(readProperty(proxy, 'anything')).toBeUndefined()
    const { proxy: revoked, revoke } = Proxy.revocable({}, {})
    revoke()
    expect(readProperty(revoked, 'anything')).toBeUndefined()
  })
})

describe('warnOnce', () => {
  test('behavior: one console warning per key, prefixed with [portico]; another key warns again', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const warned = new Set<string>()
    warnOnce(warned, 'invalid:keplr', 'Ignored window.keplr (no enable).')
    warnOnce(warned, 'invalid:keplr', 'Ignored window.keplr (no enable), again.')
    expect(warn.mock.calls).toEqual([['[portico] Ignored window.keplr (no enable).']])
    warnOnce(warned, 'invalid:leap', 'Ignored window.leap.')
    expect(warn.mock.calls.map(([message]) => message)).toEqual([
      '[portico] Ignored window.keplr (no enable).',
      '[portico] Ignored window.leap.',
    ])
    expect([...warned]).toEqual(['invalid:keplr', 'invalid:leap'])
    // Another set (another adapter instance) warns on its own.
    warnOnce(new Set(), 'invalid:keplr', 'Ignored window.keplr (no enable).')
    expect(warn).toHaveBeenCalledTimes(3)
  })
})
