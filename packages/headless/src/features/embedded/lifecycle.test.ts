// The embedded wallet's registration: the kernel lists an `auth` row per namespace the wallet serves
// (eip155, solana) from its descriptor alone, and on the first use of one (a reload's reconnect)
// loads this module and asks `connector` for the implementation behind it. Node has no frames: the
// wallet a login on record reaches is a stand-in put in the instance's state (as
// test/embeddedStandIn.ts does); the connector on the real frame is authConnector.browser.test.tsx.
import { expect, test } from 'vitest'
import { featureLoaders } from '../../kernel/featureLoaders.js'
import { featureState } from '../../kernel/featureState.js'
import type { Portico } from '../../kernel/portico.js'
import { findConnector } from '../../kernel/state/registry.js'
import type { ChainNamespace } from '../../kernel/utils/caip.js'
import { offlinePortico } from '../../test/fixtures.js'
import { lifecycle } from './lifecycle.js'
import { clearLoginCache, readLoginCache, writeLoginCache } from './loginCache.js'
import { embeddedState } from './state.js'
import type { EmbeddedWallet } from './types.js'

/** An instance with the embedded wallet configured (a frame URL no test loads), on eip155 and solana. */
const instance = (name: string) => offlinePortico(name, { embeddedWallet: { frameUrl: 'https://secure.example.com/' } })

/** The instance's `auth` row of `namespace` in the kernel's registry (its descriptor). */
function row(portico: Portico, namespace: ChainNamespace) {
  // In the registry, though no wallet list shows it (the email field does).
  const found = findConnector(portico, namespace, 'auth')
  if (!found) throw new Error(`no auth row on ${namespace}`)
  return found
}

test("default: for each row the kernel lists, connector gives the embedded wallet's AUTH connector of that row's namespace, and making it makes no wallet", () => {
  const portico = instance('embedded-lifecycle-default')
  for (const namespace of ['eip155', 'solana'] as const) {
    expect(lifecycle.connector(portico, row(portico, namespace))).toMatchObject({
      id: 'auth',
      uid: `${namespace}:auth`,
      name: 'Email',
      chain: namespace,
      type: 'AUTH',
      accountNames: true,
      provider: undefined,
    })
  }
  expect(featureState(portico, embeddedState).wallet).toBeUndefined()
})

test('behavior: it is what the kernel loads: a reload that never used email login restores nothing through the row, and makes no wallet or frame', async () => {
  const portico = instance('embedded-lifecycle-unused')
  expect((await featureLoaders.embedded()).lifecycle).toBe(lifecycle)
  expect(await row(portico, 'solana').reconnect({ networks: {} })).toEqual([])
  expect(await lifecycle.connector(portico, row(portico, 'eip155')).reconnect({ networks: {} })).toEqual([])
  expect(featureState(portico, embeddedState).wallet).toBeUndefined()
})

test("behavior: with a login on record, the row's reconnect asks the instance's wallet; a frame that says the session is gone restores nothing and forgets the login", async () => {
  const portico = instance('embedded-lifecycle-used')
  writeLoginCache(portico, { used: true, email: 'ada@example.com', lastChain: 'eip155:31337' })
  const asked: string[] = []
  featureState(portico, embeddedState).wallet = {
    client: {
      request: (name: string) => {
        asked.push(name)
        return Promise.resolve({ isConnected: false })
      },
    },
    clearLoginCache: () => clearLoginCache(portico),
    listeners: new Map(),
  } as unknown as EmbeddedWallet
  expect(await row(portico, 'solana').reconnect({ networks: {} })).toEqual([])
  expect(asked).toEqual(['IS_CONNECTED'])
  expect(readLoginCache(portico)).toEqual({ used: false })
})
