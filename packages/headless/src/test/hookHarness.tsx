// What the hook tests share: a Portico over the shared devnet with the test wallet as the host's
// own connector (so no other test's announcements reach it), each wallet request counted as it
// reaches the wallet, and a helper that renders a hook beside a connect mutation and connects.
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createPublicClient, createTestClient, encodeFunctionData, type Hex, http, parseAbi, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest'
import { localSiwx } from '../features/siwx/localSiwx.js'
import { connect } from '../kernel/actions/connect.js'
import { initialize } from '../kernel/actions/initialize.js'
import { eip155Adapter } from '../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../kernel/createPortico.js'
import { eip155Network } from '../kernel/networks.js'
import type { PorticoOptions } from '../kernel/options.js'
import { PorticoProvider } from '../kernel/react/PorticoProvider.js'
import { useConnect } from '../kernel/react/useConnect.js'
import { useConnectors } from '../kernel/react/useConnectors.js'
import { createTestEip1193Wallet, type TestEip1193Provider } from '../testing/eip1193Wallet.js'
import { memoryStorage } from './fixtures.js'
import { installTestWindow, removeTestWindow } from './window.js'

/** @internal Generous: the devnet is shared with other test files on a busy 2-core machine. */
export const settled = { timeout: 20_000 }

/** @internal The shared devnet (started by globalDevnet.ts). */
export const sharedDevnet = () => inject('devnet')

// @portico/devnet's `treasury` (anvil #9), the devnet tokens' minter.
const treasury = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'

/** @internal The devnet token's address by symbol. */
export function devnetToken(symbol: 'USDC' | 'PTK'): Hex {
  return sharedDevnet().evmTokens.find((t) => t.symbol === symbol)?.address as Hex
}

/** @internal A key nobody else uses, with 10 ETH and `usdcUnits` of USDC. */
export async function freshKey(usdcUnits = 0n) {
  const devnet = sharedDevnet()
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
          to: devnetToken('USDC'),
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

/** @internal Lets every microtask already queued run (the rest of both clicks' work); no time passes. */
export const drainMicrotasks = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** @internal What {@link hookSetup} may change. */
export type HookSetupOptions = {
  usdcUnits?: bigint
  siwx?: boolean
  onFetch?: (url: string) => void
  slowMethod?: string
  options?: Partial<PorticoOptions>
  /** Whether the test wallet has EIP-5792's batched calls (default true, as the test wallet does). */
  eip5792?: boolean
  /** Whether the test wallet knows the devnet tokens (reported by `wallet_getAssets`); default false. */
  walletTokens?: boolean
}

/** @internal A Portico over the shared devnet with a fresh test wallet, and the provider wrapper. */
export async function hookSetup({
  usdcUnits = 0n,
  siwx = false,
  onFetch = () => {},
  slowMethod = '',
  options = {},
  eip5792 = true,
  walletTokens = false,
}: HookSetupOptions = {}) {
  const devnet = sharedDevnet()
  const wallet = createTestEip1193Wallet({
    accounts: [await freshKey(usdcUnits)],
    chains: [
      {
        id: 31337,
        rpcUrl: devnet.evmRpcUrl,
        ...(walletTokens ? { tokens: devnet.evmTokens.map((t) => t.address as Hex) } : {}),
      },
      { id: 31338, rpcUrl: devnet.evmRpcUrl },
    ],
    eip5792,
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
    ...options,
  })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <PorticoProvider config={portico}>{children}</PorticoProvider>
  )
  // Counted as they reach the wallet, answered or still open.
  const asked = (method: string) => prompt.asked.filter((m) => m === method).length
  return { portico, wallet, wrapper, asked, approve: prompt.approve }
}

/**
 * @internal
 * {@link hookSetup}'s Portico started and connected to its test wallet, for a verb's test in Node
 * (call `installTestWindow` first); `stop` ends it.
 */
export async function connectedSetup(options: HookSetupOptions = {}) {
  const setup = await hookSetup(options)
  const stop = initialize(setup.portico)
  await connect(setup.portico, { connectorId: 'test', namespace: 'eip155' })
  return { ...setup, stop }
}

/**
 * @internal
 * For a Node test file of verbs on the shared devnet: a test window for the file, and
 * `connected()`, a {@link connectedSetup} stopped after its test. Call at the file's top level.
 */
export function connectedSuite() {
  const stops: (() => void)[] = []
  beforeAll(() => {
    installTestWindow()
  })
  afterAll(() => removeTestWindow())
  afterEach(() => {
    for (const stop of stops.splice(0)) stop()
  })
  return {
    async connected(options: HookSetupOptions = {}) {
      const setup = await connectedSetup(options)
      stops.push(setup.stop)
      return setup
    },
  }
}

/** @internal Renders `hook` with a connect mutation beside it and connects the test wallet. */
export async function renderConnected<value>(wrapper: (p: { children: ReactNode }) => ReactNode, hook: () => value) {
  const rendered = renderHook(() => ({ connectors: useConnectors(), connect: useConnect(), value: hook() }), {
    wrapper,
  })
  await waitFor(() => expect(rendered.result.current.connectors).toHaveLength(1), settled)
  await act(() => rendered.result.current.connect.mutateAsync({ connector: rendered.result.current.connectors[0] }))
  return rendered
}
