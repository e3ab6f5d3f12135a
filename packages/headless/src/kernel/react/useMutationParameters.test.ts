import { describe, expect, test } from 'vitest'
import type { PorticoMutationOptions } from '../query/mutations.js'
import { withMutationParameters } from './useMutationParameters.js'

type Options = PorticoMutationOptions<string, Error, number>

function factory(follow?: Partial<Pick<Options, 'onSuccess' | 'onSettled'>>): Options {
  return { mutationKey: ['portico', 'test'], mutationFn: async (n) => `done ${n}`, ...follow }
}

/** A follow-up that resolves only when released, so a test can see who waits for it. */
function deferredFollowUp(log: string[], name: string) {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  return {
    release: () => release(),
    run: async () => {
      log.push(`${name} started`)
      await released
      log.push(`${name} done`)
    },
  }
}

describe('withMutationParameters', () => {
  test("the factory's function and key win over anything the caller spreads", () => {
    const options = factory()
    const merged = withMutationParameters(options, {
      retry: 2,
      ...({ mutationKey: ['other'], mutationFn: async () => 'not this' } as object),
    })
    expect(merged.mutationKey).toBe(options.mutationKey)
    expect(merged.mutationFn).toBe(options.mutationFn)
    expect(merged.retry).toBe(2)
  })

  test("without a follow-up the caller's callbacks stay exactly as given", () => {
    const onSuccess = () => {}
    const onSettled = () => {}
    const merged = withMutationParameters(factory(), { onSuccess, onSettled })
    expect(merged.onSuccess).toBe(onSuccess)
    expect(merged.onSettled).toBe(onSettled)
  })

  test("the factory's onSuccess finishes before the caller's runs, with the same arguments", async () => {
    const log: string[] = []
    const follow = deferredFollowUp(log, 'refetch')
    const seen: unknown[][] = []
    const merged = withMutationParameters(factory({ onSuccess: follow.run }), {
      onSuccess: (...args) => {
        seen.push(args)
        log.push('caller')
      },
    })
    const settled = (merged.onSuccess as (...args: unknown[]) => Promise<unknown>)('done 1', 1, undefined, {})
    await Promise.resolve()
    expect(log).toEqual(['refetch started'])
    follow.release()
    await settled
    expect(log).toEqual(['refetch started', 'refetch done', 'caller'])
    expect(seen).toEqual([['done 1', 1, undefined, {}]])
  })

  test("the factory's onSettled finishes before the caller's, also after a failure", async () => {
    const log: string[] = []
    const follow = deferredFollowUp(log, 'refetch')
    const merged = withMutationParameters(factory({ onSettled: follow.run }), {
      onSettled: (_data, error) => {
        log.push(`caller ${error?.message}`)
      },
    })
    const settled = (merged.onSettled as (...args: unknown[]) => Promise<unknown>)(
      undefined,
      new Error('reverted'),
      1,
      undefined,
      {},
    )
    follow.release()
    await settled
    expect(log).toEqual(['refetch started', 'refetch done', 'caller reverted'])
  })

  test('a factory follow-up with no caller callback still runs', async () => {
    const log: string[] = []
    const merged = withMutationParameters(
      factory({
        onSuccess: () => {
          log.push('refetch')
        },
      }),
      undefined,
    )
    await (merged.onSuccess as (...args: unknown[]) => Promise<unknown>)('done 1', 1, undefined, {})
    expect(log).toEqual(['refetch'])
  })
})
