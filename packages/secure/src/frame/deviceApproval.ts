import { deviceLinkLifetimeMs } from '../authProtocol.js'
import type { AppRequestName } from '../protocol/requests.js'
import { frameTexts } from '../protocol/texts.js'
import { type AuthApi, AuthApiError } from './authApi.js'
import { RpcError } from './rpcError.js'

/** How often a new device asks the auth server whether its approval link was used. */
const devicePollMs = 1_000

/**
 * The longest one CONNECT_DEVICE polls: the kit's bound on a login request (the spec's 120 s
 * iframe_request_timeout), after which no one waits for its answer.
 *
 * @example
 * clock.now += deviceWaitMs // the wait in progress stops at its next look at the clock
 */
export const deviceWaitMs = 120_000

/** The email login in progress: its challenge and when the frame started it (by its clock). */
export type PendingLogin = { challengeId: string; startedAt: number }

/** What the device-approval wait reads the time and waits with; tests pass their own. */
export type DeviceWaitClock = {
  now(): number
  /** Resolves after `ms`; rejects with `signal.reason` as soon as `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>
}

const realClock: DeviceWaitClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason)
      const timer = setTimeout(resolve, ms)
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer)
          reject(signal.reason)
        },
        { once: true },
      )
    }),
}

/**
 * The requests after which a pending CONNECT_DEVICE has no one waiting for it: another one (it
 * replaces the wait), another kind of login, the code (the login goes on without the link) and
 * signing out. CONNECT_EMAIL is not one: a resend, or a new address, makes a new login that the
 * wait in progress follows (the kit's modal keeps one wait across a resend), and its bound holds.
 */
const endsDeviceWait = new Set<AppRequestName>([
  'CONNECT_DEVICE',
  'CONNECT_OTP',
  'CONNECT_SOCIAL',
  'CONNECT_FARCASTER',
  'CONNECT_PASSKEY',
  'SIGN_OUT',
])

/**
 * The new device's wait for its approval link (CONNECT_DEVICE): polls the auth server every second
 * for the latest login until the link is used. It stops, rejecting with the frame's error shapes,
 * when the request is superseded ({@link endsDeviceWait}: 'Request was aborted', 4001), when the
 * link can no longer be approved (its lifetime passed, or the server says so: `OTP_EXPIRED`), and
 * after {@link deviceWaitMs} at the latest (`TIMEOUT`), so a wait the kit gave up on does not poll
 * the server for the rest of the visit.
 *
 * @example
 * const device = deviceApproval({ api, login: () => login })
 * device.heard(message.name) // for every request, as it arrives
 * await device.wait() // CONNECT_DEVICE
 */
export function deviceApproval(options: {
  api: Pick<AuthApi, 'pollDevice'>
  login: () => PendingLogin | undefined
  clock?: DeviceWaitClock
}) {
  const { api, login, clock = realClock } = options
  let current: AbortController | undefined
  const stop = () => {
    current?.abort(new RpcError(frameTexts.aborted, 4001))
    current = undefined
  }
  return {
    /** Told of every request as it arrives: one that supersedes the wait ends it. */
    heard(name: AppRequestName) {
      if (endsDeviceWait.has(name)) stop()
    },
    /** Resolves once the latest login's device is approved (its code is then mailed). */
    async wait(): Promise<void> {
      stop()
      const controller = new AbortController()
      current = controller
      const { signal } = controller
      const aborted = new Promise<never>((_, reject) =>
        signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
      )
      aborted.catch(() => {})
      const deadline = clock.now() + deviceWaitMs
      try {
        for (;;) {
          const pending = login()
          if (!pending) throw new Error('No login in progress')
          const now = clock.now()
          // The server answers OTP_EXPIRED once the link is dead; the frame does not ask to learn it.
          if (now >= pending.startedAt + deviceLinkLifetimeMs) throw new AuthApiError('OTP_EXPIRED', 'Code expired', 0)
          if (now >= deadline)
            throw new AuthApiError('TIMEOUT', `The device was not approved within ${deviceWaitMs / 1000} s`, 0)
          const { action } = await Promise.race([api.pollDevice(pending.challengeId), aborted])
          if (action === 'VERIFY_OTP') return
          signal.throwIfAborted()
          await clock.sleep(Math.max(0, Math.min(devicePollMs, deadline - clock.now())), signal)
        }
      } finally {
        if (current === controller) current = undefined
      }
    },
  }
}
