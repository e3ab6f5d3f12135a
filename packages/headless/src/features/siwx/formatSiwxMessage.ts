import { parseCaipNetworkId } from '../../kernel/utils/caip.js'
import { InvalidSiwxMessageError, type InvalidSiwxMessageErrorType } from './errors.js'
import { type SiwxMessage, validateSiwxMessage } from './message.js'
import { blockchainNames, fieldTags, solanaChainIdText } from './text.js'

export type FormatSiwxMessageReturnType = string
export type FormatSiwxMessageErrorType = InvalidSiwxMessageErrorType

/**
 * Serialises a sign-in message into the text the wallet signs:
 * - `eip155`: EIP-4361 (Sign-In with Ethereum); `issuedAt` is required, the address is
 *   EIP-55 checksummed and `Chain ID` is the decimal chain id.
 * - `solana`: the Solana sign-in text (the one the Wallet Standard `solana:signIn` feature
 *   signs); the public clusters are named `mainnet`, `devnet`, `testnet`, others by CAIP-2 id.
 * - any other namespace: CAIP-122, with the CAIP-2 id as `Chain ID`.
 *
 * Every field is validated first (throws {@link InvalidSiwxMessageError}).
 *
 * @example
 * formatSiwxMessage({ accountAddress: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', chainId: 'eip155:1',
 *   domain: 'example.com', uri: 'https://example.com', version: '1', nonce: 'k3j4h5g6f7',
 *   issuedAt: '2026-01-01T00:00:00.000Z' })
 * // 'example.com wants you to sign in with your Ethereum account:\n0xd8dA…6045\n\n\nURI: https://example.com\n…'
 */
export function formatSiwxMessage(message: SiwxMessage): FormatSiwxMessageReturnType {
  const m = validateSiwxMessage(message)
  const { namespace, reference } = parseCaipNetworkId(m.chainId)
  if (namespace === 'eip155' && m.issuedAt === undefined)
    throw new InvalidSiwxMessageError({ field: 'issuedAt', value: undefined, reason: 'required by EIP-4361' })
  const chainText =
    namespace === 'eip155' ? reference : namespace === 'solana' ? solanaChainIdText(m.chainId) : m.chainId
  const lines = [
    `${m.scheme ? `${m.scheme}://` : ''}${m.domain} wants you to sign in with your ${blockchainNames[namespace] ?? namespace} account:`,
    m.accountAddress,
    '',
  ]
  // An empty statement is no statement: the grammars allow only a non-empty one.
  if (m.statement) lines.push(m.statement, '')
  // EIP-4361 (and CAIP-122, its generalisation) keep the blank statement line; the Solana text drops it.
  else if (namespace !== 'solana') lines.push('')
  const values: Partial<Record<(typeof fieldTags)[number][0], string>> = { ...m, chainId: chainText }
  for (const [field, tag] of fieldTags) {
    const value = values[field]
    if (value !== undefined) lines.push(`${tag}: ${value}`)
  }
  if (m.resources?.length) lines.push('Resources:', ...m.resources.map((resource) => `- ${resource}`))
  return lines.join('\n')
}
