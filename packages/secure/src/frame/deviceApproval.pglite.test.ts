// The frame's CONNECT_DEVICE wait (deviceApproval.ts, which main.ts runs) against the real auth server on
// PGlite, over loopback HTTP: it polls the latest email login until its device link is used, and
// stops, answering with the frame's error shapes, when the request is superseded (another
// CONNECT_DEVICE, another login, the code, SIGN_OUT), after the kit's 120 s bound, and when the
// link's 15 minutes are over. One clock moves the server and the frame: the wait's sleeps are the
// test's, so no test waits for a real second, and every poll is counted in the server's log. What
// the frame does with each message (who may send it, its replies) is main.browser.test.tsx's; the
// device link's own life on the server is packages/auth/src/login/routes.pglite.test.ts's.
import { randomBytes } from 'node:crypto'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Database } from '../../../auth/src/db/database.js'
import type { AuthLogEntry } from '../../../auth/src/log.js'
import { openTestDatabase } from '../../../auth/src/test/database.js'
import { startHttpServer, testPage } from '../../../auth/src/test/routeServer.js'
import { deviceLinkLifetimeMs } from '../authProtocol.js'
import type { AppRequestName } from '../protocol/requests.js'
import { rejection } from '../test/rejection.js'
import { createAuthApi } from './authApi.js'
import { type DeviceWaitClock, deviceApproval, deviceWaitMs, type PendingLogin } from './deviceApproval.js'
import { errorReply } from './rpcError.js'
import { memoryStore, useStore } from './vault.js'

let db: Database
beforeAll(async () => {
  const opened = await openTestDatabase('frame-device-wait')
  db = opened.db
  return opened.close
}, 120_000)
beforeEach(() => {
  useStore(Promise.resolve(memoryStore()))
})

/**
 * A known user's email login on a new device (the frame's own, from its vault), waiting for the
 * link: the server, its clock (the frame reads the same one, `skew` ms apart), the frame's login,
 * the polls the server has answered, and the frame's wait with a clock whose sleeps the test ends.
 */
async function deviceLogin() {
  const logs: AuthLogEntry[] = []
  const server = await startHttpServer(db, { log: (entry) => logs.push(entry) })
  const email = `device-wait-${randomBytes(4).toString('hex')}@example.com`
  await server.signIn(undefined, email)
  const api = createAuthApi({ url: server.url, projectId: 'test-project', hostOrigin: testPage })
  const sleepers: { ms: number; wake: () => void }[] = []
  const asleep = new Set<() => void>()
  const clock = { skew: 0 }
  const frameClock: DeviceWaitClock = {
    now: () => server.clock.now + clock.skew,
    sleep: (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        const sleeper = { ms, wake: resolve }
        sleepers.push(sleeper)
        signal.addEventListener('abort', () => {
          sleepers.splice(sleepers.indexOf(sleeper), 1)
          reject(signal.reason)
        })
        for (const told of asleep) told()
      }),
  }
  let login: PendingLogin | undefined
  /** Starts a login for `email` as CONNECT_EMAIL does (past the server's 30 s mail cooldown). */
  const startLogin = async () => {
    server.clock.now += 31_000
    const startedAt = frameClock.now()
    const started = await api.startLogin(email)
    expect(started.action).toBe('VERIFY_DEVICE')
    login = { challengeId: started.challengeId, startedAt }
    return server.mails.filter((m) => m.to === email).length
  }
  await startLogin()
  const device = deviceApproval({ api, login: () => login, clock: frameClock })
  /** Resolves once the wait sleeps between two polls (at once if it already does). */
  const sleeping = () =>
    new Promise<void>((resolve) => {
      if (sleepers.length > 0) return resolve()
      const told = () => {
        asleep.delete(told)
        resolve()
      }
      asleep.add(told)
    })
  /** Lets the sleeping wait go on: the clock moves by its sleep, then it polls again (or stops). */
  const tick = async () => {
    await sleeping()
    const sleeper = sleepers.shift()
    if (!sleeper) throw new Error('nothing sleeps')
    server.clock.now += sleeper.ms
    sleeper.wake()
  }
  /** Starts a wait; `settled` says whether it has ended. */
  const wait = () => {
    const waiting = { settled: false, promise: device.wait() }
    waiting.promise.then(
      () => (waiting.settled = true),
      () => (waiting.settled = true),
    )
    return waiting
  }
  /** Ticks until `waiting` ends (at most `limit` ticks: a wait that never stops fails here). */
  const tickUntilSettled = async (waiting: { settled: boolean; promise: Promise<void> }, limit: number) => {
    for (let i = 0; i < limit && !waiting.settled; i++) {
      await Promise.race([sleeping(), waiting.promise.catch(() => {})])
      if (!waiting.settled) await tick()
    }
    await waiting.promise.catch(() => {})
    expect(waiting.settled).toBe(true)
  }
  const polls = () => logs.filter((e) => e.msg === 'request' && e.path === '/v1/email/device').length
  /** Uses the link in the latest device mail, as the user's click does. */
  const approve = async () => {
    const mail = server.mails.filter((m) => m.to === email).at(-1)
    const token = /token=([\w-]+)/.exec(mail?.text ?? '')?.[1]
    const approved = await server.client().call('POST', '/v1/devices/approve', { token })
    expect(approved.body).toMatchObject({ approved: true, alreadyApproved: false })
  }
  return { server, clock, device, wait, tick, tickUntilSettled, sleeping, polls, approve, startLogin, sleepers }
}

/** The reply the frame posts for a CONNECT_DEVICE that failed with `error`. */
const reply = (error: unknown) => errorReply({ id: 'device', name: 'CONNECT_DEVICE' }, error).payload

describe('the device wait (CONNECT_DEVICE)', () => {
  test('behavior: it polls every second until the link is used, then resolves and polls no more', async () => {
    const { wait, tick, sleeping, polls, approve, sleepers } = await deviceLogin()
    const waiting = wait()
    for (let i = 0; i < 3; i++) await tick()
    await sleeping()
    expect(polls()).toBe(4)
    await approve()
    await tick()
    await waiting.promise
    expect(polls()).toBe(5)
    expect(sleepers).toEqual([])
  })

  test('edge: a wait no one answers stops at the kit’s 120 s with TIMEOUT; the server hears no poll after it', async () => {
    const { wait, tickUntilSettled, polls, sleepers, server } = await deviceLogin()
    const started = server.clock.now
    const waiting = wait()
    await tickUntilSettled(waiting, 200)
    const error = await rejection(waiting.promise)
    expect(server.clock.now - started).toBe(deviceWaitMs)
    expect(deviceWaitMs).toBe(120_000)
    // One poll a second, from 0 s to 119 s: none at or after the bound.
    expect(polls()).toBe(120)
    expect(reply(error)).toEqual({
      message: 'The device was not approved within 120 s',
      authCode: 'TIMEOUT',
    })
    expect(sleepers).toEqual([])
    await Promise.resolve()
    expect(polls()).toBe(120)
  })

  const superseding: AppRequestName[] = [
    'CONNECT_DEVICE',
    'CONNECT_OTP',
    'CONNECT_SOCIAL',
    'CONNECT_FARCASTER',
    'CONNECT_PASSKEY',
    'SIGN_OUT',
  ]
  for (const name of superseding) {
    test(`behavior: ${name} ends the wait at once with 'Request was aborted' (4001); it polls no more`, async () => {
      const { device, wait, tick, sleeping, polls, sleepers } = await deviceLogin()
      const waiting = wait()
      await tick()
      await sleeping()
      expect(polls()).toBe(2)
      device.heard(name)
      const error = await rejection(waiting.promise)
      expect(reply(error)).toEqual({ message: 'Request was aborted', code: 4001 })
      expect(sleepers).toEqual([])
      expect(polls()).toBe(2)
    })
  }

  test('edge: a wait superseded while its poll is out ends at once, without waiting for the answer', async () => {
    const { device, wait, polls } = await deviceLogin()
    const waiting = wait()
    device.heard('SIGN_OUT')
    expect(reply(await rejection(waiting.promise))).toEqual({ message: 'Request was aborted', code: 4001 })
    // Answered before the server even logged the poll that was out.
    expect(polls()).toBe(0)
  })

  test('edge: a new CONNECT_EMAIL (a resend) does not end the wait: it follows the new login to its approval', async () => {
    const { device, wait, tick, sleeping, polls, approve, startLogin } = await deviceLogin()
    const waiting = wait()
    await tick()
    await sleeping()
    device.heard('CONNECT_EMAIL')
    // Mailed so far: the sign-in's code, the first link, the link of this new login (used below).
    expect(await startLogin()).toBe(3)
    await approve()
    await tick()
    await waiting.promise
    expect(polls()).toBe(3)
  })

  test('edge: the link’s 15 minutes bound a wait started late: it stops when the link dies, with OTP_EXPIRED', async () => {
    const { wait, tickUntilSettled, polls, server } = await deviceLogin()
    expect(deviceLinkLifetimeMs).toBe(15 * 60_000)
    // The kit asked again 14 min 30 s into the login: 30 s of the link are left, not 120.
    server.clock.now += 14 * 60_000 + 30_000
    const waiting = wait()
    await tickUntilSettled(waiting, 200)
    expect(reply(await rejection(waiting.promise))).toEqual({ message: 'Code expired', authCode: 'OTP_EXPIRED' })
    // 30 polls: the frame stops at the link's end, without a last poll to learn it.
    expect(polls()).toBe(30)
  })

  test('error: the server’s own word that the login expired (its clock ahead of the frame’s) ends the wait', async () => {
    const { wait, tick, sleeping, polls, server, clock } = await deviceLogin()
    const waiting = wait()
    await tick()
    await sleeping()
    // The server's clock passes the link's life; the frame's stays where it was.
    clock.skew = -16 * 60_000
    server.clock.now += 16 * 60_000
    await tick()
    const error = await rejection(waiting.promise)
    expect(reply(error)).toEqual({ message: 'Code expired', authCode: 'OTP_EXPIRED' })
    expect(polls()).toBe(3)
  })
})
