import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  maxUint256,
  parseEther,
  parseUnits,
  publicActions,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetDex } from '../dex.js'
import { uniswapV2RouterAbi } from '../dexAbi.js'
import { type DevnetWithout, evmTokens, startDevnet } from '../index.js'
import type { ConvertQuote, ConvertToken, ConvertTransaction } from './convert.js'

const Q = 'projectId=test-project&st=appkit&sv=html-wagmi-1.0.0'
const NATIVE = 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const [usdc, ptk] = evmTokens
const USDC = `eip155:31337:${usdc.address}`
const PTK = `eip155:31337:${ptk.address}`

describe('convert routes', () => {
  let devnet: DevnetWithout<'walletConnect'>
  const get = async <T = Record<string, unknown>>(path: string) => {
    const response = await fetch(`${devnet.api.url}${path}${path.includes('?') ? '&' : '?'}${Q}`)
    return { status: response.status, json: (await response.json()) as T }
  }
  const post = async <T = Record<string, unknown>>(path: string, body: unknown) => {
    const response = await fetch(`${devnet.api.url}${path}?${Q}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return { status: response.status, json: (await response.json()) as T }
  }
  const walletOf = (index: number) =>
    createWalletClient({
      account: privateKeyToAccount(devnet.evm.accounts[index]?.privateKey as Hex),
      chain: foundry,
      transport: http(devnet.evm.rpcUrl),
      pollingInterval: 50,
    }).extend(publicActions)
  /** Sends a built transaction the way a dapp would: `to` and `data` from the response, CAIP-10 stripped. */
  const send = async (wallet: ReturnType<typeof walletOf>, tx: ConvertTransaction) => {
    const hash = await wallet.sendTransaction({
      to: tx.to.split(':')[2] as Hex,
      data: tx.data,
      value: BigInt(tx.value),
      gas: BigInt(tx.eip155.gas),
    })
    return wallet.waitForTransactionReceipt({ hash })
  }
  const balanceOf = (token: Hex, owner: Hex) =>
    createPublicClient({ transport: http(devnet.evm.rpcUrl) }).readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
    })

  beforeAll(async () => {
    devnet = await startDevnet({ walletConnect: false })
  })
  afterAll(() => devnet?.stop())

  it('lists the devnet tokens with decimals, logos, pool prices and the eip2612 flag', async () => {
    const { status, json } = await get<{ tokens: ConvertToken[] }>('/v1/convert/tokens?chainId=eip155:31337')
    expect(status).toBe(200)
    expect(
      json.tokens.map(({ symbol, address, decimals, eip2612 }) => ({ symbol, address, decimals, eip2612 })),
    ).toEqual([
      { symbol: 'ETH', address: NATIVE, decimals: 18, eip2612: false },
      { symbol: 'USDC', address: USDC, decimals: 6, eip2612: false },
      { symbol: 'PTK', address: PTK, decimals: 18, eip2612: true },
    ])
    const price = Object.fromEntries(json.tokens.map((t) => [t.symbol, t.price]))
    expect(price).toEqual({ ETH: 3000, USDC: 1, PTK: 0.5 })
    const logo = await fetch(json.tokens[1]?.logoUri ?? '')
    expect(logo.headers.get('content-type')).toBe('image/svg+xml')
    expect((await get('/v1/convert/tokens?chainId=eip155:1')).status).toBe(400)
  })

  it('quotes from the router with the price impact growing with size', async () => {
    const client = createPublicClient({ transport: http(devnet.evm.rpcUrl) })
    const user = devnet.evm.accounts[0].address
    const quote = async (amount: bigint, from = NATIVE, to = USDC) =>
      (
        await get<{ quotes: ConvertQuote[] }>(
          `/v1/convert/quotes?amount=${amount}&userAddress=${user}&from=${from}&to=${to}&gasPrice=1`,
        )
      ).json.quotes[0] as ConvertQuote
    const one = await quote(parseEther('1'))
    const [, routerOut] = await client.readContract({
      address: devnetDex.router,
      abi: uniswapV2RouterAbi,
      functionName: 'getAmountsOut',
      args: [parseEther('1'), [devnetDex.weth, usdc.address]],
    })
    expect(one).toMatchObject({ fromAddress: NATIVE, toAddress: USDC, fromAmount: String(parseEther('1')) })
    expect(BigInt(one.toAmount)).toBe(routerOut)
    expect(one.priceImpact).toBe('0.99')
    expect(Number((await quote(parseEther('10'))).priceImpact)).toBeGreaterThan(9)
    const ptkForUsdc = await quote(parseUnits('100', 6), USDC, PTK)
    expect(Number(BigInt(ptkForUsdc.toAmount) / 10n ** 18n)).toBe(199) // 100 USDC at 0.5 USD, less the 0.3% fee

    for (const bad of [
      `amount=0&from=${NATIVE}&to=${USDC}`,
      `amount=1.5&from=${NATIVE}&to=${USDC}`,
      `amount=1&from=${NATIVE}&to=${NATIVE}`,
      `amount=1&from=eip155:1:${usdc.address}&to=${PTK}`,
      `amount=1&from=${NATIVE}&to=eip155:31337:0x0000000000000000000000000000000000000001`,
    ]) {
      const { status, json } = await get(`/v1/convert/quotes?${bad}`)
      expect(status, bad).toBe(400)
      expect(typeof json.message).toBe('string')
    }
  })

  it('swaps ETH for USDC with the built calldata, honouring slippage', async () => {
    const wallet = walletOf(1)
    const before = await balanceOf(usdc.address, wallet.account.address)
    const amount = parseEther('0.5')
    const { json: quoted } = await get<{ quotes: ConvertQuote[] }>(
      `/v1/convert/quotes?amount=${amount}&userAddress=${wallet.account.address}&from=${NATIVE}&to=${USDC}`,
    )
    const { status, json } = await post<{ tx: ConvertTransaction }>('/v1/convert/build-transaction', {
      projectId: 'test-project',
      amount: String(amount),
      eip155: { slippage: '1' },
      from: NATIVE,
      to: USDC,
      userAddress: wallet.account.address,
      disableEstimate: false,
    })
    expect(status).toBe(200)
    expect(json.tx).toMatchObject({
      from: `eip155:31337:${wallet.account.address}`,
      to: `eip155:31337:${devnetDex.router}`,
      value: String(amount),
      amount: String(amount),
    })
    expect(BigInt(json.tx.eip155.gas)).toBeLessThan(300_000n)
    expect((await send(wallet, json.tx)).status).toBe('success')
    expect((await balanceOf(usdc.address, wallet.account.address)) - before).toBe(
      BigInt(quoted.quotes[0]?.toAmount ?? 0),
    )
  })

  it('USDC to PTK needs an approval: allowance, build-approve, then the swap', async () => {
    const wallet = walletOf(2)
    const user = wallet.account.address
    const amount = parseUnits('50', 6)
    const allowance = async () =>
      BigInt(
        (await get<{ allowance: string }>(`/v1/convert/allowance?tokenAddress=${USDC}&userAddress=${user}`)).json
          .allowance,
      )
    expect(await allowance()).toBe(0n)
    expect(
      (await get<{ allowance: string }>(`/v1/convert/allowance?tokenAddress=${NATIVE}&userAddress=${user}`)).json,
    ).toEqual({ allowance: String(maxUint256) })
    const body = { amount: String(amount), eip155: { slippage: 1 }, from: USDC, to: PTK, userAddress: user }
    // Without the allowance the node's estimate fails, so the service refuses to build a doomed swap.
    const refused = await post('/v1/convert/build-transaction', { ...body, disableEstimate: false })
    expect(refused.status).toBe(400)
    expect(refused.json.message).toMatch(/The swap would fail/)

    const approve = await get<{ tx: ConvertTransaction }>(
      `/v1/convert/build-approve?userAddress=${user}&from=${USDC}&to=${PTK}&amount=${amount}`,
    )
    expect(approve.json.tx.to).toBe(USDC)
    expect((await send(wallet, approve.json.tx)).status).toBe('success')
    expect(await allowance()).toBe(amount)

    const ptkBefore = await balanceOf(ptk.address, user)
    const { json } = await post<{ tx: ConvertTransaction }>('/v1/convert/build-transaction', {
      ...body,
      disableEstimate: false,
    })
    expect((await send(wallet, json.tx)).status).toBe('success')
    expect(await balanceOf(usdc.address, user)).toBe(usdc.initialBalance - amount)
    expect((await balanceOf(ptk.address, user)) - ptkBefore).toBeGreaterThan(99n * 10n ** 18n)
  })

  it('a swap the market moved past slippage, or past its deadline, reverts on chain', async () => {
    const wallet = walletOf(3)
    const whale = walletOf(4)
    const user = wallet.account.address
    const build = (extra: Record<string, unknown>) =>
      post<{ tx: ConvertTransaction }>('/v1/convert/build-transaction', {
        amount: String(parseEther('0.1')),
        eip155: { slippage: 0.5 },
        from: NATIVE,
        to: PTK,
        userAddress: user,
        disableEstimate: true,
        ...extra,
      })
    const { json } = await build({})
    expect(json.tx.eip155.gas).toBe('300000')
    // Someone else buys PTK with 5 ETH first: the quoted minimum is no longer reachable.
    const { json: whaleSwap } = await post<{ tx: ConvertTransaction }>('/v1/convert/build-transaction', {
      amount: String(parseEther('5')),
      eip155: { slippage: 1 },
      from: NATIVE,
      to: PTK,
      userAddress: whale.account.address,
      disableEstimate: false,
    })
    expect((await send(whale, whaleSwap.tx)).status).toBe('success')
    const ethBefore = await wallet.getBalance({ address: user })
    const simulate = (tx: ConvertTransaction) =>
      wallet.call({ to: tx.to.split(':')[2] as Hex, data: tx.data, value: BigInt(tx.value) })
    await expect(simulate(json.tx)).rejects.toThrow(/INSUFFICIENT_OUTPUT_AMOUNT/)
    expect((await send(wallet, json.tx)).status).toBe('reverted')
    // The reverted swap cost gas only: the 0.1 ETH stayed.
    expect(ethBefore - (await wallet.getBalance({ address: user }))).toBeLessThan(parseEther('0.01'))

    const expired = await build({ deadline: Math.floor(Date.now() / 1000) - 60 })
    await expect(simulate(expired.json.tx)).rejects.toThrow(/EXPIRED/)
    expect((await build({ eip155: { slippage: 100 } })).status).toBe(400)
  })

  it('answers the convert switches (403/429/500) and waits latencyMs', async () => {
    const { switches } = devnet.api
    try {
      for (const status of [403, 429, 500] as const) {
        switches.convert = status
        expect((await get('/v1/convert/tokens?chainId=eip155:31337')).status).toBe(status)
        expect((await get('/v1/convert/gas-price?chainId=eip155:31337')).status).toBe(status)
      }
      switches.convert = 'ok'
      switches.latencyMs = 300
      const started = performance.now()
      expect((await get('/v1/convert/gas-price?chainId=eip155:31337')).status).toBe(200)
      expect(performance.now() - started).toBeGreaterThanOrEqual(290)
      const over = await fetch(`${devnet.api.url}/__devnet/switches`, {
        method: 'POST',
        body: JSON.stringify({ convert: 429, latencyMs: 0 }),
      })
      expect(over.status).toBe(200)
      expect(switches).toMatchObject({ convert: 429, latencyMs: 0 })
      const invalid = await fetch(`${devnet.api.url}/__devnet/switches`, {
        method: 'POST',
        body: JSON.stringify({ latencyMs: -1 }),
      })
      expect(invalid.status).toBe(400)
    } finally {
      switches.convert = 'ok'
      switches.latencyMs = 0
    }
  })
})
