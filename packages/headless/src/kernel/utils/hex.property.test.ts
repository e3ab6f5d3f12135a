// Our small hex helpers against an independent oracle: viem's getAddress / numberToHex / toHex.
import fc from 'fast-check'
import { getAddress, numberToHex as viemNumberToHex, toHex as viemToHex } from 'viem'
import { expect, test } from 'vitest'
import { formatUnits } from './format.js'
import { checksumHexAddress, numberToHex, toHex } from './hex.js'

const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => viemToHex(bytes))

test('checksumHexAddress is EIP-55, whatever the input case or prefix', () => {
  fc.assert(
    fc.property(address, fc.boolean(), fc.boolean(), (hex, upper, prefixed) => {
      const digits = upper ? hex.slice(2).toUpperCase() : hex.slice(2)
      expect(checksumHexAddress(prefixed ? `0x${digits}` : digits)).toBe(getAddress(hex))
    }),
  )
  // The EIP-55 specification's own examples.
  for (const known of [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ])
    expect(checksumHexAddress(known.toLowerCase())).toBe(known)
})

test('numberToHex and toHex write what viem writes', () => {
  fc.assert(
    fc.property(fc.nat(), fc.bigInt({ min: 0n, max: 2n ** 256n }), (n, big) => {
      expect(numberToHex(n)).toBe(viemNumberToHex(n))
      expect(numberToHex(big)).toBe(viemNumberToHex(big))
    }),
  )
  fc.assert(
    fc.property(fc.string({ unit: 'grapheme' }), fc.uint8Array(), (text, bytes) => {
      expect(toHex(text)).toBe(viemToHex(text))
      expect(toHex(bytes)).toBe(viemToHex(bytes))
    }),
  )
})

test("formatUnits writes what viem's formatUnits writes", async () => {
  const { formatUnits: viemFormatUnits } = await import('viem')
  fc.assert(
    fc.property(
      fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }),
      fc.integer({ min: 0, max: 36 }),
      (value, decimals) => {
        expect(formatUnits(value, decimals)).toBe(viemFormatUnits(value, decimals))
      },
    ),
  )
})
