import { afterEach, vi } from 'vitest'
import { getSiwxState, type SiwxState } from '../features/siwx/getSiwxState.js'
import { type LocalSiwxOptions, localSiwx } from '../features/siwx/localSiwx.js'
import { watchSiwxState } from '../features/siwx/watchSiwxState.js'
import { initialize } from '../kernel/actions/initialize.js'
import { eip155Adapter } from '../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../kernel/createPortico.js'
import type { Portico } from '../kernel/portico.js'
import type { SiwxConfig } from '../kernel/siwxConfig.js'
import type { StorageLike } from '../kernel/state/storage.js'
import { createTestEip1193Wallet } from '../testing/eip1193Wallet.js'
import { memoryStorage, testNetworks } from './fixtures.js'
import { siwxAddress, siwxKey, siwxLoadsSettled } from './siwxFixture.js'
import { installTestWindow, removeTestWindow } from './window.js'

/** @internal What {@link siwxFlowSuite}'s setup may change. */
export type SiwxFlowSetup = {
  siwx?: LocalSiwxOptions | SiwxConfig
  storage?: StorageLike
  sessionStorage?: StorageLike
  /** The same wallet after a reload (it remembers that it authorised the site). */
  reuse?: ReturnType<typeof createTestEip1193Wallet>
}

/**
 * @internal
 * What the sign-in flow's tests share: a Portico on two networks with the test wallet as its only
 * connector and a local sign-in config (or the one given), in a test window; everything it started
 * is stopped after each test. Call at the file's top level.
 */
export function siwxFlowSuite() {
  const stops: (() => void)[] = []
  const created: Portico[] = []
  afterEach(async () => {
    await siwxLoadsSettled(created.splice(0))
    for (const stop of stops.splice(0)) stop()
    removeTestWindow()
    vi.restoreAllMocks()
  })
  function setup({
    siwx = {},
    storage = memoryStorage(),
    sessionStorage = memoryStorage(),
    reuse,
  }: SiwxFlowSetup = {}) {
    installTestWindow()
    const { devnet, devnet2 } = testNetworks()
    const wallet =
      reuse ??
      createTestEip1193Wallet({
        accounts: [siwxKey],
        chains: [
          { id: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:1' },
          { id: 31338, name: 'Devnet 2', rpcUrl: 'http://127.0.0.1:1' },
        ],
      })
    const config =
      'createMessage' in siwx
        ? siwx
        : localSiwx({ storage: sessionStorage, domain: 'app.test', uri: 'https://app.test', ...siwx })
    const portico = createPortico({
      projectId: 'p',
      networks: [devnet, devnet2],
      adapters: [
        eip155Adapter({ eip6963: false, connectors: [{ id: 'test', name: 'Test', provider: wallet.provider }] }),
      ],
      storage,
      siwx: config,
    })
    stops.push(initialize(portico))
    created.push(portico)
    return { portico, wallet, config, storage, sessionStorage }
  }
  return { setup, stops, address: siwxAddress }
}

/** @internal Resolves with the first sign-in state that matches (checked now and on every change). */
export function stateWhere(portico: Portico, match: (state: SiwxState) => boolean): Promise<SiwxState> {
  return new Promise((resolve) => {
    const now = getSiwxState(portico)
    if (match(now)) return resolve(now)
    const stop = watchSiwxState(portico, {
      onChange(state) {
        if (!match(state)) return
        stop()
        resolve(state)
      },
    })
  })
}
