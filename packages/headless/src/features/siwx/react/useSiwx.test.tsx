// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { verifyMessage } from 'viem'
import { afterEach, expect, test } from 'vitest'
import { connect } from '../../../kernel/actions/connect.js'
import { disconnect } from '../../../kernel/actions/disconnect.js'
import { eip155Adapter } from '../../../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../../../kernel/createPortico.js'
import { PorticoProvider } from '../../../kernel/react/PorticoProvider.js'
import { memoryStorage, testNetworks } from '../../../test/fixtures.js'
import { hookSetup, renderConnected, settled } from '../../../test/hookHarness.js'
import { createTestEip1193Wallet } from '../../../testing/eip1193Wallet.js'
import { localSiwx } from '../localSiwx.js'
import { useSiwx } from './useSiwx.js'

const key = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba'
const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

function setup() {
  const wallet = createTestEip1193Wallet({ accounts: [key], chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:1' }] })
  const siwx = localSiwx({ storage: memoryStorage(), domain: 'app.test', uri: 'https://app.test' })
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [testNetworks().devnet],
    adapters: [
      eip155Adapter({ eip6963: false, connectors: [{ id: 'test', name: 'Test', provider: wallet.provider }] }),
    ],
    storage: memoryStorage(),
    siwx,
  })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <PorticoProvider config={portico}>{children}</PorticoProvider>
  )
  return { portico, wallet, wrapper, siwx }
}

test('useSiwx: connect asks, signIn authenticates with a real signature, signOut and disconnect sign out', async () => {
  const { portico, wallet, wrapper, siwx } = setup()
  const { result } = renderHook(() => useSiwx(), { wrapper })
  expect(result.current).toMatchObject({ status: 'unauthenticated', step: 'idle', sessions: [] })

  await act(() => connect(portico, { connectorId: 'test', namespace: 'eip155' }))
  await waitFor(() => expect(result.current).toMatchObject({ status: 'authenticating', step: 'prompt' }), {
    timeout: 15_000,
  })

  wallet.rejectNext('personal_sign')
  await act(() => expect(result.current.signIn()).rejects.toMatchObject({ name: 'UserRejectedRequestError' }))
  expect(result.current.step).toBe('failed')

  let session: Awaited<ReturnType<typeof result.current.signIn>> | undefined
  await act(async () => {
    session = await result.current.signIn()
  })
  expect(result.current).toMatchObject({ status: 'authenticated', step: 'idle', sessions: [session] })
  expect(
    await verifyMessage({
      address: wallet.address,
      message: session?.message ?? '',
      signature: session?.signature as `0x${string}`,
    }),
  ).toBe(true)

  await act(() => result.current.signOut())
  expect(result.current.status).toBe('unauthenticated')
  expect(await siwx.getSessions('eip155:31337', wallet.address)).toEqual([])

  await act(() => result.current.signIn())
  await act(() => disconnect(portico))
  expect(result.current).toMatchObject({ status: 'unauthenticated', address: undefined })
  await waitFor(async () => expect(await siwx.getSessions('eip155:31337', wallet.address)).toEqual([]))
})

test('a double click on Sign asks for one signature, although each message has its own nonce', async () => {
  const { wrapper, asked } = await hookSetup({ siwx: true })
  const { result } = await renderConnected(wrapper, () => useSiwx())
  await waitFor(() => expect(result.current.value.step).toBe('prompt'), settled)
  let both: Promise<unknown> | undefined
  act(() => {
    both = Promise.all([result.current.value.signIn(), result.current.value.signIn()])
  })
  await act(async () => {
    await both
  })
  expect(asked('personal_sign')).toBe(1)
  await waitFor(() => expect(result.current.value.status).toBe('authenticated'), settled)
})
