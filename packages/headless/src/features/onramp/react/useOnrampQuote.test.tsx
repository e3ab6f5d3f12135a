// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, expect, inject, test } from 'vitest'
import { eip155Adapter } from '../../../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../../../kernel/createPortico.js'
import { eip155Network } from '../../../kernel/networks.js'
import { PorticoProvider } from '../../../kernel/react/PorticoProvider.js'
import { createTestEip1193Wallet } from '../../../testing/eip1193Wallet.js'
import { useOnrampQuote } from './useOnrampQuote.js'

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

test('loading flag while fetching, the emulator quote, reset, placeholder on failure', async () => {
  const { wrapper } = setup()
  const { result, rerender } = renderHook(
    (props: { amount: string }) =>
      useOnrampQuote({ purchaseCurrency: 'USDC', paymentCurrency: 'USD', network: 'portico-devnet', ...props }),
    { wrapper, initialProps: { amount: '100' } },
  )
  expect(result.current.isLoading).toBe(true)
  await waitFor(() => expect(result.current.quote).toBeDefined(), { timeout: 15_000 })
  expect(result.current.isLoading).toBe(false)
  // 100 USD less the 1.5% provider fee and the 0.50 network fee, at 1 USD per USDC.
  expect(result.current.quote).toMatchObject({
    placeholder: false,
    paymentTotal: { amount: '100.00', currency: 'USD' },
    networkFee: { amount: '0.50', currency: 'USD' },
    purchaseAmount: { amount: '98.000000', currency: 'USDC' },
  })

  act(() => result.current.reset())
  expect(result.current.quote).toBeUndefined()
  expect(result.current.isLoading).toBe(false)

  // Below the card minimum the emulator answers 400: the placeholder quote, not an error.
  rerender({ amount: '5' })
  await waitFor(() => expect(result.current.quote).toBeDefined(), { timeout: 15_000 })
  expect(result.current.quote).toMatchObject({
    placeholder: true,
    paymentTotal: { amount: '5.00', currency: 'USD' },
    purchaseAmount: { amount: '0', currency: 'USDC' },
  })
  expect(result.current.query.status).toBe('success')
})
