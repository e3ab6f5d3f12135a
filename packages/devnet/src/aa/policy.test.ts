/**
 * The paymaster policy's defaults and refusal code. How each field limits a sponsorship is in
 * sponsor.test.ts; how the switches set it is in switches.test.ts; through the HTTP service and a
 * bundler client, paymaster.test.ts and aa.test.ts.
 */
import { describe, expect, test } from 'vitest'
import { defaultPaymasterPolicy, paymasterRefusedCode } from './policy.js'

describe('defaultPaymasterPolicy', () => {
  test('default: sponsors every sender with no gas cap, switched on, valid for an hour', () => {
    expect(defaultPaymasterPolicy()).toEqual({ refuse: false, senders: null, maxGas: null, validForSeconds: 3600 })
  })

  test("behavior: each call is a fresh policy, so a reset never carries over another test's switches", () => {
    const first = defaultPaymasterPolicy()
    first.refuse = true
    first.maxGas = 1n
    first.validForSeconds = 1
    first.senders = ['0x2222222222222222222222222222222222222222']
    const second = defaultPaymasterPolicy()
    expect(second).toEqual({ refuse: false, senders: null, maxGas: null, validForSeconds: 3600 })
    expect(second).not.toBe(first)
    // The reset the docs show: Object.assign onto the live policy.
    Object.assign(first, defaultPaymasterPolicy())
    expect(first).toEqual(second)
  })
})

describe('paymasterRefusedCode', () => {
  test('default: is EIP-1474 "transaction rejected" (-32003), distinct from invalid params and internal errors', () => {
    expect(paymasterRefusedCode).toBe(-32003)
    expect([-32602, -32603, -32601, -32600]).not.toContain(paymasterRefusedCode)
  })
})
