// A wallet installed for EVM (EIP-6963) and for Solana (Wallet Standard) is one row in the Connect
// view, with its namespaces; choosing it asks which namespace to connect, and connects that one.
import {
  createPortico,
  eip155Adapter,
  eip155Network,
  getConnection,
  initialize,
  PorticoProvider,
  solanaAdapter,
  solanaNetwork,
} from '@portico/headless'
import { createTestEip1193Wallet, createTestSolanaWallet } from '@portico/headless/testing'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { ConnectButton } from '../../buttons/ConnectButton.js'
import { PorticoUI } from '../../PorticoUI.js'
import { modalSettled } from '../../test/modalSettled.js'
import '../../test/provided.js'
import { offline } from '../../test/offline.js'

const devnet = inject('devnet')

const stops: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of stops.splice(0)) stop()
})

/** A 32-byte secret as hex: a Solana key no other test uses. */
const freshSeed = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('')

/** The host's kit with both adapters, the Devnet Wallet installed for both, and the modal open. */
async function open({ solanaFirst = false } = {}) {
  const evm = createTestEip1193Wallet({
    accounts: [devnet.evmPrivateKeys[3] as `0x${string}`],
    chains: [{ id: 31337, rpcUrl: devnet.evmRpcUrl }],
  })
  const solana = await createTestSolanaWallet({ seeds: [freshSeed()], rpcUrl: devnet.solanaRpcUrl })
  stops.push(evm.announce(), solana.register())
  const evmNetwork = eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl })
  const solanaNet = solanaNetwork({
    genesisHash: devnet.solanaGenesisHash,
    name: 'Solana Devnet',
    rpcUrl: devnet.solanaRpcUrl,
  })
  const portico = createPortico({
    projectId: 'connect-one-row',
    networks: solanaFirst ? [solanaNet, evmNetwork] : [evmNetwork, solanaNet],
    adapters: [eip155Adapter(), solanaAdapter()],
    ...offline,
  })
  stops.push(initialize(portico))
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  await render(
    <PorticoProvider config={portico} queryClient={queryClient} reconnectOnMount={false}>
      <PorticoUI>
        <ConnectButton />
      </PorticoUI>
    </PorticoProvider>,
  )
  await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
  return { portico, evm, solana }
}

const rows = () => [...document.querySelectorAll('[data-slot="wallet-row"]')]
const choices = () => [...document.querySelectorAll('[data-slot="choose-namespace"]')].map((b) => b.textContent)

test('one row for the wallet, with its namespaces; choosing Solana connects its Solana connector', async () => {
  const { portico } = await open()
  const row = page.getByRole('button', { name: /Devnet Wallet/ })
  await expect.element(row).toHaveTextContent('EVM · Solana')
  expect(rows()).toHaveLength(1)
  await userEvent.click(row)
  // The active namespace (the first network's, EVM) first.
  await expect.element(page.getByRole('button', { name: 'Solana' })).toBeVisible()
  expect(choices()).toEqual(['EVM', 'Solana'])
  await expect.element(page.getByText('Devnet Wallet')).toBeVisible()
  await modalSettled()
  await userEvent.click(page.getByRole('button', { name: 'Solana' }))
  await expect.poll(() => getConnection(portico, { namespace: 'solana' }).isConnected, { timeout: 30_000 }).toBe(true)
  expect(getConnection(portico, { namespace: 'eip155' }).isConnected).toBe(false)
})

test('Back from the choice returns to the list; EVM chosen with the keyboard connects its EIP-6963 connector', async () => {
  const { portico, evm } = await open()
  await userEvent.click(page.getByRole('button', { name: /Devnet Wallet/ }))
  await expect.element(page.getByRole('button', { name: 'EVM' })).toBeVisible()
  await modalSettled()
  await userEvent.click(page.getByRole('button', { name: 'Back' }))
  await expect.element(page.getByRole('button', { name: /Devnet Wallet/ })).toHaveTextContent('EVM · Solana')
  await userEvent.click(page.getByRole('button', { name: /Devnet Wallet/ }))
  const choice = page.getByRole('button', { name: 'EVM' })
  await expect.element(choice).toBeVisible()
  ;(choice.element() as HTMLButtonElement).focus()
  await userEvent.keyboard('{Enter}')
  await expect.poll(() => getConnection(portico, { namespace: 'eip155' }).isConnected, { timeout: 30_000 }).toBe(true)
  expect(getConnection(portico, { namespace: 'eip155' }).address?.toLowerCase()).toBe(evm.address.toLowerCase())
  expect(getConnection(portico, { namespace: 'solana' }).isConnected).toBe(false)
})

test('with a Solana network active, the choice lists Solana first', async () => {
  await open({ solanaFirst: true })
  await userEvent.click(page.getByRole('button', { name: /Devnet Wallet/ }))
  await expect.element(page.getByRole('button', { name: 'Solana' })).toBeVisible()
  expect(choices()).toEqual(['Solana', 'EVM'])
})
