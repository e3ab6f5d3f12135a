// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { memoryStorage } from '../../test/fixtures.js'
import { hookSetup, renderConnected, settled, sharedDevnet } from '../../test/hookHarness.js'
import { createTestEip1193Wallet } from '../../testing/eip1193Wallet.js'
import { connect } from '../actions/connect.js'
import { getConnectors } from '../actions/getConnectors.js'
import { initialize } from '../actions/initialize.js'
import { eip155Adapter } from '../adapters/eip155/eip155Adapter.js'
import { createPortico } from '../createPortico.js'
import { eip155Network } from '../networks.js'
import { PorticoProvider } from './PorticoProvider.js'
import { useConnection } from './useConnection.js'
import { useDisconnect } from './useDisconnect.js'

test('follows the connection: connected with the account, then disconnected', async () => {
  const { wrapper, wallet } = await hookSetup()
  const { result } = await renderConnected(wrapper, () => ({
    connection: useConnection(),
    disconnect: useDisconnect(),
  }))
  const [account] = await wallet.provider.request({ method: 'eth_accounts' })
  expect(result.current.value.connection).toMatchObject({
    status: 'connected',
    isConnected: true,
    address: account,
    connectorId: 'test',
  })
  await act(() => result.current.value.disconnect.mutateAsync())
  expect(result.current.value.connection).toMatchObject({ status: 'disconnected', isDisconnected: true })
})

test('reload: the provider reconnects silently (disconnected as on the server, reconnecting, then connected)', async () => {
  const devnet = sharedDevnet()
  const storage = memoryStorage()
  const networks = [eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl })] as const
  const wallet = createTestEip1193Wallet({
    accounts: [devnet.evmPrivateKeys[0] as `0x${string}`],
    chains: [{ id: 31337, rpcUrl: devnet.evmRpcUrl }],
  })
  const make = () =>
    createPortico({
      projectId: 'p',
      walletConnect: false,
      networks,
      storage,
      adapters: [
        eip155Adapter({
          eip6963: false,
          legacyInjected: false,
          connectors: [{ id: 'test', name: 'Test', provider: wallet.provider }],
        }),
      ],
    })
  // A session saved by an earlier page.
  const earlier = make()
  const stop = initialize(earlier)
  await connect(earlier, { connector: getConnectors(earlier)[0] })
  stop()

  const seen: string[] = []
  render(
    <PorticoProvider config={make()}>
      <Status seen={seen} />
    </PorticoProvider>,
  )
  await screen.findByText('connected', undefined, settled)
  // The first render equals what a server renders (ssr is the default); the saved session is read after mount.
  expect(seen).toEqual(['disconnected', 'reconnecting', 'connected'])
})

function Status({ seen }: { seen: string[] }) {
  const { status } = useConnection()
  if (seen.at(-1) !== status) seen.push(status)
  return <p>{status}</p>
}
