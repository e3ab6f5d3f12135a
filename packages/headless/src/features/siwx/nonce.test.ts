import { expect, test } from 'vitest'
import { generateSiwxNonce } from './nonce.js'

test('default: 22 letters and digits, more than the 8 EIP-4361 asks for', () => {
  expect(generateSiwxNonce()).toMatch(/^[A-Za-z0-9]{22}$/)
})

test('parameters: the length asked, short or long (more than one draw of random bytes)', () => {
  expect(generateSiwxNonce(8)).toMatch(/^[A-Za-z0-9]{8}$/)
  expect(generateSiwxNonce(300)).toMatch(/^[A-Za-z0-9]{300}$/)
})

test('behavior: fresh every time, every character in use, none far more often than the others', () => {
  const nonces = Array.from({ length: 5000 }, () => generateSiwxNonce())
  expect(new Set(nonces).size).toBe(nonces.length)
  const counts = new Map<string, number>()
  for (const char of nonces.join('')) counts.set(char, (counts.get(char) ?? 0) + 1)
  expect(counts.size).toBe(62)
  // 110,000 characters over 62: about 1,774 each (σ ≈ 42), so ±250 is six σ, never missed by chance.
  // Taking every byte modulo 62 would give the first eight characters 5 chances in 256 against 4
  // for the rest: about 2,148 each, over the bound.
  for (const [char, count] of counts) expect(count, char).toBeGreaterThan(1774 - 250)
  for (const [char, count] of counts) expect(count, char).toBeLessThan(1774 + 250)
})
