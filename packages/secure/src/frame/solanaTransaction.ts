import { base58 } from '@scure/base'

/**
 * Just enough of Solana's transaction wire format to sign one in the frame and show the user what
 * it does: the signature slots, the message (legacy or v0), its signers, and its instructions,
 * with System Program transfers spelled out. The frame signs the message bytes exactly as given;
 * nothing here re-encodes a transaction, so what is shown is what is signed.
 */

const systemProgram = '11111111111111111111111111111111'
const lamportsPerSol = 1_000_000_000n

export type ParsedTransaction = {
  /** Signature slots (64 bytes each), in signer order. */
  signatures: Uint8Array[]
  /** The message bytes the signatures cover. */
  message: Uint8Array
  /** Offset of the first signature slot in the transaction bytes. */
  signaturesOffset: number
  version: 'legacy' | 0
  signers: string[]
  accountKeys: string[]
  instructions: { programId: string; accounts: number[]; data: Uint8Array }[]
  recentBlockhash: string
}

/** A transaction the frame refuses to sign (not a Solana transaction, or not one it can read). */
export class InvalidTransactionError extends Error {
  constructor(reason: string) {
    super(`Invalid transaction: ${reason}`)
    this.name = 'InvalidTransactionError'
  }
}

function reader(bytes: Uint8Array) {
  let offset = 0
  const need = (n: number) => {
    if (offset + n > bytes.length) throw new InvalidTransactionError('truncated')
  }
  return {
    get offset() {
      return offset
    },
    u8() {
      need(1)
      return bytes[offset++] as number
    },
    /** Solana's compact-u16 (1 to 3 bytes, 7 bits each). */
    compactU16() {
      let value = 0
      for (let shift = 0; shift < 21; shift += 7) {
        need(1)
        const byte = bytes[offset++] as number
        value |= (byte & 0x7f) << shift
        if ((byte & 0x80) === 0) return value
      }
      throw new InvalidTransactionError('bad length')
    },
    take(n: number) {
      need(n)
      const out = bytes.subarray(offset, offset + n)
      offset += n
      return out
    },
  }
}

/** Reads a serialized transaction (signature slots then message). */
export function parseTransaction(bytes: Uint8Array): ParsedTransaction {
  const r = reader(bytes)
  const count = r.compactU16()
  const signaturesOffset = r.offset
  const signatures: Uint8Array[] = []
  for (let i = 0; i < count; i++) signatures.push(r.take(64))
  const messageStart = r.offset
  const first = r.u8()
  let version: ParsedTransaction['version'] = 'legacy'
  let required = first
  if (first & 0x80) {
    if ((first & 0x7f) !== 0) throw new InvalidTransactionError(`version ${first & 0x7f} is not supported`)
    version = 0
    required = r.u8()
  }
  r.u8() // read-only signed accounts
  r.u8() // read-only unsigned accounts
  const keyCount = r.compactU16()
  const accountKeys: string[] = []
  for (let i = 0; i < keyCount; i++) accountKeys.push(base58.encode(r.take(32)))
  const recentBlockhash = base58.encode(r.take(32))
  const instructionCount = r.compactU16()
  const instructions: ParsedTransaction['instructions'] = []
  for (let i = 0; i < instructionCount; i++) {
    const programIndex = r.u8()
    const accountCount = r.compactU16()
    const accounts = Array.from(r.take(accountCount))
    const data = r.take(r.compactU16())
    // Programs named through an address lookup table (v0) have no key here.
    instructions.push({ programId: accountKeys[programIndex] ?? `lookup #${programIndex}`, accounts, data })
  }
  if (version === 0) {
    // Address table lookups: read to check the message is whole.
    const lookups = r.compactU16()
    for (let i = 0; i < lookups; i++) {
      r.take(32)
      r.take(r.compactU16())
      r.take(r.compactU16())
    }
  }
  if (r.offset !== bytes.length) throw new InvalidTransactionError('trailing bytes')
  if (required !== count) throw new InvalidTransactionError('signature count does not match the message')
  return {
    signatures,
    message: bytes.subarray(messageStart),
    signaturesOffset,
    version,
    signers: accountKeys.slice(0, required),
    accountKeys,
    instructions,
    recentBlockhash,
  }
}

function formatSol(lamports: bigint): string {
  const whole = lamports / lamportsPerSol
  const fraction = (lamports % lamportsPerSol).toString().padStart(9, '0').replace(/0+$/, '')
  return `${whole}${fraction ? `.${fraction}` : ''} SOL`
}

/** What the approval prompt lists for a transaction: fee payer, then each instruction. */
export function describeTransaction(parsed: ParsedTransaction): { label: string; value: string }[] {
  const rows = [{ label: 'Fee payer', value: parsed.signers[0] ?? '' }]
  parsed.instructions.forEach((instruction, index) => {
    const { data } = instruction
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
    if (instruction.programId === systemProgram && data.length === 12 && view.getUint32(0, true) === 2) {
      const to = parsed.accountKeys[instruction.accounts[1] ?? -1] ?? '?'
      rows.push({
        label: `Instruction ${index + 1}`,
        value: `Transfer ${formatSol(view.getBigUint64(4, true))} to ${to}`,
      })
    } else {
      rows.push({
        label: `Instruction ${index + 1}`,
        value: `Program ${instruction.programId} · ${instruction.accounts.length} accounts · ${data.length} bytes of data`,
      })
    }
  })
  return rows
}

/**
 * Signs `bytes` for `signer`: the signature goes into the signer's slot, other slots stay as they
 * are (a partially signed transaction keeps its signatures). Returns the signed transaction and
 * the signature.
 */
export function signTransactionBytes(
  bytes: Uint8Array,
  signer: string,
  sign: (message: Uint8Array) => Uint8Array,
): { transaction: Uint8Array; signature: Uint8Array } {
  const parsed = parseTransaction(bytes)
  const slot = parsed.signers.indexOf(signer)
  if (slot < 0) throw new InvalidTransactionError('the wallet is not a signer of this transaction')
  const signature = sign(parsed.message)
  const transaction = Uint8Array.from(bytes)
  transaction.set(signature, parsed.signaturesOffset + slot * 64)
  return { transaction, signature }
}
