import { afterEach, expect, test, vi } from 'vitest'
import { memoryStorage, offlinePortico, testAdapters } from '../../test/fixtures.js'
import { getConnection } from '../actions/getConnection.js'
import { cosmosAdapter } from '../adapters/cosmos/cosmosAdapter.js'
import { cookieToInitialState } from './cookieToInitialState.js'

// The server's side of cookie storage: a request's Cookie header in, checked strings out. Rendering
// with the result and the shared-instance isolation are in react/ssr.test.tsx; the browser's writes
// in cookieStorage.test.ts.

const evmAddress = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const solanaAddress = 'FfAhSVW1b1rZdyLnTwT2N4SqMyGAhQK7Lb2zaUFhDDXJ'
const cosmosAddress = 'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu'

/** One cookie as `cookieStorage` writes it: the storage key and its JSON text, percent-encoded. */
const cookie = (key: string, json: string) => `${encodeURIComponent(`@portico/${key}`)}=${encodeURIComponent(json)}`
const header = (...cookies: string[]) => cookies.join('; ')

/** An instance that renders on a server (`ssr: true`: nothing read from its storage while creating). */
const serverPortico = (overrides: Parameters<typeof offlinePortico>[1] = {}) =>
  offlinePortico('p', { ssr: true, storage: memoryStorage(), ...overrides })

afterEach(() => {
  vi.restoreAllMocks()
})

test('default: no Cookie header, an empty one, or one without Portico cookies restores nothing, quietly', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const portico = serverPortico()
  expect(cookieToInitialState(portico, null)).toBeUndefined()
  expect(cookieToInitialState(portico, undefined)).toBeUndefined()
  expect(cookieToInitialState(portico, '')).toBeUndefined()
  expect(cookieToInitialState(portico, 'theme=dark; session=abc123; @portico=1')).toBeUndefined()
  expect(warn).not.toHaveBeenCalled()
})

test('behavior: each valid cookie comes back under its storage key, as the browser sent it (decoded, not rewritten)', () => {
  const storage = memoryStorage()
  const portico = serverPortico({ storage })
  // Spaces and an unknown field: valid, and kept byte for byte (the provider checks it again).
  const activeNetwork = '{ "namespace": "solana", "networks": { "eip155": "eip155:31338" }, "v": 2 }'
  const state = cookieToInitialState(
    portico,
    header(
      'theme=dark',
      cookie('active-network', activeNetwork),
      cookie('connected-connector:eip155', '"io.metamask"'),
      cookie('connected-address:eip155', `"${evmAddress.toLowerCase()}"`),
      cookie('connected-connector:solana', '"Devnet Wallet"'),
      cookie('connected-address:solana', `"${solanaAddress}"`),
    ),
  )
  expect(state).toEqual({
    '@portico/active-network': activeNetwork,
    '@portico/connected-connector:eip155': '"io.metamask"',
    '@portico/connected-address:eip155': `"${evmAddress.toLowerCase()}"`,
    '@portico/connected-connector:solana': '"Devnet Wallet"',
    '@portico/connected-address:solana': `"${solanaAddress}"`,
  })
  // A read, not a restore: the shared instance and its storage are untouched.
  expect(getConnection(portico, { namespace: 'eip155' }).status).toBe('disconnected')
  expect(portico._internal.hydrated).toBe(false)
  expect(storage.data.size).toBe(0)
})

test('behavior: only the namespaces the instance has an adapter for are read; the others are skipped without a warning', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const cookies = header(
    cookie('connected-connector:eip155', '"io.metamask"'),
    cookie('connected-connector:cosmos', '"keplr"'),
    cookie('connected-address:cosmos', `"${cosmosAddress}"`),
    // Not even JSON: never looked at, so never warned about.
    cookie('connected-connector:polkadot', '{oops'),
  )
  expect(cookieToInitialState(serverPortico(), cookies)).toEqual({
    '@portico/connected-connector:eip155': '"io.metamask"',
  })
  expect(warn).not.toHaveBeenCalled()
  const withCosmos = serverPortico({ adapters: [...testAdapters(), cosmosAdapter()] })
  expect(cookieToInitialState(withCosmos, cookies)).toEqual({
    '@portico/connected-connector:eip155': '"io.metamask"',
    '@portico/connected-connector:cosmos': '"keplr"',
    '@portico/connected-address:cosmos': `"${cosmosAddress}"`,
  })
  expect(warn).not.toHaveBeenCalled()
})

test.each([
  ['cosmos1notanaddress (no bech32 checksum)', 'cosmos1notanaddress'],
  ['a cosmos address with one character changed', cosmosAddress.replace('qyp', 'qyq')],
  ['an EVM address', evmAddress],
])(
  'error: a cosmos address cookie is checked with its bech32 checksum, not the CAIP-10 grammar alone: %s is ignored with a warning',
  (_, address) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const withCosmos = serverPortico({ adapters: [...testAdapters(), cosmosAdapter()] })
    const state = cookieToInitialState(
      withCosmos,
      header(cookie('connected-connector:cosmos', '"keplr"'), cookie('connected-address:cosmos', `"${address}"`)),
    )
    expect(state).toEqual({ '@portico/connected-connector:cosmos': '"keplr"' })
    expect(warn.mock.calls).toEqual([
      ['[portico] Ignored the cookie @portico/connected-address:cosmos: it does not have the expected shape.'],
    ])
  },
)

test.each([
  ['a Solana address in the eip155 cookie', 'connected-address:eip155', `"${solanaAddress}"`],
  ['an EVM address in the solana cookie', 'connected-address:solana', `"${evmAddress}"`],
  ['an EVM address with a broken checksum', 'connected-address:eip155', `"${evmAddress.replace('Fd6', 'fD6')}"`],
  ['an EVM address one hex digit short', 'connected-address:eip155', `"${evmAddress.slice(0, -1)}"`],
])('error: an address cookie is checked against its own namespace: %s is ignored with a warning', (_, key, json) => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const state = cookieToInitialState(
    serverPortico(),
    header(cookie(key, json), cookie('connected-connector:eip155', '"io.metamask"')),
  )
  expect(state).toEqual({ '@portico/connected-connector:eip155': '"io.metamask"' })
  expect(warn.mock.calls).toEqual([
    [`[portico] Ignored the cookie @portico/${key}: it does not have the expected shape.`],
  ])
})

test.each([
  ['an empty connector id', 'connected-connector:eip155', '""', 'it does not have the expected shape'],
  [
    'a connector id of 257 characters',
    'connected-connector:eip155',
    `"${'a'.repeat(257)}"`,
    'it does not have the expected shape',
  ],
  ['a number as connector id', 'connected-connector:solana', '7', 'it does not have the expected shape'],
  ['a truncated JSON text', 'connected-connector:solana', '"io.meta', 'it is not JSON'],
  [
    'an unknown active namespace',
    'active-network',
    '{"namespace":"tron","networks":{}}',
    'it does not have the expected shape',
  ],
  [
    'a network under an unknown namespace',
    'active-network',
    '{"namespace":"eip155","networks":{"tron":"tron:1"}}',
    'it does not have the expected shape',
  ],
  [
    'a network under __proto__',
    'active-network',
    '{"namespace":"eip155","networks":{"__proto__":"eip155:1"}}',
    'it does not have the expected shape',
  ],
  ['an address with a space', 'connected-address:eip155', '"0x f39F"', 'it does not have the expected shape'],
  [
    'a CAIP-10 account instead of the bare address',
    'connected-address:eip155',
    `"eip155:1:${evmAddress}"`,
    'it does not have the expected shape',
  ],
])('error: %s is ignored with one warning, and the other cookies are still read', (_, key, json, why) => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const other = key.endsWith('solana') ? 'connected-connector:eip155' : 'connected-connector:solana'
  const state = cookieToInitialState(serverPortico(), header(cookie(key, json), cookie(other, '"kept"')))
  expect(state).toEqual({ [`@portico/${other}`]: '"kept"' })
  expect(warn.mock.calls).toEqual([[`[portico] Ignored the cookie @portico/${key}: ${why}.`]])
})

test('edge: of two cookies with one name the first is read (the most specific path), even when it is the broken one', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const portico = serverPortico()
  const broken = cookie('connected-connector:eip155', '{oops')
  const valid = cookie('connected-connector:eip155', '"io.metamask"')
  expect(cookieToInitialState(portico, header(valid, broken))).toEqual({
    '@portico/connected-connector:eip155': '"io.metamask"',
  })
  expect(warn).not.toHaveBeenCalled()
  expect(cookieToInitialState(portico, header(broken, valid))).toBeUndefined()
  expect(warn.mock.calls).toEqual([
    ['[portico] Ignored the cookie @portico/connected-connector:eip155: it is not JSON.'],
  ])
})

test('edge: a Portico cookie whose percent-escapes do not decode is ignored with a warning, and reading never throws', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const portico = serverPortico()
  const name = encodeURIComponent('@portico/connected-connector:eip155')
  expect(cookieToInitialState(portico, `${name}=%E0%A4%A`)).toBeUndefined()
  expect(warn.mock.calls).toEqual([
    ['[portico] Ignored the cookie @portico/connected-connector:eip155: its percent-escapes do not decode.'],
  ])
  warn.mockClear()
  // Someone else's undecodable cookie is not reported.
  expect(cookieToInitialState(portico, `${name}=%22io.metamask%22; %E0%A4%A=1; other=%ZZ; ;;=; =x`)).toEqual({
    '@portico/connected-connector:eip155': '"io.metamask"',
  })
  expect(warn).not.toHaveBeenCalled()
})
