// Properties of the CAIP-2 / CAIP-10 parsers, checked against @walletconnect/utils' own parsers
// (an independent implementation) and against the grammar itself.
import { parseAccountId, parseChainId } from '@walletconnect/utils'
import fc from 'fast-check'
import { getAddress } from 'viem'
import { expect, test } from 'vitest'
import {
  buildCaipAddress,
  buildCaipNetworkId,
  isCaipAddress,
  isCaipNetworkId,
  parseCaipAddress,
  parseCaipNetworkId,
} from './caip.js'

const namespace = fc.stringMatching(/^[-a-z0-9]{3,8}$/).filter((ns) => ns !== 'eip155')
const reference = fc.stringMatching(/^[-_a-zA-Z0-9]{1,32}$/)
const eip155Reference = fc.bigInt({ min: 1n, max: 2n ** 64n }).map(String)
const networkId = fc.oneof(
  fc.tuple(namespace, reference).map(([n, r]) => `${n}:${r}`),
  eip155Reference.map((r) => `eip155:${r}`),
)
const caip10Address = fc.stringMatching(/^[-.%a-zA-Z0-9]{1,128}$/)
/** Strings built from the grammar's own alphabet plus separators and look-alikes: near misses. */
const nearMiss = fc.string({
  unit: fc.constantFrom(...'ab0x1-_.%:: Aé\u0000'.split('')),
  maxLength: 50,
})

test('property: every well-formed CAIP-2 id parses, the same way @walletconnect/utils splits it, and builds back', () => {
  fc.assert(
    fc.property(networkId, (id) => {
      const parsed = parseCaipNetworkId(id)
      expect(parsed).toEqual(parseChainId(id))
      expect(buildCaipNetworkId(parsed.namespace, parsed.reference)).toBe(id)
      expect(isCaipNetworkId(id)).toBe(true)
    }),
  )
})

test('property: the guard and the parser agree on any input; the parser only throws its typed error', () => {
  fc.assert(
    fc.property(fc.oneof(nearMiss, fc.string(), fc.anything()), (value) => {
      let parsed = true
      try {
        parseCaipNetworkId(value)
      } catch (error) {
        parsed = false
        expect((error as Error).name).toBe('InvalidCaipNetworkIdError')
      }
      expect(isCaipNetworkId(value)).toBe(parsed)
    }),
  )
})

test('property: eip155 references are canonical decimal chain ids (no leading zeros, no hex)', () => {
  fc.assert(
    fc.property(fc.nat(), (n) => {
      expect(isCaipNetworkId(`eip155:${n}`)).toBe(n > 0)
      expect(isCaipNetworkId(`eip155:0${n}`)).toBe(false)
      expect(isCaipNetworkId(`eip155:0x${n.toString(16)}`)).toBe(false)
    }),
  )
})

test('property: every well-formed CAIP-10 id parses like @walletconnect/utils parseAccountId and builds back', () => {
  fc.assert(
    fc.property(networkId, caip10Address, (id, address) => {
      const account = `${id}:${address}`
      const parsed = parseCaipAddress(account)
      expect({ namespace: parsed.namespace, reference: parsed.reference, address: parsed.address }).toEqual(
        parseAccountId(account),
      )
      expect(parsed.caipNetworkId).toBe(id)
      expect(buildCaipAddress(id as `${string}:${string}`, address)).toBe(account)
    }),
  )
})

test('property: CAIP-10 guard and parser agree on any input, strict or not; strict implies loose', () => {
  fc.assert(
    fc.property(fc.oneof(nearMiss, fc.string(), fc.anything()), fc.boolean(), (value, strict) => {
      let parsed = true
      try {
        parseCaipAddress(value, { strict })
      } catch (error) {
        parsed = false
        expect((error as Error).name).toMatch(/^InvalidCaip(10)?AddressError$/)
      }
      expect(isCaipAddress(value, { strict })).toBe(parsed)
      if (isCaipAddress(value, { strict: true })) expect(isCaipAddress(value)).toBe(true)
    }),
  )
})

test('property: strict eip155 CAIP-10 accepts exactly the 0x addresses viem accepts (lowercase or checksummed)', () => {
  fc.assert(
    fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), eip155Reference, (bytes, chain) => {
      const lower = `0x${Buffer.from(bytes).toString('hex')}`
      expect(isCaipAddress(`eip155:${chain}:${lower}`, { strict: true })).toBe(true)
      expect(isCaipAddress(`eip155:${chain}:${getAddress(lower)}`, { strict: true })).toBe(true)
      // The bare-hex form is an address elsewhere in Portico, but not CAIP-10.
      expect(isCaipAddress(`eip155:${chain}:${lower.slice(2)}`, { strict: true })).toBe(false)
    }),
  )
})
