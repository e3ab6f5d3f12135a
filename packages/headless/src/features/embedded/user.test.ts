import { describe, expect, test } from 'vitest'
import { toEmbeddedWalletUser } from './user.js'

const address = '0x00000000000000000000000000000000000000aa'

describe('toEmbeddedWalletUser', () => {
  test("default: the frame's user passes as the spec's embedded-wallet user", () => {
    const user = {
      id: 'u1',
      email: null,
      address,
      chainId: 31337,
      accounts: [
        { namespace: 'eip155' as const, address, type: 'eoa' as const },
        { namespace: 'solana' as const, address: 'So1', type: 'eoa' as const },
      ],
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
      socialProvider: 'farcaster',
      userName: 'ada',
    }
    expect(toEmbeddedWalletUser(user)).toEqual(user)
  })

  test("behavior: an earlier frame's reply gets what it meant: no email is null, accounts are plain eoa, not deployed", () => {
    expect(
      toEmbeddedWalletUser({
        id: 'u1',
        email: '',
        address,
        chainId: 1,
        accounts: [{ namespace: 'eip155', address }],
      }),
    ).toEqual({
      id: 'u1',
      email: null,
      address,
      chainId: 1,
      accounts: [{ namespace: 'eip155', address, type: 'eoa' }],
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    })
  })

  test('behavior: an email login keeps its email; an unknown preferred type reads as eoa', () => {
    const user = toEmbeddedWalletUser({
      id: 'u1',
      email: 'ada@example.com',
      address,
      chainId: 1,
      accounts: [{ namespace: 'eip155', address, type: 'smartAccount' }],
      preferredAccountType: 'something-else',
    })
    expect(user).toMatchObject({ email: 'ada@example.com', preferredAccountType: 'eoa' })
    expect(user.accounts[0]?.type).toBe('smartAccount')
    expect(user).not.toHaveProperty('socialProvider')
  })

  test('behavior: the sign-in signed at a social login is part of the user; a partial one is not', () => {
    const siwxMessage = {
      accountAddress: address,
      chainId: 'eip155:31337',
      domain: 'app.example',
      uri: 'https://app.example',
      version: '1' as const,
      nonce: 'abcdefgh12',
      issuedAt: '2026-11-28T12:00:00.000Z',
    }
    const base = {
      id: 'u1',
      email: null,
      address,
      chainId: 31337,
      accounts: [{ namespace: 'eip155' as const, address }],
    }
    const signed = { signature: `0x${'11'.repeat(65)}`, message: 'app.example wants you to sign in…', siwxMessage }
    expect(toEmbeddedWalletUser({ ...base, ...signed })).toMatchObject(signed)
    const partial = toEmbeddedWalletUser({ ...base, message: signed.message, siwxMessage })
    expect(partial).not.toHaveProperty('message')
    expect(partial).not.toHaveProperty('siwxMessage')
  })
})
