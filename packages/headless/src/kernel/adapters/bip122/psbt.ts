import { base64 } from '@scure/base'
import { InvalidPsbtError } from '../../errors/bitcoin.js'

// BIP-174: every serialized PSBT starts with "psbt" and the separator 0xff; the smallest real one
// (an unsigned transaction with one input and one output) is far longer than this.
const magic = [0x70, 0x73, 0x62, 0x74, 0xff]
const minimumLength = 40

/**
 * @internal
 * The bytes of a base64 PSBT, checked far enough to refuse what cannot be a PSBT before a wallet
 * sees it (the wallet parses it fully). Throws {@link InvalidPsbtError}.
 */
export function decodePsbt(value: unknown, source: 'request' | 'wallet'): Uint8Array {
  if (typeof value !== 'string' || value.length === 0)
    throw new InvalidPsbtError({ source, reason: `expected a base64 string, received ${typeof value}` })
  let bytes: Uint8Array
  try {
    bytes = base64.decode(value)
  } catch {
    throw new InvalidPsbtError({ source, reason: 'it is not base64' })
  }
  return checkPsbt(bytes, source)
}

/** @internal {@link decodePsbt} for bytes. */
export function checkPsbt(bytes: unknown, source: 'request' | 'wallet'): Uint8Array {
  if (!(bytes instanceof Uint8Array)) throw new InvalidPsbtError({ source, reason: 'expected bytes' })
  if (bytes.length < minimumLength || magic.some((byte, i) => bytes[i] !== byte))
    throw new InvalidPsbtError({ source, reason: 'it does not start with the BIP-174 magic bytes' })
  return bytes
}
