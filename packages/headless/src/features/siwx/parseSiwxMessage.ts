import { toChecksumEvmAddress } from '../../kernel/utils/address.js'
import { type CaipNetworkId, isCaipNetworkId } from '../../kernel/utils/caip.js'
import { SiwxMessageParseError, type SiwxMessageParseErrorType } from './errors.js'
import { type SiwxMessage, validateSiwxMessage } from './message.js'
import { blockchainNames, fieldTags, headerRegex, solanaClusters, type TextField } from './text.js'

export type ParseSiwxMessageReturnType = SiwxMessage
export type ParseSiwxMessageErrorType = SiwxMessageParseErrorType

/**
 * Reads a sign-in text back into a {@link SiwxMessage}: EIP-4361, the Solana sign-in text or
 * CAIP-122, told apart by the header's chain family. The grammar is strict (field order, blank
 * lines, EIP-55 checksum for Ethereum, every field valid); anything else throws
 * {@link SiwxMessageParseError} ('Could not parse the sign-in message') with the line at fault.
 *
 * @example
 * const message = parseSiwxMessage(text)
 * message.chainId // 'eip155:1'
 */
export function parseSiwxMessage(text: string): ParseSiwxMessageReturnType {
  if (typeof text !== 'string') throw new SiwxMessageParseError({ reason: 'expected a string' })
  const lines = text.split('\n')
  // Trailing newlines carry nothing (the Solana text allows them); everything else is strict.
  while (lines.length > 1 && lines.at(-1) === '') lines.pop()
  const header = headerRegex.exec(lines[0] ?? '')
  if (!header)
    throw new SiwxMessageParseError({
      line: 1,
      reason: 'expected "<domain> wants you to sign in with your <chain> account:"',
    })
  const [, scheme, domain = '', blockchain = ''] = header
  const namespace = Object.keys(blockchainNames).find((ns) => blockchainNames[ns] === blockchain)
  const address = lines[1]
  if (!address) throw new SiwxMessageParseError({ line: 2, reason: 'expected the account address' })
  if (lines.length > 2 && lines[2] !== '') throw new SiwxMessageParseError({ line: 3, reason: 'expected a blank line' })

  let index = 3
  let statement: string | undefined
  const isTagged = (line: string | undefined) =>
    line !== undefined && (line === 'Resources:' || fieldTags.some(([, tag]) => line.startsWith(`${tag}: `)))
  if (lines[3] === '') index = 4
  else if (namespace === 'solana' && (lines[3] === undefined || isTagged(lines[3]))) index = 3
  else if (lines[3] !== undefined) {
    statement = lines[3]
    if (lines[4] !== '')
      throw new SiwxMessageParseError({ line: 5, reason: 'expected a blank line after the statement' })
    index = 5
  }

  const values: Partial<Record<TextField, string>> = {}
  let next = 0
  let resources: string[] | undefined
  for (; index < lines.length; index++) {
    const line = lines[index] as string
    if (line === 'Resources:' && !resources) {
      resources = []
      while (lines[index + 1]?.startsWith('- ')) resources.push((lines[++index] as string).slice(2))
      next = fieldTags.length
      continue
    }
    const at = fieldTags.findIndex(([, tag], i) => i >= next && line.startsWith(`${tag}: `))
    if (at === -1)
      throw new SiwxMessageParseError({ line: index + 1, reason: `unexpected ${JSON.stringify(line.slice(0, 60))}` })
    const [field, tag] = fieldTags[at] as (typeof fieldTags)[number]
    values[field] = line.slice(tag.length + 2)
    next = at + 1
  }

  const chainId = toCaipNetworkId(namespace, values.chainId)
  if (!chainId)
    throw new SiwxMessageParseError({
      reason: `"Chain ID: ${values.chainId ?? ''}" does not name a ${blockchain} network`,
    })
  for (const required of ['uri', 'version', 'nonce'] as const)
    if (values[required] === undefined) throw new SiwxMessageParseError({ reason: `the ${required} field is missing` })
  if (chainId.startsWith('eip155:')) {
    if (values.issuedAt === undefined) throw new SiwxMessageParseError({ reason: 'EIP-4361 requires Issued At' })
    let checksummed: string | undefined
    try {
      checksummed = toChecksumEvmAddress(address)
    } catch {}
    if (checksummed !== address)
      throw new SiwxMessageParseError({ line: 2, reason: 'EIP-4361 requires an EIP-55 checksummed address' })
  }
  try {
    return validateSiwxMessage({
      accountAddress: address,
      chainId,
      domain,
      ...(scheme === undefined ? {} : { scheme }),
      uri: values.uri as string,
      version: values.version as string,
      nonce: values.nonce as string,
      ...(statement === undefined ? {} : { statement }),
      ...(resources === undefined ? {} : { resources }),
      ...(values.requestId === undefined ? {} : { requestId: values.requestId }),
      ...(values.issuedAt === undefined ? {} : { issuedAt: values.issuedAt }),
      ...(values.expirationTime === undefined ? {} : { expirationTime: values.expirationTime }),
      ...(values.notBefore === undefined ? {} : { notBefore: values.notBefore }),
    })
  } catch (cause) {
    throw new SiwxMessageParseError({ reason: (cause as { details?: string }).details ?? 'invalid field', cause })
  }
}

function toCaipNetworkId(namespace: string | undefined, text: string | undefined): CaipNetworkId | undefined {
  if (text === undefined) return undefined
  if (namespace === 'eip155') return /^[1-9][0-9]*$/.test(text) ? `eip155:${text}` : undefined
  if (namespace === 'solana') {
    const cluster = solanaClusters[text.replace(/^solana:/, '')]
    if (cluster) return `solana:${cluster}`
  }
  if (isCaipNetworkId(text)) {
    const ns = text.split(':')[0] as string
    // A CAIP-122 header names the family; the chain id must not contradict it.
    if (namespace ? ns === namespace : blockchainNames[ns] === undefined) return text
    return undefined
  }
  return namespace && isCaipNetworkId(`${namespace}:${text}`) ? `${namespace}:${text}` : undefined
}
