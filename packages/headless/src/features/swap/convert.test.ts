import { type DevnetWithout, evmTokens, startDevnet } from '@portico/devnet'
import { parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createPortico } from '../../kernel/createPortico.js'
import { json, startHttpServer, testAdapters, testNetworks } from '../../test/fixtures.js'
import {
  applySlippage,
  buildSwapApprove,
  buildSwapTransaction,
  fetchSwapAllowance,
  fetchSwapQuote,
  fetchSwapTokens,
  isAllowanceSufficient,
  isSwapNetwork,
  nativeSwapTokenAddress,
} from './convert.js'

let devnet: DevnetWithout<'walletConnect'>
beforeAll(async () => {
  devnet = await startDevnet({ walletConnect: false })
})
afterAll(() => devnet?.stop())

const portico = (blockchain = devnet.api.url) =>
  createPortico({
    projectId: 'p1',
    networks: testNetworks().all,
    adapters: testAdapters(),
    storage: null,
    apiUrls: { blockchain, api: devnet.api.url },
  })

const chain = 'eip155:31337' as const
const [usdc, ptk] = evmTokens
const user = () => devnet.evm.accounts[0].address

test('isSwapNetwork: the spec networks and the local chain, nothing else', () => {
  for (const id of [1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554, 31337])
    expect(isSwapNetwork(`eip155:${id}`), String(id)).toBe(true)
  for (const id of ['eip155:5', 'eip155:11155111', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'eip155:', 'eip155:1x'])
    expect(isSwapNetwork(id), id).toBe(false)
})

test('tokens: the devnet tokens, CAIP-10, with prices and the permit flag', async () => {
  const tokens = await fetchSwapTokens(portico(), { caipNetworkId: chain })
  expect(
    tokens.map(({ symbol, address, decimals, eip2612, price }) => ({ symbol, address, decimals, eip2612, price })),
  ).toEqual([
    { symbol: 'ETH', address: `${chain}:${nativeSwapTokenAddress}`, decimals: 18, eip2612: false, price: 3000 },
    { symbol: 'USDC', address: `${chain}:${usdc.address}`, decimals: 6, eip2612: false, price: 1 },
    { symbol: 'PTK', address: `${chain}:${ptk.address}`, decimals: 18, eip2612: true, price: 0.5 },
  ])
  expect(tokens[0]?.logoUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/public\/getTokenImage\/ETH\?/)
})

test("unsupported networks: 'Network not supported for Swaps' before any call", async () => {
  for (const caipNetworkId of ['eip155:5', devnet.solana.caipNetworkId] as const) {
    await expect(fetchSwapTokens(portico('http://127.0.0.1:9'), { caipNetworkId })).rejects.toMatchObject({
      name: 'SwapNetworkNotSupportedError',
      shortMessage: 'Network not supported for Swaps',
    })
    await expect(
      fetchSwapQuote(portico(), {
        caipNetworkId,
        from: usdc.address,
        to: ptk.address,
        amount: 1n,
        userAddress: user(),
      }),
    ).rejects.toMatchObject({ shortMessage: 'Network not supported for Swaps' })
  }
})

test('quote: bigint amounts, price impact and the minimum received at 1% slippage', async () => {
  const quote = await fetchSwapQuote(portico(), {
    caipNetworkId: chain,
    from: nativeSwapTokenAddress,
    to: usdc.address,
    amount: parseEther('1'),
    userAddress: user(),
  })
  expect(quote).toMatchObject({ fromAmount: parseEther('1'), priceImpact: 0.99, slippage: 1 })
  expect(quote.toAmount).toBeGreaterThan(parseUnits('2950', 6))
  expect(quote.minimumReceived).toBe((quote.toAmount * 99n) / 100n)
  expect(applySlippage(1000n, 0.5)).toBe(995n)
  await expect(
    fetchSwapQuote(portico(), {
      caipNetworkId: chain,
      from: usdc.address,
      to: ptk.address,
      amount: 0n,
      userAddress: user(),
    }),
  ).rejects.toMatchObject({ name: 'InvalidSwapAmountError' })
})

test('the service failing: typed errors carrying the status (429, 500), none stuck', async () => {
  const params = { caipNetworkId: chain, from: usdc.address, to: ptk.address, amount: 1_000_000n, userAddress: user() }
  try {
    for (const status of [429, 500] as const) {
      devnet.api.switches.convert = status
      await expect(fetchSwapQuote(portico(), params)).rejects.toMatchObject({
        name: 'SwapApiError',
        shortMessage: 'Failed to fetch swap quote',
        status,
      })
    }
  } finally {
    devnet.api.switches.convert = 'ok'
  }
  expect((await fetchSwapQuote(portico(), params)).toAmount).toBeGreaterThan(0n)
  // Unreachable service.
  await expect(fetchSwapTokens(portico('http://127.0.0.1:9'), { caipNetworkId: chain })).rejects.toMatchObject({
    name: 'SwapApiError',
    status: undefined,
  })
})

test('schema checks: bad bodies are typed errors, bad token entries are dropped', async () => {
  const server = await startHttpServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    if (req.url?.startsWith('/v1/convert/tokens'))
      return res.end(
        JSON.stringify({
          tokens: [
            { name: 'Good', symbol: 'G', address: `${chain}:${usdc.address}`, decimals: 6 },
            { name: 'No decimals', symbol: 'X', address: `${chain}:${usdc.address}` },
            { name: 'Bad address', symbol: 'Y', address: 'javascript:alert(1)', decimals: 6 },
            null,
          ],
        }),
      )
    if (req.url?.startsWith('/v1/convert/quotes')) return res.end(JSON.stringify({ quotes: [{ toAmount: '1.5' }] }))
    if (req.url?.startsWith('/v1/convert/allowance')) return res.end(JSON.stringify({ allowance: -1 }))
    res.end(JSON.stringify({ tx: { to: 'nope', data: '0x' } }))
  })
  try {
    const bad = portico(server.url)
    expect((await fetchSwapTokens(bad, { caipNetworkId: chain })).map((t) => t.name)).toEqual(['Good'])
    const params = { caipNetworkId: chain, from: usdc.address, to: ptk.address, userAddress: user() }
    await expect(fetchSwapQuote(bad, { ...params, amount: 1n })).rejects.toMatchObject({ name: 'SwapApiError' })
    await expect(
      fetchSwapAllowance(bad, { caipNetworkId: chain, tokenAddress: usdc.address, userAddress: user() }),
    ).rejects.toMatchObject({
      shortMessage: 'Failed to fetch allowance',
    })
    await expect(buildSwapTransaction(bad, { ...params, amount: 1n })).rejects.toMatchObject({
      shortMessage: 'Failed to build the swap transaction',
    })
  } finally {
    await server.close()
  }
})

test('allowance and the approve and swap transactions', async () => {
  const params = { caipNetworkId: chain, from: usdc.address, to: ptk.address, userAddress: user() }
  const allowance = await fetchSwapAllowance(portico(), {
    caipNetworkId: chain,
    tokenAddress: usdc.address,
    userAddress: user(),
  })
  expect(allowance).toBe(0n)
  expect(isAllowanceSufficient(allowance, 1n)).toBe(false)
  expect(isAllowanceSufficient(5n, 5n)).toBe(true)
  const approve = await buildSwapApprove(portico(), { ...params, amount: 5_000_000n })
  expect(approve).toMatchObject({ to: usdc.address, value: 0n })
  expect(approve.data.startsWith('0x095ea7b3')).toBe(true) // approve(address,uint256)
  // Without the allowance the service refuses an estimated swap, but builds an unestimated one.
  await expect(buildSwapTransaction(portico(), { ...params, amount: 5_000_000n })).rejects.toMatchObject({
    name: 'SwapApiError',
    status: 400,
  })
  const swap = await buildSwapTransaction(portico(), { ...params, amount: 5_000_000n, disableEstimate: true })
  expect(swap).toMatchObject({ to: devnet.evm.dex.router, value: 0n, gas: 300_000n })
  expect(swap.gasPrice).toBeGreaterThan(0n)
})

test("security: with blockchainApi false every convert client throws 'Swaps need the blockchain API' before any request", async () => {
  // A real loopback API that answers every route: only the option decides that it is never asked.
  const api = await startHttpServer((_, res) => json(res, 200, {}))
  try {
    const off = createPortico({
      projectId: 'p1',
      blockchainApi: false,
      networks: testNetworks().all,
      adapters: testAdapters(),
      storage: null,
      apiUrls: { blockchain: api.url, api: api.url },
    })
    const userAddress = user()
    const calls = {
      tokens: () => fetchSwapTokens(off, { caipNetworkId: chain }),
      quote: () =>
        fetchSwapQuote(off, {
          caipNetworkId: chain,
          from: nativeSwapTokenAddress,
          to: usdc.address,
          amount: 1n,
          userAddress,
        }),
      allowance: () => fetchSwapAllowance(off, { caipNetworkId: chain, tokenAddress: usdc.address, userAddress }),
      approve: () => buildSwapApprove(off, { caipNetworkId: chain, from: usdc.address, to: ptk.address, userAddress }),
      build: () =>
        buildSwapTransaction(off, {
          caipNetworkId: chain,
          from: usdc.address,
          to: ptk.address,
          amount: 1n,
          userAddress,
        }),
      // The API off is the answer on any network, before the network's own check.
      elsewhere: () => fetchSwapTokens(off, { caipNetworkId: 'eip155:5' }),
    }
    for (const [name, call] of Object.entries(calls))
      await expect(call(), name).rejects.toMatchObject({
        name: 'SwapBlockchainApiDisabledError',
        shortMessage: 'Swaps need the blockchain API',
      })
    expect(api.state.requests).toEqual([])
  } finally {
    await api.close()
  }
})
