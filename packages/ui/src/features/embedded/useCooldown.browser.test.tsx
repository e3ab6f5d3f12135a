// useEmailCooldown on the page's faked clock (Date and setTimeout only): the seconds left of the
// spec's 30 s email cooldown, rounded up ('Please try again after {n} seconds'), at and around each
// boundary, the once-a-second tick that never reads 0 early, a new send moving it back to 30, and
// what a stored last-send time that cannot be right does. The EmailLogin view's countdown text and
// its Resend button against the auth server are in EmailLogin.browser.test.tsx; headless's own
// cooldown (startEmailLogin) in its tests.
import { type Portico, PorticoProvider } from '@portico/headless'
import { emailCooldownMs, getEmbeddedWallet } from '@portico/headless/embedded'
import { QueryClient } from '@tanstack/react-query'
import { act } from 'react'
import { afterEach, beforeAll, expect, test, vi } from 'vitest'
import { cleanup, render } from 'vitest-browser-react'
import { embeddedPortico, stopEmbedded } from '../../test/embeddedKit.js'
import { useEmailCooldown } from './useCooldown.js'
import '../../test/provided.js'

// React's act() runs the hook's effects (the next tick's timer) before the faked clock moves on.
beforeAll(() => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
})
afterEach(async () => {
  await cleanup()
  vi.useRealTimers()
  stopEmbedded()
})

const start = Date.UTC(2030, 0, 1, 12, 0, 0)

function Left({ version }: { version: unknown }) {
  return <output data-testid="left">{useEmailCooldown(version)}</output>
}

/** Mounts the hook on a kit whose login cache says the last email went out at `last` (none when undefined). */
async function mount(last: number | undefined) {
  const portico = embeddedPortico()
  // The kit's secure frame loads on the real clock first: its own load timeout is no part of this.
  await getEmbeddedWallet(portico).client.ready()
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], now: start })
  if (last !== undefined) getEmbeddedWallet(portico).writeLoginCache({ lastEmailLoginTime: last })
  const queryClient = new QueryClient()
  const tree = (version: unknown) => (
    <PorticoProvider config={portico} queryClient={queryClient} reconnectOnMount={false}>
      <Left version={version} />
    </PorticoProvider>
  )
  const kitTimers = vi.getTimerCount()
  const screen = await render(tree(0))
  return {
    portico,
    read: () => Number(screen.container.querySelector('[data-testid="left"]')?.textContent),
    rerender: (version: unknown) => act(async () => void (await screen.rerender(tree(version)))),
    unmount: () => act(async () => void (await screen.unmount())),
    /** The timers running now that the kit itself did not have before the hook mounted. */
    hookTimers: () => vi.getTimerCount() - kitTimers,
  }
}

/** Moves the faked clock by `ms`, running what React does meanwhile (renders and effects). */
const tick = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)))

const setLast = (portico: Portico, last: number) =>
  getEmbeddedWallet(portico).writeLoginCache({ lastEmailLoginTime: last })

test('default: no email sent yet (nothing in the login cache): 0, and no timer is kept running', async () => {
  const { read, hookTimers } = await mount(undefined)
  expect(read()).toBe(0)
  expect(hookTimers()).toBe(0)
})

test("behavior: the spec's 30 s: just sent reads 30, then ticks down once a second to 0, where the timer stops", async () => {
  expect(emailCooldownMs).toBe(30_000)
  const { read, hookTimers } = await mount(start)
  const seen = [read()]
  for (let i = 0; i < 30; i++) {
    await tick(1_000)
    seen.push(read())
  }
  expect(seen).toEqual(Array.from({ length: 31 }, (_, i) => 30 - i))
  expect(hookTimers()).toBe(0)
  // Nothing more happens once it is over.
  await tick(5_000)
  expect(read()).toBe(0)
})

test('edge: the seconds left are rounded up at every boundary (1 ms into a second still counts it; exactly 30 s later is 0)', async () => {
  const { portico, read, rerender } = await mount(undefined)
  const cases: [elapsedMs: number, left: number][] = [
    [0, 30],
    [1, 30],
    [999, 30],
    [1_000, 29],
    [1_001, 29],
    [14_500, 16],
    [28_999, 2],
    [29_000, 1],
    [29_999, 1],
    [30_000, 0],
    [30_001, 0],
    [600_000, 0],
  ]
  let version = 0
  for (const [elapsed, left] of cases) {
    // A send `elapsed` ms ago; the new `version` re-reads the clock, as after a send.
    setLast(portico, Date.now() - elapsed)
    await rerender(++version)
    expect(read(), `${elapsed} ms after the send`).toBe(left)
  }
})

test('security: the countdown never reads 0 (Resend enabled) while the cooldown still runs, even when it started mid-second, and reads 0 within a second of its end', async () => {
  // The last send 400 ms before the view mounted: the boundaries fall between the ticks.
  const last = start - 400
  const { read } = await mount(last)
  let zeroAt: number | undefined
  for (let t = 0; t <= 32_000; t += 100) {
    const trueLeft = Math.max(0, Math.ceil((last + emailCooldownMs - Date.now()) / 1000))
    const shown = read()
    // Never less than the truth (an early 0 lets a send the server refuses), never more than a second behind.
    expect(shown, `at +${t} ms`).toBeGreaterThanOrEqual(trueLeft)
    expect(shown, `at +${t} ms`).toBeLessThanOrEqual(trueLeft + 1)
    if (shown === 0 && zeroAt === undefined) zeroAt = Date.now()
    await tick(100)
  }
  expect(zeroAt).toBeDefined()
  expect((zeroAt as number) - (last + emailCooldownMs)).toBeGreaterThanOrEqual(0)
  expect((zeroAt as number) - (last + emailCooldownMs)).toBeLessThanOrEqual(1_000)
})

test('behavior: a new send (the version moves) starts over at 30 at once, also after the countdown had ended and its timer stopped', async () => {
  const { portico, read, rerender, hookTimers } = await mount(start)
  for (let i = 0; i < 31; i++) await tick(1_000)
  expect(read()).toBe(0)
  expect(hookTimers()).toBe(0)
  setLast(portico, Date.now())
  await rerender(1)
  expect(read()).toBe(30)
  await tick(1_000)
  expect(read()).toBe(29)
})

test('edge: unmounted mid-countdown, no timer is left behind', async () => {
  const { read, unmount, hookTimers } = await mount(start)
  expect(read()).toBe(30)
  expect(hookTimers()).toBe(1)
  await unmount()
  expect(hookTimers()).toBe(0)
})

test('security: a last-send time in storage that is no number (a tampered or foreign value) counts as none: 0, not a lock', async () => {
  const { portico, read, rerender } = await mount(undefined)
  portico.storage.set('embedded-login', { used: true, lastEmailLoginTime: String(start) })
  await rerender(1)
  expect(read()).toBe(0)
  portico.storage.set('embedded-login', { used: true, lastEmailLoginTime: null })
  await rerender(2)
  expect(read()).toBe(0)
})

// A last-send time in the future (the device's clock was ahead when the email went out and has
// since been set right, or storage was edited) is no record of a send: it must not hold Resend for
// longer than the spec's 30 s (here: an hour).
test('edge: a last-send time in the future never asks for more than the spec’s 30 s', async () => {
  const { read } = await mount(start + 3_600_000)
  expect(read()).toBe(0)
})
