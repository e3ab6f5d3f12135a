// The options validator (optionsChecks.ts) on its own: for every option, a bad value gives exactly
// the issue (path and message) the host reads in InvalidOptionsError, good values pass with the
// output createPortico reads, and the exported predicates (isAdapter, isStorage, …) at their edges.
// Agreement with the zod reference (verdict and paths, on generated options) is options.test.ts;
// createPortico's cross-option rules (duplicates, an adapter per namespace, the default network)
// are createPortico.test.ts; the walletConnect option's refusals are walletConnectOptions.test.ts.
import { describe, expect, test } from 'vitest'
import { localSiwx } from '../features/siwx/localSiwx.js'
import { memoryStorage, testAdapters } from '../test/fixtures.js'
import { polkadot } from './adapters/polkadot/polkadotNetwork.js'
import { createPortico } from './createPortico.js'
import { InvalidOptionsError } from './errors/config.js'
import { mainnet, solana } from './networks.js'
import type { PorticoOptions } from './options.js'
import { checkOptions, isAdapter, isStorage, isWalletConnectStorage, networkCheck } from './optionsChecks.js'
import { isSafeImageUrl } from './utils/imageUrl.js'

const adapters = testAdapters()
const valid = { networks: [mainnet], adapters }

/** The issues of `valid` with `override` on top (an empty list when accepted). */
function issuesOf(override: Record<string, unknown>) {
  const result = checkOptions({ ...valid, ...override })
  return result.success ? [] : result.issues
}

const httpMessage = 'must be an http(s) URL'
const imageMessage = 'must be an http(s) URL or a data:image/(png|jpe?g|gif|webp|svg+xml|avif) URI'

// One row per option: a bad value and the exact issue it must give.
const refusals: [string, Record<string, unknown>, string, string][] = [
  ['projectId not a string', { projectId: 7 }, 'projectId', 'expected string'],
  ['networks not a list', { networks: mainnet }, 'networks', 'expected array'],
  ['no networks', { networks: [] }, 'networks', 'at least one network is required'],
  ['adapters not a list', { adapters: adapters[0] }, 'adapters', 'expected array'],
  ['no adapters', { adapters: [] }, 'adapters', 'at least one adapter is required'],
  [
    'an adapter without its methods',
    { adapters: [adapters[0], { namespace: 'eip155', getBalance() {} }] },
    'adapters.1',
    'must be a chain adapter such as eip155Adapter()',
  ],
  [
    'an adapter whose namespace is not a string',
    { adapters: [{ ...adapters[0], namespace: 1 }] },
    'adapters.0',
    'must be a chain adapter such as eip155Adapter()',
  ],
  ['defaultNetwork a number', { defaultNetwork: 1 }, 'defaultNetwork', 'expected a network or its CAIP-2 id'],
  [
    'defaultNetwork an object without its CAIP-2 id',
    { defaultNetwork: { id: 1 } },
    'defaultNetwork',
    'expected a network or its CAIP-2 id',
  ],
  [
    'metadata url not http(s)',
    { metadata: { name: 'x', description: 'y', url: 'javascript:alert(1)', icons: [] } },
    'metadata.url',
    httpMessage,
  ],
  [
    'metadata without icons',
    { metadata: { name: 'x', description: 'y', url: 'https://a.test' } },
    'metadata.icons',
    'expected array',
  ],
  ['metadata not an object', { metadata: 'Demo' }, 'metadata', 'expected object'],
  ['a feature not a boolean', { features: { analytics: 'no' } }, 'features.analytics', 'expected boolean'],
  ['an unknown feature', { features: { teleport: true } }, 'features', 'unknown keys: teleport'],
  ['socials true', { features: { socials: true } }, 'features.socials', 'expected false or a list of socials'],
  [
    'an unknown social',
    { features: { socials: ['google', 'myspace'] } },
    'features.socials',
    'expected false or a list of socials',
  ],
  [
    'an unknown connect method',
    { features: { connectMethodsOrder: ['wallet', 'phone'] } },
    'features.connectMethodsOrder.1',
    'expected one of email, social, wallet',
  ],
  [
    'an unknown wallet feature',
    { features: { walletFeaturesOrder: ['fly'] } },
    'features.walletFeaturesOrder.0',
    'expected one of onramp, swaps, receive, send',
  ],
  ['keepLocalFeatures', { keepLocalFeatures: 'yes' }, 'keepLocalFeatures', 'expected boolean'],
  ['remoteConfig', { remoteConfig: 0 }, 'remoteConfig', 'expected boolean'],
  ['walletDirectory', { walletDirectory: null }, 'walletDirectory', 'expected boolean'],
  ['blockchainApi', { blockchainApi: 'false' }, 'blockchainApi', 'expected boolean'],
  ['rpcPing', { rpcPing: 1 }, 'rpcPing', 'expected boolean'],
  ['signOutOnDisconnect', { signOutOnDisconnect: 'no' }, 'signOutOnDisconnect', 'expected boolean'],
  ['allowUnsupportedChain', { allowUnsupportedChain: 1 }, 'allowUnsupportedChain', 'expected boolean'],
  ['enableNetworkSwitch', { enableNetworkSwitch: [] }, 'enableNetworkSwitch', 'expected boolean'],
  ['enableInjected', { enableInjected: {} }, 'enableInjected', 'expected boolean'],
  ['ssr', { ssr: 'yes' }, 'ssr', 'expected boolean'],
  ['an rpcMap URL over websocket', { rpcMap: { 'eip155:1': 'wss://a.test' } }, 'rpcMap.eip155:1', httpMessage],
  ['rpcMap a list', { rpcMap: ['https://a.test'] }, 'rpcMap', 'expected object'],
  [
    'a bundler neither false, hosted nor http(s)',
    { bundlerMap: { 'eip155:8453': true } },
    'bundlerMap.eip155:8453',
    "must be false, 'hosted' or an http(s) URL",
  ],
  [
    'a paymaster given as hosted',
    { paymasterMap: { 'eip155:8453': 'hosted' } },
    'paymasterMap.eip155:8453',
    httpMessage,
  ],
  [
    'a transport not a function',
    { transports: { 'eip155:1': { url: 'https://a.test' } } },
    'transports.eip155:1',
    'must be a transport function',
  ],
  [
    'an unknown connector group',
    { connectorOrder: ['injected', 'nope'] },
    'connectorOrder.1',
    'expected one of walletConnect, recent, injected, featured, custom, external, recommended',
  ],
  ['a featured wallet id not a string', { featuredWalletIds: ['a', 2] }, 'featuredWalletIds.1', 'expected string'],
  ['includeWalletIds a string', { includeWalletIds: 'a' }, 'includeWalletIds', 'expected array'],
  ['an excluded wallet id not a string', { excludeWalletIds: [null] }, 'excludeWalletIds.0', 'expected string'],
  [
    'a custom wallet id of 201 characters',
    { customWallets: [{ id: 'i'.repeat(201), name: 'X' }] },
    'customWallets.0.id',
    'too big (maximum 200)',
  ],
  [
    'a custom wallet name of 501 characters',
    { customWallets: [{ id: 'x', name: 'n'.repeat(501) }] },
    'customWallets.0.name',
    'too big (maximum 500)',
  ],
  [
    'an empty custom wallet name',
    { customWallets: [{ id: 'x', name: '' }] },
    'customWallets.0.name',
    'too small (minimum 1)',
  ],
  [
    'a custom wallet mobile link of 2001 characters',
    { customWallets: [{ id: 'x', name: 'X', mobile_link: `acme://${'a'.repeat(1994)}` }] },
    'customWallets.0.mobile_link',
    'too big (maximum 2000)',
  ],
  [
    'an empty custom wallet desktop link',
    { customWallets: [{ id: 'x', name: 'X', desktop_link: '' }] },
    'customWallets.0.desktop_link',
    'too small (minimum 1)',
  ],
  [
    'a custom wallet homepage not http(s)',
    { customWallets: [{ id: 'x', name: 'X', homepage: 'acme://home' }] },
    'customWallets.0.homepage',
    httpMessage,
  ],
  [
    'a custom wallet icon neither http(s) nor data:image',
    { customWallets: [{ id: 'x', name: 'X', image_url: 'data:text/html,<script>alert(1)</script>' }] },
    'customWallets.0.image_url',
    imageMessage,
  ],
  [
    'a custom wallet icon of an image type the kit does not show',
    { customWallets: [{ id: 'x', name: 'X', image_url: 'data:image/bmp;base64,Qk0=' }] },
    'customWallets.0.image_url',
    imageMessage,
  ],
  [
    'a custom wallet with a key of the directory it may not set',
    { customWallets: [{ id: 'x', name: 'X', rdns: 'io.metamask' }] },
    'customWallets.0',
    'unknown keys: rdns',
  ],
  ['terms not http(s)', { termsConditionsUrl: 'javascript:alert(1)' }, 'termsConditionsUrl', httpMessage],
  ['privacy policy a relative path', { privacyPolicyUrl: '/privacy' }, 'privacyPolicyUrl', httpMessage],
  [
    'an account type for an unknown namespace',
    { defaultAccountTypes: { tron: 'eoa' } },
    'defaultAccountTypes.tron',
    'expected one of eip155, solana, polkadot, bip122, cosmos',
  ],
  [
    'an unknown account type',
    { defaultAccountTypes: { eip155: 'multisig' } },
    'defaultAccountTypes.eip155',
    'expected one of eoa, smartAccount, payment, ordinal, stx',
  ],
  ['an API URL not http(s)', { apiUrls: { blockchain: 'ftp://a.test' } }, 'apiUrls.blockchain', httpMessage],
  ['an analytics URL not a URL', { apiUrls: { analytics: 'pulse' } }, 'apiUrls.analytics', httpMessage],
  ['no name suffixes', { nameSuffixes: [] }, 'nameSuffixes', 'at least one suffix is required'],
  [
    'a name suffix without its dot',
    { nameSuffixes: ['.reown.id', 'wcn.id'] },
    'nameSuffixes.1',
    'must be a dot and labels, e.g. .reown.id',
  ],
  [
    'a name suffix with an empty label',
    { nameSuffixes: ['.a..id'] },
    'nameSuffixes.0',
    'must be a dot and labels, e.g. .reown.id',
  ],
  [
    'storage without removeItem',
    { storage: { getItem() {}, setItem() {} } },
    'storage',
    'must implement getItem, setItem and removeItem, or be null',
  ],
  ['fetch not a function', { fetch: 'https://a.test' }, 'fetch', 'must be a function'],
  ['sdkType not a string', { sdkType: 1 }, 'sdkType', 'expected string'],
  ['sdkVersion not a string', { sdkVersion: {} }, 'sdkVersion', 'expected string'],
  ['walletConnect true', { walletConnect: true }, 'walletConnect', 'must be false or WalletConnect options'],
  [
    'an embedded frame URL not http(s)',
    { embeddedWallet: { frameUrl: 'javascript:alert(1)' } },
    'embeddedWallet.frameUrl',
    httpMessage,
  ],
  [
    'an embedded logger flag not a boolean',
    { embeddedWallet: { frameUrl: 'http://127.0.0.1:9/frame', enableLogger: 'on' } },
    'embeddedWallet.enableLogger',
    'expected boolean',
  ],
]

describe('checkOptions', () => {
  test.each(refusals)('error: %s gives exactly its issue', (_, override, path, message) => {
    expect(issuesOf(override)).toEqual([{ path, message }])
  })

  test.each(refusals)(
    'error: %s reaches the host as InvalidOptionsError with its message',
    (_, override, path, message) => {
      let error: unknown
      try {
        createPortico({ ...valid, storage: null, walletConnect: false, ...override } as unknown as PorticoOptions)
      } catch (caught) {
        error = caught
      }
      expect(error).toBeInstanceOf(InvalidOptionsError)
      const invalid = error as InvalidOptionsError
      expect(invalid.issues).toEqual([{ path, message }])
      expect(invalid.shortMessage).toBe('Invalid Portico options')
      // The host reads the path and the message in the error's text.
      expect(invalid.message).toContain(`- ${path}: ${message}`)
    },
  )

  test('error: options that are not an object are refused at the root, and both required options are named', () => {
    for (const options of [null, undefined, 'options', 1, []]) {
      const result = checkOptions(options)
      expect(result.success).toBe(false)
      if (!result.success) expect(result.issues).toEqual([{ path: '', message: 'expected object' }])
    }
    const empty = checkOptions({})
    expect(empty.success).toBe(false)
    if (!empty.success)
      expect(empty.issues).toEqual([
        { path: 'networks', message: 'expected array' },
        { path: 'adapters', message: 'expected array' },
      ])
  })

  test('error: every bad option is reported in one pass, not only the first', () => {
    const issues = issuesOf({ projectId: 1, rpcPing: 'y', termsConditionsUrl: 'x', fetch: 1 })
    expect(issues.map((i) => i.path)).toEqual(['projectId', 'rpcPing', 'termsConditionsUrl', 'fetch'])
  })

  test('default: the accepted options come out trimmed and copied, ssr true, unknown options dropped', () => {
    const storage = memoryStorage()
    const siwx = localSiwx()
    const custom = { id: 'acme', name: 'Acme', image_url: 'DATA:image/png;base64,AA==' }
    const result = checkOptions({
      ...valid,
      projectId: '  p1 \n',
      storage,
      siwx,
      customWallets: [custom],
      bundlerMap: { 'eip155:1': false, 'eip155:8453': 'hosted', 'eip155:10': 'http://127.0.0.1:4337' },
      features: { socials: false },
      nameSuffixes: ['.Example.ID'],
      walletConnect: false,
      unknown: 'dropped',
      undefinedOption: undefined,
    })
    expect(result.success).toBe(true)
    if (!result.success) return
    expect(result.data.projectId).toBe('p1')
    expect(result.data.ssr).toBe(true)
    expect(result.data).not.toHaveProperty('unknown')
    expect(result.data).not.toHaveProperty('undefinedOption')
    // Objects that hold behaviour keep their identity; plain data is a copy.
    expect(result.data.storage).toBe(storage)
    expect(result.data.siwx).toBe(siwx)
    expect(result.data.adapters).toEqual(adapters)
    expect((result.data.adapters as unknown[])[0]).toBe(adapters[0])
    expect(result.data.customWallets).toEqual([custom])
    expect((result.data.customWallets as unknown[])[0]).not.toBe(custom)
    expect(result.data.bundlerMap).toEqual({
      'eip155:1': false,
      'eip155:8453': 'hosted',
      'eip155:10': 'http://127.0.0.1:4337',
    })
    expect(result.data.walletConnect).toBe(false)
  })

  test('default: ssr false is kept, and storage null means no storage (not a refusal)', () => {
    const result = checkOptions({ ...valid, ssr: false, storage: null })
    expect(result).toMatchObject({ success: true, data: { ssr: false, storage: null } })
  })

  test('security: option names from the prototype chain are neither checked nor copied', () => {
    const options = JSON.parse('{"__proto__": {"ssr": "yes"}, "constructor": 1, "toString": 2, "hasOwnProperty": 3}')
    const result = checkOptions({ ...valid, ...options })
    expect(result.success).toBe(true)
    if (!result.success) return
    expect(Object.keys(result.data).sort()).toEqual(['adapters', 'networks', 'ssr'])
    expect(result.data.ssr).toBe(true)
    expect(Object.getPrototypeOf(result.data)).toBe(Object.prototype)
  })

  test('security: a "__proto__" entry of a per-network map is refused, not silently taken', () => {
    for (const option of ['rpcMap', 'bundlerMap', 'paymasterMap', 'transports']) {
      expect(issuesOf({ [option]: JSON.parse('{"__proto__": "http://127.0.0.1:1"}') })).toEqual([
        { path: `${option}.__proto__`, message: 'not a key: __proto__' },
      ])
    }
  })
})

describe('networkCheck', () => {
  const check = networkCheck()
  const issues = (network: unknown) => {
    const result = check.safeParse(network)
    return result.success ? [] : result.issues
  }

  test('behavior: the built-in networks pass, and their own extra fields are kept', () => {
    for (const network of [mainnet, solana, polkadot]) expect(issues(network)).toEqual([])
    const result = check.safeParse({ ...mainnet, custom: { x: 1 } })
    expect(result).toMatchObject({ success: true, data: { custom: { x: 1 } } })
  })

  test('edge: a WalletConnect-only namespace needs no RPC URL; eip155 and Solana need one', () => {
    expect(issues({ ...polkadot, rpcUrls: { default: { http: [] } } })).toEqual([])
    for (const network of [mainnet, solana])
      expect(issues({ ...network, rpcUrls: { default: { http: [] } } })).toEqual([
        { path: 'rpcUrls.default.http', message: 'at least one RPC URL is required' },
      ])
  })

  test('error: a network whose CAIP-2 id disagrees with its namespace or id names each disagreement', () => {
    expect(issues({ ...mainnet, caipNetworkId: 'solana:1' })).toEqual([
      { path: 'caipNetworkId', message: 'namespace must be eip155' },
    ])
    expect(issues({ ...mainnet, caipNetworkId: 'eip155:10' })).toEqual([
      { path: 'id', message: 'must match the CAIP-2 reference 10' },
    ])
    expect(issues({ ...mainnet, id: '1' })).toEqual([{ path: 'id', message: 'eip155 network ids are numbers' }])
    expect(issues({ ...mainnet, caipNetworkId: 'eip155' })).toEqual([
      { path: 'caipNetworkId', message: 'Invalid CAIP-2 network id' },
    ])
  })

  test('error: token and currency decimals stay within 0..255, and an explorer is http(s)', () => {
    expect(issues({ ...mainnet, tokens: [{ address: '0x1', decimals: 256 }] })).toEqual([
      { path: 'tokens.0.decimals', message: 'too big (maximum 255)' },
    ])
    expect(issues({ ...mainnet, tokens: [{ address: '' }] })).toEqual([
      { path: 'tokens.0.address', message: 'too small (minimum 1)' },
    ])
    expect(issues({ ...mainnet, nativeCurrency: { ...mainnet.nativeCurrency, decimals: -1 } })).toEqual([
      { path: 'nativeCurrency.decimals', message: 'too small (minimum 0)' },
    ])
    expect(issues({ ...mainnet, blockExplorers: { default: { name: 'x', url: 'javascript:alert(1)' } } })).toEqual([
      { path: 'blockExplorers.default.url', message: httpMessage },
    ])
  })
})

describe('predicates', () => {
  test('behavior: isAdapter wants a string namespace, getBalance and watchConnectors', () => {
    expect(adapters.every(isAdapter)).toBe(true)
    const fn = () => undefined
    expect(isAdapter({ namespace: 'eip155', getBalance: fn, watchConnectors: fn })).toBe(true)
    expect(isAdapter({ namespace: 'eip155', getBalance: fn, watchConnectors: 1 })).toBe(false)
    expect(isAdapter({ getBalance: fn, watchConnectors: fn })).toBe(false)
    expect(isAdapter(null)).toBe(false)
    expect(isAdapter(fn)).toBe(false)
  })

  test('security: a custom wallet’s image_url is checked by the kit’s one image rule: an icon the options accept is one the kit shows', () => {
    for (const url of [
      'https://a.test/i.png',
      'data:image/png;base64,AA==',
      'data:image/jpg,AA',
      'data:image/avif;base64,AA',
      'data:image/bmp;base64,Qk0=',
      'data:image/x-icon;base64,AA',
      'data:image/svg;base64,AA',
      'data:image/,AA',
      'data:image/png',
    ])
      expect(issuesOf({ customWallets: [{ id: 'w', name: 'W', image_url: url }] }).length === 0, url).toBe(
        isSafeImageUrl(url),
      )
  })

  test('behavior: isStorage takes null or the three Web Storage methods; isWalletConnectStorage five', () => {
    const fn = () => undefined
    expect(isStorage(null)).toBe(true)
    expect(isStorage(undefined)).toBe(false)
    expect(isStorage(memoryStorage())).toBe(true)
    expect(isStorage({ getItem: fn, setItem: fn, removeItem: 'x' })).toBe(false)
    const three = { getItem: fn, setItem: fn, removeItem: fn }
    expect(isWalletConnectStorage(three)).toBe(false)
    expect(isWalletConnectStorage(null)).toBe(false)
    expect(isWalletConnectStorage({ ...three, getKeys: fn, getEntries: fn })).toBe(true)
  })

  test('security: the image rule the options use (isSafeImageUrl) takes http(s) and data:image only', () => {
    for (const url of [
      'https://a.test/i.png',
      'http://127.0.0.1:1/i',
      'data:image/png;base64,AA==',
      'Data:Image/svg+xml,x',
    ])
      expect(isSafeImageUrl(url)).toBe(true)
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,<b>',
      ' data:image/png,AA',
      'ipfs://cid',
      '//a.test/i.png',
      '',
      1,
      null,
    ])
      expect(isSafeImageUrl(url)).toBe(false)
  })
})
