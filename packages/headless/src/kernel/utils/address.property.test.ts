// Properties of the per-namespace address validators, checked against independent libraries:
// viem (EVM: isAddress, getAddress) and @solana/kit (base58 32-byte addresses).
import { getAddressDecoder, isAddress as kitIsAddress } from '@solana/kit'
import fc from 'fast-check'
import { getAddress, isAddress } from 'viem'
import { expect, test } from 'vitest'
import {
  assertEvmAddress,
  isAddressForNamespace,
  isCaip10AccountAddress,
  isEvmAddress,
  isSolanaAddress,
  toChecksumEvmAddress,
} from './address.js'
import { chainNamespaces } from './caip.js'

const hexAddress = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => `0x${Buffer.from(b).toString('hex')}`)
/** The same 40 hex digits with each letter's case flipped at random: checksummed only by luck. */
const randomCase = fc
  .tuple(hexAddress, fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }))
  .map(([address, flips]) => `0x${[...address.slice(2)].map((c, i) => (flips[i] ? c.toUpperCase() : c)).join('')}`)
const solanaAddress = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => getAddressDecoder().decode(b))

test('property: isEvmAddress agrees with viem isAddress (strict) on 0x addresses, all-uppercase aside', () => {
  fc.assert(
    fc.property(
      fc.oneof(
        hexAddress,
        randomCase,
        hexAddress.map((a) => getAddress(a)),
      ),
      (address) => {
        const hex = address.slice(2)
        // EIP-55: an all-uppercase address carries no checksum; viem treats it as a failed one.
        fc.pre(!(hex === hex.toUpperCase() && /[A-F]/.test(hex)))
        expect(isEvmAddress(address)).toBe(isAddress(address, { strict: true }))
        expect(isEvmAddress(address, { strict: false })).toBe(true)
      },
    ),
  )
})

test('property: toChecksumEvmAddress is viem getAddress, idempotent, and refuses what it cannot checksum', () => {
  fc.assert(
    fc.property(hexAddress, (address) => {
      const checksummed = toChecksumEvmAddress(address)
      expect(checksummed).toBe(getAddress(address))
      expect(toChecksumEvmAddress(checksummed)).toBe(checksummed)
      expect(toChecksumEvmAddress(address.toUpperCase().replace('0X', '0x'))).toBe(checksummed)
    }),
  )
})

test('property: the EVM validator only answers booleans and typed errors, whatever it is given', () => {
  fc.assert(
    fc.property(fc.oneof(fc.anything(), fc.string(), fc.stringMatching(/^(0x)?[0-9a-fA-FxX]{38,42}$/)), (value) => {
      const ok = isEvmAddress(value)
      expect(typeof ok).toBe('boolean')
      if (ok) expect(isAddress(`0x${String(value).replace(/^0x/, '')}`, { strict: false })).toBe(true)
      try {
        assertEvmAddress(value)
        expect(ok).toBe(true)
      } catch (error) {
        expect((error as Error).name).toBe('InvalidAddressError')
        expect(ok).toBe(false)
      }
    }),
  )
})

test('property: isSolanaAddress is @solana/kit isAddress on strings: every 32-byte key, no near miss', () => {
  fc.assert(
    fc.property(solanaAddress, (address) => {
      expect(isSolanaAddress(address)).toBe(true)
      expect(isAddressForNamespace('solana', address)).toBe(true)
      // Base58 has no 0, O, I or l: one of those makes any address invalid.
      expect(isSolanaAddress(`${address.slice(0, -1)}0`)).toBe(false)
    }),
  )
  fc.assert(
    fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{30,46}$/)), (value) => {
      expect(isSolanaAddress(value)).toBe(kitIsAddress(value))
    }),
  )
})

test('property: isAddressForNamespace never throws and matches the namespace validator', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...chainNamespaces),
      fc.oneof(fc.anything(), fc.string(), hexAddress, solanaAddress),
      (ns, value) => {
        const ok = isAddressForNamespace(ns, value)
        if (ns === 'eip155') expect(ok).toBe(isEvmAddress(value))
        else if (ns === 'solana') expect(ok).toBe(isSolanaAddress(value))
        else expect(ok).toBe(isCaip10AccountAddress(value))
      },
    ),
  )
})
