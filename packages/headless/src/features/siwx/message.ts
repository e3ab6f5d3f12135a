import { base58 } from '@scure/base'
import type { SiwxMessage } from '../../kernel/siwxConfig.js'
import { isCaip10AccountAddress, isEvmAddress, toChecksumEvmAddress } from '../../kernel/utils/address.js'
import { parseCaipNetworkId } from '../../kernel/utils/caip.js'
import { InvalidSiwxMessageError, type InvalidSiwxMessageErrorType, type SiwxMessageField } from './errors.js'

export type { SiwxMessage }

const nonceRegex = /^[a-zA-Z0-9]{8,}$/
const schemeRegex = /^[a-zA-Z][a-zA-Z0-9+.-]*$/
// RFC 3986 authority: [userinfo@]host[:port]; host is a reg-name, an IPv4 or a bracketed IP literal.
const authorityRegex =
  /^(?:[a-zA-Z0-9._~!$&'()*+,;=:%-]*@)?(?:\[[0-9a-fA-F:.]+\]|[a-zA-Z0-9._~!$&'()*+,;=%-]+)(?::[0-9]{1,5})?$/
const uriRegex = /^[a-zA-Z][a-zA-Z0-9+.-]*:[^\s]*$/
const dateTimeRegex = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/
// Line breaks would let one field forge another line of the message.
const lineBreakRegex = /[\r\n\u2028\u2029]/

export type ValidateSiwxMessageErrorType = InvalidSiwxMessageErrorType

/**
 * Checks every field of `message` against the sign-in grammar and returns a normalised copy
 * (an `eip155` address is EIP-55 checksummed). Throws {@link InvalidSiwxMessageError}
 * ('Invalid sign-in message') naming the first bad field.
 *
 * @example
 * validateSiwxMessage({ accountAddress: '0xd8da…', chainId: 'eip155:1', domain: 'example.com',
 *   uri: 'https://example.com', version: '1', nonce: 'abcdefgh12', issuedAt: new Date().toISOString() })
 */
export function validateSiwxMessage(message: SiwxMessage): SiwxMessage {
  if (!message || typeof message !== 'object')
    throw new InvalidSiwxMessageError({ field: 'accountAddress', value: message, reason: 'expected an object' })
  const fail = (field: SiwxMessageField, reason: string): never => {
    throw new InvalidSiwxMessageError({ field, value: message[field], reason })
  }
  let namespace: string
  try {
    namespace = parseCaipNetworkId(message.chainId).namespace
  } catch (cause) {
    // The cause's details may end a sentence; the refusal ends it once.
    return fail(
      'chainId',
      ((cause as { details?: string }).details ?? 'expected a CAIP-2 network id').replace(/\.$/, ''),
    )
  }
  let accountAddress = message.accountAddress
  if (namespace === 'eip155') {
    if (typeof accountAddress !== 'string' || !accountAddress.startsWith('0x') || !isEvmAddress(accountAddress))
      fail('accountAddress', 'expected a 0x-prefixed EVM address with a valid EIP-55 checksum')
    accountAddress = toChecksumEvmAddress(accountAddress)
  } else if (namespace === 'solana') {
    if (!isSolanaPublicKey(accountAddress)) fail('accountAddress', 'expected a base58 Solana address')
  } else if (!isCaip10AccountAddress(accountAddress)) {
    fail('accountAddress', 'expected a CAIP-10 account address')
  }
  if (typeof message.domain !== 'string' || !authorityRegex.test(message.domain))
    fail('domain', 'expected an RFC 3986 authority such as example.com or localhost:3000')
  if (message.scheme !== undefined && (typeof message.scheme !== 'string' || !schemeRegex.test(message.scheme)))
    fail('scheme', 'expected a URI scheme such as https')
  if (!isUri(message.uri)) fail('uri', 'expected an absolute RFC 3986 URI')
  if (message.version !== '1') fail('version', 'expected "1"')
  if (typeof message.nonce !== 'string' || !nonceRegex.test(message.nonce))
    fail('nonce', 'expected at least 8 letters or digits')
  if (message.statement !== undefined) {
    if (typeof message.statement !== 'string' || lineBreakRegex.test(message.statement))
      fail('statement', 'expected one line of text')
  }
  if (message.requestId !== undefined) {
    if (typeof message.requestId !== 'string' || !message.requestId || /\s/.test(message.requestId))
      fail('requestId', 'expected a non-empty string without spaces')
  }
  for (const field of ['issuedAt', 'expirationTime', 'notBefore'] as const) {
    const value = message[field]
    if (value === undefined) continue
    if (!isDateTime(value)) fail(field, 'expected an RFC 3339 date-time such as 2026-01-01T00:00:00.000Z')
  }
  if (message.resources !== undefined) {
    if (!Array.isArray(message.resources) || !message.resources.every(isUri))
      fail('resources', 'expected a list of absolute RFC 3986 URIs')
  }
  return {
    accountAddress,
    chainId: message.chainId,
    domain: message.domain,
    ...(message.scheme === undefined ? {} : { scheme: message.scheme }),
    uri: message.uri,
    version: message.version,
    nonce: message.nonce,
    ...(message.statement === undefined ? {} : { statement: message.statement }),
    ...(message.resources === undefined ? {} : { resources: [...message.resources] }),
    ...(message.requestId === undefined ? {} : { requestId: message.requestId }),
    ...(message.issuedAt === undefined ? {} : { issuedAt: message.issuedAt }),
    ...(message.expirationTime === undefined ? {} : { expirationTime: message.expirationTime }),
    ...(message.notBefore === undefined ? {} : { notBefore: message.notBefore }),
  }
}

/** An RFC 3339 date-time with a zone, on a day its month has (`Date.parse` rolls 30 February over to March). */
function isDateTime(value: unknown): value is string {
  if (typeof value !== 'string' || !dateTimeRegex.test(value) || Number.isNaN(Date.parse(value))) return false
  const date = value.slice(0, 10)
  const day = Date.parse(`${date}T00:00:00Z`)
  return !Number.isNaN(day) && new Date(day).toISOString().startsWith(date)
}

function isUri(value: unknown): value is string {
  if (typeof value !== 'string' || !uriRegex.test(value)) return false
  try {
    new URL(value)
    return true
  } catch {
    return false
  }
}

/**
 * A Solana address: base58 text of a 32-byte ed25519 public key (what @solana/kit's `isAddress`
 * checks). Written here with @scure/base, which page start already has: reaching for
 * `utils/address.ts`'s kit-based check from sign-in code would pull @solana/kit's error catalogue
 * onto an EVM host's page start (a bundler splitting code keeps a module's parts together).
 */
function isSolanaPublicKey(value: string): boolean {
  if (value.length < 32 || value.length > 44) return false
  try {
    return base58.decode(value).length === 32
  } catch {
    return false
  }
}
