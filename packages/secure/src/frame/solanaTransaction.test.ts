import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { describe, expect, test } from 'vitest'
import { transferTransaction } from '../test/solanaTransfer.js'
import {
  describeTransaction,
  InvalidTransactionError,
  parseTransaction,
  signTransactionBytes,
} from './solanaTransaction.js'

const payerSecret = ed25519.utils.randomSecretKey()
const payer = ed25519.getPublicKey(payerSecret)
const other = ed25519.getPublicKey(ed25519.utils.randomSecretKey())
const recipient = new Uint8Array(32).fill(7)
const blockhash = new Uint8Array(32).fill(9)

/** A transfer from `payer`, optionally co-signed by `other`. */
const transaction = ({ v0 = false, coSigned = false } = {}) =>
  transferTransaction({ payer, recipient, blockhash, coSigner: coSigned ? other : undefined, v0 })

describe('solana transactions in the frame', () => {
  test('default: a legacy transfer is read, described and signed in the payer’s slot', () => {
    const bytes = transaction()
    const parsed = parseTransaction(bytes)
    expect(parsed).toMatchObject({ version: 'legacy', signers: [base58.encode(payer)] })
    expect(parsed.recentBlockhash).toBe(base58.encode(blockhash))
    expect(describeTransaction(parsed)).toEqual([
      { label: 'Fee payer', value: base58.encode(payer) },
      { label: 'Instruction 1', value: `Transfer 1.5 SOL to ${base58.encode(recipient)}` },
    ])
    const { transaction: signed, signature } = signTransactionBytes(bytes, base58.encode(payer), (m) =>
      ed25519.sign(m, payerSecret),
    )
    expect(ed25519.verify(signature, bytes.subarray(65), payer)).toBe(true)
    expect(signed.subarray(1, 65)).toEqual(signature)
    expect(signed.subarray(65)).toEqual(bytes.subarray(65))
  })

  test('behavior: v0 messages are read; a co-signed one keeps the other signer’s slot', () => {
    const bytes = transaction({ v0: true, coSigned: true })
    bytes.set(new Uint8Array(64).fill(5), 65) // the other signer already signed (slot 2)
    const parsed = parseTransaction(bytes)
    expect(parsed.version).toBe(0)
    expect(parsed.signers).toEqual([base58.encode(payer), base58.encode(other)])
    const { transaction: signed } = signTransactionBytes(bytes, base58.encode(payer), (m) =>
      ed25519.sign(m, payerSecret),
    )
    expect(signed.subarray(65, 129)).toEqual(new Uint8Array(64).fill(5))
    expect(ed25519.verify(signed.subarray(1, 65), parsed.message, payer)).toBe(true)
  })

  test.each([
    ['truncated', transaction().subarray(0, 100), 'Invalid transaction: truncated'],
    ['trailing bytes', Uint8Array.from([...transaction(), 0]), 'Invalid transaction: trailing bytes'],
    ['signature count mismatch', Uint8Array.from([2, ...new Uint8Array(64), ...transaction()]), 'Invalid transaction'],
    ['an unknown version', Uint8Array.from([1, ...new Uint8Array(64), 0x81, 1, 0, 1]), 'version 1 is not supported'],
  ])('error: %s is refused', (_, bytes, message) => {
    expect(() => parseTransaction(bytes)).toThrow(InvalidTransactionError)
    expect(() => parseTransaction(bytes)).toThrow(message)
  })

  test('error: a transaction the wallet does not sign is refused', () => {
    expect(() => signTransactionBytes(transaction(), base58.encode(recipient), () => new Uint8Array(64))).toThrow(
      'Invalid transaction: the wallet is not a signer of this transaction',
    )
  })
})
