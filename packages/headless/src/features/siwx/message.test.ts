import { expect, test } from 'vitest'
import { InvalidSiwxMessageError, type SiwxMessageField } from './errors.js'
import { type SiwxMessage, validateSiwxMessage } from './message.js'

// A well-formed EIP-4361 message, its address in lower case (valid, not yet checksummed).
const evm: SiwxMessage = {
  accountAddress: '0xd8da6bf26964af9d7eed9e03e53415d37aa96045',
  chainId: 'eip155:1',
  domain: 'example.com',
  uri: 'https://example.com/login',
  version: '1',
  nonce: 'abcdefgh12',
}
const checksummed = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const solanaAddress = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
const solana: SiwxMessage = {
  ...evm,
  accountAddress: solanaAddress,
  chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
}

/** The error `validateSiwxMessage` throws for `message` (fails the test when it does not throw). */
function refusal(message: unknown): InvalidSiwxMessageError {
  try {
    validateSiwxMessage(message as SiwxMessage)
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidSiwxMessageError)
    return error as InvalidSiwxMessageError
  }
  throw new Error(`accepted ${JSON.stringify(message)}`)
}
const refusedField = (patch: Record<string, unknown>, base: SiwxMessage = evm): SiwxMessageField =>
  refusal({ ...base, ...patch }).field

test('default: a well-formed EVM message comes back with its address EIP-55 checksummed and nothing else changed', () => {
  const full: SiwxMessage = {
    ...evm,
    scheme: 'https',
    statement: 'Sign in to Example.',
    resources: ['https://example.com/terms', 'ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq'],
    requestId: 'req-42',
    issuedAt: '2026-01-15T12:00:00.000Z',
    expirationTime: '2026-01-16T12:00:00Z',
    notBefore: '2026-01-15t11:59:00+02:00',
  }
  expect(validateSiwxMessage(full)).toEqual({ ...full, accountAddress: checksummed })
  // An address in upper case is one the checksum accepts too; it is written out checksummed.
  expect(validateSiwxMessage({ ...evm, accountAddress: `0x${evm.accountAddress.slice(2).toUpperCase()}` })).toEqual({
    ...evm,
    accountAddress: checksummed,
  })
})

test('behavior: the result is a copy: optional fields given as undefined are left out and the resources list is a new array', () => {
  const resources = ['https://example.com/terms']
  const input = { ...evm, statement: undefined, requestId: undefined, expirationTime: undefined, resources }
  const result = validateSiwxMessage(input)
  expect(Object.keys(result)).toEqual(['accountAddress', 'chainId', 'domain', 'uri', 'version', 'nonce', 'resources'])
  expect(result.resources).toEqual(resources)
  expect(result.resources).not.toBe(resources)
  resources.push('https://example.com/later')
  expect(result.resources).toEqual(['https://example.com/terms'])
})

test('error: a bad field is an InvalidSiwxMessageError ("Invalid sign-in message") naming the field, its value and the rule', () => {
  const error = refusal({ ...evm, nonce: 'short' })
  expect(error).toMatchObject({
    name: 'InvalidSiwxMessageError',
    shortMessage: 'Invalid sign-in message',
    field: 'nonce',
    details: 'nonce "short": expected at least 8 letters or digits.',
    docsPath: '/api/siwx',
  })
  expect(refusal(null)).toMatchObject({ field: 'accountAddress', details: 'accountAddress null: expected an object.' })
  expect(refusal('text').details).toBe('accountAddress "text": expected an object.')
})

test('behavior: with several bad fields the error names the first the grammar checks (network, account, domain, …, resources)', () => {
  const bad = {
    ...evm,
    chainId: 'eip155',
    accountAddress: '0x1234',
    domain: 'exa mple.com',
    nonce: 'short',
    resources: ['no uri'],
  }
  expect(refusedField(bad)).toBe('chainId')
  expect(refusedField({ ...bad, chainId: 'eip155:1' })).toBe('accountAddress')
  expect(refusedField({ ...bad, chainId: 'eip155:1', accountAddress: evm.accountAddress })).toBe('domain')
  expect(refusedField({ ...bad, chainId: 'eip155:1', accountAddress: evm.accountAddress, domain: 'example.com' })).toBe(
    'nonce',
  )
})

test('error: the network must be a CAIP-2 id, an eip155 one a decimal chain id without leading zeros', () => {
  expect(refusal({ ...evm, chainId: 'eip155:01' }).details).toBe(
    'chainId "eip155:01": Received "eip155:01": eip155 reference must be a decimal chain id.',
  )
  expect(refusal({ ...evm, chainId: 1 }).details).toBe('chainId number: Received number: expected a string.')
  for (const chainId of ['eip155', 'eip155:1:2', 'EIP155:1', 'eip155:'])
    expect(refusedField({ chainId }), chainId).toBe('chainId')
  // One full stop, though the CAIP-2 parser's own sentence ends with one.
  expect(refusal({ ...evm, chainId: 'eip155' }).details).toBe(
    'chainId "eip155": Received "eip155"; expected namespace:reference.',
  )
})

test('error: an eip155 account must be 0x-prefixed hex whose mixed case matches its EIP-55 checksum', () => {
  expect(refusal({ ...evm, accountAddress: evm.accountAddress.slice(2) }).details).toBe(
    `accountAddress "${evm.accountAddress.slice(2)}": expected a 0x-prefixed EVM address with a valid EIP-55 checksum.`,
  )
  // The checksummed address with one letter's case flipped.
  const typo = checksummed.replace('dA6', 'da6')
  for (const accountAddress of [typo, '0x1234', `${checksummed}00`, solanaAddress, 42])
    expect(refusedField({ accountAddress }), String(accountAddress)).toBe('accountAddress')
})

test('behavior: a Solana account is base58 text of 32 bytes, kept as written', () => {
  expect(validateSiwxMessage(solana).accountAddress).toBe(solanaAddress)
  expect(validateSiwxMessage({ ...solana, accountAddress: 'So11111111111111111111111111111111111111112' })).toEqual({
    ...solana,
    accountAddress: 'So11111111111111111111111111111111111111112',
  })
  expect(refusal({ ...solana, accountAddress: checksummed }).details).toBe(
    `accountAddress "${checksummed}": expected a base58 Solana address.`,
  )
  // A 0 is not base58; 33 ones decode to 33 zero bytes; 31 characters are too short, 45 too long.
  const tooLong = `${solanaAddress}${'1'.repeat(45 - solanaAddress.length)}`
  for (const accountAddress of [`${solanaAddress.slice(0, -1)}0`, '1'.repeat(33), '1'.repeat(31), tooLong])
    expect(refusedField({ accountAddress }, solana), accountAddress).toBe('accountAddress')
})

test('behavior: another namespace’s account only has to match the CAIP-10 account grammar', () => {
  const cosmos = {
    ...evm,
    chainId: 'cosmos:cosmoshub-4',
    accountAddress: 'cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02',
  }
  expect(validateSiwxMessage(cosmos as SiwxMessage)).toEqual(cosmos)
  expect(refusal({ ...cosmos, accountAddress: 'has space' }).details).toBe(
    'accountAddress "has space": expected a CAIP-10 account address.',
  )
  expect(refusedField({ accountAddress: 'a'.repeat(129) }, cosmos as SiwxMessage)).toBe('accountAddress')
})

test('behavior: the domain is an RFC 3986 authority: a host, with user info, a port or a bracketed IP literal', () => {
  for (const domain of ['localhost:3000', 'app.example.com', 'user@example.com:8443', '127.0.0.1', '[::1]:5173'])
    expect(validateSiwxMessage({ ...evm, domain }).domain, domain).toBe(domain)
  for (const domain of ['https://example.com', 'example.com/login', 'exa mple.com', '', 'example.com:123456', 'a\nb'])
    expect(refusedField({ domain }), domain).toBe('domain')
})

test('behavior: an optional scheme must be a URI scheme', () => {
  expect(validateSiwxMessage({ ...evm, scheme: 'web+app' }).scheme).toBe('web+app')
  for (const scheme of ['1http', 'ht tp', 'https:', '', 7])
    expect(refusedField({ scheme }), String(scheme)).toBe('scheme')
})

test('behavior: uri and every resource must be absolute URIs without spaces', () => {
  const uris = ['https://example.com', 'urn:uuid:123e4567-e89b-12d3-a456-426614174000', 'ipfs://bafy']
  for (const uri of uris) expect(validateSiwxMessage({ ...evm, uri }).uri, uri).toBe(uri)
  expect(validateSiwxMessage({ ...evm, resources: uris }).resources).toEqual(uris)
  for (const uri of ['not a uri', '/login', 'https://exa mple.com', 'https://example.com/\n', ''])
    expect(refusedField({ uri }), uri).toBe('uri')
  for (const resources of ['https://example.com', ['https://example.com', '/relative'], [1]])
    expect(refusedField({ resources }), JSON.stringify(resources)).toBe('resources')
})

test('behavior: the version is the text "1", nothing else', () => {
  expect(refusal({ ...evm, version: '2' }).details).toBe('version "2": expected "1".')
  expect(refusedField({ version: 1 })).toBe('version')
  expect(refusedField({ version: '1.0' })).toBe('version')
})

test('edge: the nonce needs at least 8 letters or digits and nothing else', () => {
  expect(validateSiwxMessage({ ...evm, nonce: 'aB3dE6g8' }).nonce).toBe('aB3dE6g8')
  for (const nonce of ['aB3dE6g', 'abcdefg-1', 'abcdefgh ', 'äbcdefgh', 12345678])
    expect(refusedField({ nonce }), String(nonce)).toBe('nonce')
})

test('error: a statement or request id that could forge another line of the message is refused', () => {
  for (const statement of ['two\nlines', 'carriage\rreturn', 'line\u2028separator', 'paragraph\u2029separator'])
    expect(refusal({ ...evm, statement }).details, statement).toBe(
      `statement ${JSON.stringify(statement)}: expected one line of text.`,
    )
  expect(validateSiwxMessage({ ...evm, statement: 'I accept the Terms: https://example.com/tos' }).statement).toBe(
    'I accept the Terms: https://example.com/tos',
  )
  for (const requestId of ['', 'has space', 'tab\there', 'new\nline'])
    expect(refusedField({ requestId }), JSON.stringify(requestId)).toBe('requestId')
})

test('edge: each time is an RFC 3339 date-time with a zone, checked on its own', () => {
  for (const field of ['issuedAt', 'expirationTime', 'notBefore'] as const) {
    expect(validateSiwxMessage({ ...evm, [field]: '2026-01-01T00:00:00Z' })[field]).toBe('2026-01-01T00:00:00Z')
    for (const value of ['2026-01-01', '2026-01-01T00:00:00', '2026-13-45T00:00:00Z', 'yesterday', 1767225600000])
      expect(refusedField({ [field]: value }), `${field} ${value}`).toBe(field)
  }
  // Days their month does not have, which Date.parse would roll over into the next month.
  for (const value of ['2026-02-29T00:00:00Z', '2026-02-30T00:00:00Z', '2026-04-31T00:00:00Z', '2026-01-00T00:00:00Z'])
    expect(refusedField({ issuedAt: value }), value).toBe('issuedAt')
  for (const value of ['2028-02-29T00:00:00Z', '2000-02-29T00:00:00Z', '2026-12-31T23:59:59+14:00'])
    expect(validateSiwxMessage({ ...evm, issuedAt: value }).issuedAt).toBe(value)
  expect(refusedField({ issuedAt: '2100-02-29T00:00:00Z' })).toBe('issuedAt')
  expect(refusal({ ...evm, notBefore: 'soon' }).details).toBe(
    'notBefore "soon": expected an RFC 3339 date-time such as 2026-01-01T00:00:00.000Z.',
  )
})
