import { expect, test } from 'vitest'
import { blockchainNames, fieldTags, headerRegex, solanaChainIdText } from './text.js'

test('solanaChainIdText: the public clusters by word, any other Solana network by its CAIP-2 id', () => {
  expect(solanaChainIdText('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe('mainnet')
  expect(solanaChainIdText('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')).toBe('devnet')
  expect(solanaChainIdText('solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z')).toBe('testnet')
  expect(solanaChainIdText('solana:B6CvzdUKzcdB1ZY65XSZAxfiu9DyB75M')).toBe('solana:B6CvzdUKzcdB1ZY65XSZAxfiu9DyB75M')
})

test('headerRegex: the domain, with or without a scheme, and the chain family', () => {
  expect(headerRegex.exec('app.example wants you to sign in with your Ethereum account:')?.slice(1)).toEqual([
    undefined,
    'app.example',
    'Ethereum',
  ])
  expect(headerRegex.exec('https://app.example:8443 wants you to sign in with your Solana account:')?.slice(1)).toEqual(
    ['https', 'app.example:8443', 'Solana'],
  )
  for (const line of [
    'app.example wants you to sign in with your Ethereum account',
    'app example wants you to sign in with your Ethereum account:',
    ' wants you to sign in with your Ethereum account:',
  ])
    expect(headerRegex.test(line), line).toBe(false)
})

test('the families and the field order the three formats share', () => {
  expect(blockchainNames).toMatchObject({ eip155: 'Ethereum', solana: 'Solana', bip122: 'Bitcoin' })
  expect(fieldTags.map(([, tag]) => tag)).toEqual([
    'URI',
    'Version',
    'Chain ID',
    'Nonce',
    'Issued At',
    'Expiration Time',
    'Not Before',
    'Request ID',
  ])
})
