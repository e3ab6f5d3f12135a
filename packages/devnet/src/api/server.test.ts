import { address, lamports } from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  formatEther,
  formatUnits,
  http,
  parseEther,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, devnetDex, devnetWebWalletId, evmTokens, startDevnet, uniswapV2RouterAbi } from '../index.js'
import { createDevnetRpc, rawRpc, sendAndConfirm, signerFromSeed } from '../test-utils.js'
import type { ApiBalance } from './chain.js'
import type { DirectoryWallet } from './wallets.js'
import { hostileImageIds, hostileWalletIds } from './wallets.js'

const Q = 'projectId=test-project&st=appkit&sv=html-wagmi-1.0.0'

describe('API emulator', () => {
  let devnet: Devnet
  let base: string
  const get = async (path: string, query = Q) => {
    const response = await fetch(`${base}${path}${path.includes('?') ? '&' : '?'}${query}`)
    return { response, status: response.status, json: (await response.json()) as Record<string, unknown> }
  }
  const post = async (path: string, body: unknown, query = Q) => {
    const response = await fetch(`${base}${path}${query ? `${path.includes('?') ? '&' : '?'}${query}` : ''}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
    const text = await response.text()
    return { response, status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} }
  }

  const walletFor = (privateKey: `0x${string}`) =>
    createWalletClient({
      account: privateKeyToAccount(privateKey),
      transport: http(devnet.evm.rpcUrl),
      chain: defineChain({
        id: 31337,
        name: 'Portico devnet',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [devnet.evm.rpcUrl] } },
      }),
    })

  beforeAll(async () => {
    devnet = await startDevnet()
    base = devnet.api.url
  })
  afterAll(() => devnet?.stop())

  it('is on loopback and answers CORS preflights', async () => {
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const preflight = await fetch(`${base}/getWallets`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-headers': 'x-sdk-version' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')).toBe('x-sdk-version')
    const { response } = await get('/getAnalyticsConfig')
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('rejects hosted calls missing projectId, st or sv with 400', async () => {
    for (const query of ['st=a&sv=b', 'projectId=p&sv=b', 'projectId=p&st=a', '']) {
      const { status, json, response } = await get('/appkit/v1/config', query)
      expect(status).toBe(400)
      expect(json.message).toMatch(/Missing required query/)
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
    }
    expect((await get('/v1/supported-chains', 'projectId=p')).status).toBe(400)
    expect((await post('/e', {}, 'st=a&sv=b')).status).toBe(400)
    expect((await get('/nope')).status).toBe(404)
  })

  it('serves config, origins and analytics config', async () => {
    const config = await get('/appkit/v1/config')
    expect(config.status).toBe(200)
    const features = config.json.features as { id: string; isEnabled: boolean; config?: unknown }[]
    expect(features.map((f) => f.id)).toEqual([
      'social_login',
      'swap',
      'onramp',
      'activity',
      'reown_branding',
      'multi_wallet',
    ])
    expect(features[0]).toMatchObject({ isEnabled: true, config: expect.arrayContaining(['google', 'x']) })
    expect(features.every((f) => typeof f.isEnabled === 'boolean')).toBe(true)
    expect(await get('/projects/v1/origins')).toMatchObject({
      status: 200,
      json: { allowedOrigins: ['http://127.0.0.1:*', 'http://localhost:*'] },
    })
    expect((await get('/getAnalyticsConfig')).json).toEqual({ isAnalyticsEnabled: true })
  })

  it('flips statuses through switches, from Node and over HTTP', async () => {
    const { switches } = devnet.api
    try {
      for (const status of [403, 429, 500] as const) {
        switches.origins = status
        expect((await get('/projects/v1/origins')).status).toBe(status)
      }
      switches.config = 429
      expect((await get('/appkit/v1/config')).status).toBe(429)
      switches.balance = 500
      expect(
        (await get(`/v1/account/${devnet.evm.accounts[0].address}/balance?currency=usd&chainId=eip155:31337`)).status,
      ).toBe(500)

      const flipped = await post(
        '/__devnet/switches',
        { origins: 'ok', config: 500, balance: 'ok', features: { swap: false } },
        '',
      )
      expect(flipped).toMatchObject({ status: 200, json: { origins: 'ok', config: 500, balance: 'ok' } })
      expect(switches.config).toBe(500)
      expect((await get('/projects/v1/origins')).status).toBe(200)
      expect((await get('/appkit/v1/config')).status).toBe(500)
      await post('/__devnet/switches', { config: 'ok' }, '')
      const features = (await get('/appkit/v1/config')).json.features as { id: string; isEnabled: boolean }[]
      expect(features.find((f) => f.id === 'swap')?.isEnabled).toBe(false)

      // Invalid values are refused and change nothing.
      expect((await post('/__devnet/switches', { origins: 'ok', balance: 404 }, '')).status).toBe(400)
      expect((await post('/__devnet/switches', { bogus: 1 }, '')).status).toBe(400)
      expect((await post('/__devnet/switches', 'not json', '')).status).toBe(400)
      expect((await fetch(`${base}/__devnet/switches`)).status).toBe(200)
    } finally {
      await post('/__devnet/switches', { origins: 'ok', config: 'ok', balance: 'ok', features: { swap: true } }, '')
    }
    expect(switches).toMatchObject({ origins: 'ok', config: 'ok', balance: 'ok' })
  })

  describe('getWallets', () => {
    type Page = { count: number; data: DirectoryWallet[] }
    const wallets = async (params = '') =>
      (await get(`/getWallets${params ? `?${params}` : ''}`)).json as unknown as Page

    it('pages 40 by default over 500+ wallets, max 100, deterministic', async () => {
      const first = await wallets()
      expect(first.count).toBeGreaterThanOrEqual(500)
      expect(first.data).toHaveLength(40)
      // The devnet web wallet's entry comes first; the generated fixture follows.
      expect(first.data[0]?.id).toBe(devnetWebWalletId)
      const w = first.data[1] as DirectoryWallet
      expect(Object.keys(w)).toEqual(
        expect.arrayContaining([
          'id',
          'name',
          'image_id',
          'rdns',
          'mobile_link',
          'desktop_link',
          'webapp_link',
          'chains',
          'homepage',
        ]),
      )
      expect(w.rdns).toMatch(/^com\.example\.[a-z0-9]+$/)
      expect(w.homepage).toMatch(/^https:\/\/[a-z0-9]+\.example$/)
      expect(w.mobile_link).toMatch(/^[a-z0-9]+:\/\/$/)
      expect((await wallets('entries=500')).data).toHaveLength(100)
      const p2 = await wallets('page=2&entries=10')
      const p1 = await wallets('page=1&entries=20')
      expect(p2.data.map((x) => x.id)).toEqual(p1.data.slice(10).map((x) => x.id))
      expect((await wallets()).data).toEqual(first.data)
      const last = Math.ceil(first.count / 100)
      expect((await wallets(`page=${last}&entries=100`)).data.length).toBe(first.count - (last - 1) * 100)
      expect((await wallets(`page=${last + 1}&entries=100`)).data).toEqual([])
      expect((await get('/getWallets?page=0')).status).toBe(400)
      const all = new Set<string>()
      for (let page = 1; page <= last; page++)
        for (const x of (await wallets(`page=${page}&entries=100`)).data) all.add(x.id)
      expect(all.size).toBe(first.count)
    })

    it('searches, includes, excludes and filters by chain and badge', async () => {
      const target = (await wallets('page=3')).data[5] as DirectoryWallet
      const word = (target.name ?? '').split(' ')[0] as string
      const found = await wallets(`search=${encodeURIComponent(`  ${word.toUpperCase()}  `)}`)
      expect(found.data.map((x) => x.id)).toContain(target.id)
      expect(found.data.every((x) => x.name?.toLowerCase().includes(word.toLowerCase()))).toBe(true)
      expect((await wallets('search=zzzzzz')).count).toBe(0)

      const [a, b] = (await wallets('entries=2&page=5')).data as [DirectoryWallet, DirectoryWallet]
      const included = await wallets(`include=${a.id},${b.id}`)
      expect(included.count).toBe(2)
      expect(included.data.map((x) => x.id).sort()).toEqual([a.id, b.id].sort())
      const total = (await wallets()).count
      const excluded = await wallets(`exclude=${a.id},${b.id}&entries=100`)
      expect(excluded.count).toBe(total - 2)

      const solana = await wallets('chains=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp&entries=100')
      expect(solana.count).toBeGreaterThan(50)
      expect(solana.count).toBeLessThan(total)
      expect(solana.data.every((x) => x.chains.includes('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'))).toBe(true)
      const certified = await wallets('badge_type=certified&entries=100')
      expect(certified.count).toBeGreaterThan(0)
      expect(certified.data.every((x) => x.badge_type === 'certified')).toBe(true)
    })

    it('includes the hostile entries, on the first page', async () => {
      const byId = new Map((await wallets()).data.map((x) => [x.id, x]))
      expect(byId.get(hostileWalletIds.javascriptLink)?.webapp_link).toMatch(/^javascript:/)
      expect(byId.get(hostileWalletIds.dataHtmlLink)?.desktop_link).toMatch(/^data:text\/html/)
      expect(byId.get(hostileWalletIds.markupName)?.name).toMatch(/<script>.*<img [^>]*onerror=/)
      expect(byId.get(hostileWalletIds.longName)?.name).toHaveLength(600)
      expect(byId.get(hostileWalletIds.scriptedSvg)?.image_id).toBe(hostileImageIds.scriptedSvg)
      expect(byId.get(hostileWalletIds.oversizedSvg)?.image_id).toBe(hostileImageIds.oversizedSvg)
      const malformed = byId.get(hostileWalletIds.malformed)
      expect(malformed).toBeDefined()
      expect(malformed).not.toHaveProperty('name')
    })

    it('serves SVG icons, including the hostile ones', async () => {
      const w = (await wallets()).data[0] as DirectoryWallet
      const image = async (path: string) => {
        const response = await fetch(`${base}${path}?${Q}`)
        return { response, text: await response.text() }
      }
      const icon = await image(`/getWalletImage/${w.image_id}`)
      expect(icon.response.headers.get('content-type')).toBe('image/svg+xml')
      expect(icon.text).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
      expect(icon.text).not.toMatch(/<script|onload/)
      expect((await image(`/getWalletImage/${w.image_id}`)).text).toBe(icon.text)
      const scripted = await image(`/getWalletImage/${hostileImageIds.scriptedSvg}`)
      expect(scripted.text).toMatch(/<script>/)
      expect(scripted.text).toMatch(/onload=/)
      const big = await image(`/getWalletImage/${hostileImageIds.oversizedSvg}`)
      expect(big.text.length).toBeGreaterThan(1024 * 1024)
      expect((await fetch(`${base}/getWalletImage/nope?${Q}`)).status).toBe(404)
      for (const kind of ['getAssetImage', 'getCurrencyImage', 'getTokenImage']) {
        const simple = await image(`/public/${kind}/USDC`)
        expect(simple.response.status).toBe(200)
        expect(simple.response.headers.get('content-type')).toBe('image/svg+xml')
        expect(simple.text).toMatch(/^<svg/)
      }
    })
  })

  it('stores analytics events and lists them', async () => {
    devnet.api.analytics.clear()
    const event = {
      eventId: 'e-1',
      url: 'http://localhost:5173/',
      domain: 'localhost',
      timestamp: 1700000000000,
      props: { type: 'track', event: 'MODAL_OPEN', address: '0xabc' },
    }
    const accepted = await post('/e', event)
    expect(accepted.status).toBe(202)
    expect(accepted.response.headers.get('access-control-allow-origin')).toBe('*')
    expect((await post('/e', { ...event, timestamp: 'yesterday' })).status).toBe(400)
    expect((await post('/e', { eventId: 'x' })).status).toBe(400)
    expect((await post('/e', '{not json')).status).toBe(400)
    const stored = { ...event, projectId: 'test-project', st: 'appkit', sv: 'html-wagmi-1.0.0' }
    expect(devnet.api.analytics.events()).toEqual([stored])
    expect(await (await fetch(`${base}/__devnet/analytics`)).json()).toEqual({ events: [stored] })
    devnet.api.analytics.clear()
    expect(devnet.api.analytics.events()).toEqual([])
  })

  it('answers analytics events with 403 while the origin is not allowed', async () => {
    devnet.api.analytics.clear()
    const event = {
      eventId: 'e-2',
      url: 'http://localhost:5173/',
      domain: 'localhost',
      timestamp: 1700000000000,
      props: { type: 'track', event: 'MODAL_OPEN' },
    }
    try {
      devnet.api.switches.origins = 403
      const refused = await post('/e', event)
      expect(refused.status).toBe(403)
      expect(refused.json).toEqual({ message: 'Unauthorized: origin not allowed' })
      expect(refused.response.headers.get('access-control-allow-origin')).toBe('*')
      expect(devnet.api.analytics.events()).toEqual([])
      // Only 403 is an allow-list answer; the other origin statuses leave analytics alone.
      devnet.api.switches.origins = 429
      expect((await post('/e', event)).status).toBe(202)
    } finally {
      devnet.api.switches.origins = 'ok'
    }
    expect((await post('/e', event)).status).toBe(202)
    expect(devnet.api.analytics.events()).toHaveLength(2)
    devnet.api.analytics.clear()
  })

  it('serves supported chains, prices, gas price and identity', async () => {
    expect((await get('/v1/supported-chains')).json).toEqual({
      http: ['eip155:31337', devnet.solana.caipNetworkId],
      ws: [],
    })
    const prices = await post('/v1/fungible/price', {
      currency: 'usd',
      projectId: 'test-project',
      addresses: [
        `eip155:31337:${evmTokens[0].address}`,
        `eip155:31337:${evmTokens[1].address}`,
        'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
        `${devnet.solana.caipNetworkId}:So11111111111111111111111111111111111111111`,
        'eip155:1:0x0000000000000000000000000000000000000001',
      ],
    })
    expect(
      (prices.json.fungibles as { symbol: string; price: number; name: string; iconUrl: string }[]).map((f) => [
        f.symbol,
        f.price,
      ]),
    ).toEqual([
      ['USDC', 1],
      ['PTK', 0.5],
      ['ETH', 3000],
      ['SOL', 150],
    ])
    expect((await post('/v1/fungible/price', { currency: 'usd' })).status).toBe(400)

    const gas = await get('/v1/convert/gas-price?chainId=eip155:31337')
    const client = createPublicClient({ transport: http(devnet.evm.rpcUrl) })
    const anvilGas = await client.getGasPrice()
    expect(BigInt(gas.json.standard as string)).toBe(anvilGas)
    expect(BigInt(gas.json.fast as string)).toBeGreaterThanOrEqual(anvilGas)
    expect(BigInt(gas.json.instant as string)).toBeGreaterThanOrEqual(BigInt(gas.json.fast as string))
    expect((await get('/v1/convert/gas-price?chainId=eip155:1')).status).toBe(400)

    expect((await get(`/v1/identity/${devnet.evm.accounts[0].address}`)).json).toEqual({
      name: 'alice.portico',
      avatar: null,
    })
    expect((await get(`/v1/identity/${devnet.evm.accounts[1].address}`)).json).toEqual({ name: null, avatar: null })
  })

  it('passes JSON-RPC through to the devnet chains', async () => {
    const evm = await rawRpc(`${base}/v1?chainId=eip155:31337&projectId=test-project`, {
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_chainId',
      params: [],
    })
    expect(evm.json).toMatchObject({ result: '0x7a69' })
    const batch = await rawRpc(`${base}/v1?chainId=eip155:31337&projectId=test-project`, [
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
      { jsonrpc: '2.0', id: 2, method: 'net_version', params: [] },
    ])
    expect(batch.json).toHaveLength(2)
    const sol = await rawRpc(`${base}/v1?chainId=${devnet.solana.caipNetworkId}&projectId=test-project`, {
      jsonrpc: '2.0',
      id: 1,
      method: 'getGenesisHash',
    })
    expect(sol.json).toMatchObject({ result: devnet.solana.genesisHash })
    expect(
      (
        await rawRpc(`${base}/v1?chainId=eip155:1&projectId=test-project`, {
          jsonrpc: '2.0',
          id: 1,
          method: 'eth_chainId',
        })
      ).status,
    ).toBe(400)
    expect(
      (await rawRpc(`${base}/v1?chainId=eip155:31337`, { jsonrpc: '2.0', id: 1, method: 'eth_chainId' })).status,
    ).toBe(400)
  })

  describe('live chain data', () => {
    const balances = async (owner: string, chainId: string) =>
      (await get(`/v1/account/${owner}/balance?currency=usd&chainId=${chainId}`)).json.balances as ApiBalance[]

    it('EVM balances equal a direct chain read and follow a transfer', async () => {
      const client = createPublicClient({ transport: http(devnet.evm.rpcUrl) })
      const owner = devnet.evm.accounts[3].address
      const read = async () => {
        const list = await balances(owner, 'eip155:31337')
        const native = list.find((b) => b.symbol === 'ETH')
        expect(native).toMatchObject({
          name: 'Ether',
          chainId: 'eip155:31337',
          price: 3000,
          quantity: { decimals: '18' },
        })
        expect(native).not.toHaveProperty('address')
        expect(native?.quantity.numeric).toBe(formatEther(await client.getBalance({ address: owner })))
        expect(native?.value).toBeCloseTo(Number(native?.quantity.numeric) * 3000, 6)
        for (const token of evmTokens) {
          const onChain = await client.readContract({
            address: token.address,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [owner],
          })
          const row = list.find((b) => b.symbol === token.symbol)
          expect(row).toMatchObject({
            address: `eip155:31337:${token.address}`,
            quantity: { decimals: String(token.decimals), numeric: formatUnits(onChain, token.decimals) },
          })
          expect(row?.value).toBeCloseTo(Number(row?.quantity.numeric) * (token.symbol === 'USDC' ? 1 : 0.5), 6)
          expect(row?.iconUrl).toMatch(new RegExp(`^${base}/public/getTokenImage/${token.symbol}\\?`))
        }
        return list
      }
      const before = await read()
      const wallet = walletFor(devnet.evm.accounts[3].privateKey)
      const hash = await wallet.writeContract({
        address: evmTokens[0].address,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [devnet.evm.accounts[4].address, 1_500_000n],
      })
      await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
      const after = await read()
      const usdc = (l: ApiBalance[]) => Number(l.find((b) => b.symbol === 'USDC')?.quantity.numeric)
      expect(usdc(before) - usdc(after)).toBeCloseTo(1.5, 6)
      expect((await balances(owner, 'eip155:1')).length).toBe(0)
    })

    it('Solana balances equal a direct chain read and follow a transfer', async () => {
      const rpc = createDevnetRpc(devnet.solana.rpcUrl)
      const owner = devnet.solana.accounts[2].address
      const read = async () => {
        const list = await balances(owner, devnet.solana.caipNetworkId)
        const { value } = await rpc.getBalance(address(owner)).send()
        const sol = list.find((b) => b.symbol === 'SOL')
        expect(sol).toMatchObject({
          chainId: devnet.solana.caipNetworkId,
          price: 150,
          quantity: { decimals: '9', numeric: formatUnits(value, 9) },
        })
        expect(sol).not.toHaveProperty('address')
        const usdc = list.find((b) => b.symbol === 'USDC')
        expect(usdc).toMatchObject({
          address: `${devnet.solana.caipNetworkId}:${devnet.solana.tokens[0]?.mint}`,
          price: 1,
          quantity: { decimals: '6', numeric: '5000' },
          value: 5000,
        })
        return Number(sol?.quantity.numeric)
      }
      const before = await read()
      const signer = await signerFromSeed(devnet.solana.accounts[2].seed)
      await sendAndConfirm(rpc, signer, [
        getTransferSolInstruction({
          source: signer,
          destination: address(devnet.solana.accounts[3].address),
          amount: lamports(2_000_000_000n),
        }),
      ])
      const after = await read()
      expect(before - after).toBeGreaterThanOrEqual(2)
      expect(before - after).toBeLessThan(2.01)
    })

    it('names what happened in the history: a mint, a swap each way (both legs), an approval', async () => {
      const client = createPublicClient({ transport: http(devnet.evm.rpcUrl) })
      const trader = devnet.evm.accounts[0]
      const wallet = walletFor(trader.privateKey)
      const { router, weth } = devnet.evm.dex
      const usdc = evmTokens.find((t) => t.symbol === 'USDC')?.address as `0x${string}`
      const deadline = BigInt(Math.floor(Date.now() / 1000) + 600)
      const mined = async (hash: `0x${string}`) => {
        const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
        expect(receipt.status).toBe('success')
        return hash
      }
      const buy = await mined(
        await wallet.writeContract({
          address: router,
          abi: uniswapV2RouterAbi,
          functionName: 'swapExactETHForTokens',
          args: [0n, [weth, usdc], trader.address, deadline],
          value: parseEther('0.1'),
          gas: devnetDex.swapGasLimit,
        }),
      )
      const approve = await mined(
        await wallet.writeContract({
          address: usdc,
          abi: erc20Abi,
          functionName: 'approve',
          args: [router, 100_000_000n],
        }),
      )
      const sell = await mined(
        await wallet.writeContract({
          address: router,
          abi: uniswapV2RouterAbi,
          functionName: 'swapExactTokensForETH',
          args: [100_000_000n, 0n, [usdc, weth], trader.address, deadline],
          gas: devnetDex.swapGasLimit,
        }),
      )
      type Entry = {
        id: string
        metadata: { operationType: string }
        transfers: { fungible_info: { symbol: string }; direction: string; quantity: { numeric: string } }[]
      }
      const { data } = (await get(`/v1/account/${trader.address}/history?chainId=eip155:31337`)).json as {
        data: Entry[]
      }
      const legs = (entry: Entry | undefined) =>
        entry?.transfers.map((t) => `${t.direction} ${t.fungible_info.symbol}`).sort()
      const byId = (hash: string) => data.find((t) => t.id === hash)
      expect(byId(buy)?.metadata.operationType).toBe('trade')
      expect(legs(byId(buy))).toEqual(['in USDC', 'out ETH'])
      expect(byId(approve)?.metadata.operationType).toBe('approve')
      expect(byId(approve)?.transfers).toEqual([])
      // The ether the router paid back shows only in the call trace.
      expect(byId(sell)?.metadata.operationType).toBe('trade')
      expect(legs(byId(sell))).toEqual(['in ETH', 'out USDC'])
      expect(Number(byId(sell)?.transfers.find((t) => t.direction === 'in')?.quantity.numeric)).toBeGreaterThan(0)
      // The devnet tokens minted to every account at genesis: minted, not sent or received.
      const genesis = data.filter((t) => t.metadata.operationType === 'mint')
      expect(genesis.map((t) => t.transfers[0]?.fungible_info.symbol).sort()).toEqual(
        evmTokens.map((t) => t.symbol).sort(),
      )
    })

    it('lists a native and an ERC20 transfer made in the test in the history, newest first, paged', async () => {
      type Tx = {
        id: string
        metadata: Record<string, unknown>
        transfers: {
          fungible_info: { symbol: string }
          direction: string
          quantity: { numeric: string }
          value: number
          price: number
          nft_info: null
        }[]
      }
      const client = createPublicClient({ transport: http(devnet.evm.rpcUrl) })
      const sender = devnet.evm.accounts[1]
      const receiver = devnet.evm.accounts[2].address
      const wallet = walletFor(sender.privateKey)
      const nativeHash = await wallet.sendTransaction({ to: receiver, value: parseEther('1.25') })
      await client.waitForTransactionReceipt({ hash: nativeHash, pollingInterval: 50 })
      const tokenHash = await wallet.writeContract({
        address: evmTokens[1].address,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [receiver, parseEther('7')],
      })
      await client.waitForTransactionReceipt({ hash: tokenHash, pollingInterval: 50 })

      const history = async (owner: string, cursor?: string) =>
        (await get(`/v1/account/${owner}/history?chainId=eip155:31337${cursor ? `&cursor=${cursor}` : ''}`)).json as {
          data: Tx[]
          next: string | null
        }
      const sent = await history(sender.address)
      const [tokenTx, nativeTx] = sent.data as [Tx, Tx]
      expect(tokenTx.id).toBe(tokenHash)
      expect(nativeTx.id).toBe(nativeHash)
      expect(nativeTx.metadata).toMatchObject({
        operationType: 'send',
        hash: nativeHash,
        sentFrom: sender.address.toLowerCase(),
        sentTo: receiver.toLowerCase(),
        status: 'confirmed',
        chain: 'eip155:31337',
      })
      expect(typeof nativeTx.metadata.nonce).toBe('number')
      expect(new Date(nativeTx.metadata.minedAt as string).getTime()).toBeGreaterThan(0)
      expect(nativeTx.transfers).toEqual([
        {
          fungible_info: {
            name: 'Ether',
            symbol: 'ETH',
            icon: { url: expect.stringContaining('/public/getTokenImage/ETH') },
          },
          direction: 'out',
          quantity: { numeric: '1.25' },
          value: 3750,
          price: 3000,
          nft_info: null,
        },
      ])
      // The token transfer's parties, not the token contract the transaction called.
      expect(tokenTx.metadata).toMatchObject({
        sentFrom: sender.address.toLowerCase(),
        sentTo: receiver.toLowerCase(),
      })
      expect(tokenTx.transfers).toEqual([
        expect.objectContaining({
          fungible_info: expect.objectContaining({ symbol: 'PTK' }),
          direction: 'out',
          quantity: { numeric: '7' },
          value: 3.5,
          price: 0.5,
        }),
      ])
      const received = await history(receiver)
      expect(received.data.slice(0, 2).map((t) => [t.id, t.metadata.operationType, t.transfers[0]?.direction])).toEqual(
        [
          [tokenHash, 'receive', 'in'],
          [nativeHash, 'receive', 'in'],
        ],
      )

      // Paging: 20 per page with an opaque cursor; make enough transactions for a second page.
      const payer = devnet.evm.accounts[4]
      const payerWallet = walletFor(payer.privateKey)
      const hashes: `0x${string}`[] = []
      for (let i = 0; i < 22; i++)
        hashes.push(await payerWallet.sendTransaction({ to: receiver, value: BigInt(i + 1) }))
      for (const hash of hashes) await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
      const page1 = await history(payer.address)
      expect(page1.data).toHaveLength(20)
      expect(page1.data[0]?.id).toBe(hashes.at(-1))
      expect(page1.next).toEqual(expect.any(String))
      const page2 = await history(payer.address, page1.next ?? '')
      const ids = [...page1.data, ...page2.data].map((t) => t.id)
      expect(new Set(ids).size).toBe(ids.length)
      expect(ids).toEqual(expect.arrayContaining(hashes))
      expect((await get(`/v1/account/${payer.address}/history?chainId=eip155:31337&cursor=garbage`)).status).toBe(400)
    })
  })
})
