// Signatures made by independent signers (viem's local account for EIP-191, Node's own ed25519 for
// Solana) are checked here; the on-chain path reads the shared devnet's anvil.
import { generateKeyPairSync, sign } from 'node:crypto'
import { base58 } from '@scure/base'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, inject, test, vi } from 'vitest'
import { verifySiwxSignature } from './verifySiwxSignature.js'

const message = 'app.test wants you to sign in with your Ethereum account:\n…'
const account = privateKeyToAccount(generatePrivateKey())
const other = privateKeyToAccount(generatePrivateKey())

test('eip155: an EOA signature (EIP-191) is valid without any chain', async () => {
  const signature = await account.signMessage({ message })
  expect(await verifySiwxSignature({ address: account.address, chainId: 'eip155:1', message, signature })).toEqual({
    valid: true,
  })
})

test('eip155: another account’s signature, or another text, is invalid; without an RPC the answer says so', async () => {
  const signature = await other.signMessage({ message })
  const answer = await verifySiwxSignature({ address: account.address, chainId: 'eip155:1', message, signature })
  expect(answer).toMatchObject({ valid: false, reason: 'invalid_signature' })
  expect(answer.valid === false && answer.details).toContain('no RPC for eip155:1')
  const own = await account.signMessage({ message })
  expect(
    await verifySiwxSignature({
      address: account.address,
      chainId: 'eip155:1',
      message: `${message}!`,
      signature: own,
    }),
  ).toMatchObject({ valid: false, reason: 'invalid_signature' })
})

test('eip155: with an RPC, a signature that is no EOA’s goes to the chain (ERC-1271/6492) and is refused there', async () => {
  const rpcUrl = inject('devnet').evmRpcUrl
  const signature = await other.signMessage({ message })
  const answer = await verifySiwxSignature(
    { address: account.address, chainId: 'eip155:31337', message, signature },
    { rpcUrls: { 'eip155:31337': rpcUrl } },
  )
  expect(answer).toMatchObject({ valid: false, reason: 'invalid_signature' })
  expect(answer.valid === false && answer.details).toContain('EOA, ERC-1271 or ERC-6492')
})

test('eip155: a signature that is not 0x-hex is malformed; never a throw', async () => {
  for (const signature of ['', '0x', 'abc', '0xzz'])
    expect(
      await verifySiwxSignature({ address: account.address, chainId: 'eip155:1', message, signature }),
    ).toMatchObject({ valid: false, reason: 'malformed_signature' })
})

test('solana: an ed25519 signature over the UTF-8 text, base58 or 0x-hex, by the address’s key', async () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url')
  const address = base58.encode(raw)
  const text = 'app.test wants you to sign in with your Solana account:\n…'
  const bytes = sign(null, Buffer.from(text, 'utf8'), privateKey)
  const chainId = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
  expect(await verifySiwxSignature({ address, chainId, message: text, signature: base58.encode(bytes) })).toEqual({
    valid: true,
  })
  expect(
    await verifySiwxSignature({ address, chainId, message: text, signature: `0x${bytes.toString('hex')}` }),
  ).toEqual({ valid: true })
  expect(
    await verifySiwxSignature({ address, chainId, message: `${text}!`, signature: base58.encode(bytes) }),
  ).toMatchObject({ valid: false, reason: 'invalid_signature' })
  expect(
    await verifySiwxSignature({ address, chainId, message: text, signature: base58.encode(bytes.subarray(1)) }),
  ).toMatchObject({ valid: false, reason: 'malformed_signature' })
})

test('solana on a runtime whose Web Crypto has no Ed25519: unsupported_namespace saying why, not a crash or a false "invalid"', async () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const address = base58.encode(Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url'))
  const text = 'app.test wants you to sign in with your Solana account:\n…'
  const signature = base58.encode(sign(null, Buffer.from(text, 'utf8'), privateKey))
  // What an older runtime's importKey does for an algorithm it does not implement.
  const importKey = vi
    .spyOn(crypto.subtle, 'importKey')
    .mockRejectedValue(new DOMException('Unrecognized algorithm name', 'NotSupportedError'))
  try {
    expect(
      await verifySiwxSignature({
        address,
        chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
        message: text,
        signature,
      }),
    ).toEqual({
      valid: false,
      reason: 'unsupported_namespace',
      details: 'This runtime cannot check ed25519 signatures (its Web Crypto has no Ed25519).',
    })
    expect(importKey).toHaveBeenCalledWith('raw', expect.anything(), { name: 'Ed25519' }, false, ['verify'])
  } finally {
    importKey.mockRestore()
  }
})

test('a namespace without a signature scheme is unsupported_namespace', async () => {
  expect(
    await verifySiwxSignature({
      address: 'x',
      chainId: 'bip122:000000000019d6689c085ae165831e93',
      message,
      signature: '0x00',
    }),
  ).toMatchObject({ valid: false, reason: 'unsupported_namespace' })
})
