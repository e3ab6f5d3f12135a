// What the on-ramp hook tests share: a Portico over the shared devnet's API emulator (on-ramp
// options, quotes and the checkout) with the test wallet announced, rendered by a provider wrapper.
// The wallet is withdrawn and storage cleared when the test ends.
import type { ReactNode } from 'react'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { inject, onTestFinished } from 'vitest'
import { eip155Adapter } from '../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../kernel/createPortico.js'
import { eip155Network } from '../kernel/networks.js'
import { PorticoProvider } from '../kernel/react/PorticoProvider.js'
import { createTestEip1193Wallet } from '../testing/eip1193Wallet.js'

/**
 * @internal
 * @example
 * const { wrapper, address } = onrampHookSetup({ blockchain: 'http://127.0.0.1:9' }) // a dead API
 */
export function onrampHookSetup({
  blockchain = inject('devnet').apiUrl,
  privateKey = generatePrivateKey(),
}: {
  blockchain?: string
  privateKey?: `0x${string}`
} = {}) {
  const devnet = inject('devnet')
  const wallet = createTestEip1193Wallet({
    accounts: [privateKey],
    chains: [{ id: 31337, rpcUrl: devnet.evmRpcUrl }],
  })
  const withdraw = wallet.announce()
  onTestFinished(() => {
    withdraw()
    localStorage.clear()
  })
  const portico = createPortico({
    projectId: 'p',
    blockchainApi: false,
    walletConnect: false,
    remoteConfig: false,
    apiUrls: { api: devnet.apiUrl, blockchain },
    networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl, tokens: devnet.evmTokens })],
    adapters: [eip155Adapter()],
  })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <PorticoProvider config={portico}>{children}</PorticoProvider>
  )
  return { wrapper, address: privateKeyToAccount(privateKey).address }
}
