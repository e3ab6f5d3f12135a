// prepareWalletConnect(portico, { start: false }) (the code only) with the real SDK on both sides: a dapp and the devnet wallet
// (@reown/walletkit) through the devnet relay (src/test/walletConnectSuite.ts).
import { expect, test, vi } from 'vitest'
import { createMemoryWalletConnectStorage, type WalletConnectStorage } from '../../kernel/walletConnectOptions.js'
import { accountOf, walletConnectOf } from '../../test/walletConnect.js'
import { walletConnectSuite } from '../../test/walletConnectSuite.js'
import { getWalletConnectUri } from './getWalletConnectUri.js'
import { prepareWalletConnect } from './prepareWalletConnect.js'

const suite = walletConnectSuite()
const { createDapp, createWallet, pairAndConnect } = suite

test('default: start: false loads the code only (no socket, storage or proposal); the pick then pairs as usual; off with prepare: false', async () => {
  const inner = createMemoryWalletConnectStorage()
  const used: string[] = []
  const wcStorage: WalletConnectStorage = new Proxy(inner, {
    get: (target, key) => {
      const value = Reflect.get(target, key)
      return typeof value === 'function'
        ? (...args: unknown[]) => {
            used.push(String(key))
            return value.apply(target, args)
          }
        : value
    },
  })
  const { portico } = createDapp({ wcStorage })
  const walletConnect = walletConnectOf(portico)
  if (!walletConnect) throw new Error('WalletConnect is off')
  const connections = suite.relay.stats().connections
  const load = vi.spyOn(walletConnect, 'load')
  await prepareWalletConnect(portico, { start: false })
  await prepareWalletConnect(portico, { start: false })
  expect(load).toHaveBeenCalledTimes(2)
  expect(suite.relay.stats().connections).toBe(connections)
  expect(used).toEqual([])
  expect(getWalletConnectUri(portico)).toBeUndefined()

  const wallet = await createWallet()
  await pairAndConnect(portico, wallet)
  expect(accountOf(portico, 'eip155')?.status).toBe('connected')
  expect(used.length).toBeGreaterThan(0)
  // Connected over WalletConnect: the code is there, nothing to preload.
  load.mockClear()
  await prepareWalletConnect(portico, { start: false })
  expect(load).not.toHaveBeenCalled()

  const { portico: off } = createDapp({ prepare: false })
  const offLoad = vi.spyOn(walletConnectOf(off) as NonNullable<typeof walletConnect>, 'load')
  await prepareWalletConnect(off, { start: false })
  expect(offLoad).not.toHaveBeenCalled()
})
