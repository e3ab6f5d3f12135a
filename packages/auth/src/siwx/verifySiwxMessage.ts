import type { CaipNetworkId } from '@portico/headless/core'
import type { SiwxMessage } from '@portico/headless/siwx'
import { parseSiwxMessage, SiwxVerificationError, type SiwxVerificationErrorType } from '@portico/headless/siwx'
import { type VerifySiwxSignatureOptions, verifySiwxSignature } from '@portico/headless/siwx/verify'
import type { SiwxNonceState, SiwxNonceStore } from './nonceStore.js'

export type VerifySiwxMessageOptions = VerifySiwxSignatureOptions & {
  /** The domain (RFC 3986 authority, e.g. `app.example.com`) or domains this server signs in for. */
  domain: string | readonly string[]
  /**
   * Accepted message URIs: an entry matches the same URI, or any URI of its origin when it is a
   * bare origin (`https://app.example.com`). Default: an http(s) URI whose host is the domain.
   */
  uri?: string | readonly string[] | undefined
  /** Accepted CAIP-2 networks (default: any network of a supported namespace). */
  chainIds?: readonly CaipNetworkId[] | undefined
  /** Where issued nonces live; when given, the message's nonce must be valid and is used up. */
  nonces?: SiwxNonceStore | undefined
  /** Tolerated clock difference between the wallet's device and the server, in ms (default 60 s). */
  clockSkew?: number | undefined
  /** Oldest accepted `issuedAt`, in ms before now (default: no limit beyond the nonce's). */
  maxAge?: number | undefined
  /** Clock, in ms since the epoch (tests pass their own). */
  now?: (() => number) | undefined
}

export type VerifySiwxMessageParameters = {
  /** The exact text the wallet signed. */
  message: string
  signature: string
}

export type VerifySiwxMessageReturnType = SiwxMessage
export type VerifySiwxMessageErrorType = SiwxVerificationErrorType

const nonceReasons = { unknown: 'unknown_nonce', expired: 'expired_nonce', used: 'replayed_nonce' } as const

/**
 * Verifies a signed sign-in message and returns its fields. Checks, in order: the text parses
 * (EIP-4361, Solana sign-in or CAIP-122), the domain, the URI, the network, the time bounds
 * (with clock-skew tolerance), the nonce (issued here, unexpired, unused), the signature (EOA,
 * ERC-1271 / ERC-6492 smart-contract accounts through an RPC, ed25519 on Solana); only then is
 * the nonce used up. Any failure throws {@link SiwxVerificationError} with a typed `reason`.
 *
 * @example
 * import { verifySiwxMessage, createMemoryNonceStore } from '@portico/auth/siwx'
 *
 * const nonces = createMemoryNonceStore()
 * const data = await verifySiwxMessage({ message, signature }, {
 *   domain: 'app.example.com', nonces, rpcUrls: { 'eip155:1': process.env.RPC_URL },
 * })
 */
export async function verifySiwxMessage(
  { message, signature }: VerifySiwxMessageParameters,
  options: VerifySiwxMessageOptions,
): Promise<VerifySiwxMessageReturnType> {
  const { clockSkew = 60_000, now = Date.now } = options
  const reject = (
    reason: ConstructorParameters<typeof SiwxVerificationError>[0]['reason'],
    details: string,
    cause?: unknown,
  ): never => {
    throw new SiwxVerificationError({ reason, details, ...(cause === undefined ? {} : { cause }) })
  }
  if (typeof message !== 'string') reject('malformed_message', 'The message must be a string.')
  if (typeof signature !== 'string') reject('malformed_signature', 'The signature must be a string.')
  let data: SiwxMessage
  try {
    data = parseSiwxMessage(message)
  } catch (cause) {
    return reject('malformed_message', (cause as { details?: string }).details ?? 'Not a sign-in message.', cause)
  }

  const domains = typeof options.domain === 'string' ? [options.domain] : options.domain
  if (!domains.includes(data.domain)) reject('wrong_domain', `${data.domain} is not ${domains.join(' or ')}.`)
  if (!uriAccepted(data, options.uri)) reject('wrong_uri', `${data.uri} is not a URI this server signs in for.`)
  const namespace = data.chainId.split(':')[0]
  if (namespace !== 'eip155' && namespace !== 'solana')
    reject('unsupported_namespace', `No verifier for ${data.chainId}.`)
  if (options.chainIds && !options.chainIds.includes(data.chainId))
    reject('wrong_chain', `${data.chainId} is not among ${options.chainIds.join(', ')}.`)

  const time = now()
  if (data.expirationTime && Date.parse(data.expirationTime) <= time - clockSkew)
    reject('expired', `It expired at ${data.expirationTime}.`)
  if (data.notBefore && Date.parse(data.notBefore) > time + clockSkew)
    reject('not_yet_valid', `It is not valid before ${data.notBefore}.`)
  if (data.issuedAt && Date.parse(data.issuedAt) > time + clockSkew)
    reject('not_yet_valid', `It claims to be issued in the future (${data.issuedAt}).`)
  if (data.issuedAt && options.maxAge !== undefined && Date.parse(data.issuedAt) + options.maxAge < time - clockSkew)
    reject('expired', `It was issued at ${data.issuedAt}, more than ${options.maxAge} ms ago.`)

  // A cheap look before the (possibly on-chain) signature check; the nonce is used up only after it.
  if (options.nonces) rejectNonce(await options.nonces.check(data.nonce), data.nonce)

  const result = await verifySiwxSignature(
    { address: data.accountAddress, chainId: data.chainId, message, signature },
    options,
  )
  if (!result.valid) reject(result.reason, result.details)

  if (options.nonces) rejectNonce(await options.nonces.consume(data.nonce), data.nonce)
  return data
}

function rejectNonce(state: SiwxNonceState, nonce: string) {
  if (state !== 'valid')
    throw new SiwxVerificationError({ reason: nonceReasons[state], details: `Nonce ${nonce} is ${state}.` })
}

function uriAccepted(data: SiwxMessage, accepted: string | readonly string[] | undefined): boolean {
  let url: URL
  try {
    url = new URL(data.uri)
  } catch {
    return false
  }
  if (accepted === undefined) return (url.protocol === 'https:' || url.protocol === 'http:') && url.host === data.domain
  for (const entry of typeof accepted === 'string' ? [accepted] : accepted) {
    if (entry === data.uri) return true
    try {
      const allowed = new URL(entry)
      const isOrigin = (allowed.pathname === '/' || allowed.pathname === '') && !allowed.search && !allowed.hash
      if (isOrigin && allowed.origin !== 'null' && allowed.origin === url.origin) return true
    } catch {}
  }
  return false
}
