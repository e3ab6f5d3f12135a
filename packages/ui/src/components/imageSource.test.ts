// @vitest-environment happy-dom
import { createPortico, eip155Adapter, eip155Network, initialize } from '@portico/headless'
import { createTestEip1193Wallet } from '@portico/headless/testing'
import { expect, test } from 'vitest'
import { allowedImageSource, imageOrigins } from './imageSource.js'

const origins = new Set(['https://api.portico.dev', 'http://127.0.0.1:4000'])

test('imageOrigins: the configured API hosts and the icons the host app configured, nothing else', () => {
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    storage: null,
    apiUrls: { api: 'https://directory.example/v1', blockchain: 'https://rpc.example' },
    adapters: [
      eip155Adapter({
        connectors: [
          {
            id: 'ledger',
            name: 'Ledger',
            icon: 'https://assets.host.example/ledger.png',
            provider: { request: async () => null },
          },
        ],
      }),
    ],
    networks: [
      eip155Network({
        id: 1,
        name: 'One',
        rpcUrl: 'https://rpc.one.example',
        imageUrl: 'https://icons.host.example/1.png',
      }),
    ],
  })
  initialize(portico)
  expect([...imageOrigins(portico)()].sort()).toEqual([
    'https://assets.host.example',
    'https://directory.example',
    'https://icons.host.example',
    'https://rpc.example',
  ])
})

test('imageOrigins: built once per instance, and again once its connectors change', () => {
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    storage: null,
    adapters: [eip155Adapter()],
    networks: [eip155Network({ id: 1, name: 'One', rpcUrl: 'https://rpc.one.example' })],
  })
  const stopDiscovery = initialize(portico)
  const origins = imageOrigins(portico)
  const first = origins()
  // Every icon asks; the set is not rebuilt for each.
  expect(origins()).toBe(first)
  // A wallet announces itself: the connector list changed, so the set is built again.
  const stopWallet = createTestEip1193Wallet({
    accounts: ['0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'],
    chains: [{ id: 1, rpcUrl: 'https://rpc.one.example' }],
  }).announce()
  const second = origins()
  expect(second).not.toBe(first)
  expect([...second]).toEqual([...first])
  expect(origins()).toBe(second)
  stopWallet()
  stopDiscovery?.()
})

test('allowedImageSource: directory images from the image host and data:image URIs', () => {
  expect(allowedImageSource('https://api.portico.dev/getWalletImage/abc?projectId=p', origins)).toBe(
    'https://api.portico.dev/getWalletImage/abc?projectId=p',
  )
  expect(allowedImageSource('http://127.0.0.1:4000/x.png', origins)).toBe('http://127.0.0.1:4000/x.png')
  expect(allowedImageSource('data:image/png;base64,iVBORw0KGgo=', origins)).toBe('data:image/png;base64,iVBORw0KGgo=')
  // Outside a provider the host chose the source: any https.
  expect(allowedImageSource('https://cdn.host.example/a.png', undefined)).toBe('https://cdn.host.example/a.png')
})

test('behavior: an inline icon the options accept is drawn, of every type they accept (avif, jpg too)', () => {
  for (const src of ['data:image/avif;base64,AAAAIGZ0eXA=', 'data:image/jpg;base64,/9j/4AAQ', 'data:image/jpeg,x']) {
    // The options take it as a custom wallet's icon…
    const portico = createPortico({
      projectId: 'p',
      walletConnect: false,
      storage: null,
      adapters: [eip155Adapter()],
      networks: [eip155Network({ id: 1, name: 'One', rpcUrl: 'http://127.0.0.1:1' })],
      customWallets: [{ id: 'w', name: 'W', image_url: src }],
    })
    expect(portico.options.customWallets[0]?.image_url).toBe(src)
    // …and the modal draws it instead of the placeholder.
    expect(allowedImageSource(src, origins), src).toBe(src)
  }
})

test.each([
  ['another host', 'https://tracker.example/pixel.png'],
  ['another port of the image host', 'https://api.portico.dev:8443/x.png'],
  ['plain http to a LAN host', 'http://192.168.1.1/x.png'],
  ['credentials before the image host', 'https://api.portico.dev@tracker.example/x.png'],
  ['credentials on the image host', 'https://user@api.portico.dev/x.png'],
  ['data:text/html', 'data:text/html,<script>alert(1)</script>'],
  ['data:image/bmp', 'data:image/bmp;base64,AAAA'],
  ['javascript:', 'javascript:alert(1)'],
  ['protocol-relative', '//api.portico.dev/x.png'],
  ['a control character', 'https://api.portico.dev/x\u0000.png'],
  ['not a string', 42],
])('allowedImageSource: refuses %s', (_, src) => {
  expect(allowedImageSource(src, origins)).toBeUndefined()
})
