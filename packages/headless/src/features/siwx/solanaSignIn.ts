import { base58 } from '@scure/base'
import type { SolanaSignInInput, SolanaSignInOutput } from '@solana/wallet-standard-features'
import type { SiwxSession } from '../../kernel/siwxConfig.js'
import { type InvalidSiwxMessageErrorType, SiwxMessageParseError, type SiwxMessageParseErrorType } from './errors.js'
import { type SiwxMessage, validateSiwxMessage } from './message.js'
import { parseSiwxMessage } from './parseSiwxMessage.js'
import { solanaChainIdText } from './text.js'

export type ToSolanaSignInInputErrorType = InvalidSiwxMessageErrorType

/**
 * The Wallet Standard `solana:signIn` input for a Solana sign-in message. A wallet that
 * follows the Solana sign-in spec turns it into exactly the text {@link formatSiwxMessage}
 * makes, so either path yields the same signed bytes.
 *
 * @example
 * const [output] = await wallet.features['solana:signIn'].signIn(toSolanaSignInInput(data))
 * const session = fromSolanaSignInOutput(output)
 */
export function toSolanaSignInInput(message: SiwxMessage): SolanaSignInInput {
  const m = validateSiwxMessage(message)
  return {
    domain: m.domain,
    address: m.accountAddress,
    ...(m.statement ? { statement: m.statement } : {}),
    uri: m.uri,
    version: m.version,
    chainId: solanaChainIdText(m.chainId),
    nonce: m.nonce,
    ...(m.issuedAt === undefined ? {} : { issuedAt: m.issuedAt }),
    ...(m.expirationTime === undefined ? {} : { expirationTime: m.expirationTime }),
    ...(m.notBefore === undefined ? {} : { notBefore: m.notBefore }),
    ...(m.requestId === undefined ? {} : { requestId: m.requestId }),
    ...(m.resources?.length ? { resources: [...m.resources] } : {}),
  }
}

export type FromSolanaSignInOutputErrorType = SiwxMessageParseErrorType

/**
 * A `solana:signIn` output, with the optional format field newer wallets add when they signed an
 * off-chain-message envelope. Declared here rather than taken from a newer
 * `@solana/wallet-standard-features`, whose releases from 1.4 on refuse Node 20 at install.
 */
type SignInOutput = SolanaSignInOutput & {
  readonly signedMessageFormat?: { readonly kind?: string; readonly messageVersion?: number } | undefined
}

/**
 * A sign-in session from a Wallet Standard `solana:signIn` output: the text the wallet signed
 * (read back, strictly), and the ed25519 signature in base58. The signed account must be the
 * message's account. Off-chain-message envelopes are refused (Portico verifies plain text).
 *
 * @example
 * const session = fromSolanaSignInOutput(output)
 * await addSiwxSession(portico, session)
 */
export function fromSolanaSignInOutput(output: SignInOutput): SiwxSession {
  if (output.signedMessageFormat && output.signedMessageFormat.kind !== undefined)
    throw new SiwxMessageParseError({ reason: 'the wallet signed an off-chain message envelope, not the sign-in text' })
  if (output.signatureType !== undefined && output.signatureType !== 'ed25519')
    throw new SiwxMessageParseError({ reason: `unsupported signature type ${String(output.signatureType)}` })
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(output.signedMessage)
  } catch (cause) {
    throw new SiwxMessageParseError({ reason: 'the signed message is not UTF-8 text', cause })
  }
  const data = parseSiwxMessage(text)
  if (data.accountAddress !== output.account.address)
    throw new SiwxMessageParseError({
      reason: `the message names ${data.accountAddress}, the wallet signed with ${output.account.address}`,
    })
  return { data, message: text, signature: base58.encode(output.signature) }
}
