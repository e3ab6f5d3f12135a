// previewParams, the text the web wallet shows for a request before it is approved: the decoded
// message where there is one, and never a decoded text that could pass for something else
// (controls, bidirectional overrides, broken UTF-8); in the JSON those characters are escaped. The page puts it in a <pre> as text (webWallet.ts); the server test
// (server.test.ts) checks one happy case per method.
import { base58 } from '@scure/base'
import { describe, expect, it } from 'vitest'
import { previewParams } from './preview.js'

const hexOf = (text: string) => `0x${Buffer.from(text, 'utf8').toString('hex')}`
const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('personal_sign', () => {
  it('behavior: shows the decoded UTF-8 message, then the raw params as JSON', () => {
    const params = [hexOf('Sign in to Portico ✓\nNonce: 42'), address]
    expect(previewParams('personal_sign', params)).toBe(
      `Message: Sign in to Portico ✓\nNonce: 42\n\n${JSON.stringify(params, null, 2)}`,
    )
  })

  it('edge: uppercase hex and an empty message are decoded', () => {
    expect(previewParams('personal_sign', ['0x4849', address])).toMatch(/^Message: HI\n\n/)
    expect(previewParams('personal_sign', ['0x', address])).toMatch(/^Message: \n\n\[/)
  })

  it.each([
    ['a NUL byte', '0x68690068'],
    ['an escape sequence (ANSI colour)', hexOf('\u001b[31mred')],
    ['invalid UTF-8', '0xc328'],
    ['a lone continuation byte', '0x80'],
    ['a backspace that could hide text', hexOf('approve\bX')],
  ])('security: a message with %s is not shown as text, only the raw params', (_, raw) => {
    const params = [raw, address]
    expect(previewParams('personal_sign', params)).toBe(JSON.stringify(params, null, 2))
  })

  it.each([
    ['a right-to-left override ("moc.knab" read as "bank.com")', '\u202Emoc.knab'],
    ['a left-to-right embedding and its pop', 'pay \u202Aabc\u202C'],
    ['a right-to-left isolate', 'to \u2067alice\u2069 only'],
    ['a first-strong isolate', '\u2068x\u2069'],
    ['a right-to-left mark', 'fee: 1\u200F%'],
    ['a left-to-right mark', '\u200Eok'],
    ['an Arabic letter mark', 'a\u061Cb'],
    ['a C1 control (next line)', 'approve\u0085X'],
    ['a C1 control sequence introducer', '\u009B31mred'],
    ['a DEL', 'approve\u007FX'],
  ])('security: a message with %s is not shown as text, only the raw params', (_, text) => {
    const params = [hexOf(text), address]
    expect(previewParams('personal_sign', params)).toBe(JSON.stringify(params, null, 2))
  })

  it('security: a message sent as plain text (not hex) has its bidirectional and C1 characters escaped', () => {
    const params = ['\u202Emoc.knab\u0085', address]
    const preview = previewParams('personal_sign', params)
    expect(preview).toContain('"\\u202emoc.knab\\u0085"')
    expect(preview).not.toMatch(/[\u0085\u202e]/)
    expect(JSON.parse(preview)).toEqual(params)
  })

  it('edge: tab, newline and carriage return are printable', () => {
    expect(previewParams('personal_sign', [hexOf('a\tb\r\nc'), address])).toMatch(/^Message: a\tb\r\nc\n\n/)
  })

  it.each([
    ['odd-length hex', '0x686'],
    ['non-hex digits', '0x68zz'],
    ['plain text', 'hello'],
  ])('edge: %s is not decoded', (_, raw) => {
    expect(previewParams('personal_sign', [raw, address])).toBe(JSON.stringify([raw, address], null, 2))
  })

  it('edge: another method with the same params shows them raw', () => {
    const params = [hexOf('hello'), address]
    expect(previewParams('eth_sign', params)).toBe(JSON.stringify(params, null, 2))
  })
})

describe('eth_signTypedData_v4', () => {
  it('behavior: the typed data string is shown parsed and indented', () => {
    const data = { primaryType: 'Mail', message: { contents: 'hi' } }
    expect(previewParams('eth_signTypedData_v4', [address, JSON.stringify(data)])).toBe(
      JSON.stringify([address, data], null, 2),
    )
  })

  it('security: bidirectional and C1 characters in the typed data are shown escaped, as JSON escapes C0 controls', () => {
    const data = { primaryType: 'Mail', message: { to: '\u2067moc.knab\u2069', note: 'a\u200Fb\u009Bc\u001bd' } }
    const preview = previewParams('eth_signTypedData_v4', [address, JSON.stringify(data)])
    expect(preview).toContain('"to": "\\u2067moc.knab\\u2069"')
    expect(preview).toContain('"note": "a\\u200fb\\u009bc\\u001bd"')
    expect(preview).not.toMatch(/[\u0080-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/)
    expect(JSON.parse(preview)).toEqual([address, data])
  })

  it('error: typed data that is not JSON falls back to the raw params', () => {
    const params = [address, '{"primaryType":']
    expect(previewParams('eth_signTypedData_v4', params)).toBe(JSON.stringify(params, null, 2))
  })
})

describe('solana_signMessage', () => {
  it('behavior: the base58 message is decoded', () => {
    const params = { message: base58.encode(new TextEncoder().encode('gm')), pubkey: 'x' }
    expect(previewParams('solana_signMessage', params)).toBe(`Message: gm\n\n${JSON.stringify(params, null, 2)}`)
  })

  it('security: a message with a right-to-left override or a C1 control is not shown as text', () => {
    for (const text of ['\u202Emoc.knab', 'gm\u0085']) {
      const params = { message: base58.encode(new TextEncoder().encode(text)), pubkey: 'x' }
      expect(previewParams('solana_signMessage', params)).toBe(JSON.stringify(params, null, 2))
    }
  })

  it('error: binary or non-base58 messages fall back to the raw params', () => {
    for (const message of [base58.encode(Uint8Array.of(0, 1, 2, 255)), '0OIl']) {
      expect(previewParams('solana_signMessage', { message })).toBe(JSON.stringify({ message }, null, 2))
    }
  })
})

describe('any method', () => {
  it('edge: params JSON cannot express still give a string', () => {
    expect(previewParams('wallet_x', undefined)).toBe('undefined')
    expect(previewParams('solana_signMessage', null)).toBe('null')
  })
})
