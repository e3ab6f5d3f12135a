import { expect, test } from 'vitest'
import { compositeOver } from './compositeOver.js'

test('default', () => {
  expect(compositeOver({ r: 1, g: 1, b: 1, alpha: 0.5 }, { r: 0, g: 0, b: 0, alpha: 1 })).toEqual({
    r: 0.5,
    g: 0.5,
    b: 0.5,
    alpha: 1,
  })
})

test('behavior: opaque top wins, transparent top shows the bottom', () => {
  const bottom = { r: 0.2, g: 0.4, b: 0.6, alpha: 1 }
  expect(compositeOver({ r: 1, g: 0, b: 0, alpha: 1 }, bottom)).toEqual({ r: 1, g: 0, b: 0, alpha: 1 })
  expect(compositeOver({ r: 1, g: 0, b: 0, alpha: 0 }, bottom)).toEqual(bottom)
})
