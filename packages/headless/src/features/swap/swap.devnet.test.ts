// Swaps on the devnet's Uniswap V2 through the convert API emulator, with an installed test
// wallet (EIP-6963) connected through Portico. Real chain, real calldata, no mocks.
import { devnetDex, evmTokens, uniswapV2RouterAbi } from '@portico/devnet'
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  decodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  parseEther,
  parseUnits,
  publicActions,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { expect, test } from 'vitest'
import { eip155Adapter } from '../../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../../kernel/createPortico.js'
import { devnetSuite } from '../../test/devnetSuite.js'
import { testNetworks } from '../../test/fixtures.js'
import { fetchSwapQuote, nativeSwapTokenAddress } from './convert.js'
import { swapMutationOptions } from './query.js'
import { type SwapStep, swap } from './swap.js'
import { getSwapStep, watchSwapStep } from './swapStep.js'

// One devnet (no relay) and a test window for the file; what a test starts is stopped after it.
const suite = devnetSuite({ walletConnect: false })

const [usdc, ptk] = evmTokens
const chain = () => createPublicClient({ transport: http(suite.devnet.evm.rpcUrl) })
const balanceOf = (token: Hex, owner: Hex) =>
  chain().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
const allowanceOf = (token: Hex, owner: Hex) =>
  chain().readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [owner, suite.devnet.evm.dex.router],
  })

/**
 * Connects like {@link connected}, but through a wrapper of the wallet's provider that runs
 * `beforeSend` before forwarding each transaction: the market moving between quote and signature.
 */
async function connectedWithFrontRunner(account: number, beforeSend: (tx: { to?: string }) => Promise<void>) {
  return suite.connectedEvm(account, {
    wrap: (inner) =>
      new Proxy(inner, {
        get(target, key) {
          if (key === 'request')
            return async (args: { method: string; params?: unknown[] }) => {
              if (args.method === 'eth_sendTransaction') await beforeSend((args.params?.[0] ?? {}) as { to?: string })
              return target.request(args as never)
            }
          const value = Reflect.get(target, key)
          return typeof value === 'function' ? value.bind(target) : value
        },
      }),
  })
}

/** A fresh key with 10 ETH (the devnet's five funded accounts are taken by the tests above). */
async function freshKey(): Promise<Hex> {
  const key = generatePrivateKey()
  await createTestClient({ mode: 'anvil', transport: http(suite.devnet.evm.rpcUrl) }).setBalance({
    address: privateKeyToAccount(key).address,
    value: parseEther('10'),
  })
  return key
}

const connected = (account: number | Hex) => suite.connectedEvm(account)

test('ETH → USDC: no approval, the USDC arrives', async () => {
  const { portico, wallet, address } = await connected(1)
  const before = await balanceOf(usdc.address, address)
  const steps: SwapStep[] = []
  const result = await swap(portico, {
    from: nativeSwapTokenAddress,
    to: usdc.address,
    amount: parseEther('0.5'),
    onStep: (s) => steps.push(s),
  })
  expect(result.approval).toBeUndefined()
  expect(steps).toEqual(['swap'])
  expect((await chain().getTransactionReceipt({ hash: result.hash })).status).toBe('success')
  const gained = (await balanceOf(usdc.address, address)) - before
  expect(gained).toBeGreaterThan(parseUnits('1450', 6)) // 0.5 ETH at ~3000, less fee and impact
  expect(wallet.requests.filter((r) => r.method === 'eth_sendTransaction')).toHaveLength(1)
})

test('USDC → PTK: approves exactly the amount first, then swaps', async () => {
  const { portico, address } = await connected(2)
  const amount = parseUnits('100', 6)
  expect(await allowanceOf(usdc.address, address)).toBe(0n)
  const ptkBefore = await balanceOf(ptk.address, address)
  const steps: SwapStep[] = []
  const result = await swap(portico, { from: usdc.address, to: ptk.address, amount, onStep: (s) => steps.push(s) })
  expect(steps).toEqual(['allowance', 'approve', 'swap'])
  expect(result.approval?.kind).toBe('approve')
  expect(await balanceOf(usdc.address, address)).toBe(usdc.initialBalance - amount)
  expect((await balanceOf(ptk.address, address)) - ptkBefore).toBeGreaterThan(parseUnits('195', 18))
  expect(await allowanceOf(usdc.address, address)).toBe(0n) // the swap spent exactly what was approved

  // A second swap within a fresh allowance skips nothing it needs: allowance again short → approve again.
  const again = await swap(portico, { from: usdc.address, to: ptk.address, amount: 1_000_000n })
  expect(again.approval?.kind).toBe('approve')
})

test('PTK → USDC: a signed EIP-2612 permit instead of an approve transaction', async () => {
  const { portico, wallet, address } = await connected(3)
  const amount = parseUnits('10', 18)
  const usdcBefore = await balanceOf(usdc.address, address)
  const steps: SwapStep[] = []
  const result = await swap(portico, { from: ptk.address, to: usdc.address, amount, onStep: (s) => steps.push(s) })
  expect(steps).toEqual(['allowance', 'permit', 'swap'])
  expect(result.approval?.kind).toBe('permit')
  expect(wallet.requests.some((r) => r.method === 'eth_signTypedData_v4')).toBe(true)
  expect(await balanceOf(ptk.address, address)).toBe(ptk.initialBalance - amount)
  expect((await balanceOf(usdc.address, address)) - usdcBefore).toBeGreaterThan(parseUnits('4.9', 6))
})

test('without React: the mutation options publish each step as the instance swap step, and a double click swaps once', async () => {
  const { portico, wallet, address } = await connected(await freshKey())
  const watched: (SwapStep | undefined)[] = []
  const unwatch = watchSwapStep(portico, { onChange: (step) => watched.push(step) })
  const { mutationFn } = swapMutationOptions(portico)
  expect(getSwapStep(portico)).toBeUndefined()

  // Two presses before anything re-renders: the second joins the first (one transaction).
  const variables = { from: nativeSwapTokenAddress, to: usdc.address, amount: parseEther('1') }
  const [first, second] = await Promise.all([mutationFn(variables), mutationFn({ ...variables })])
  expect(second.hash).toBe(first.hash)
  expect(wallet.requests.filter((r) => r.method === 'eth_sendTransaction')).toHaveLength(1)
  expect(watched).toEqual(['swap', undefined])
  expect(getSwapStep(portico)).toBeUndefined()

  // A token with a short allowance: approve, then swap; the caller's own onStep still hears each.
  const own: SwapStep[] = []
  watched.length = 0
  const amount = parseUnits('100', 6)
  const result = await mutationFn({ from: usdc.address, to: ptk.address, amount, onStep: (s) => own.push(s) })
  expect(result.approval?.kind).toBe('approve')
  expect(own).toEqual(['allowance', 'approve', 'swap'])
  expect(watched).toEqual(['allowance', 'approve', 'swap', undefined])
  expect(await allowanceOf(usdc.address, address)).toBe(0n)

  // A failed swap clears the step too.
  watched.length = 0
  await expect(
    mutationFn({ caipNetworkId: 'eip155:5', from: usdc.address, to: ptk.address, amount }),
  ).rejects.toMatchObject({ name: 'SwapNetworkNotSupportedError' })
  expect(watched).toEqual(['allowance', undefined])
  expect(getSwapStep(portico)).toBeUndefined()
  unwatch()
})

test('a swap past its deadline is refused before anything is sent: the tokens stay', async () => {
  const { portico, address } = await connected(4)
  const before = await balanceOf(usdc.address, address)
  const ethBefore = await chain().getBalance({ address })
  // The service refuses to estimate a doomed swap, so the error comes before anything is sent.
  await expect(
    swap(portico, {
      from: nativeSwapTokenAddress,
      to: usdc.address,
      amount: parseEther('0.1'),
      deadline: Math.floor(Date.now() / 1000) - 60,
    }),
  ).rejects.toMatchObject({ name: 'SwapApiError', shortMessage: 'Failed to build the swap transaction', status: 400 })
  expect(await balanceOf(usdc.address, address)).toBe(before)
  expect(await chain().getBalance({ address })).toBe(ethBefore)
})

/**
 * Another account buys USDC with `eth` ETH on the devnet pool: the market moves against ETH
 * sellers. Resolves once the purchase is mined, and fails when it did not go through (a move that
 * did not happen would make the tests below pass or fail for the wrong reason).
 */
async function moveMarket(eth: string) {
  const whale = createWalletClient({
    account: privateKeyToAccount(suite.devnet.evm.accounts[4].privateKey),
    chain: foundry,
    transport: http(suite.devnet.evm.rpcUrl),
    pollingInterval: 50,
  }).extend(publicActions)
  const hash = await whale.writeContract({
    address: suite.devnet.evm.dex.router,
    abi: uniswapV2RouterAbi,
    functionName: 'swapExactETHForTokens',
    args: [
      0n,
      [suite.devnet.evm.dex.weth, usdc.address],
      whale.account.address,
      BigInt(Math.floor(Date.now() / 1000) + 600),
    ],
    value: parseEther(eth),
    // Not the exact estimate: mined a second later, the swap also writes the pair's price accumulators.
    gas: devnetDex.swapGasLimit,
  })
  expect((await whale.waitForTransactionReceipt({ hash })).status).toBe('success')
}

/** The quote a user reviews: 1 ETH → USDC for `address`. */
const review = (portico: Awaited<ReturnType<typeof connected>>['portico'], address: Hex) =>
  fetchSwapQuote(portico, {
    caipNetworkId: 'eip155:31337',
    from: nativeSwapTokenAddress,
    to: usdc.address,
    amount: parseEther('1'),
    userAddress: address,
  })

test('the market moves a little between review and click: the chain enforces the reviewed minimum, and received is what arrived', async () => {
  const { portico, wallet, address } = await connected(await freshKey())
  const reviewed = await review(portico, address)
  await moveMarket('0.3')
  const moved = await review(portico, address)
  // Worse than reviewed, yet still above the reviewed minimum: the swap may go on, at that minimum.
  expect(moved.toAmount).toBeLessThan(reviewed.toAmount)
  expect(moved.toAmount).toBeGreaterThan(reviewed.minimumReceived)
  expect(moved.minimumReceived).toBeLessThan(reviewed.minimumReceived)

  const before = await balanceOf(usdc.address, address)
  const result = await swap(portico, {
    from: nativeSwapTokenAddress,
    to: usdc.address,
    amount: parseEther('1'),
    minimumReceived: reviewed.minimumReceived,
  })
  const sent = await chain().getTransaction({ hash: result.hash })
  const { functionName, args } = decodeFunctionData({ abi: uniswapV2RouterAbi, data: sent.input })
  expect(functionName).toBe('swapExactETHForTokens')
  expect(args?.[0]).toBeGreaterThanOrEqual(reviewed.minimumReceived) // amountOutMin
  const arrived = (await balanceOf(usdc.address, address)) - before
  expect(result.received).toBe(arrived)
  expect(arrived).toBeGreaterThanOrEqual(reviewed.minimumReceived)
  expect(wallet.requests.filter((r) => r.method === 'eth_sendTransaction')).toHaveLength(1)
})

test('the market moves past the reviewed minimum between review and click: nothing is sent, SwapPriceChangedError carries the new quote', async () => {
  const { portico, wallet, address } = await connected(await freshKey())
  const reviewed = await review(portico, address)
  await moveMarket('5')
  const before = await balanceOf(usdc.address, address)
  const error = await swap(portico, {
    from: nativeSwapTokenAddress,
    to: usdc.address,
    amount: parseEther('1'),
    minimumReceived: reviewed.minimumReceived,
  }).catch((e: unknown) => e)
  expect(error).toMatchObject({ name: 'SwapPriceChangedError', shortMessage: 'The price changed' })
  const { quote, minimumReceived } = error as { quote: { minimumReceived: bigint }; minimumReceived: bigint }
  expect(minimumReceived).toBe(reviewed.minimumReceived)
  expect(quote.minimumReceived).toBeLessThan(reviewed.minimumReceived)
  expect(wallet.requests.filter((r) => r.method === 'eth_sendTransaction')).toHaveLength(0)
  expect(await balanceOf(usdc.address, address)).toBe(before)
})

test('USDC → ETH: received is the native balance change over the swap, fee added back', async () => {
  const { portico, address } = await connected(await freshKey())
  await swap(portico, { from: nativeSwapTokenAddress, to: usdc.address, amount: parseEther('0.2') })
  const ethBefore = await chain().getBalance({ address })
  const result = await swap(portico, { from: usdc.address, to: nativeSwapTokenAddress, amount: parseUnits('100', 6) })
  const receipts = await Promise.all(
    [result.approval?.hash, result.hash].flatMap((hash) => (hash ? [chain().getTransactionReceipt({ hash })] : [])),
  )
  const fees = receipts.reduce((sum, r) => sum + r.gasUsed * r.effectiveGasPrice, 0n)
  expect(result.received).toBe((await chain().getBalance({ address })) - ethBefore + fees)
  expect(result.received).toBeGreaterThan(parseEther('0.03'))
})

test('the market moves past the slippage before the swap lands: the router refuses to pay less than the minimum, SwapMinimumNotMetError, only gas is spent', async () => {
  let frontRun = false
  const { portico, address } = await connectedWithFrontRunner(0, async (tx) => {
    if (frontRun || tx.to?.toLowerCase() !== suite.devnet.evm.dex.router.toLowerCase()) return
    frontRun = true
    // Someone buys 10 ETH worth of USDC first: the price moves by far more than 1%.
    await moveMarket('10')
  })
  const usdcBefore = await balanceOf(usdc.address, address)
  const ethBefore = await chain().getBalance({ address })
  const amount = parseEther('1')
  const error = await swap(portico, { from: nativeSwapTokenAddress, to: usdc.address, amount }).catch((e: unknown) => e)
  expect(frontRun).toBe(true)
  expect(error).toMatchObject({
    name: 'SwapMinimumNotMetError',
    shortMessage: 'The price moved below the minimum received',
  })
  const receipt = await chain().getTransactionReceipt({ hash: (error as { hash: Hex }).hash })
  expect(receipt.status).toBe('reverted')
  expect(await balanceOf(usdc.address, address)).toBe(usdcBefore)
  expect(ethBefore - (await chain().getBalance({ address }))).toBe(receipt.gasUsed * receipt.effectiveGasPrice)
})

test('unsupported network and nothing connected', async () => {
  const { portico } = await connected(0)
  await expect(
    swap(portico, { caipNetworkId: 'eip155:5', from: nativeSwapTokenAddress, to: usdc.address, amount: 1n }),
  ).rejects.toMatchObject({ shortMessage: 'Network not supported for Swaps' })
  const idle = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [testNetworks({ evmRpcUrl: suite.devnet.evm.rpcUrl }).devnet],
    adapters: [eip155Adapter()],
    storage: null,
    apiUrls: { blockchain: suite.devnet.api.url, api: suite.devnet.api.url },
  })
  await expect(swap(idle, { from: nativeSwapTokenAddress, to: usdc.address, amount: 1n })).rejects.toMatchObject({
    name: 'NotConnectedError',
  })
})
