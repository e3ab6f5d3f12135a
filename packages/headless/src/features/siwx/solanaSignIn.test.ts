import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import type { SolanaSignInOutput } from '@solana/wallet-standard-features'
import { createSignInMessage, verifySignIn } from '@solana/wallet-standard-util'
import { expect, test } from 'vitest'
// The server's verifier (in @portico/auth, by path: a dependency back would be a cycle) as an oracle.
import { verifySiwxMessage } from '../../../../auth/src/siwx/verifySiwxMessage.js'
import { formatSiwxMessage } from './formatSiwxMessage.js'
import type { SiwxMessage } from './message.js'
import { fromSolanaSignInOutput, toSolanaSignInInput } from './solanaSignIn.js'

const secret = ed25519.utils.randomPrivateKey()
const publicKey = ed25519.getPublicKey(secret)
const address = base58.encode(publicKey)

const data: SiwxMessage = {
  accountAddress: address,
  chainId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  domain: 'app.test',
  uri: 'https://app.test',
  version: '1',
  nonce: 'abcdefgh1234',
  statement: 'Sign in to the test app.',
  issuedAt: new Date().toISOString(),
  resources: ['https://app.test/terms'],
}

/** What a Wallet Standard wallet does on `solana:signIn`: build the text from the input, sign it. */
function walletSignIn(input: ReturnType<typeof toSolanaSignInInput>): SolanaSignInOutput {
  const signedMessage = createSignInMessage({
    ...input,
    domain: input.domain as string,
    address: input.address as string,
  })
  return {
    account: { address, publicKey, chains: ['solana:devnet'], features: ['solana:signIn'] },
    signedMessage,
    signature: ed25519.sign(signedMessage, secret),
    signatureType: 'ed25519',
  }
}

test('oracle: the wallet-standard reference signs the same text, verifySignIn accepts it, and so does Portico', async () => {
  const input = toSolanaSignInInput(data)
  const output = walletSignIn(input)
  expect(verifySignIn(input, output)).toBe(true)
  const session = fromSolanaSignInOutput(output)
  expect(session.message).toBe(formatSiwxMessage(data))
  expect(session.data).toEqual(data)
  await expect(verifySiwxMessage(session, { domain: 'app.test' })).resolves.toEqual(data)
})

test('behavior: outputs Portico cannot trust are refused', () => {
  const output = walletSignIn(toSolanaSignInInput(data))
  expect(() =>
    fromSolanaSignInOutput({
      ...output,
      account: { ...output.account, address: base58.encode(new Uint8Array(32).fill(7)) },
    }),
  ).toThrow(expect.objectContaining({ name: 'SiwxMessageParseError' }))
  expect(() =>
    fromSolanaSignInOutput({ ...output, signedMessageFormat: { kind: 'offchainMessage', messageVersion: 1 } }),
  ).toThrow(/off-chain message envelope/)
  expect(() => fromSolanaSignInOutput({ ...output, signedMessage: new Uint8Array([0xff, 0xfe]) })).toThrow(
    expect.objectContaining({ name: 'SiwxMessageParseError' }),
  )
})
