// @vitest-environment happy-dom
// The hooks over the devnet's profile service: registering a name shows it at once in the
// address's names and identity (their 5-minute cache is refetched, not waited out).
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, expect, inject, test } from 'vitest'
import { createPortico } from '../../../kernel/createPortico.js'
import { PorticoProvider } from '../../../kernel/react/PorticoProvider.js'
import { useConnect } from '../../../kernel/react/useConnect.js'
import { memoryStorage, testNetworks } from '../../../test/fixtures.js'
import { hostAdapter, hostConnector } from '../../../test/hostConnector.js'
import { useIdentity } from '../../identity/react/useIdentity.js'
import { useNameSuggestions } from './useNameSuggestions.js'
import { useNamesForAddress } from './useNamesForAddress.js'
import { useRegisterName } from './useRegisterName.js'

const devnet = inject('devnet')
const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

test('useRegisterName: the registered name appears in useNamesForAddress and useIdentity at once; suggestions mark it taken', async () => {
  const account = privateKeyToAccount(generatePrivateKey())
  const { devnet: network } = testNetworks()
  const wallet = hostConnector({
    accountNames: true,
    connect: async () => [{ namespace: 'eip155', accounts: [account.address], caipNetworkId: network.caipNetworkId }],
    signMessage: ({ message }) => account.signMessage({ message: String(message) }),
  })
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    remoteConfig: false,
    networks: [network],
    adapters: [hostAdapter('eip155', [wallet.connector])],
    storage: memoryStorage(),
    apiUrls: { blockchain: devnet.apiUrl, api: devnet.apiUrl },
  })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <PorticoProvider config={portico}>{children}</PorticoProvider>
  )
  const label = `hook-${Math.random().toString(36).slice(2, 10)}`
  const { result } = renderHook(
    () => ({
      connect: useConnect(),
      names: useNamesForAddress(),
      identity: useIdentity({ address: account.address }),
      suggestions: useNameSuggestions({ name: label }),
      register: useRegisterName(),
    }),
    { wrapper },
  )
  await act(() => result.current.connect.mutateAsync({ connector: wallet.connector }))
  await waitFor(() => expect(result.current.names.data).toEqual([]), { timeout: 15_000 })
  await waitFor(() => expect(result.current.identity.data?.name ?? null).toBeNull(), { timeout: 15_000 })
  await waitFor(
    () => expect(result.current.suggestions.data?.[0]).toEqual({ name: `${label}.reown.id`, registered: false }),
    {
      timeout: 15_000,
    },
  )
  expect(await act(() => result.current.register.mutateAsync({ name: label }))).toEqual({
    name: `${label}.reown.id`,
    address: account.address,
  })
  await waitFor(() => expect(result.current.names.data?.map((n) => n.name)).toEqual([`${label}.reown.id`]), {
    timeout: 15_000,
  })
  await waitFor(() => expect(result.current.identity.data?.name).toBe(`${label}.reown.id`), { timeout: 15_000 })
  await waitFor(
    () => expect(result.current.suggestions.data?.[0]).toEqual({ name: `${label}.reown.id`, registered: true }),
    {
      timeout: 15_000,
    },
  )
})
