import { sha256 } from '@noble/hashes/sha2.js'
import { bech32, bech32m, createBase58check } from '@scure/base'
import { expect, test } from 'vitest'
import { isBitcoinAddress, isCosmosAddress, isSs58Address } from './namespaceAddress.js'

test('bech32 cosmos addresses', () => {
  expect(isCosmosAddress('cosmos146hdf239nsk96408ejk3xql5mcqrdx3x9zve65')).toBe(true)
  expect(isCosmosAddress('cosmos146hdf239nsk96408ejk3xql5mcqrdx3x9zve65', 'osmo')).toBe(false)
  expect(isCosmosAddress('cosmos146hdf239nsk96408ejk3xql5mcqrdx3x9zve66')).toBe(false) // checksum
  expect(isCosmosAddress('COSMOS146HDF239NSK96408EJK3XQL5MCQRDX3X9ZVE65')).toBe(false)
  expect(isCosmosAddress(bech32.encode('cosmos', bech32.toWords(new Uint8Array(10))))).toBe(false) // length
})

test('SS58 addresses: checksum and prefix', () => {
  expect(isSs58Address('5CWgaQBxyvxv9rmgnWCs1Dbhjx8LcjnPFdVgMtnoNB3hoZ7K')).toBe(true)
  expect(isSs58Address('5CWgaQBxyvxv9rmgnWCs1Dbhjx8LcjnPFdVgMtnoNB3hoZ7L')).toBe(false)
  expect(isSs58Address('15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5')).toBe(true) // Polkadot, prefix 0
  expect(isSs58Address('0x1234')).toBe(false)
})

test('Bitcoin addresses: bech32 v0, bech32m v1, base58check', () => {
  const b58 = createBase58check(sha256)
  expect(isBitcoinAddress('bcrt1qhk8u0y6wnmhr6gacvvp9w4r3mpl9c36wlm0e29')).toBe(true)
  expect(isBitcoinAddress('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(true)
  expect(isBitcoinAddress('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr')).toBe(false)
  expect(isBitcoinAddress('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0')).toBe(true)
  // A v1 program in bech32 (not bech32m) is invalid (BIP-350).
  expect(isBitcoinAddress(bech32.encode('bc', [1, ...bech32.toWords(new Uint8Array(32))]))).toBe(false)
  expect(isBitcoinAddress(bech32m.encode('bc', [1, ...bech32m.toWords(new Uint8Array(32))]))).toBe(true)
  expect(isBitcoinAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(true)
  expect(isBitcoinAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb')).toBe(false)
  expect(isBitcoinAddress(b58.encode(new Uint8Array([0x6f, ...new Uint8Array(20)])))).toBe(true)
  expect(isBitcoinAddress(b58.encode(new Uint8Array([0x30, ...new Uint8Array(20)])))).toBe(false) // Litecoin
  expect(isBitcoinAddress('cosmos146hdf239nsk96408ejk3xql5mcqrdx3x9zve65')).toBe(false)
})
