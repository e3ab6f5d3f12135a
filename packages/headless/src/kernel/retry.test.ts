import { expect, test } from 'vitest'
import { testAdapters, testNetworks } from '../test/fixtures.js'
import { WalletDirectoryError } from './api/walletDirectory.js'
import { createPortico } from './createPortico.js'
import { HostedHttpError, HostedTimeoutError } from './errors/http.js'
import { balanceLockoutRemainingMs, balanceQueryOptions } from './query/balance.js'
import { isRetryable, retry, retryAfterMs, retryDelay } from './retry.js'

test('behavior: the statuses of the spec, timeouts, internal codes and failed connections retry; garbage does not; at most 3 times', () => {
  const refused = new TypeError('fetch failed')
  for (const status of [403, 408, 413, 429, 500, 502, 503, 504])
    expect(isRetryable(new WalletDirectoryError({ status }))).toBe(true)
  expect(isRetryable(new WalletDirectoryError({ status: 404 }))).toBe(false)
  expect(isRetryable(new WalletDirectoryError({ status: 400 }))).toBe(false)
  expect(isRetryable(new Error('Failed to fetch transactions', { cause: new HostedHttpError({ status: 502 }) }))).toBe(
    true,
  )
  expect(isRetryable(new WalletDirectoryError({ cause: refused }))).toBe(true)
  // Spec: a timeout is retried.
  expect(isRetryable(new WalletDirectoryError({ cause: new HostedTimeoutError({ timeoutMs: 10_000 }) }))).toBe(true)
  // JSON-RPC: -1 and the internal-type codes retry; a refused request does not.
  for (const code of [-1, -32005, -32603]) expect(isRetryable(Object.assign(new Error('rpc'), { code }))).toBe(true)
  expect(isRetryable(Object.assign(new Error('rpc'), { code: -32602 }))).toBe(false)
  expect(isRetryable(new WalletDirectoryError({ cause: new SyntaxError('Unexpected token <') }))).toBe(false)
  expect(isRetryable(new Error('no status, no code'))).toBe(false)
  expect([0, 1, 2, 3].map((n) => retry(n, refused))).toEqual([true, true, true, false])
  // Spec: backoff from 150 ms; all three waits together stay near a second.
  expect([0, 1, 2].map((attempt) => retryDelay(attempt, refused))).toEqual([150, 300, 600])
})

test('behavior: Retry-After is honoured (seconds or a date), at most 10 s', () => {
  const headers = (value: string | null) => ({ headers: { get: () => value } })
  const now = Date.parse('2026-01-01T00:00:00Z')
  expect(retryAfterMs(headers('2'))).toBe(2_000)
  expect(retryAfterMs(headers('Thu, 01 Jan 2026 00:00:05 GMT'), now)).toBe(5_000)
  expect(retryAfterMs(headers('soon'))).toBeUndefined()
  expect(retryAfterMs(headers(null))).toBeUndefined()
  expect(retryDelay(0, new WalletDirectoryError({ status: 429, retryAfterMs: 2_000 }))).toBe(2_000)
  expect(
    retryDelay(
      2,
      new Error('Failed to fetch transactions', { cause: new HostedHttpError({ status: 503, retryAfterMs: 0 }) }),
    ),
  ).toBe(0)
  expect(retryDelay(0, new HostedHttpError({ status: 429, retryAfterMs: 3_600_000 }))).toBe(10_000)
})

test('behavior: the balance query does not retry, and refetches itself when the 30 s lockout ends', () => {
  const portico = createPortico({ networks: testNetworks().all, adapters: testAdapters(), storage: null })
  const options = balanceQueryOptions(portico, { address: '0xabc', caipNetworkId: 'eip155:31337' })
  expect(options.retry).toBe(false)
  expect(options.refetchInterval({ state: { status: 'success' } })).toBe(false)
  const now = Date.now()
  portico._internal.balanceRetryAt = now + 20_000
  expect(balanceLockoutRemainingMs(portico, now)).toBe(20_000)
  expect(options.refetchInterval({ state: { status: 'error' } })).toBeLessThanOrEqual(20_250)
  // A lockout further away than 30 s means the clock went back: at most 30 s remain.
  portico._internal.balanceRetryAt = now + 5 * 60_000
  expect(balanceLockoutRemainingMs(portico, now)).toBe(30_000)
  expect(portico._internal.balanceRetryAt).toBe(now + 30_000)
  // Overridable like every TanStack option.
  expect(balanceQueryOptions(portico, { query: { refetchInterval: 5_000 } }).refetchInterval).toBe(5_000)
})
