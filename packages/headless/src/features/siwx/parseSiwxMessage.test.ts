import { privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import { formatSiwxMessage } from './formatSiwxMessage.js'
import type { SiwxMessage } from './message.js'
import { parseSiwxMessage } from './parseSiwxMessage.js'

const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')

const evm: SiwxMessage = {
  accountAddress: account.address,
  chainId: 'eip155:31337',
  domain: 'localhost:5173',
  uri: 'http://localhost:5173/sign-in',
  version: '1',
  nonce: 'Qm9vYmFyYmF6MTIz',
  statement: 'Sign in to Portico Demo.',
  issuedAt: '2026-11-23T18:00:00.000Z',
  expirationTime: '2026-11-24T18:00:00.000Z',
  requestId: 'req-42',
  resources: ['https://example.com/terms'],
}

test('reads back every field of a message Portico wrote', () => {
  expect(parseSiwxMessage(formatSiwxMessage(evm))).toEqual(evm)
})

test('trailing newlines carry nothing and are accepted', () => {
  expect(parseSiwxMessage(`${formatSiwxMessage(evm)}\n\n`)).toEqual(evm)
})

test('text that is not a string is SiwxMessageParseError, never a crash', () => {
  expect(() => parseSiwxMessage(42 as never)).toThrow(expect.objectContaining({ name: 'SiwxMessageParseError' }))
})

test.each([
  ['not a header', 'hello'],
  ['fields out of order', formatSiwxMessage(evm).replace(/(URI: .*)\n(Version: 1)/, '$2\n$1')],
  ['a forged extra line', `${formatSiwxMessage(evm)}\nNonce: again123`],
  ['chain family mismatch', formatSiwxMessage(evm).replace('Chain ID: 31337', 'Chain ID: solana:abc')],
  ['missing nonce', formatSiwxMessage(evm).replace(/\nNonce: .*/, '')],
])('refuses %s with SiwxMessageParseError and the spec’s text', (_, text) => {
  expect(() => parseSiwxMessage(text)).toThrow(
    expect.objectContaining({ name: 'SiwxMessageParseError', shortMessage: 'Could not parse the sign-in message' }),
  )
})
