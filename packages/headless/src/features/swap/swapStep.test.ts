import { expect, test } from 'vitest'
import { offlinePortico } from '../../test/fixtures.js'
import type { SwapStep } from './swap.js'
import { getSwapStep, watchSwapStep, withSwapSteps } from './swapStep.js'

const instance = () => offlinePortico('p')

/** A swap whose steps the test moves by hand, and whose end it decides. */
function manualSwap(portico: ReturnType<typeof instance>) {
  let step: (step: SwapStep) => void = () => {}
  let finish: (ok: boolean) => void = () => {}
  const done = withSwapSteps(portico, (onStep) => {
    step = onStep
    return new Promise<string>((resolve, reject) => {
      finish = (ok) => (ok ? resolve('hash') : reject(new Error('refused')))
    })
  })
  return { step: (next: SwapStep) => step(next), finish: (ok: boolean) => finish(ok), done }
}

test('default: no swap runs, no step', () => {
  expect(getSwapStep(instance())).toBeUndefined()
})

test("behavior: a swap's steps are the instance's, told to every watcher once per change, and cleared when it ends", async () => {
  const portico = instance()
  const seen: (SwapStep | undefined)[] = []
  const unwatch = watchSwapStep(portico, { onChange: (step) => seen.push(step) })
  const swap = manualSwap(portico)
  swap.step('allowance')
  swap.step('approve')
  swap.step('approve')
  expect(getSwapStep(portico)).toBe('approve')
  swap.step('swap')
  swap.finish(true)
  await expect(swap.done).resolves.toBe('hash')
  expect(seen).toEqual(['allowance', 'approve', 'swap', undefined])
  expect(getSwapStep(portico)).toBeUndefined()
  unwatch()
  const next = manualSwap(portico)
  next.step('permit')
  expect(seen).toHaveLength(4)
  next.finish(true)
  await next.done
})

test('behavior: a failed swap clears its step too, and its error reaches the caller', async () => {
  const portico = instance()
  const swap = manualSwap(portico)
  swap.step('swap')
  swap.finish(false)
  await expect(swap.done).rejects.toThrow('refused')
  expect(getSwapStep(portico)).toBeUndefined()
})

test('edge: a swap that ends after a later one took over the step leaves that one showing', async () => {
  const portico = instance()
  const first = manualSwap(portico)
  first.step('approve')
  const second = manualSwap(portico)
  second.step('allowance')
  first.finish(false)
  await first.done.catch(() => {})
  expect(getSwapStep(portico)).toBe('allowance')
  second.finish(true)
  await second.done
  expect(getSwapStep(portico)).toBeUndefined()
})

test('edge: two instances keep their own steps and watchers', async () => {
  const one = instance()
  const two = instance()
  const seen: unknown[] = []
  watchSwapStep(two, { onChange: (step) => seen.push(step) })
  const swap = manualSwap(one)
  swap.step('swap')
  expect(getSwapStep(two)).toBeUndefined()
  expect(seen).toEqual([])
  swap.finish(true)
  await swap.done
})
