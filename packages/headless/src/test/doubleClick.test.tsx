// @vitest-environment happy-dom
// A click that lands twice before React re-renders (a double click) calls `mutate` twice with the
// same variables. Each test below does exactly that against a wallet that signs everything at
// once (the worst case: nothing slows the second request down), on the shared devnet, and counts
// what reached the wallet: one request, never two. A deliberate second action after the first
// settled still reaches the wallet.
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import {
  createPublicClient,
  createTestClient,
  encodeFunctionData,
  type Hex,
  http,
  parseAbi,
  parseEther,
  parseUnits,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, expect, inject, test } from 'vitest'
import { useSendCalls } from '../features/calls/react/useSendCalls.js'
import { useOnrampUrl } from '../features/onramp/react/useOnrampUrl.js'
import { useSendToken } from '../features/send/react/useSendToken.js'
import { localSiwx } from '../features/siwx/localSiwx.js'
import { useSiwx } from '../features/siwx/react/useSiwx.js'
import { useSwap } from '../features/swap/react/useSwap.js'
import { eip155Adapter } from '../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../kernel/createPortico.js'
import { eip155Network } from '../kernel/networks.js'
import { PorticoProvider } from '../kernel/react/PorticoProvider.js'
import { useBalance } from '../kernel/react/useBalance.js'
import { useConnect } from '../kernel/react/useConnect.js'
import { useConnection } from '../kernel/react/useConnection.js'
import { useConnectors } from '../kernel/react/useConnectors.js'
import { useSignMessage } from '../kernel/react/useSignMessage.js'
import { useSwitchNetwork } from '../kernel/react/useSwitchNetwork.js'
import { createTestEip1193Wallet, type TestEip1193Provider } from '../testing/eip1193Wallet.js'
import { memoryStorage } from './fixtures.js'

const devnet = inject('devnet')
const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

/** Generous: the devnet is shared with other test files on a busy 2-core machine. */
const settled = { timeout: 20_000 }
const usdc = devnet.evmTokens.find((t) => t.symbol === 'USDC')?.address as Hex
const ptk = devnet.evmTokens.find((t) => t.symbol === 'PTK')?.address as Hex
// @portico/devnet's `treasury` (anvil #9), the devnet tokens' minter.
const treasury = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'

/** A key nobody else uses, with 10 ETH and `usdcUnits` of USDC. */
async function freshKey(usdcUnits = 0n) {
  const key = generatePrivateKey()
  const address = privateKeyToAccount(key).address
  const anvil = createTestClient({ mode: 'anvil', transport: http(devnet.evmRpcUrl) })
  await anvil.setBalance({ address, value: parseEther('10') })
  if (usdcUnits > 0n) {
    await anvil.impersonateAccount({ address: treasury })
    const hash = await anvil.request({
      method: 'eth_sendTransaction' as never,
      params: [
        {
          from: treasury,
          to: usdc,
          data: encodeFunctionData({
            abi: parseAbi(['function mint(address to, uint256 amount)']),
            functionName: 'mint',
            args: [address, usdcUnits],
          }),
        },
      ] as never,
    })
    await createPublicClient({ transport: http(devnet.evmRpcUrl) }).waitForTransactionReceipt({
      hash: hash as Hex,
      pollingInterval: 50,
    })
  }
  return key
}

/**
 * The wallet's provider with prompts of `method` left open until `approve()`: the user takes
 * their time, as with a real wallet (the test wallet itself answers at once). `asked` lists every
 * request as it reaches the wallet.
 */
function slowToApprove(provider: TestEip1193Provider, method: string) {
  const asked: string[] = []
  let approve = () => {}
  const approved = new Promise<void>((resolve) => {
    approve = resolve
  })
  const slow = new Proxy(provider, {
    get(target, key) {
      if (key === 'request')
        return async (args: { method: string }) => {
          asked.push(args.method)
          if (args.method === method) await approved
          return target.request(args as never)
        }
      const value = Reflect.get(target, key)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return { provider: slow, approve, asked }
}

/** Lets every microtask already queued run (the rest of both clicks' work); no time passes. */
const drainMicrotasks = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

async function setup({ usdcUnits = 0n, siwx = false, onFetch = (_url: string) => {}, slowMethod = '' } = {}) {
  const wallet = createTestEip1193Wallet({
    accounts: [await freshKey(usdcUnits)],
    chains: [
      { id: 31337, rpcUrl: devnet.evmRpcUrl },
      { id: 31338, rpcUrl: devnet.evmRpcUrl },
    ],
  })
  const prompt = slowToApprove(wallet.provider, slowMethod)
  const portico = createPortico({
    projectId: 'p',
    blockchainApi: false,
    walletConnect: false,
    remoteConfig: false,
    storage: memoryStorage(),
    apiUrls: { api: devnet.apiUrl, blockchain: devnet.apiUrl },
    networks: [
      eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl, tokens: devnet.evmTokens }),
      eip155Network({ id: 31338, name: 'Devnet 2', rpcUrl: devnet.evmRpcUrl }),
    ],
    // The wallet as the host's own connector: no other test's announcements reach this instance.
    adapters: [
      eip155Adapter({
        eip6963: false,
        legacyInjected: false,
        connectors: [{ id: 'test', name: 'Test', provider: prompt.provider }],
      }),
    ],
    fetch: (input, init) => {
      onFetch(String(input instanceof Request ? input.url : input))
      return globalThis.fetch(input, init)
    },
    ...(siwx ? { siwx: localSiwx({ storage: memoryStorage(), domain: 'app.test', uri: 'https://app.test' }) } : {}),
  })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <PorticoProvider config={portico}>{children}</PorticoProvider>
  )
  // Counted as they reach the wallet, answered or still open.
  const asked = (method: string) => prompt.asked.filter((m) => m === method).length
  return { portico, wallet, wrapper, asked, approve: prompt.approve }
}

/** Renders `hook` with a connect mutation beside it and connects the test wallet. */
async function connected<value>(wrapper: (p: { children: ReactNode }) => ReactNode, hook: () => value) {
  const rendered = renderHook(() => ({ connectors: useConnectors(), connect: useConnect(), value: hook() }), {
    wrapper,
  })
  await waitFor(() => expect(rendered.result.current.connectors).toHaveLength(1), settled)
  await act(() => rendered.result.current.connect.mutateAsync({ connector: rendered.result.current.connectors[0] }))
  return rendered
}

test('connect: two clicks on the same wallet ask it once (one eth_requestAccounts), both settle connected', async () => {
  const { wrapper, asked } = await setup()
  const { result } = renderHook(() => ({ connectors: useConnectors(), connect: useConnect() }), { wrapper })
  await waitFor(() => expect(result.current.connectors).toHaveLength(1), settled)
  const connector = result.current.connectors[0]
  let both: Promise<unknown> | undefined
  act(() => {
    both = Promise.all([
      result.current.connect.mutateAsync({ connector }),
      result.current.connect.mutateAsync({ connector }),
    ])
  })
  await act(async () => {
    await both
  })
  expect(asked('eth_requestAccounts')).toBe(1)
  // The observer's render is batched by the query client's notifier: wait for it, not a duration.
  await waitFor(() => expect(result.current.connect.status).toBe('success'), settled)
})

test('send: a double click on Send sends one transaction; a deliberate second send afterwards sends again', async () => {
  const { wrapper, asked } = await setup({ usdcUnits: 10_000_000n })
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  const { result } = await connected(wrapper, () => ({ balance: useBalance(), send: useSendToken() }))
  await waitFor(() => expect(result.current.value.balance.data?.some((b) => b.symbol === 'USDC')).toBe(true), settled)
  const token = result.current.value.balance.data?.find((b) => b.symbol === 'USDC')
  act(() => {
    result.current.value.send.mutate({ token, amount: '1', receiver })
    result.current.value.send.mutate({ token, amount: '1', receiver })
  })
  await waitFor(() => expect(result.current.value.send.status).toBe('success'), settled)
  expect(asked('eth_sendTransaction')).toBe(1)
  const reader = createPublicClient({ transport: http(devnet.evmRpcUrl) })
  const received = () =>
    reader.readContract({
      address: usdc,
      abi: parseAbi(['function balanceOf(address) view returns (uint256)']),
      functionName: 'balanceOf',
      args: [receiver],
    })
  expect(await received()).toBe(1_000_000n)

  // The same send on purpose, once the first finished: it is a new payment, and it is sent.
  await act(() => result.current.value.send.mutateAsync({ token, amount: '1', receiver }))
  expect(asked('eth_sendTransaction')).toBe(2)
  expect(await received()).toBe(2_000_000n)
})

test('swap: a double click on "Approve and swap" approves once and swaps once', async () => {
  const { wrapper, asked } = await setup({ usdcUnits: 100_000_000n })
  const { result } = await connected(wrapper, () => useSwap())
  const variables = { from: usdc, to: ptk, amount: parseUnits('10', 6) }
  act(() => {
    // Inline callbacks differ on each click; they are how the caller hears back, not what is asked.
    result.current.value.mutate({ ...variables, onStep: () => {} })
    result.current.value.mutate({ ...variables, onStep: () => {} })
  })
  await waitFor(() => expect(result.current.value.status).toBe('success'), settled)
  expect(result.current.value.data?.approval?.kind).toBe('approve')
  // One approve and one swap transaction.
  expect(asked('eth_sendTransaction')).toBe(2)
})

test('sign message: a double click on Sign prompts once', async () => {
  const { wrapper, asked } = await setup()
  const { result } = await connected(wrapper, () => useSignMessage())
  act(() => {
    result.current.value.mutate({ message: 'hello' })
    result.current.value.mutate({ message: 'hello' })
  })
  await waitFor(() => expect(result.current.value.status).toBe('success'), settled)
  expect(asked('personal_sign')).toBe(1)
})

test('batched calls: a double click sends one wallet_sendCalls', async () => {
  const { wrapper, asked } = await setup()
  const to = privateKeyToAccount(generatePrivateKey()).address
  const { result } = await connected(wrapper, () => useSendCalls())
  act(() => {
    result.current.value.mutate({ calls: [{ to, value: 1n }] })
    result.current.value.mutate({ calls: [{ to, value: 1n }] })
  })
  await waitFor(() => expect(result.current.value.status).toBe('success'), settled)
  expect(asked('wallet_sendCalls')).toBe(1)
})

test('switch network: a double click on a network asks the wallet once', async () => {
  const { wrapper, asked, approve } = await setup({ slowMethod: 'wallet_switchEthereumChain' })
  const { result } = await connected(wrapper, () => ({ switch: useSwitchNetwork(), connection: useConnection() }))
  act(() => {
    result.current.value.switch.mutate({ caipNetworkId: 'eip155:31338' })
    result.current.value.switch.mutate({ caipNetworkId: 'eip155:31338' })
  })
  await waitFor(() => expect(asked('wallet_switchEthereumChain')).toBeGreaterThan(0), settled)
  // Both clicks' work runs on while the prompt is open; then the user approves.
  await act(drainMicrotasks)
  approve()
  await waitFor(() => expect(result.current.value.switch.status).toBe('success'), settled)
  await waitFor(() => expect(result.current.value.connection.caipNetworkId).toBe('eip155:31338'), settled)
  expect(asked('wallet_switchEthereumChain')).toBe(1)
})

test('buy: a double click on a provider creates one checkout link (one request to the link generator)', async () => {
  const generated: string[] = []
  const { wrapper } = await setup({
    onFetch: (url) => {
      if (url.includes('/v1/generators/onrampurl')) generated.push(url)
    },
  })
  const { result } = await connected(wrapper, () => useOnrampUrl())
  const variables = { network: 'ethereum', asset: 'USDC', presetFiatAmount: 100 }
  let links: Promise<string[]> | undefined
  act(() => {
    links = Promise.all([result.current.value.mutateAsync(variables), result.current.value.mutateAsync(variables)])
  })
  let urls: string[] = []
  await act(async () => {
    urls = (await links) ?? []
  })
  expect(generated).toHaveLength(1)
  expect(urls[0]).toMatch(/^http/)
  expect(urls[1]).toBe(urls[0])
})

test('sign-in: a double click on Sign asks for one signature, although each message has its own nonce', async () => {
  const { wrapper, asked } = await setup({ siwx: true })
  const { result } = await connected(wrapper, () => useSiwx())
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
