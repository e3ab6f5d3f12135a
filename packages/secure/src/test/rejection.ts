import { expect } from 'vitest'

/**
 * What `promise` rejected with; the test fails, naming the value, when it resolves instead.
 *
 * @example
 * expect(await rejection(getSecret('s'))).toMatchObject({ name: 'OperationError' })
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
