// `startPay`'s checks at their bounds, in Node on the shared devnet (balances read over RPC): what
// reaches the pay panel once a host's request is accepted (trimmed, the token as listed), what is
// refused before anything opens, and one request at a time. The panel, the payment on chain and
// the common refusals through `usePay()` are in PayView.browser.test.tsx.
import {
  connect,
  createPortico,
  eip155Adapter,
  eip155Network,
  type Features,
  initialize,
  type TokenBalance,
} from '@portico/headless'
import { createTestEip1193Wallet } from '@portico/headless/testing'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, expect, inject, test } from 'vitest'
import { createModalController } from '../../modal/controller.js'
import { viewTable } from '../index.js'
import { findPayToken, type PayRequest, payState, startPay } from './payRequest.js'

const devnet = inject('devnet')
const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

const usdc = devnet.evmTokens.find((t) => t.symbol === 'USDC')?.address as string
const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const solanaAddress = 'FfAhSVW1b1rZdyLnTwT2N4SqMyGAhQK7Lb2zaUFhDDXJ'

/** A kit connected on the devnet through a host-supplied test wallet, and a modal as `<PorticoUI>` drives it. */
async function setup({ features, connected = true }: { features?: Partial<Features>; connected?: boolean } = {}) {
  const wallet = createTestEip1193Wallet({
    accounts: [devnet.evmPrivateKeys[0] as `0x${string}`],
    chains: [{ id: 31337, rpcUrl: devnet.evmRpcUrl }],
  })
  const portico = createPortico({
    projectId: 'pay-unit',
    networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl, tokens: devnet.evmTokens })],
    adapters: [eip155Adapter({ connectors: [{ id: 'dev', name: 'Dev Wallet', provider: wallet.provider }] })],
    storage: null,
    walletConnect: false,
    walletDirectory: false,
    blockchainApi: false,
    remoteConfig: false,
    features: { analytics: false, pay: true, ...features },
  })
  stops.push(initialize(portico))
  if (connected) await connect(portico, { connectorId: 'dev', namespace: 'eip155' })
  const modal = createModalController({ embedded: false, table: viewTable })
  let isOpen = false
  const setOpen = (next: boolean) => {
    isOpen = next
    modal.attach(next, setOpen)
    modal.committed(next)
  }
  modal.attach(false, setOpen)
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const pay = (request: PayRequest) =>
    startPay({ portico, queryClient, modal }, request).then(
      (result) => ({ result }),
      (error: Error & { shortMessage?: string }) => ({ error }),
    )
  /** The view and data the modal was opened on, once it is open. */
  const opened = () =>
    (isOpen ? modal.navigation.get().history.at(-1) : undefined) as { view: string; data?: unknown } | undefined
  return { portico, modal, pay, opened, close: () => setOpen(false) }
}

/** Resolves once the modal opened (startPay opens it after its balance read). */
const untilOpen = (modal: ReturnType<typeof createModalController>) =>
  new Promise<void>((resolve) => {
    if (modal.isOpen()) return resolve()
    const stop = modal.subscribeOpen(() => {
      if (modal.isOpen()) {
        stop()
        resolve()
      }
    })
  })

const refusal = (settled: { error?: Error & { shortMessage?: string } } | object) =>
  'error' in settled ? [settled.error?.name, settled.error?.shortMessage] : ['resolved']

const balance = (over: Partial<TokenBalance>): TokenBalance => ({
  name: 'x',
  symbol: 'X',
  chainId: 'eip155:31337',
  quantity: { decimals: '18', numeric: '1' },
  ...over,
})

test("behavior: findPayToken reads 'native' as the entry without an address, and matches an address in any case", () => {
  const eth = balance({ symbol: 'ETH' })
  const token = balance({ symbol: 'USDC', address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' })
  const balances = [token, eth]
  expect(findPayToken(balances, 'native')).toBe(eth)
  expect(findPayToken(balances, 'NATIVE')).toBe(eth)
  expect(findPayToken(balances, '0x5fbdb2315678afecb367f032d93f642f64180aa3')).toBe(token)
  expect(findPayToken(balances, '0x5FBDB2315678AFECB367F032D93F642F64180AA3')).toBe(token)
  // A symbol is not a token's name in a request: only 'native' or an address.
  expect(findPayToken(balances, 'USDC')).toBeUndefined()
  expect(findPayToken(balances, 'ETH')).toBeUndefined()
  expect(findPayToken([token], 'native')).toBeUndefined()
})

test('behavior: an accepted request opens the Pay view once, trimmed, the token as the network lists it', async () => {
  const { pay, modal, opened, close } = await setup()
  const outcome = pay({ amount: ' 1.5 ', token: `  ${usdc.toLowerCase()} `, receiver: ` ${receiver}\n` })
  await untilOpen(modal)
  expect(opened()).toEqual({ view: 'Pay', data: { amount: '1.5', token: usdc, receiver } })
  close()
  expect(refusal(await outcome)).toEqual(['PayClosedError', 'The pay panel was closed before paying'])
  expect(modal.local(payState).pending).toBeUndefined()
})

test("behavior: 'native' in any case is the network's currency; 18 decimals are accepted to the last one", async () => {
  const { pay, modal, opened, close } = await setup()
  const outcome = pay({ amount: '0.000000000000000001', token: 'Native', receiver })
  await untilOpen(modal)
  expect(opened()?.data).toEqual({ amount: '0.000000000000000001', token: 'native', receiver })
  close()
  await outcome
})

test('edge: amounts at their bounds: too many decimals, zero, negative, exponent and non-decimal forms are refused', async () => {
  const { pay, opened } = await setup()
  // USDC has 6 decimals: a 7th significant one cannot be paid; trailing zeros are not significant.
  for (const amount of [
    '1.0000001',
    '0',
    '0.000',
    '-1',
    '-0.5',
    '1e6',
    '1E-2',
    '0x10',
    '1,5',
    'Infinity',
    'NaN',
    '.',
  ]) {
    expect([amount, ...refusal(await pay({ amount, token: usdc, receiver }))]).toEqual([
      amount,
      'InvalidAmountError',
      'Amount is invalid',
    ])
  }
  expect(opened()).toBeUndefined()
})

test('edge: a huge amount and trailing zeros past the decimals are well formed: the panel judges the balance', async () => {
  const { pay, modal, opened, close } = await setup()
  const huge = `${'9'.repeat(60)}.100000000`
  const outcome = pay({ amount: huge, token: usdc, receiver })
  await untilOpen(modal)
  expect(opened()?.data).toMatchObject({ amount: huge })
  close()
  await outcome
})

test('error: a receiver of another namespace, a payment link or a checksum-broken address is refused as invalid', async () => {
  const { pay, opened } = await setup()
  // The receiver with one letter's case changed: its EIP-55 checksum no longer holds.
  const broken = '0x70997970c51812dc3A010C7d01b50e0d17dc79C8'
  for (const bad of [
    solanaAddress,
    `ethereum:${receiver}@31337?value=1e18`,
    `${receiver}?amount=1000`,
    `https://127.0.0.1/pay?to=${receiver}`,
    `${receiver}<script>`,
    broken,
  ]) {
    expect([bad, ...refusal(await pay({ amount: '1', token: usdc, receiver: bad }))]).toEqual([
      bad,
      'InvalidAddressError',
      'Address is invalid',
    ])
  }
  expect(opened()).toBeUndefined()
})

test('error: a token the network does not list, a symbol, or an address with extra parameters is refused', async () => {
  const { pay, opened } = await setup()
  for (const token of ['USDC', 'ETH', receiver, `${usdc}?decimals=0`, `${usdc}#`, solanaAddress]) {
    const settled = await pay({ amount: '1', token, receiver })
    expect([token, ...refusal(settled)]).toEqual([token, 'InvalidTokenError', 'Token is invalid'])
    expect('error' in settled && (settled.error as Error & { details?: string }).details).toBe(
      `${token} is not a token of Devnet.`,
    )
  }
  expect(opened()).toBeUndefined()
})

test('error: a request that is not an object of strings is refused with a typed error, never a TypeError', async () => {
  const { pay } = await setup()
  const cases: [unknown, string][] = [
    [undefined, 'SendParametersRequiredError'],
    [null, 'SendParametersRequiredError'],
    [{ amount: 1, token: usdc, receiver }, 'SendParametersRequiredError'],
    [{ amount: '1', token: usdc, receiver: ['0x'] }, 'SendParametersRequiredError'],
    [{ amount: '   ', token: usdc, receiver }, 'SendParametersRequiredError'],
    [{ amount: '1', token: 1, receiver }, 'TokenRequiredError'],
    [{ amount: '1', token: '  ', receiver }, 'TokenRequiredError'],
  ]
  for (const [request, name] of cases) {
    const settled = await pay(request as PayRequest)
    expect([request, refusal(settled)[0]]).toEqual([request, name])
  }
})

test('error: not connected, or the pay flag off, is refused before any balance is read', async () => {
  const off = await setup({ features: { pay: false } })
  expect(refusal(await off.pay({ amount: '1', token: usdc, receiver }))).toEqual([
    'PayDisabledError',
    'The pay feature is off',
  ])
  const disconnected = await setup({ connected: false })
  expect(refusal(await disconnected.pay({ amount: '1', token: usdc, receiver }))[0]).toBe('NotConnectedError')
  expect(disconnected.opened()).toBeUndefined()
})

test('behavior: a second request replaces one left waiting (closed), and is itself refused while a payment is sending', async () => {
  const { pay, modal, opened, close } = await setup()
  const first = pay({ amount: '1', token: usdc, receiver })
  await untilOpen(modal)
  const second = pay({ amount: '2', token: 'native', receiver })
  expect(refusal(await first)).toEqual(['PayClosedError', 'The pay panel was closed before paying'])
  await expect.poll(() => opened()?.data).toEqual({ amount: '2', token: 'native', receiver })
  // The wallet has the second payment: a third is refused, and closing the modal leaves the second waiting.
  const state = modal.local(payState)
  state.sending = true
  expect(refusal(await pay({ amount: '3', token: usdc, receiver }))).toEqual([
    'PayInProgressError',
    'A payment is already in progress',
  ])
  close()
  expect(state.pending).toBeDefined()
  state.pending?.resolve({ hash: '0xabc' })
  expect(await second).toEqual({ result: { hash: '0xabc' } })
  expect(state.pending).toBeUndefined()
})
