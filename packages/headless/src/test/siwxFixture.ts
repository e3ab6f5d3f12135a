import { afterEach, vi } from 'vitest'
import { initialize } from '../kernel/actions/initialize.js'
import { eip155Adapter } from '../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../kernel/createPortico.js'
import { createTestEip1193Wallet } from '../testing/eip1193Wallet.js'
import { memoryStorage, testNetworks } from './fixtures.js'
import { installTestWindow, removeTestWindow } from './window.js'

/** @internal The test wallet's key and address for the sign-in verbs' tests. */
export const siwxKey = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba'
/** @internal */
export const siwxAddress = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'

/**
 * @internal
 * A Portico with `siwx` as its sign-in option and the test wallet as its only connector (not yet
 * connected), in a test window removed after each test. Call `siwxSuite()` at the file's top level.
 */
export function siwxSuite() {
  afterEach(() => {
    removeTestWindow()
    vi.restoreAllMocks()
  })
  return function setup(siwx: unknown) {
    installTestWindow()
    const { devnet } = testNetworks()
    const wallet = createTestEip1193Wallet({
      accounts: [siwxKey],
      chains: [{ id: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:1' }],
    })
    const portico = createPortico({
      projectId: 'p',
      networks: [devnet],
      adapters: [
        eip155Adapter({ eip6963: false, connectors: [{ id: 'test', name: 'Test', provider: wallet.provider }] }),
      ],
      storage: memoryStorage(),
      siwx: siwx as never,
    })
    initialize(portico)
    return { portico, wallet }
  }
}
