// defineFeatureState and featureState (featureState.ts): a feature's per-instance state, made by
// its `create` the first time an instance asks, then the same value for that instance only. The
// features that keep their state this way are tested in their own folders (siwx/lifecycle.test.ts,
// wallets/lifecycle.test.ts, …); kernel/lifecycle.test.ts covers when those features start.
import { expect, test, vi } from 'vitest'
import { offlinePortico } from '../test/fixtures.js'
import { defineFeatureState, featureState } from './featureState.js'
import type { Portico } from './portico.js'

test('behavior: create runs once per instance, with that instance, and the same value comes back', () => {
  const create = vi.fn((portico: Portico) => ({ owner: portico, pending: 0 }))
  const key = defineFeatureState('counter', create)
  expect(key.name).toBe('counter')
  const portico = offlinePortico('feature-state-once')
  expect(create).not.toHaveBeenCalled()
  const first = featureState(portico, key)
  first.pending++
  const second = featureState(portico, key)
  expect(second).toBe(first)
  expect(second.pending).toBe(1)
  expect(second.owner).toBe(portico)
  expect(create).toHaveBeenCalledTimes(1)
  expect(create).toHaveBeenCalledWith(portico)
})

test('behavior: two instances never share a feature’s state', () => {
  const key = defineFeatureState('list', () => ({ items: [] as string[] }))
  const a = offlinePortico('feature-state-a')
  const b = offlinePortico('feature-state-b')
  featureState(a, key).items.push('only a')
  expect(featureState(b, key).items).toEqual([])
  expect(featureState(a, key).items).toEqual(['only a'])
})

test('edge: two keys of the same name are two states (the key, not its name, identifies it)', () => {
  const portico = offlinePortico('feature-state-names')
  const one = defineFeatureState('same', () => ({ n: 1 }))
  const two = defineFeatureState('same', () => ({ n: 2 }))
  expect(featureState(portico, one).n).toBe(1)
  expect(featureState(portico, two).n).toBe(2)
  expect(portico._internal.features.get(one)).toEqual({ n: 1 })
})

test('edge: a state whose value is undefined, null or 0 is made once, not again on every read', () => {
  const portico = offlinePortico('feature-state-falsy')
  for (const value of [undefined, null, 0, false, '']) {
    const create = vi.fn(() => value)
    const key = defineFeatureState('falsy', create)
    expect(featureState(portico, key)).toBe(value)
    expect(featureState(portico, key)).toBe(value)
    expect(create).toHaveBeenCalledTimes(1)
  }
})

test('error: a create that throws leaves nothing behind, so the next read tries again', () => {
  const portico = offlinePortico('feature-state-throws')
  let fail = true
  const key = defineFeatureState('flaky', () => {
    if (fail) throw new Error('not yet')
    return { ready: true }
  })
  expect(() => featureState(portico, key)).toThrow('not yet')
  expect(portico._internal.features.has(key)).toBe(false)
  fail = false
  expect(featureState(portico, key)).toEqual({ ready: true })
})

test('edge: a create that reads another feature’s state gets it made first, each once', () => {
  const portico = offlinePortico('feature-state-nested')
  const inner = vi.fn(() => ({ id: 'inner' }))
  const innerKey = defineFeatureState('inner', inner)
  const outerKey = defineFeatureState('outer', (p) => ({ inner: featureState(p, innerKey) }))
  const outer = featureState(portico, outerKey)
  expect(outer.inner).toBe(featureState(portico, innerKey))
  expect(inner).toHaveBeenCalledTimes(1)
})
