import { expect, test } from 'vitest'
import { lazy } from './lazy.js'

test('builds on the first call only, and not at all until then', () => {
  let builds = 0
  const value = lazy(() => {
    builds++
    return { n: builds }
  })
  expect(builds).toBe(0)
  expect(value()).toEqual({ n: 1 })
  expect(value()).toBe(value())
  expect(builds).toBe(1)
})

test('a value that is undefined is still built once', () => {
  let builds = 0
  const value = lazy(() => {
    builds++
    return undefined
  })
  value()
  value()
  expect(builds).toBe(1)
})
