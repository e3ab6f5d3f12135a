// The frame's requests in flight (inFlight.ts, which main.ts runs every request through) against
// the real auth server on PGlite, behind a loopback proxy that can hold one call open: the kit's
// RPC_ABORT cuts the auth-server call of the RPC request it aborts (the server sees the connection
// close), nothing the request would have done with the late answer happens (no key rebuilt, no
// signature), and a request it does not abort goes on to its answer. The client's bound and its
// signal alone (TIMEOUT, a call never sent) are authApi.test.ts; what the frame replies to each
// message is main.browser.test.tsx; the key code itself keys.test.ts.
import { randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { beforeAll, beforeEach, expect, test } from 'vitest'
import type { Database } from '../../../auth/src/db/database.js'
import { openTestDatabase } from '../../../auth/src/test/database.js'
import { mailedCode, startHttpServer, testPage } from '../../../auth/src/test/routeServer.js'
import { startLoopbackServer } from '../test/loopbackServer.js'
import { rejection } from '../test/rejection.js'
import { createAuthApi } from './authApi.js'
import { inFlightRequests } from './inFlight.js'
import { ensureKeys, shareName, withSecret } from './keys.js'
import { errorReply, RpcError } from './rpcError.js'
import { getSecret, memoryStore, useStore } from './vault.js'

let db: Database
beforeAll(async () => {
  const opened = await openTestDatabase('frame-in-flight')
  db = opened.db
  return opened.close
}, 120_000)
beforeEach(() => {
  useStore(Promise.resolve(memoryStore()))
})

type Held = {
  /** Resolves when the frame's connection closes before the proxy answered it (the call was cut). */
  cut: Promise<void>
  /** Sends the held call on to the auth server and relays its answer (what a slow server would do). */
  release(): Promise<void>
}

/**
 * The real auth server, a user signed in through the frame's client with keys made, and a proxy
 * in front of it that, once the user is signed in, holds the calls to `holdPath` (each announced
 * through `nextHeld()`).
 */
async function signedInBehindProxy(holdPath: string) {
  const server = await startHttpServer(db)
  const waiting: ((held: Held) => void)[] = []
  const arrived: Held[] = []
  let holding = false
  const relay = async (
    method: string,
    path: string,
    headers: Record<string, string>,
    body: Buffer,
    res: ServerResponse,
  ) => {
    const answer = await fetch(`${server.url}${path}`, {
      method,
      headers,
      ...(body.length ? { body: new Uint8Array(body) } : {}),
    })
    const text = await answer.text()
    if (res.destroyed) return
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
    res.end(text)
  }
  const url = await startLoopbackServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name)) headers[name] = value
      const send = () => relay(req.method ?? 'GET', req.url ?? '', headers, Buffer.concat(chunks), res)
      if (!holding || req.url !== holdPath) return void send()
      const cut = new Promise<void>((resolve) => res.on('close', () => !res.writableFinished && resolve()))
      const held = { cut, release: send }
      const waiter = waiting.shift()
      if (waiter) waiter(held)
      else arrived.push(held)
    })
  })
  const nextHeld = () => {
    const held = arrived.shift()
    return held ? Promise.resolve(held) : new Promise<Held>((resolve) => waiting.push(resolve))
  }
  const api = createAuthApi({ url, projectId: 'test-project', hostOrigin: testPage })
  const email = `in-flight-${randomBytes(4).toString('hex')}@example.com`
  const { challengeId } = await api.startLogin(email)
  const { token, user } = await api.verifyOtp(challengeId, mailedCode(server.mails, email) ?? '')
  api.setToken(token)
  const addresses = await ensureKeys(api, user.id)
  holding = true
  return { api, userId: user.id, addresses, nextHeld }
}

/** `promise`'s outcome once it settles, without failing the test either way. */
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    (value) => ({ resolved: value }),
    (error: unknown) => ({ rejected: error }),
  )

test('behavior: RPC_ABORT cuts the aborted RPC request’s auth-server call (the server sees its connection close) and the request fails with ‘Request was aborted’ (4001)', async () => {
  const { api, userId, nextHeld } = await signedInBehindProxy('/v1/keys/eip155/share')
  const requests = inFlightRequests()
  const reply = requests.run(true, (signal) => withSecret(api.withSignal(signal), userId, 'eip155', () => 'signed'))
  const held = await nextHeld()
  requests.abort()
  const error = await rejection(reply)
  expect(error).toBeInstanceOf(RpcError)
  expect(errorReply({ id: '7', name: 'RPC_REQUEST' }, error)).toEqual({
    id: '7',
    type: '@portico-frame/RPC_REQUEST_ERROR',
    payload: { message: 'Request was aborted', code: 4001 },
  })
  await held.cut
})

test('security: the answer of a cut call is never acted on: the aborted request rebuilds no key and signs nothing, and the device keeps its share', async () => {
  const { api, userId, nextHeld } = await signedInBehindProxy('/v1/keys/eip155/share')
  const requests = inFlightRequests()
  let signed = 0
  let work: Promise<unknown> | undefined
  const reply = requests.run(true, (signal) => {
    work = withSecret(api.withSignal(signal), userId, 'eip155', () => {
      signed += 1
      return 'signature'
    })
    return work
  })
  const held = await nextHeld()
  requests.abort()
  expect(await rejection(reply)).toMatchObject({ message: 'Request was aborted', code: 4001 })
  // The server answers after all (a slow one): the request's own work still ends in the abort.
  await held.release()
  expect(await outcome(work as Promise<unknown>)).toEqual({
    rejected: expect.objectContaining({ message: 'Request was aborted', code: 4001 }),
  })
  expect(signed).toBe(0)
  expect(await getSecret(shareName(userId, 'eip155'))).toBeInstanceOf(Uint8Array)
})

test('behavior: a request RPC_ABORT does not abort (not an RPC) gets its answer, and one not aborted signs with the key', async () => {
  const { api, userId, addresses, nextHeld } = await signedInBehindProxy('/v1/keys')
  const requests = inFlightRequests()
  const other = requests.run(false, (signal) => api.withSignal(signal).keys())
  const held = await nextHeld()
  requests.abort()
  await held.release()
  expect((await other).keys.map((key) => key.address).sort()).toEqual(Object.values(addresses).sort())
  // After the abort, the next RPC request is not affected: it rebuilds the key and uses it.
  const signed = await requests.run(true, (signal) =>
    withSecret(api.withSignal(signal), userId, 'eip155', (secret) => secret.length),
  )
  expect(signed).toBe(32)
})

test('edge: an RPC request that has already answered is not touched by a later RPC_ABORT, and RPC_ABORT with none in flight does nothing', async () => {
  const { api, userId } = await signedInBehindProxy('/v1/none')
  const requests = inFlightRequests()
  requests.abort()
  const done = await requests.run(true, (signal) =>
    withSecret(api.withSignal(signal), userId, 'eip155', () => 'signature'),
  )
  requests.abort()
  expect(done).toBe('signature')
})

test('security: a request that fails while its call is still on its way (a prompt RPC_ABORT closed after the click) cuts that call', async () => {
  const { api, userId, nextHeld } = await signedInBehindProxy('/v1/account')
  const requests = inFlightRequests()
  let deletion: Promise<unknown> | undefined
  let held: Held | undefined
  const reply = requests.run(false, async (signal) => {
    // As DELETE_ACCOUNT's prompt does: the click sent the deletion, then the prompt closed as rejected.
    deletion = outcome(api.withSignal(signal).deleteAccount(userId))
    held = await nextHeld()
    throw new RpcError('User rejected the request', 4001)
  })
  expect(await rejection(reply)).toMatchObject({ code: 4001 })
  // The server never gets the deletion from the proxy: the frame closed the connection first.
  await held?.cut
  expect(await deletion).toEqual({
    rejected: expect.objectContaining({ message: 'Request was aborted', code: 4001 }),
  })
})
