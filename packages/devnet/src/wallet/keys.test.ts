import { describe, expect, it } from 'vitest'
import { bip122Accounts, cosmosAccounts, evmAccounts, polkadotAccounts, solanaAccounts } from '../accounts.js'
import { devnetKeys, rederiveDevnetAccount } from './keys.js'
import { ss58Decode } from './verify.js'

describe('devnet wallet accounts', () => {
  it.each([0, 1, 2, 3, 4])('account %i: every hardcoded address and key re-derives', (i) => {
    const derived = rederiveDevnetAccount(i)
    expect(derived.eip155?.address).toBe(evmAccounts[i]?.address)
    expect(derived.solana).toEqual({ address: solanaAccounts[i]?.address, seed: solanaAccounts[i]?.seed })
    expect(derived.polkadot).toEqual(polkadotAccounts[i])
    expect(derived.bip122).toEqual(bip122Accounts[i])
    expect(derived.cosmos).toEqual(cosmosAccounts[i])
  })

  it('SS58 addresses decode to their public keys with prefix 42', () => {
    for (const account of polkadotAccounts) {
      const { prefix, publicKey } = ss58Decode(account.address)
      expect(prefix).toBe(42)
      expect(`0x${Buffer.from(publicKey).toString('hex')}`).toBe(account.publicKey)
    }
  })

  it('addresses have the expected formats', () => {
    for (const a of bip122Accounts) expect(a.address).toMatch(/^bcrt1q[02-9ac-hj-np-z]{38}$/)
    for (const a of cosmosAccounts) expect(a.address).toMatch(/^cosmos1[02-9ac-hj-np-z]{38}$/)
    expect(() => devnetKeys(5)).toThrow(RangeError)
  })
})
