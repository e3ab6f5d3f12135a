// The pay panel in real Chromium against the shared devnet: a host calls `usePay()`, the user pays
// through the real test wallet, and the transfer is checked on anvil. Each test starts from a fresh
// key (funded through anvil and the USDC minter), so no other test's balances or nonces are touched.

import {
  connect,
  createPortico,
  eip155Adapter,
  eip155Network,
  type Features,
  initialize,
  type Portico,
  PorticoProvider,
  solanaAdapter,
  solanaNetwork,
} from '@portico/headless'
import { createTestEip1193Wallet, createTestSolanaWallet } from '@portico/headless/testing'
import { QueryClient } from '@tanstack/react-query'
import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { PorticoUI } from '../../PorticoUI.js'
import {
  tokenBalance as balanceOf,
  devnetClient as chain,
  freshFundedKey,
  devnetUsdc as usdc,
} from '../../test/devnetChain.js'
import { modalSettled } from '../../test/modalSettled.js'
import { type PayRequest, type PayResult, usePay } from '../../usePay.js'
import '../../test/provided.js'

const devnet = inject('devnet')
const stops: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of stops.splice(0)) stop()
})

type Settled = { result: PayResult } | { error: Error & { name: string; shortMessage?: string } }

type HostRef = { pay?: (request: PayRequest) => Promise<PayResult> }

/** The host page: it keeps `usePay()`'s function for the test to call. */
function Host({ host }: { host: HostRef }) {
  host.pay = usePay()
  return null
}

/** The host's kit with the pay flag on, and no remote service: balances come from the chain. */
const hostPortico = (
  chain: Pick<Parameters<typeof createPortico>[0], 'networks' | 'adapters'>,
  features?: Partial<Features>,
): Portico =>
  createPortico({
    projectId: 'pay-test',
    ...chain,
    storage: null,
    blockchainApi: false,
    walletConnect: false,
    walletDirectory: false,
    remoteConfig: false,
    features: { analytics: false, pay: true, ...features },
  })

async function mount({ features }: { features?: Partial<Features> } = {}) {
  const { key, address } = await freshFundedKey({ usdc: 100_000_000n })
  const wallet = createTestEip1193Wallet({ accounts: [key], chains: [{ id: 31337, rpcUrl: devnet.evmRpcUrl }] })
  stops.push(wallet.announce())
  const portico = hostPortico(
    {
      networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl, tokens: devnet.evmTokens })],
      adapters: [eip155Adapter()],
    },
    features,
  )
  stops.push(initialize(portico))
  await connect(portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
  return { address, wallet, pay: await renderHost(portico) }
}

/** Renders the host page on `portico` and returns its `pay`, each outcome kept as a value. */
async function renderHost(portico: Portico) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const host: HostRef = {}
  await render(
    <PorticoProvider config={portico} queryClient={queryClient} reconnectOnMount={false}>
      <PorticoUI themeMode="dark">
        <Host host={host} />
      </PorticoUI>
    </PorticoProvider>,
  )
  await expect.poll(() => host.pay).toBeDefined()
  /** The host's call, its outcome kept (never an unhandled rejection). */
  const pay = (request: PayRequest): Promise<Settled> =>
    (host.pay as NonNullable<typeof host.pay>)(request).then(
      (result) => ({ result }),
      (error) => ({ error }),
    )
  return pay
}

/** A 32-byte secret as hex: a Solana key no other test uses. */
const freshSeed = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('')

const solanaRpc = async <result,>(method: string, params: unknown[]): Promise<result> => {
  const response = await fetch(devnet.solanaRpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: result; error?: { message: string } }
  if (body.error) throw new Error(body.error.message)
  return body.result as result
}
const lamports = async (address: string) =>
  BigInt((await solanaRpc<{ value: number }>('getBalance', [address, { commitment: 'confirmed' }])).value)

const $ = (name: string) => document.querySelector(`[data-slot="${name}"]`) as HTMLElement | null
const newReceiver = () => privateKeyToAccount(generatePrivateKey()).address

test('the pay panel shows the request read-only, pays on chain and resolves with the hash', async () => {
  const { address, wallet, pay } = await mount()
  const receiver = newReceiver()
  const outcome = pay({ amount: '12.5', token: usdc, receiver })
  // The first Pay view of this file: its chunk is transformed cold by Vite, slow on a loaded CI machine.
  await expect.element(page.getByRole('heading', { name: 'Pay' }), { timeout: 30_000 }).toBeVisible()
  await expect.poll(() => $('pay-amount')?.textContent).toBe('12.5 USDC')
  expect($('pay-receiver')?.getAttribute('title')).toBe(receiver)
  // Nothing to edit: the request is the host's.
  expect(page.getByRole('dialog').element().querySelector('input')).toBeNull()
  await expect.poll(() => $('pay-fee')?.textContent).toMatch(/^Network fee[\d.,]+ ETH$/)

  const confirm = $('pay-confirm') as HTMLButtonElement
  // A double click (two clicks before React re-renders) pays once: the send's guard.
  confirm.click()
  confirm.click()
  const settled = await outcome
  expect('result' in settled ? settled.result.hash : settled.error).toMatch(/^0x[0-9a-f]{64}$/)
  const hash = 'result' in settled ? (settled.result.hash as Hex) : '0x'
  const receipt = await chain.getTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
  expect(await balanceOf(usdc, receiver)).toBe(12_500_000n)
  expect(await balanceOf(usdc, address)).toBe(87_500_000n)
  expect(wallet.requests.filter((r) => r.method === 'eth_sendTransaction')).toHaveLength(1)
  await expect.element(page.getByText('Sent 12.5 USDC')).toBeVisible()
})

test('the native currency: the receiver gets exactly the amount', async () => {
  const { pay } = await mount()
  const receiver = newReceiver()
  const outcome = pay({ amount: '0.25', token: 'native', receiver })
  await expect.element(page.getByRole('heading', { name: 'Pay' }), { timeout: 30_000 }).toBeVisible()
  await expect.poll(() => $('pay-amount')?.textContent).toBe('0.25 ETH')
  await expect.element(page.getByRole('button', { name: 'Pay', exact: true })).toBeEnabled()
  await modalSettled()
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  const settled = await outcome
  expect('result' in settled).toBe(true)
  expect(await chain.getBalance({ address: receiver })).toBe(250_000_000_000_000_000n)
})

test('with the pay feature off (its default) nothing opens and the host gets a typed error', async () => {
  const { pay } = await mount({ features: { pay: false } })
  const settled = await pay({ amount: '1', token: usdc, receiver: newReceiver() })
  expect('error' in settled && settled.error.name).toBe('PayDisabledError')
  expect('error' in settled && settled.error.shortMessage).toBe('The pay feature is off')
  expect(document.querySelector('[role="dialog"]')).toBeNull()
})

test("a host's invalid input is refused with the send's typed errors before anything opens", async () => {
  const { pay } = await mount()
  const receiver = newReceiver()
  const cases: [PayRequest, string, string][] = [
    [
      { amount: '', token: usdc, receiver },
      'SendParametersRequiredError',
      'An amount and receiver address are required',
    ],
    [
      { amount: '1', token: usdc, receiver: '' },
      'SendParametersRequiredError',
      'An amount and receiver address are required',
    ],
    [{ amount: '1', token: '', receiver }, 'TokenRequiredError', 'A token is required'],
    [{ amount: '1', token: usdc, receiver: '0x1234' }, 'InvalidAddressError', 'Address is invalid'],
    [{ amount: '1', token: newReceiver(), receiver }, 'InvalidTokenError', 'Token is invalid'],
    [{ amount: '1.1234567', token: usdc, receiver }, 'InvalidAmountError', 'Amount is invalid'],
    [{ amount: '-1', token: 'native', receiver }, 'InvalidAmountError', 'Amount is invalid'],
  ]
  for (const [request, name, message] of cases) {
    const settled = await pay(request)
    expect('error' in settled && [settled.error.name, settled.error.shortMessage]).toEqual([name, message])
  }
  expect(document.querySelector('[role="dialog"]')).toBeNull()
})

test('more than the balance: the panel says Insufficient funds and Pay stays disabled', async () => {
  const { pay } = await mount()
  const outcome = pay({ amount: '1000', token: usdc, receiver: newReceiver() })
  await expect.element(page.getByRole('heading', { name: 'Pay' }), { timeout: 30_000 }).toBeVisible()
  await expect.element(page.getByRole('button', { name: 'Insufficient funds' })).toBeDisabled()
  await modalSettled()
  await page.getByRole('button', { name: 'Cancel' }).click()
  const settled = await outcome
  expect('error' in settled && settled.error.name).toBe('PayClosedError')
})

test('closing the modal rejects with PayClosedError and pays nothing', async () => {
  const { pay, wallet } = await mount()
  const receiver = newReceiver()
  const outcome = pay({ amount: '1', token: usdc, receiver })
  await expect.element(page.getByRole('heading', { name: 'Pay' }), { timeout: 30_000 }).toBeVisible()
  await expect.element(page.getByRole('button', { name: 'Pay', exact: true })).toBeEnabled()
  await userEvent.keyboard('{Escape}')
  const settled = await outcome
  expect('error' in settled && [settled.error.name, settled.error.shortMessage]).toEqual([
    'PayClosedError',
    'The pay panel was closed before paying',
  ])
  expect(wallet.requests.filter((r) => r.method === 'eth_sendTransaction')).toHaveLength(0)
  expect(await balanceOf(usdc, receiver)).toBe(0n)
})

test('a rejected wallet prompt rejects the host with UserRejectedRequestError; the panel says so', async () => {
  const { pay, wallet } = await mount()
  const receiver = newReceiver()
  const outcome = pay({ amount: '1', token: usdc, receiver })
  await expect.element(page.getByRole('button', { name: 'Pay', exact: true }), { timeout: 30_000 }).toBeEnabled()
  wallet.rejectNext('eth_sendTransaction')
  await modalSettled()
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  const settled = await outcome
  expect('error' in settled && settled.error.name).toBe('UserRejectedRequestError')
  await expect.element(page.getByRole('alert')).toHaveTextContent('Transaction rejected')
  expect(await balanceOf(usdc, receiver)).toBe(0n)
})

test('closed while the wallet has the transfer, the host still gets its hash (the payment went out); a second pay meanwhile is refused', async () => {
  const { pay, wallet } = await mount()
  const receiver = newReceiver()
  // The user takes their time in the wallet: its prompt answers once released.
  let release = () => {}
  const approved = new Promise<void>((resolve) => {
    release = resolve
  })
  const request = wallet.provider.request.bind(wallet.provider)
  let prompted = false
  wallet.provider.request = (async (args: { method: string }) => {
    if (args.method === 'eth_sendTransaction') {
      prompted = true
      await approved
    }
    return request(args as Parameters<typeof request>[0])
  }) as typeof wallet.provider.request
  const outcome = pay({ amount: '2', token: usdc, receiver })
  await expect.element(page.getByRole('button', { name: 'Pay', exact: true }), { timeout: 30_000 }).toBeEnabled()
  await modalSettled()
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect.poll(() => prompted).toBe(true)
  await userEvent.keyboard('{Escape}')
  await expect.poll(() => document.querySelector('[role="dialog"]')).toBeNull()
  // A second request while the wallet has the first is refused: it must not take the first's
  // outcome, nor report the first (which is going out) as closed.
  const other = newReceiver()
  const second = await pay({ amount: '3', token: usdc, receiver: other })
  expect('error' in second && [second.error.name, second.error.shortMessage]).toEqual([
    'PayInProgressError',
    'A payment is already in progress',
  ])
  expect(document.querySelector('[role="dialog"]')).toBeNull()
  release()
  const settled = await outcome
  expect('result' in settled && settled.result.hash).toMatch(/^0x[0-9a-f]{64}$/)
  expect(await balanceOf(usdc, receiver)).toBe(2_000_000n)
  expect(await balanceOf(usdc, other)).toBe(0n)
  expect(wallet.requests.filter((r) => r.method === 'eth_sendTransaction')).toHaveLength(1)
})

test('on Solana: a SOL payment through the Wallet Standard test wallet lands exactly', async () => {
  const network = solanaNetwork({
    genesisHash: devnet.solanaGenesisHash,
    name: 'Solana Devnet',
    rpcUrl: devnet.solanaRpcUrl,
  })
  const wallet = await createTestSolanaWallet({ seeds: [freshSeed()], rpcUrl: devnet.solanaRpcUrl })
  stops.push(wallet.register())
  // A fresh payer funded by the devnet faucet, so no other test's balance is involved.
  await solanaRpc('requestAirdrop', [wallet.address, 2_000_000_000])
  await expect.poll(() => lamports(wallet.address)).toBe(2_000_000_000n)
  const receiver = (await createTestSolanaWallet({ seeds: [freshSeed()], rpcUrl: devnet.solanaRpcUrl })).address
  const portico = hostPortico({ networks: [network], adapters: [solanaAdapter()] })
  stops.push(initialize(portico))
  await connect(portico, { connectorId: 'Devnet Wallet', namespace: 'solana' })
  const pay = await renderHost(portico)

  const outcome = pay({ amount: '0.25', token: 'native', receiver })
  await expect.element(page.getByRole('heading', { name: 'Pay' }), { timeout: 30_000 }).toBeVisible()
  await expect.poll(() => $('pay-amount')?.textContent).toBe('0.25 SOL')
  await expect.poll(() => $('pay-fee')?.textContent).toMatch(/^Network fee[\d.,]+ SOL$/)
  await modalSettled()
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  const settled = await outcome
  if ('error' in settled) throw settled.error
  // A Solana transaction's id is its base58 signature.
  expect(settled.result.hash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,90}$/)
  expect(await lamports(receiver)).toBe(250_000_000n)
  expect(wallet.requests.filter((r) => r.feature.startsWith('solana:sign'))).toHaveLength(1)
})
