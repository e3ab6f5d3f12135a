import { describe, expect, test } from 'vitest'
import { approvalDelayMs } from '../walletPolicy.js'
import { createArming } from './visibility.js'

describe('createArming (when a prompt counts a click)', () => {
  test('default: a prompt never seen is hidden', () => {
    expect(createArming(approvalDelayMs).state(0)).toBe('hidden')
    expect(createArming(approvalDelayMs).remaining(0)).toBeUndefined()
  })

  test('behavior: arming once seen, armed exactly when the delay has passed', () => {
    const arming = createArming(1000)
    arming.see(true, 50)
    expect(arming.state(50)).toBe('arming')
    expect(arming.state(1049)).toBe('arming')
    expect(arming.remaining(1049)).toBe(1)
    expect(arming.state(1050)).toBe('armed')
    expect(arming.remaining(2000)).toBe(0)
  })

  test('behavior: more reports of a visible prompt do not restart the delay', () => {
    const arming = createArming(1000)
    arming.see(true, 0)
    arming.see(true, 600)
    arming.see(true, 900)
    expect(arming.state(1000)).toBe('armed')
  })

  test('behavior: any hidden report starts the wait again, even on an armed prompt', () => {
    const arming = createArming(1000)
    arming.see(true, 0)
    expect(arming.state(5000)).toBe('armed')
    arming.see(false, 5000)
    expect(arming.state(5001)).toBe('hidden')
    arming.see(true, 5100)
    expect(arming.state(6099)).toBe('arming')
    expect(arming.state(6100)).toBe('armed')
  })

  test('default: the product delay is one second', () => {
    expect(approvalDelayMs).toBe(1000)
  })
})
