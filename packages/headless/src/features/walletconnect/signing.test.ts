// The message-signing request of each namespace and the signature out of a wallet's answer. The
// round trip signs with the devnet wallet's own signers (what it answers over WalletConnect) and
// checks each signature with the chain's cryptography: no relay needed for that part.
import {
  answerDevnetRequest,
  type DevnetNamespace,
  devnetChainIds,
  devnetKeys,
  verifyBip122Message,
  verifyCosmosAmino,
  verifyEip155Message,
  verifyPolkadotMessage,
  verifySolanaMessage,
} from '@portico/devnet'
import { base58, base64 } from '@scure/base'
import { describe, expect, test } from 'vitest'
import type { ChainNamespace } from '../../kernel/utils/caip.js'
import { adr36SignDoc, parseSignature, signMessageRequest } from './signing.js'

const keys = devnetKeys(0)
const address = (namespace: DevnetNamespace) => keys[namespace].address
const bytes = new Uint8Array([0x68, 0x69, 0x00, 0xff])

describe('signMessageRequest', () => {
  test('default: eip155 is personal_sign with the message as 0x-hex of its UTF-8 bytes, then the address', () => {
    expect(signMessageRequest('eip155', { address: address('eip155'), message: 'hello' })).toEqual({
      method: 'personal_sign',
      params: ['0x68656c6c6f', address('eip155')],
    })
  })

  test('behavior: each namespace has its own method and params for a text message', () => {
    const message = 'Sign in ✓'
    const utf8 = new TextEncoder().encode(message)
    expect(signMessageRequest('solana', { address: address('solana'), message })).toEqual({
      method: 'solana_signMessage',
      params: { message: base58.encode(utf8), pubkey: address('solana') },
    })
    expect(signMessageRequest('polkadot', { address: address('polkadot'), message })).toEqual({
      method: 'polkadot_signMessage',
      params: { address: address('polkadot'), message },
    })
    expect(signMessageRequest('bip122', { address: address('bip122'), message })).toEqual({
      method: 'signMessage',
      params: { account: address('bip122'), address: address('bip122'), message, protocol: 'ecdsa' },
    })
    expect(signMessageRequest('cosmos', { address: address('cosmos'), message })).toEqual({
      method: 'cosmos_signAmino',
      params: { signerAddress: address('cosmos'), signDoc: adr36SignDoc(address('cosmos'), message) },
    })
  })

  test('behavior: bytes are sent as bytes: 0x-hex (eip155, polkadot), base58 (solana), base64 in the ADR-36 doc (cosmos), text (bip122)', () => {
    expect(signMessageRequest('eip155', { address: address('eip155'), message: bytes }).params).toEqual([
      '0x686900ff',
      address('eip155'),
    ])
    expect(signMessageRequest('polkadot', { address: address('polkadot'), message: bytes }).params).toMatchObject({
      message: '0x686900ff',
    })
    expect(signMessageRequest('solana', { address: address('solana'), message: bytes }).params).toMatchObject({
      message: base58.encode(bytes),
    })
    const cosmos = signMessageRequest('cosmos', { address: address('cosmos'), message: bytes }).params as {
      signDoc: ReturnType<typeof adr36SignDoc>
    }
    expect(cosmos.signDoc.msgs[0]?.value.data).toBe('aGkA/w==')
    expect(
      signMessageRequest('bip122', { address: address('bip122'), message: new TextEncoder().encode('hi') }).params,
    ).toMatchObject({ message: 'hi' })
  })

  test('behavior: a text message and its UTF-8 bytes make the same request on eip155, solana and cosmos', () => {
    const message = 'héllo'
    const utf8 = new TextEncoder().encode(message)
    for (const namespace of ['eip155', 'solana', 'cosmos'] as const)
      expect(signMessageRequest(namespace, { address: address(namespace), message: utf8 })).toEqual(
        signMessageRequest(namespace, { address: address(namespace), message }),
      )
  })
})

describe('adr36SignDoc', () => {
  test('default: a zero-fee amino sign doc whose one sign/MsgSignData message carries the signer and the data in base64', () => {
    expect(adr36SignDoc('cosmos1signer', 'hello')).toEqual({
      chain_id: '',
      account_number: '0',
      sequence: '0',
      fee: { gas: '0', amount: [] },
      msgs: [{ type: 'sign/MsgSignData', value: { signer: 'cosmos1signer', data: base64.encode(bytesOf('hello')) } }],
      memo: '',
    })
    expect(adr36SignDoc('cosmos1signer', 'hello').msgs[0]?.value.data).toBe('aGVsbG8=')
  })
})

describe('parseSignature', () => {
  test.each([
    ['eip155', '0xabc1', '0xabc1'],
    [
      'solana',
      { signature: '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnb' },
      '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnb',
    ],
    ['polkadot', { id: 1, signature: '0x01ab' }, '0x01ab'],
    ['bip122', { address: 'bcrt1q', signature: 'H+c=', messageHash: '00' }, 'H+c='],
    ['cosmos', { signed: {}, signature: { pub_key: { type: 'x', value: 'y' }, signature: 'c2ln' } }, 'c2ln'],
  ] as const)('behavior: the %s signature is read from where its wallets put it', (namespace, result, signature) => {
    expect(parseSignature(namespace, result)).toBe(signature)
  })

  test.each([
    ['eip155', 'an object', { signature: '0xabc1' }],
    ['eip155', 'an empty string', ''],
    ['eip155', 'over 10,000 characters', `0x${'a'.repeat(10_000)}`],
    ['solana', 'a bare string', 'bare-string'],
    ['solana', 'a number as its signature', { signature: 42 }],
    ['polkadot', 'null', null],
    ['bip122', 'an empty signature', { signature: '' }],
    ['cosmos', 'a signature not inside the StdSignature', { signature: 'c2ln' }],
    ['cosmos', 'nothing', undefined],
  ] as const)('error: a %s answer that is %s is malformed: it throws, naming the namespace', (namespace, _, result) => {
    expect(() => parseSignature(namespace, result)).toThrow(
      new TypeError(`The wallet returned no ${namespace} signature`),
    )
  })
})

// What the devnet wallet answers to each request, and the signature checked as the chain checks it.
test.each(['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const)(
  'behavior: the %s request signs the message itself: a real wallet answers it and the signature it gives back verifies',
  async (namespace: ChainNamespace & DevnetNamespace) => {
    const message = 'Portico signs this: 42'
    const request = signMessageRequest(namespace, { address: address(namespace), message })
    const answer = await answerDevnetRequest(
      keys,
      { evmRpcUrls: {} },
      { chainId: devnetChainIds[namespace], ...request },
    )
    const signature = parseSignature(namespace, answer)
    const signer = address(namespace)
    const verify = async (text: string) => {
      switch (namespace) {
        case 'eip155':
          return verifyEip155Message({ address: signer, message: text, signature })
        case 'solana':
          return verifySolanaMessage({ address: signer, message: base58.encode(bytesOf(text)), signature })
        case 'polkadot':
          return verifyPolkadotMessage({ address: signer, message: text, signature })
        case 'bip122':
          return verifyBip122Message({ address: signer, message: text, signature })
        case 'cosmos': {
          const { pub_key } = (
            answer as { signature: { pub_key: { type: 'tendermint/PubKeySecp256k1'; value: string } } }
          ).signature
          return verifyCosmosAmino({
            address: signer,
            signDoc: adr36SignDoc(signer, text),
            signature: { pub_key, signature },
          })
        }
      }
    }
    expect(await verify(message)).toBe(true)
    expect(await verify(`${message}!`)).toBe(false)
  },
)

function bytesOf(text: string) {
  return new TextEncoder().encode(text)
}
