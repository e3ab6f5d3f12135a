// WalletConnect's registration: the kernel lists a WalletConnect row per configured namespace from
// its descriptor alone, and on the first use of one it loads this module and asks `connector` for
// the implementation behind it. Here nothing reaches a relay (the relay URL is a closed loopback
// port, never dialled): pairing, restoring and signing through that connector need the devnet
// relay (connector.devnet.test.ts, walletConnect.devnet.test.ts).
import { expect, test, vi } from 'vitest'
import { getConnectors } from '../../kernel/actions/getConnectors.js'
import { featureLoaders } from '../../kernel/featureLoaders.js'
import type { Portico } from '../../kernel/portico.js'
import type { ConnectorEvent } from '../../kernel/types.js'
import type { ChainNamespace } from '../../kernel/utils/caip.js'
import { createMemoryWalletConnectStorage } from '../../kernel/walletConnectOptions.js'
import { offlinePortico } from '../../test/fixtures.js'
import type { WalletConnectController } from './controller.js'
import { lifecycle } from './lifecycle.js'
import { walletConnectSession } from './session.js'

/** An instance with WalletConnect on (eip155 and solana adapters), over a relay nobody listens on. */
const instance = (name: string) =>
  offlinePortico(name, {
    walletConnect: { relayUrl: 'ws://127.0.0.1:9', verifyUrl: false, storage: createMemoryWalletConnectStorage() },
  })

/** The instance's WalletConnect row of `namespace` in the kernel's registry (its descriptor). */
function row(portico: Portico, namespace: ChainNamespace) {
  const found = getConnectors(portico, { namespace }).find((c) => c.type === 'WALLET_CONNECT')
  if (!found) throw new Error(`no WalletConnect row on ${namespace}`)
  return found
}

/**
 * Resolves with the namespace of the next subscription the controller takes; the function it
 * returns is counted in `offs` when called.
 */
function nextSubscription(controller: WalletConnectController, offs: ChainNamespace[]) {
  const subscribe = controller.subscribe.bind(controller)
  return new Promise<{ namespace: ChainNamespace; listener: (event: ConnectorEvent) => void }>((resolve) => {
    vi.spyOn(controller, 'subscribe').mockImplementationOnce((namespace, listener) => {
      const off = subscribe(namespace, listener)
      resolve({ namespace, listener })
      return () => {
        offs.push(namespace)
        off()
      }
    })
  })
}

test("default: for each row the kernel lists, connector gives WalletConnect's connector of that row's namespace, and making it loads nothing", () => {
  const portico = instance('wc-lifecycle-default')
  for (const namespace of ['eip155', 'solana'] as const) {
    const descriptor = row(portico, namespace)
    expect(lifecycle.connector(portico, descriptor)).toMatchObject({
      id: 'walletConnect',
      uid: `${namespace}:walletConnect`,
      name: 'WalletConnect',
      chain: namespace,
      type: 'WALLET_CONNECT',
      provider: undefined,
    })
  }
  expect(walletConnectSession(portico).loaded()).toBeUndefined()
})

test('behavior: it is what the kernel loads: a row, first used, reaches the instance’s one controller, which every namespace’s connector shares', async () => {
  const portico = instance('wc-lifecycle-kernel')
  expect((await featureLoaders.walletConnect()).lifecycle).toBe(lifecycle)
  const controller = await walletConnectSession(portico).load()
  const offs: ChainNamespace[] = []

  // The kernel's solana row: its first use loads this lifecycle, whose connector listens on the controller.
  const fromRow = nextSubscription(controller, offs)
  const rowListener = vi.fn()
  const offRow = row(portico, 'solana').subscribe('solana', rowListener)
  const taken = await fromRow
  expect(taken.namespace).toBe('solana')
  taken.listener({ type: 'chainChanged', caipNetworkId: 'solana:abc' })
  expect(rowListener).toHaveBeenCalledExactlyOnceWith({ type: 'chainChanged', caipNetworkId: 'solana:abc' })

  // Another namespace's connector made by the lifecycle listens on the same controller.
  const fromEip155 = nextSubscription(controller, offs)
  const offEip155 = lifecycle.connector(portico, row(portico, 'eip155')).subscribe('eip155', vi.fn())
  expect((await fromEip155).namespace).toBe('eip155')
  expect(walletConnectSession(portico).loaded()).toBe(controller)

  offRow()
  offEip155()
  expect(offs).toEqual(['solana', 'eip155'])
  // Nothing started the sign client: no relay was dialled.
  expect((controller as unknown as { clientPromise?: unknown }).clientPromise).toBeUndefined()
})
