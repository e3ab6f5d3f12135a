import { describe, expect, it } from 'vitest'
import { deepLinkProblem } from './deepLink.js'

const uri = `wc:${'a1'.repeat(32)}@2?relay-protocol=irn&symKey=${'b2'.repeat(32)}&expiryTimestamp=1999999999`

describe('deepLinkProblem', () => {
  it('accepts a WalletConnect pairing URI, with spaces around it', () => {
    expect(deepLinkProblem(uri)).toBeUndefined()
    expect(deepLinkProblem(`  ${uri}\n`)).toBeUndefined()
  })

  it.each([
    ['empty', ''],
    ['a web address', 'https://evil.example/wc?uri=x'],
    ['script', 'javascript:alert(1)'],
    ['a short topic', 'wc:abc@2?relay-protocol=irn'],
    ['version 1', `wc:${'a'.repeat(64)}@1?bridge=x`],
    ['a control character inside', `${uri.slice(0, 20)}\u0000${uri.slice(20)}`],
    ['a space inside', `${uri.slice(0, 20)} ${uri.slice(20)}`],
    ['over 4,096 characters', `${uri}&x=${'a'.repeat(4_096)}`],
  ])('refuses %s with a message', (_, value) => {
    expect(deepLinkProblem(value)).toBe('The link does not carry a WalletConnect pairing URI (wc:…).')
  })
})
