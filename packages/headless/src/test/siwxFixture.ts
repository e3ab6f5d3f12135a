import { afterEach, vi } from 'vitest'
import { initialize } from '../kernel/actions/initialize.js'
import { eip155Adapter } from '../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../kernel/createPortico.js'
import { featureLoaders } from '../kernel/featureLoaders.js'
import type { Portico } from '../kernel/portico.js'
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
  const created: Portico[] = []
  afterEach(async () => {
    await siwxLoadsSettled(created.splice(0))
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
    created.push(portico)
    return { portico, wallet }
  }
}

/**
 * @internal
 * Resolves once what these instances load and start on their own is done: each instance with a
 * sign-in option loads its flow as it is created, without holding up creation (kernel/lifecycle.ts),
 * and a connected account's first session lookup loads the session checks. The suites wait for it
 * after each test because a worker keeps its modules from file to file (the pure unit files run with
 * `isolate: false`): a load still running when its file ends is cut off, and the modules it was
 * importing stay failed for every later file in that worker.
 */
export async function siwxLoadsSettled(porticos: readonly Portico[]): Promise<void> {
  await featureLoaders.siwx()
  const { siwxFlowSettled } = await import('../features/siwx/siwxFlow.js')
  await Promise.all(porticos.map((portico) => siwxFlowSettled(portico)))
}
