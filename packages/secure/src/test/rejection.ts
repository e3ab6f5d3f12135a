import { expect } from 'vitest'

/**
 * What `promise` rejected with; the test fails, naming the value, when it resolves instead.
 *
 * @example
 * expect(await rejection(forward(rpcUrl, 'eth_call', []))).toMatchObject({ code: 3 })
 */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) =>
      expect.unreachable(
        `resolved with ${JSON.stringify(value, (_, item) => (typeof item === 'bigint' ? `${item}n` : item))}`,
      ),
    (error: unknown) => error,
  )
}
