import { expect, test } from 'vitest'
import { sameAddress, toSiwxSession } from './sessionSchema.js'

const session = {
  data: {
    accountAddress: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
    chainId: 'eip155:1',
    domain: 'app.example',
    uri: 'https://app.example',
    version: '1',
    nonce: 'abcdefgh12',
    issuedAt: '2026-01-15T12:00:00.000Z',
  },
  message: 'app.example wants you to sign in with your Ethereum account: …',
  signature: '0x01',
  cacao: { h: { t: 'caip122' } },
}

test('toSiwxSession: a well-formed session comes back with its message fields normalised (EIP-55 address)', () => {
  const read = toSiwxSession(structuredClone(session))
  expect(read?.data.accountAddress).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  expect(read?.signature).toBe('0x01')
  expect(read?.cacao).toEqual({ h: { t: 'caip122' } })
})

test('toSiwxSession: a wrong shape or a field the sign-in grammar refuses is undefined, never a throw', () => {
  const broken: unknown[] = [
    null,
    'session',
    { ...session, signature: 1 },
    { ...session, message: undefined },
    { ...session, data: { ...session.data, chainId: 'eip155' } },
    { ...session, data: { ...session.data, resources: 'https://a.example' } },
    // Shaped right, refused by the grammar: a nonce shorter than 8, an address that is not one.
    { ...session, data: { ...session.data, nonce: 'abc' } },
    { ...session, data: { ...session.data, accountAddress: '0x1234' } },
  ]
  for (const value of broken) expect(toSiwxSession(value), JSON.stringify(value)).toBeUndefined()
})

test('sameAddress: EVM addresses ignore case, other chains compare exactly', () => {
  expect(sameAddress('eip155:1', '0xABCDEF', '0xabcdef')).toBe(true)
  expect(sameAddress('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'AbC', 'abc')).toBe(false)
  expect(sameAddress('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'AbC', 'AbC')).toBe(true)
})
