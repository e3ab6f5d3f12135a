// The devnet's signature checks (verify.ts) against signatures made here straight with the curve
// libraries, not by signers.ts, plus what each check must refuse: the wrong key type or header,
// another network's address, a tampered wire, malformed input (which resolves false, never throws).
// The round trips with the wallet's own signers are in signers.test.ts and wallet.test.ts.
import { ed25519 } from '@noble/curves/ed25519.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { blake2b } from '@noble/hashes/blake2.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { base58, base64, bech32, bech32m, hex } from '@scure/base'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it, test } from 'vitest'
import { devnetKeys, hash160, ss58Encode } from './keys.js'
import { bip122SignMessage, bitcoinMessageHash } from './signers.js'
import {
  type CosmosStdSignature,
  ss58Decode,
  verifyBip122Message,
  verifyCosmosAmino,
  verifyCosmosDirect,
  verifyDevnetSignature,
  verifyEip155Message,
  verifyEip155TypedData,
  verifyPolkadotMessage,
  verifyPolkadotPayload,
  verifySolanaMessage,
  verifySolanaTransaction,
} from './verify.js'

const keys = devnetKeys(0)
const other = devnetKeys(1)
const utf8 = (text: string) => new TextEncoder().encode(text)

describe('eip155', () => {
  const account = privateKeyToAccount(keys.eip155.privateKey)

  it('behavior: a 0x-hex message is checked as its bytes, other text as UTF-8', async () => {
    const signature = await account.signMessage({ message: 'hello' })
    expect(await verifyEip155Message({ address: account.address, message: '0x68656c6c6f', signature })).toBe(true)
    expect(await verifyEip155Message({ address: account.address, message: 'hello', signature })).toBe(true)
    // "0xzz" is not hex: it is checked as the text itself.
    const asText = await account.signMessage({ message: { raw: utf8('0xzz') } })
    expect(await verifyEip155Message({ address: account.address, message: '0xzz', signature: asText })).toBe(true)
  })

  it('error: a malformed signature or address resolves false', async () => {
    expect(await verifyEip155Message({ address: account.address, message: 'hi', signature: '0x1234' })).toBe(false)
    expect(await verifyEip155Message({ address: 'not-an-address', message: 'hi', signature: '0x1234' })).toBe(false)
  })

  // A dapp's malformed typed data: false, as documented, from the check and from the entry point,
  // never a SyntaxError.
  test('error: typed data that is not JSON resolves false (documented: never throws)', async () => {
    const signature = `0x${'11'.repeat(65)}`
    await expect(verifyEip155TypedData({ address: account.address, typedData: '{"types":', signature })).resolves.toBe(
      false,
    )
    await expect(
      verifyDevnetSignature({ namespace: 'eip155', address: account.address, typedData: '{"types":', signature }),
    ).resolves.toBe(false)
  })

  it('error: well-formed typed data with a bad signature resolves false', async () => {
    const typedData = {
      types: { EIP712Domain: [{ name: 'name', type: 'string' }], M: [{ name: 'a', type: 'string' }] },
      primaryType: 'M',
      domain: { name: 'x' },
      message: { a: 'b' },
    }
    const signature = await account.signTypedData(typedData as never)
    expect(await verifyEip155TypedData({ address: account.address, typedData, signature })).toBe(true)
    expect(
      await verifyEip155TypedData({ address: other.eip155.address, typedData: JSON.stringify(typedData), signature }),
    ).toBe(false)
  })
})

describe('solana', () => {
  /** A minimal message: header, [signer, program], blockhash, no instructions (v0 when `versioned`). */
  function wire(signerKey: Uint8Array, versioned = false) {
    const body = [1, 0, 1, 2, ...signerKey, ...new Uint8Array(32).fill(7), ...new Uint8Array(32).fill(1), 0]
    const message = Uint8Array.from(versioned ? [0x80, ...body, 0] : body)
    const signature = ed25519.sign(message, keys.solana.secretKey)
    return { message, signature, bytes: Uint8Array.from([1, ...signature, ...message]) }
  }

  it('behavior: a legacy or v0 wire signed by the address verifies, with or without the expected signature', () => {
    for (const versioned of [false, true]) {
      const { signature, bytes } = wire(keys.solana.publicKey, versioned)
      const transaction = base64.encode(bytes)
      expect(verifySolanaTransaction({ address: keys.solana.address, transaction })).toBe(true)
      expect(
        verifySolanaTransaction({ address: keys.solana.address, transaction, signature: base58.encode(signature) }),
      ).toBe(true)
    }
  })

  it('security: a signature other than the expected one, an address not among the signers, a changed message: false', () => {
    const { bytes } = wire(keys.solana.publicKey)
    const transaction = base64.encode(bytes)
    const elsewhere = base58.encode(ed25519.sign(utf8('x'), keys.solana.secretKey))
    expect(verifySolanaTransaction({ address: keys.solana.address, transaction, signature: elsewhere })).toBe(false)
    expect(verifySolanaTransaction({ address: other.solana.address, transaction })).toBe(false)
    const tampered = bytes.slice()
    tampered[tampered.length - 2] = (tampered[tampered.length - 2] ?? 0) ^ 1
    expect(verifySolanaTransaction({ address: keys.solana.address, transaction: base64.encode(tampered) })).toBe(false)
  })

  it('error: a multi-byte signature count, a truncated wire or non-base64 text: false, no throw', () => {
    const { bytes } = wire(keys.solana.publicKey)
    const many = bytes.slice()
    many[0] = 0x80
    expect(verifySolanaTransaction({ address: keys.solana.address, transaction: base64.encode(many) })).toBe(false)
    expect(
      verifySolanaTransaction({ address: keys.solana.address, transaction: base64.encode(bytes.slice(0, 40)) }),
    ).toBe(false)
    expect(verifySolanaTransaction({ address: keys.solana.address, transaction: '%%%' })).toBe(false)
  })

  it('error: a message or signature that is not base58 is false', () => {
    const message = base58.encode(utf8('hi'))
    const signature = base58.encode(ed25519.sign(utf8('hi'), keys.solana.secretKey))
    expect(verifySolanaMessage({ address: keys.solana.address, message, signature })).toBe(true)
    expect(verifySolanaMessage({ address: keys.solana.address, message: '0OIl', signature })).toBe(false)
    expect(verifySolanaMessage({ address: keys.solana.address, message, signature: 'not base58!' })).toBe(false)
  })
})

describe('polkadot', () => {
  const sign = (bytes: Uint8Array) => `0x${hex.encode(ed25519.sign(bytes, keys.polkadot.secretKey))}`

  it('behavior: ss58Decode returns the prefix and key of any one-byte-prefix address', () => {
    for (const prefix of [0, 2, 42, 63]) {
      const decoded = ss58Decode(ss58Encode(keys.polkadot.publicKey, prefix))
      expect(decoded.prefix).toBe(prefix)
      expect(hex.encode(decoded.publicKey)).toBe(hex.encode(keys.polkadot.publicKey))
    }
  })

  it('error: ss58Decode refuses a bad checksum, a two-byte prefix and a wrong length', () => {
    const bytes = base58.decode(keys.polkadot.address)
    const badSum = bytes.slice()
    badSum[34] = (badSum[34] ?? 0) ^ 1
    expect(() => ss58Decode(base58.encode(badSum))).toThrow('bad SS58 checksum')
    const twoByte = bytes.slice()
    twoByte[0] = 64
    expect(() => ss58Decode(base58.encode(twoByte))).toThrow('not a one-byte-prefix SS58 address')
    expect(() => ss58Decode(base58.encode(bytes.slice(0, 34)))).toThrow('not a one-byte-prefix SS58 address')
    // The checks that call it answer false instead.
    const signature = sign(utf8('<Bytes>hi</Bytes>'))
    expect(verifyPolkadotMessage({ address: base58.encode(badSum), message: 'hi', signature })).toBe(false)
  })

  it('behavior: a message is checked wrapped in <Bytes> once; hex is its bytes; a wrapped message is not wrapped again', () => {
    const signature = sign(utf8('<Bytes>hi</Bytes>'))
    const address = keys.polkadot.address
    expect(verifyPolkadotMessage({ address, message: 'hi', signature })).toBe(true)
    expect(verifyPolkadotMessage({ address, message: '0x6869', signature })).toBe(true)
    expect(verifyPolkadotMessage({ address, message: '<Bytes>hi</Bytes>', signature })).toBe(true)
    // The unwrapped bytes signed alone do not pass.
    expect(verifyPolkadotMessage({ address, message: 'hi', signature: sign(utf8('hi')) })).toBe(false)
  })

  it('edge: a payload of 256 bytes is signed as is, one of 257 bytes as its blake2b-256', () => {
    const address = keys.polkadot.address
    const exact = new Uint8Array(256).fill(5)
    expect(verifyPolkadotPayload({ address, signedBytes: exact, signature: sign(exact) })).toBe(true)
    expect(verifyPolkadotPayload({ address, signedBytes: exact, signature: sign(blake2b(exact, { dkLen: 32 })) })).toBe(
      false,
    )
    const long = new Uint8Array(257).fill(5)
    expect(verifyPolkadotPayload({ address, signedBytes: long, signature: sign(blake2b(long, { dkLen: 32 })) })).toBe(
      true,
    )
    expect(verifyPolkadotPayload({ address, signedBytes: long, signature: sign(long) })).toBe(false)
  })

  it('security: a 65-byte MultiSignature is taken only with the Ed25519 tag 0x00', () => {
    const bytes = utf8('payload')
    const raw = sign(bytes).slice(2)
    const address = keys.polkadot.address
    expect(verifyPolkadotPayload({ address, signedBytes: bytes, signature: `0x00${raw}` })).toBe(true)
    expect(verifyPolkadotPayload({ address, signedBytes: bytes, signature: raw })).toBe(true)
    for (const tag of ['01', '02'])
      expect(verifyPolkadotPayload({ address, signedBytes: bytes, signature: `0x${tag}${raw}` })).toBe(false)
    expect(verifyPolkadotPayload({ address, signedBytes: bytes, signature: '0xzz' })).toBe(false)
  })
})

describe('bip122', () => {
  const message = 'hello portico'
  const signed = () =>
    base64.decode(bip122SignMessage(keys, { address: keys.bip122.address, message }).signature).slice()

  it('behavior: a BIP-137 signature made here with the P2WPKH header verifies for the address on any Bitcoin network', () => {
    const recovered = secp256k1.sign(bitcoinMessageHash(message), keys.bip122.privateKey, {
      prehash: false,
      format: 'recovered',
    })
    const signature = base64.encode(Uint8Array.from([39 + (recovered[0] ?? 0), ...recovered.subarray(1)]))
    const program = bech32.toWords(hash160(keys.bip122.publicKey))
    for (const hrp of ['bcrt', 'tb', 'bc'])
      expect(verifyBip122Message({ address: bech32.encode(hrp, [0, ...program]), message, signature })).toBe(true)
  })

  it('security: the same key behind another coin’s prefix or a taproot (v1) address is refused', () => {
    const signature = base64.encode(signed())
    const program = bech32.toWords(hash160(keys.bip122.publicKey))
    expect(verifyBip122Message({ address: bech32.encode('ltc', [0, ...program]), message, signature })).toBe(false)
    expect(verifyBip122Message({ address: bech32m.encode('bcrt', [1, ...program]), message, signature })).toBe(false)
    // Witness version 1 under a plain bech32 checksum: decodes, but is no P2WPKH program.
    expect(verifyBip122Message({ address: bech32.encode('bcrt', [1, ...program]), message, signature })).toBe(false)
  })

  it('security: a header outside the P2WPKH range (P2PKH 27..34, P2SH 35..38) or a short signature is refused', () => {
    const sig = signed()
    const recovery = (sig[0] ?? 0) - 39
    for (const header of [27 + recovery, 31 + recovery, 35 + recovery, 43]) {
      sig[0] = header
      expect(verifyBip122Message({ address: keys.bip122.address, message, signature: base64.encode(sig) })).toBe(false)
    }
    expect(
      verifyBip122Message({ address: keys.bip122.address, message, signature: base64.encode(signed().slice(0, 64)) }),
    ).toBe(false)
    expect(verifyBip122Message({ address: keys.bip122.address, message, signature: 'not base64' })).toBe(false)
  })
})

describe('cosmos', () => {
  const pubKey = { type: 'tendermint/PubKeySecp256k1', value: base64.encode(keys.cosmos.publicKey) }
  const sign = (bytes: Uint8Array): CosmosStdSignature => ({
    pub_key: pubKey,
    signature: base64.encode(secp256k1.sign(sha256(bytes), keys.cosmos.privateKey, { prehash: false })),
  })

  it('behavior: amino signs canonical JSON (sorted keys, no spaces, &<> escaped), undefined fields dropped', () => {
    const json = '{"a":[{"x":1,"y":"\\u003cb\\u003e \\u0026"}],"b":"z"}'
    const signature = sign(utf8(json))
    const signDoc = { b: 'z', a: [{ y: '<b> &', x: 1, gone: undefined }] }
    expect(verifyCosmosAmino({ address: keys.cosmos.address, signDoc, signature })).toBe(true)
    expect(verifyCosmosAmino({ address: keys.cosmos.address, signDoc: { ...signDoc, b: 'y' }, signature })).toBe(false)
  })

  it('behavior: direct signs the protobuf SignDoc; empty fields and account number 0 are left out', () => {
    // field 1 (body) = [9], field 3 (chain id) = "c"; no auth info, account number 0.
    const signature = sign(Uint8Array.from([0x0a, 1, 9, 0x1a, 1, 0x63]))
    const signDoc = { chainId: 'c', accountNumber: 0, authInfoBytes: '', bodyBytes: base64.encode(Uint8Array.of(9)) }
    expect(verifyCosmosDirect({ address: keys.cosmos.address, signDoc, signature })).toBe(true)
    // account number 300 = varint ac 02 under field 4.
    const withAccount = sign(Uint8Array.from([0x0a, 1, 9, 0x1a, 1, 0x63, 0x20, 0xac, 0x02]))
    expect(
      verifyCosmosDirect({
        address: keys.cosmos.address,
        signDoc: { ...signDoc, accountNumber: 300n },
        signature: withAccount,
      }),
    ).toBe(true)
    expect(verifyCosmosDirect({ address: keys.cosmos.address, signDoc, signature: withAccount })).toBe(false)
  })

  it('security: a key of another type, or one that does not hash to the address, is refused', () => {
    const bytes = utf8('{}')
    const signature = sign(bytes)
    expect(verifyCosmosAmino({ address: keys.cosmos.address, signDoc: {}, signature })).toBe(true)
    const ed = { ...signature, pub_key: { ...pubKey, type: 'tendermint/PubKeyEd25519' } }
    expect(verifyCosmosAmino({ address: keys.cosmos.address, signDoc: {}, signature: ed })).toBe(false)
    // Signed by the other key and carrying it: valid signature, but not the address's key.
    const foreign: CosmosStdSignature = {
      pub_key: { ...pubKey, value: base64.encode(other.cosmos.publicKey) },
      signature: base64.encode(secp256k1.sign(sha256(bytes), other.cosmos.privateKey, { prehash: false })),
    }
    expect(verifyCosmosAmino({ address: keys.cosmos.address, signDoc: {}, signature: foreign })).toBe(false)
    expect(verifyCosmosAmino({ address: other.cosmos.address, signDoc: {}, signature: foreign })).toBe(true)
  })

  // A malformed sign document from a dapp (bytes that are not base64, an account number that is no
  // integer): false, as documented, from the check and from the entry point.
  test('error: a direct signDoc with bytes that are not base64 resolves false (documented: never throws)', async () => {
    const signature = sign(utf8('x'))
    for (const signDoc of [
      { chainId: 'c', accountNumber: 0, authInfoBytes: '', bodyBytes: '%%%' },
      { chainId: 'c', accountNumber: 'seven', authInfoBytes: '', bodyBytes: '' },
    ])
      expect(verifyCosmosDirect({ address: keys.cosmos.address, signDoc, signature })).toBe(false)
    await expect(
      verifyDevnetSignature({
        namespace: 'cosmos',
        mode: 'direct',
        address: keys.cosmos.address,
        signDoc: { chainId: 'c', accountNumber: 0, authInfoBytes: '', bodyBytes: '%%%' },
        signature: sign(utf8('x')),
      }),
    ).resolves.toBe(false)
  })
})

describe('verifyDevnetSignature', () => {
  it('behavior: routes each claim to its namespace’s check and answers false for a wrong one', async () => {
    const solanaMessage = base58.encode(utf8('hi'))
    const solanaSignature = base58.encode(ed25519.sign(utf8('hi'), keys.solana.secretKey))
    expect(
      await verifyDevnetSignature({
        namespace: 'solana',
        address: keys.solana.address,
        message: solanaMessage,
        signature: solanaSignature,
      }),
    ).toBe(true)
    expect(
      await verifyDevnetSignature({
        namespace: 'solana',
        address: other.solana.address,
        message: solanaMessage,
        signature: solanaSignature,
      }),
    ).toBe(false)
    const payload = utf8('p')
    const polkadotSignature = `0x${hex.encode(ed25519.sign(payload, keys.polkadot.secretKey))}`
    expect(
      await verifyDevnetSignature({
        namespace: 'polkadot',
        address: keys.polkadot.address,
        signedBytes: payload,
        signature: polkadotSignature,
      }),
    ).toBe(true)
    // The same signature as a message claim is checked over <Bytes>p</Bytes>: false.
    expect(
      await verifyDevnetSignature({
        namespace: 'polkadot',
        address: keys.polkadot.address,
        message: 'p',
        signature: polkadotSignature,
      }),
    ).toBe(false)
  })
})
