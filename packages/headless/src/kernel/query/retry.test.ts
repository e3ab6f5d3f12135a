import { expect, test } from 'vitest'
import { TransactionHistoryError } from '../../features/activity/fetchTransactions.js'
import { testAdapters, testNetworks } from '../../test/fixtures.js'
import { WalletDirectoryError } from '../api/walletDirectory.js'
import { createPortico } from '../createPortico.js'
import { HostedHttpError, HostedTimeoutError } from '../errors/http.js'
import { balanceLockoutRemainingMs, balanceQueryOptions } from './balance.js'
import { hostedQueryRetry, hostedQueryRetryDelay, isTransientFailure } from './retry.js'

test('behavior: transient failures retry, timeouts and garbage do not, at most 3 times', () => {
  const refused = new TypeError('fetch failed')
  expect(isTransientFailure(new WalletDirectoryError({ status: 503 }))).toBe(true)
  expect(isTransientFailure(new WalletDirectoryError({ status: 429 }))).toBe(true)
  expect(isTransientFailure(new WalletDirectoryError({ status: 404 }))).toBe(false)
  expect(isTransientFailure(new WalletDirectoryError({ status: 403 }))).toBe(false)
  expect(isTransientFailure(new TransactionHistoryError({ cause: new HostedHttpError({ status: 502 }) }))).toBe(true)
  expect(isTransientFailure(new WalletDirectoryError({ cause: refused }))).toBe(true)
  expect(isTransientFailure(new WalletDirectoryError({ cause: new HostedTimeoutError({ timeoutMs: 10_000 }) }))).toBe(
    false,
  )
  expect(isTransientFailure(new WalletDirectoryError({ cause: new SyntaxError('Unexpected token <') }))).toBe(false)
  expect([0, 1, 2, 3].map((n) => hostedQueryRetry(n, refused))).toEqual([true, true, true, false])
  // Spec: backoff from 150 ms; all three waits together stay near a second.
  expect([0, 1, 2].map(hostedQueryRetryDelay)).toEqual([150, 300, 600])
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
