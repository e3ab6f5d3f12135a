import { describe, expect, test } from 'vitest'
import {
  assertEvmAddress,
  assertSolanaAddress,
  isAddressForNamespace,
  isCaip10AccountAddress,
  isEvmAddress,
  isSolanaAddress,
  toChecksumEvmAddress,
} from './address.js'

const checksummed = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const lower = checksummed.toLowerCase()
const upperHex = `0x${checksummed.slice(2).toUpperCase()}`
// Same address with one letter's case flipped: well-formed hex, wrong checksum.
const badChecksum = '0xD8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const wsol = 'So11111111111111111111111111111111111111112'
const systemProgram = '11111111111111111111111111111111'

describe('isEvmAddress', () => {
  test('default', () => {
    expect(isEvmAddress(checksummed)).toBe(true)
  })

  test.each([
    ['checksummed', checksummed],
    ['all lowercase', lower],
    ['all uppercase hex', upperHex],
    ['no 0x prefix, lowercase', lower.slice(2)],
    ['no 0x prefix, checksummed', checksummed.slice(2)],
    ['zero address', `0x${'0'.repeat(40)}`],
    ['digits only', `0x${'1234567890'.repeat(4)}`],
  ])('behavior: accepts %s', (_, value) => {
    expect(isEvmAddress(value)).toBe(true)
  })

  test.each([
    ['bad checksum', badChecksum],
    ['39 hex chars', lower.slice(0, -1)],
    ['41 hex chars', `${lower}0`],
    ['non-hex character', `0x${'g'.repeat(40)}`],
    ['uppercase 0X prefix', `0X${lower.slice(2)}`],
    ['0x only', '0x'],
    ['empty string', ''],
    ['surrounding whitespace', ` ${lower} `],
    ['32-byte hash', `0x${'a'.repeat(64)}`],
    ['number', 123],
    ['null', null],
    ['undefined', undefined],
    ['object', { address: lower }],
  ])('behavior: rejects %s', (_, value) => {
    expect(isEvmAddress(value)).toBe(false)
  })

  test('parameters: strict', () => {
    expect(isEvmAddress(badChecksum, { strict: true })).toBe(false)
    expect(isEvmAddress(badChecksum, { strict: false })).toBe(true)
    expect(isEvmAddress('0x123', { strict: false })).toBe(false)
  })
})

describe('assertEvmAddress', () => {
  test('default', () => {
    expect(() => assertEvmAddress(checksummed)).not.toThrow()
  })

  test('behavior: throws InvalidAddressError', () => {
    expect(() => assertEvmAddress('0x123')).toThrowErrorMatchingInlineSnapshot(`
      [InvalidAddressError: Address is invalid

      Details: "0x123" is not a valid eip155 address.]
    `)
    expect(() => assertEvmAddress(42)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidAddressError: Address is invalid

      Details: number is not a valid eip155 address.]
    `)
  })

  test('parameters: strict', () => {
    expect(() => assertEvmAddress(badChecksum)).toThrow('Address is invalid')
    expect(() => assertEvmAddress(badChecksum, { strict: false })).not.toThrow()
  })
})

describe('toChecksumEvmAddress', () => {
  test('default', () => {
    expect(toChecksumEvmAddress(lower)).toMatchInlineSnapshot(`"0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045"`)
  })

  test.each([
    ['lowercase', lower],
    ['uppercase', upperHex],
    ['unprefixed', lower.slice(2)],
    ['already checksummed', checksummed],
  ])('behavior: normalises %s', (_, value) => {
    expect(toChecksumEvmAddress(value)).toBe(checksummed)
  })

  test('behavior: throws when the checksum fails', () => {
    expect(() => toChecksumEvmAddress(badChecksum)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidAddressError: Address is invalid

      Details: "0xD8dA6BF26964aF9D7eEd9e03E53415D37aA96045" is not a valid eip155 address.]
    `)
  })

  test('behavior: throws when not 20 bytes', () => {
    expect(() => toChecksumEvmAddress(`0x${'a'.repeat(38)}`)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidAddressError: Address is invalid

      Details: "0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" is not a valid eip155 address.]
    `)
  })

  test('behavior: error is typed', () => {
    try {
      toChecksumEvmAddress('nope')
      expect.unreachable()
    } catch (error) {
      expect((error as Error).name).toBe('InvalidAddressError')
      expect((error as { shortMessage: string }).shortMessage).toBe('Address is invalid')
    }
  })
})

describe('isSolanaAddress', () => {
  test('default', () => {
    expect(isSolanaAddress(wsol)).toBe(true)
  })

  test.each([
    ['wrapped SOL mint (43 chars)', wsol],
    ['system program (32 chars, 32 zero bytes)', systemProgram],
    ['token program', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'],
    ['44-char key', '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'],
    ['highest key (32 bytes of 0xff)', 'JEKNVnkbo3jma5nREBBJCDoXFVeKkD56V3xKrvRmWxFG'],
  ])('behavior: accepts %s', (_, value) => {
    expect(isSolanaAddress(value)).toBe(true)
  })

  test.each([
    ['31 chars', '1'.repeat(31)],
    ['33 ones (33 bytes)', '1'.repeat(33)],
    ['45 chars', 'z'.repeat(45)],
    ['44 chars that decode to more than 32 bytes', 'z'.repeat(44)],
    ['non-base58 character 0', `0${wsol.slice(1)}`],
    ['non-base58 character l', `l${wsol.slice(1)}`],
    ['EVM address', checksummed],
    ['empty string', ''],
    ['number', 1],
    ['null', null],
    ['undefined', undefined],
  ])('behavior: rejects %s', (_, value) => {
    expect(isSolanaAddress(value)).toBe(false)
  })
})

describe('assertSolanaAddress', () => {
  test('default', () => {
    expect(() => assertSolanaAddress(wsol)).not.toThrow()
  })

  test('behavior: throws InvalidAddressError', () => {
    expect(() => assertSolanaAddress(checksummed)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidAddressError: Address is invalid

      Details: "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045" is not a valid solana address.]
    `)
  })
})

describe('isAddressForNamespace', () => {
  test('default', () => {
    expect(isAddressForNamespace('eip155', checksummed)).toBe(true)
  })

  test.each([
    ['eip155', checksummed, true],
    ['eip155', badChecksum, false],
    ['eip155', wsol, false],
    ['solana', wsol, true],
    ['solana', checksummed, false],
    ['bip122', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', true],
    ['cosmos', 'cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0', true],
    ['polkadot', '5GrwvaeF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY', true],
    ['polkadot', 'has space', false],
    ['cosmos', 'a'.repeat(129), false],
    ['bip122', 7, false],
  ] as const)('behavior: %s %j → %s', (namespace, value, expected) => {
    expect(isAddressForNamespace(namespace, value)).toBe(expected)
  })

  test('behavior: unknown namespace is false', () => {
    expect(isAddressForNamespace('tron' as never, 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9')).toBe(false)
  })
})

describe('isCaip10AccountAddress', () => {
  test.each([
    ['0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb', true],
    ['a.b-c%20', true],
    ['x', true],
    ['a'.repeat(128), true],
    ['a'.repeat(129), false],
    ['', false],
    ['a:b', false],
    ['a b', false],
    [null, false],
  ])('behavior: %j → %s', (value, expected) => {
    expect(isCaip10AccountAddress(value)).toBe(expected)
  })
})
