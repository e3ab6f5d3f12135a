import { afterEach, describe, expect, test, vi } from 'vitest'
import { memoryStorage, testAdapters, testNetworks } from '../test/fixtures.js'
import { getConnection } from './actions/getConnection.js'
import { getFeatures } from './actions/getFeatures.js'
import { getNetwork } from './actions/getNetwork.js'
import { watchAlerts } from './actions/watchAlerts.js'
import { eip155Adapter } from './adapters/eip155/eip155Adapter.js'
import type { Alert } from './alerts.js'
import { createPortico } from './createPortico.js'
import { defaultFeatures } from './defaults.js'
import { InvalidOptionsError, SiwxConflictError } from './errors/config.js'

const { devnet, devnet2, solanaLocal, all } = testNetworks()

afterEach(() => vi.restoreAllMocks())

function capture(fn: () => unknown): unknown {
  try {
    fn()
  } catch (error) {
    return error
  }
  throw new Error('expected a throw')
}

describe('createPortico', () => {
  test('default', () => {
    const portico = createPortico({ projectId: 'p1', networks: all, adapters: testAdapters(), storage: null })
    expect(portico.defaultNetwork).toBe(devnet)
    expect(portico.options.signOutOnDisconnect).toBe(true)
    expect(portico.options.connectorOrder).toEqual([
      'walletConnect',
      'recent',
      'injected',
      'featured',
      'custom',
      'external',
      'recommended',
    ])
    expect(portico.options.defaultAccountTypes).toEqual({
      bip122: 'payment',
      eip155: 'smartAccount',
      polkadot: 'eoa',
      solana: 'eoa',
    })
    expect(getFeatures(portico)).toEqual(defaultFeatures)
    expect(defaultFeatures).toMatchObject({
      receive: true,
      send: true,
      analytics: true,
      allWallets: true,
      legalCheckbox: false,
      smartSessions: false,
      collapseWallets: false,
      pay: false,
      connectMethodsOrder: ['email', 'social', 'wallet'],
      walletFeaturesOrder: ['onramp', 'swaps', 'receive', 'send'],
      socials: ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'],
    })
    expect(getConnection(portico)).toMatchObject({ namespace: 'eip155', status: 'disconnected', isDisconnected: true })
    expect(getConnection(portico, { namespace: 'solana' }).network).toBe(solanaLocal)
    expect(portico.options.apiUrls).toEqual({
      api: 'https://api.web3modal.org',
      blockchain: 'https://rpc.walletconnect.org',
      analytics: 'https://pulse.walletconnect.org',
    })
  })

  test('parameters: defaultNetwork, features, apiUrls', () => {
    const portico = createPortico({
      projectId: 'p1',
      networks: all,
      adapters: testAdapters(),
      defaultNetwork: 'eip155:31338',
      features: { swaps: false },
      apiUrls: { api: 'http://127.0.0.1:9/' },
      storage: null,
    })
    expect(getNetwork(portico).network).toBe(devnet2)
    expect(getFeatures(portico).swaps).toBe(false)
    expect(portico.options.apiUrls.api).toBe('http://127.0.0.1:9')
  })

  test('behavior: a missing project id raises the alert, once, and is not fatal', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const portico = createPortico({ networks: all, adapters: testAdapters(), storage: null })
    const alerts: Alert[] = []
    watchAlerts(portico, { onAlert: (a) => alerts.push(a) })
    expect(alerts).toMatchObject([
      { code: 'PROJECT_ID_NOT_CONFIGURED', message: 'Project ID Not Configured', severity: 'error' },
    ])
    // Nobody listened when it was raised, so it went to the console rather than nowhere.
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Project ID Not Configured'))
    portico.alerts.emit('PROJECT_ID_NOT_CONFIGURED')
    expect(alerts).toHaveLength(1)
  })

  test('behavior: siweConfig together with siwx is an error', () => {
    const error = capture(() =>
      createPortico({ projectId: 'p', networks: all, adapters: testAdapters(), siweConfig: {}, siwx: {} as never }),
    )
    expect(error).toBeInstanceOf(SiwxConflictError)
    expect((error as SiwxConflictError).name).toBe('SiwxConflictError')
  })

  test.each([
    ['no networks', { networks: [] }, 'networks'],
    ['no adapters', { adapters: [] }, 'adapters'],
    ['adapter is not an adapter', { adapters: [{ namespace: 'eip155' }] }, 'adapters.0'],
    [
      'rpc url not http',
      { networks: [{ ...devnet, rpcUrls: { default: { http: ['javascript:alert(1)'] } } }] },
      'networks.0.rpcUrls.default.http.0',
    ],
    ['caip id with 3 parts', { networks: [{ ...devnet, caipNetworkId: 'eip155:1:2' }] }, 'networks.0.caipNetworkId'],
    [
      'caip id of another namespace',
      { networks: [{ ...devnet, caipNetworkId: 'solana:31337' }] },
      'networks.0.caipNetworkId',
    ],
    ['id not matching caip id', { networks: [{ ...devnet, id: 5 }] }, 'networks.0.id'],
    ['unknown feature', { features: { teleport: true } }, 'features'],
    ['socials not a list', { features: { socials: 'google' } }, 'features.socials'],
    ['unknown connector group', { connectorOrder: ['walletConnect', 'nope'] }, 'connectorOrder.1'],
    ['storage without methods', { storage: {} }, 'storage'],
    ['api url not http', { apiUrls: { api: 'ftp://x' } }, 'apiUrls.api'],
    ['embedded frame url not http', { embeddedWallet: { frameUrl: 'javascript:alert(1)' } }, 'embeddedWallet.frameUrl'],
    ['embedded wallet without frame url', { embeddedWallet: {} }, 'embeddedWallet.frameUrl'],
    ['duplicate network', { networks: [devnet, devnet] }, 'networks.1'],
    ['network without adapter', { adapters: [eip155Adapter()] }, 'networks.2'],
    ['default network not configured', { defaultNetwork: 'eip155:999' }, 'defaultNetwork'],
    ['custom wallet without a name', { customWallets: [{ id: 'acme' }] }, 'customWallets.0.name'],
    [
      'custom wallet icon not an image URL',
      { customWallets: [{ id: 'acme', name: 'Acme', image_url: 'javascript:alert(1)' }] },
      'customWallets.0.image_url',
    ],
    [
      'custom wallet web app not http',
      { customWallets: [{ id: 'acme', name: 'Acme', webapp_link: 'acme://open' }] },
      'customWallets.0.webapp_link',
    ],
    [
      'custom wallet listed twice',
      {
        customWallets: [
          { id: 'acme', name: 'Acme' },
          { id: 'acme', name: 'Acme again' },
        ],
      },
      'customWallets.1.id',
    ],
  ])('behavior: bad options (%s) give InvalidOptionsError naming the path', (_, override, path) => {
    const error = capture(() =>
      createPortico({
        projectId: 'p',
        networks: all,
        adapters: testAdapters(),
        storage: null,
        ...(override as object),
      } as never),
    )
    expect(error).toBeInstanceOf(InvalidOptionsError)
    expect((error as InvalidOptionsError).issues.map((i) => i.path)).toContain(path)
    expect((error as InvalidOptionsError).shortMessage).toBe('Invalid Portico options')
  })

  test('behavior: options that are not an object give InvalidOptionsError, not a crash', () => {
    expect(capture(() => createPortico(undefined as never))).toBeInstanceOf(InvalidOptionsError)
    expect(capture(() => createPortico('x' as never))).toBeInstanceOf(InvalidOptionsError)
  })

  test('behavior: no window access without a browser (SSR)', () => {
    expect(typeof window).toBe('undefined')
    const portico = createPortico({
      projectId: 'p',
      networks: all,
      adapters: testAdapters(),
      ssr: true,
      storage: memoryStorage(),
    })
    expect(portico._internal.hydrated).toBe(false)
  })
})
