// @vitest-environment happy-dom
// useWalletConnectUri with the real SDK on both sides: a dapp and the devnet wallet
// (@reown/walletkit) through the shared devnet's relay (globalDevnet.ts: a DOM test cannot start
// the devnet itself), rendered with React.
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, expect, test } from 'vitest'
import { createDevnetWallet, type DevnetWallet } from '../../../../../devnet/src/wallet/wallet.js'
import { connect } from '../../../kernel/actions/connect.js'
import { eip155Adapter } from '../../../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../../../kernel/createPortico.js'
import { eip155Network } from '../../../kernel/networks.js'
import { PorticoProvider } from '../../../kernel/react/PorticoProvider.js'
import { createMemoryWalletConnectStorage } from '../../../kernel/walletConnectOptions.js'
import { memoryStorage } from '../../../test/fixtures.js'
import { settled, sharedDevnet } from '../../../test/hookHarness.js'
import { accountOf, closePortico, wcConnector } from '../../../test/walletConnect.js'
import { useWalletConnectUri } from './useWalletConnectUri.js'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

function dapp() {
  const devnet = sharedDevnet()
  const portico = createPortico({
    projectId: 'portico-devnet',
    metadata: { name: 'Portico test dapp', description: 'hook test', url: window.location.origin, icons: [] },
    networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl, testnet: true })],
    adapters: [eip155Adapter({ eip6963: false, legacyInjected: false })],
    storage: memoryStorage(),
    ssr: false,
    walletConnect: { relayUrl: devnet.walletConnectRelayUrl, storage: createMemoryWalletConnectStorage() },
  })
  cleanups.push(() => closePortico(portico))
  const rendered = renderHook(() => useWalletConnectUri(), {
    wrapper: ({ children }: { children: ReactNode }) => <PorticoProvider config={portico}>{children}</PorticoProvider>,
  })
  return { portico, result: rendered.result }
}

async function wallet(): Promise<DevnetWallet> {
  const devnet = sharedDevnet()
  const created = await createDevnetWallet({
    storagePrefix: `use-wc-uri-${Date.now()}`,
    relayUrl: devnet.walletConnectRelayUrl,
    evmRpcUrl: devnet.evmRpcUrl,
    solanaRpcUrl: devnet.solanaRpcUrl,
    accountIndex: 4,
    evmChainIds: [31337],
  })
  cleanups.push(() => created.close())
  return created
}

test('default: undefined while no WalletConnect connection is pending', () => {
  expect(dapp().result.current).toBeUndefined()
})

test('behavior: renders the pairing URI while connecting, the one the wallet pairs with; undefined once connected', async () => {
  const { portico, result } = dapp()
  const devnetWallet = await wallet()
  let connecting: Promise<unknown> = Promise.resolve()
  act(() => {
    connecting = connect(portico, { connector: wcConnector(portico) })
  })
  await waitFor(() => expect(result.current?.uri).toMatch(/^wc:[0-9a-f]{64}@2\?/), settled)
  expect(result.current?.expiresAt).toBeGreaterThan(Date.now())
  await act(async () => {
    await devnetWallet.pair(result.current?.uri ?? '')
    await connecting
  })
  expect(accountOf(portico, 'eip155')?.status).toBe('connected')
  await waitFor(() => expect(result.current).toBeUndefined(), settled)
})
