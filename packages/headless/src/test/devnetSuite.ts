import { type Devnet, startDevnet } from '@portico/devnet'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { connectedHostWallet, type HostConnectorBehaviour } from './hostConnector.js'
import { installTestWindow, removeTestWindow } from './window.js'

/**
 * One devnet and one test window for a test file (started before its tests, stopped after), and
 * a list of clean-ups run after each test. Call at the top level of the file.
 */
export function devnetSuite() {
  let devnet: Devnet | undefined
  const stops: (() => void)[] = []
  beforeAll(async () => {
    devnet = await startDevnet()
    installTestWindow()
  })
  afterAll(async () => {
    removeTestWindow()
    await devnet?.stop()
  })
  afterEach(() => {
    for (const stop of stops.splice(0)) stop()
  })
  return {
    /** The running devnet (from `beforeAll` on). */
    get devnet(): Devnet {
      if (!devnet) throw new Error('devnetSuite: the devnet starts in beforeAll')
      return devnet
    },
    stops,
    /** A Portico connected to a host connector (see {@link connectedHostWallet}), stopped after the test. */
    async host(behaviour: HostConnectorBehaviour = {}) {
      const setup = await connectedHostWallet(behaviour)
      stops.push(setup.stop)
      return setup
    },
  }
}
