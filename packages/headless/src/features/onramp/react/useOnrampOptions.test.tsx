// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, expect, inject, test } from 'vitest'
import { eip155Adapter } from '../../../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../../../kernel/createPortico.js'
import { eip155Network } from '../../../kernel/networks.js'
import { PorticoProvider } from '../../../kernel/react/PorticoProvider.js'
import { createTestEip1193Wallet } from '../../../testing/eip1193Wallet.js'
import { useOnrampOptions } from './useOnrampOptions.js'

const devnet = inject('devnet')
const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  localStorage.clear()
})

function setup({ blockchain = devnet.apiUrl, privateKey = generatePrivateKey() } = {}) {
  const wallet = createTestEip1193Wallet({
    accounts: [privateKey],
    chains: [{ id: 31337, rpcUrl: devnet.evmRpcUrl }],
  })
  stops.push(wallet.announce())
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

test('the emulator options, and the sample options when the call fails', async () => {
  const live = renderHook(() => useOnrampOptions(), { wrapper: setup().wrapper })
  await waitFor(() => expect(live.result.current.status).toBe('success'), { timeout: 15_000 })
  expect(live.result.current.data?.source).toBe('api')
  expect(live.result.current.data?.purchaseCurrencies.map((c) => c.symbol)).toEqual(['USDC', 'SOL'])
  expect(live.result.current.providers).toEqual(['hosted'])

  // A path the emulator does not serve answers 404: the spec's built-in sample options stand in.
  const failing = renderHook(() => useOnrampOptions({ providers: ['hosted', 'other'] }), {
    wrapper: setup({ blockchain: `${devnet.apiUrl}/missing` }).wrapper,
  })
  await waitFor(() => expect(failing.result.current.status).toBe('success'), { timeout: 15_000 })
  expect(failing.result.current.data?.source).toBe('sample')
  expect(failing.result.current.data?.purchaseCurrencies[0]?.symbol).toBe('USDC')
  expect(failing.result.current.data?.purchaseCurrencies[0]?.networks.map((n) => n.name)).toEqual([
    'ethereum',
    'polygon',
  ])
  expect(failing.result.current.data?.paymentCurrencies.map((c) => c.id)).toEqual(['USD', 'EUR'])
  expect(failing.result.current.data?.paymentCurrencies[0]?.payment_method_limits).toEqual([
    { id: 'card', min: '10.00', max: '7500.00' },
    { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
  ])
  expect(failing.result.current.providers).toEqual(['hosted', 'other'])
})

test('a provider list that is not an array of strings is emptied', async () => {
  const { wrapper } = setup()
  for (const providers of ['hosted', { 0: 'hosted' }, ['hosted', 1], null]) {
    const { result } = renderHook(() => useOnrampOptions({ providers }), { wrapper })
    expect(result.current.providers).toEqual([])
  }
})
