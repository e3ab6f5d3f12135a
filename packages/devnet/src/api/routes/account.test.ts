// The blockchain data routes over HTTP on an in-process emulator reading a real anvil (committed
// devnet state) and the devnet Solana RPC: which chain a balance or history call reads (CAIP-2
// chain ids, the chain inferred from the address, unknown networks, addresses checksummed or not,
// malformed ones), history cursors, token prices, identities, the balance switch and a chain that
// is down. The reads themselves are in ../chain.test.ts; transfers followed live, swaps and a
// second history page in ../server.test.ts.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { evmAccounts, solanaAccounts } from '../../accounts.js'
import { type AnvilInstance, startAnvil } from '../../anvil.js'
import { type SolanaRpcServer, startSolanaRpc } from '../../solana/server.js'
import { evmTokens, solanaTokens } from '../../tokens.js'
import { type ApiBalance, evmCaip2, solanaCaip2 } from '../chain.js'
import { type ApiEmulator, startApiEmulator } from '../server.js'

const Q = 'projectId=p&st=appkit&sv=1'
const [usdc, ptk] = evmTokens
const alice = evmAccounts[0].address
const bob = evmAccounts[3].address
const solOwner = solanaAccounts[0].address

let anvil: AnvilInstance
let solana: SolanaRpcServer
let api: ApiEmulator
let down: ApiEmulator
beforeAll(async () => {
  ;[anvil, solana] = await Promise.all([startAnvil(), startSolanaRpc()])
  ;[api, down] = await Promise.all([
    startApiEmulator({ evmRpcUrl: anvil.rpcUrl, solanaRpcUrl: solana.rpcUrl }),
    // Both chains on a closed port.
    startApiEmulator({ evmRpcUrl: 'http://127.0.0.1:9', solanaRpcUrl: 'http://127.0.0.1:9' }),
  ])
})
afterAll(() => Promise.all([api?.stop(), down?.stop(), anvil?.stop(), solana?.stop()]))

const get = async (path: string, query = Q, base = api.url) => {
  const response = await fetch(`${base}${path}${path.includes('?') ? '&' : '?'}${query}`)
  return { status: response.status, json: (await response.json()) as Record<string, unknown> }
}
const balances = async (address: string, chainId?: string) =>
  (
    await get(
      `/v1/account/${encodeURIComponent(address)}/balance?currency=usd${chainId === undefined ? '' : `&chainId=${encodeURIComponent(chainId)}`}`,
    )
  ).json.balances as ApiBalance[]
const symbols = (list: ApiBalance[]) => list.map((b) => b.symbol)
type History = { data: { id: string; metadata: { operationType: string } }[]; next: string | null }
const history = async (address: string, extra = '') =>
  (await get(`/v1/account/${encodeURIComponent(address)}/history?${extra}`)) as { status: number; json: History }
const cursor = (text: string) => Buffer.from(text).toString('base64url')

describe('GET /v1/account/{address}/balance', () => {
  test('behavior: the devnet EVM chain by CAIP-2 id, or inferred from an 0x address', async () => {
    const explicit = await balances(bob, evmCaip2)
    expect(symbols(explicit)).toEqual(['ETH', 'USDC', 'PTK'])
    expect(explicit.every((b) => b.chainId === evmCaip2)).toBe(true)
    expect(await balances(bob)).toEqual(explicit)
  })

  test('behavior: the devnet Solana chain by CAIP-2 id, or inferred from a base58 address', async () => {
    const explicit = await balances(solOwner, solanaCaip2)
    expect(explicit.map((b) => [b.symbol, b.address])).toEqual([
      ['SOL', undefined],
      ['USDC', `${solanaCaip2}:${solanaTokens[0].mint}`],
    ])
    expect(await balances(solOwner)).toEqual(explicit)
  })

  test('behavior: an EVM address checksummed, lower case or upper-case hex reads the same account', async () => {
    const checksummed = await balances(bob, evmCaip2)
    expect(await balances(bob.toLowerCase(), evmCaip2)).toEqual(checksummed)
    expect(await balances(`0x${bob.slice(2).toUpperCase()}`, evmCaip2)).toEqual(checksummed)
  })

  test('edge: unknown networks, chain ids not in CAIP-2 form and addresses of another chain answer no balances', async () => {
    for (const [address, chainId] of [
      [bob, 'eip155:1'],
      [bob, '31337'],
      [bob, 'eip155'],
      [bob, 'EIP155:31337'],
      [bob, solanaCaip2],
      [solOwner, evmCaip2],
      [solOwner, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
      [bob, ''],
    ] as const) {
      const { status, json } = await get(
        `/v1/account/${address}/balance?currency=usd&chainId=${encodeURIComponent(chainId)}`,
      )
      expect([status, json], `${address} on ${chainId}`).toEqual([200, { balances: [] }])
    }
  })

  test('edge: malformed addresses answer no balances rather than reaching the chain', async () => {
    for (const address of [
      '0x1234',
      `${bob}00`,
      `0X${bob.slice(2)}`,
      bob.slice(2),
      `0x${'g'.repeat(40)}`,
      '0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl',
      'short',
    ]) {
      expect(await balances(address), address).toEqual([])
    }
    // Not even when the chains are down.
    expect((await get('/v1/account/0x1234/balance?currency=usd', Q, down.url)).json).toEqual({ balances: [] })
  })

  test('security: icon URLs point at the emulator and carry the hosted parameters encoded', async () => {
    const tricky = 'projectId=a%26b%3Dc%23d&st=appkit&sv=1'
    const { json } = await get(`/v1/account/${bob}/balance?currency=usd&chainId=${evmCaip2}`, tricky)
    const url = new URL((json.balances as ApiBalance[])[1]?.iconUrl as string)
    expect(url.origin).toBe(api.url)
    expect(url.pathname).toBe('/public/getTokenImage/USDC')
    expect(Object.fromEntries(url.searchParams)).toEqual({ projectId: 'a&b=c#d', st: 'appkit', sv: '1' })
  })

  test('error: the balance switch answers 500 with the service message; other routes are untouched', async () => {
    try {
      api.switches.balance = 500
      expect(await get(`/v1/account/${bob}/balance?currency=usd`)).toEqual({
        status: 500,
        json: { message: 'Internal server error' },
      })
      expect((await history(bob)).status).toBe(200)
    } finally {
      api.switches.balance = 'ok'
    }
    expect(symbols(await balances(bob))).toContain('ETH')
  })

  test('error: a chain that is down is a 502 naming it', async () => {
    const evm = await get(`/v1/account/${bob}/balance?currency=usd`, Q, down.url)
    expect(evm.status).toBe(502)
    expect(evm.json.message).toMatch(/^chain RPC http:\/\/127\.0\.0\.1:9 unreachable/)
    expect((await get(`/v1/account/${solOwner}/balance?currency=usd`, Q, down.url)).status).toBe(502)
  })

  test('error: the hosted parameters are required', async () => {
    expect(await get(`/v1/account/${bob}/balance`, 'projectId=p&sv=1')).toEqual({
      status: 400,
      json: { message: 'Missing required query parameter(s): st' },
    })
  })
})

describe('GET /v1/account/{address}/history', () => {
  test('behavior: the EVM chain inferred or named, the same for any address case; other chains have none', async () => {
    const named = await history(bob, `chainId=${evmCaip2}`)
    expect(named.status).toBe(200)
    expect(named.json.data.map((e) => e.metadata.operationType)).toEqual(['mint', 'mint'])
    expect(named.json.next).toBeNull()
    expect((await history(bob)).json).toEqual(named.json)
    expect((await history(bob.toLowerCase())).json).toEqual(named.json)
    for (const extra of ['chainId=eip155:1', 'chainId=31337', `chainId=${solanaCaip2}`])
      expect((await history(bob, extra)).json, extra).toEqual({ data: [], next: null })
    // Solana history is not served.
    expect((await history(solOwner)).json).toEqual({ data: [], next: null })
    expect((await history('0x1234')).json).toEqual({ data: [], next: null })
  })

  test('behavior: a cursor is an offset into the newest-first list; past the end is an empty last page', async () => {
    const all = (await history(bob)).json.data
    expect((await history(bob, `cursor=${cursor('devnet:1')}`)).json).toEqual({ data: all.slice(1), next: null })
    expect((await history(bob, `cursor=${cursor('devnet:999999')}`)).json).toEqual({ data: [], next: null })
    expect((await history(bob, 'cursor=')).json.data).toEqual(all)
  })

  test('error: a cursor this service did not make is 400', async () => {
    for (const bad of ['garbage', cursor('devnet:-1'), cursor('devnet:abc'), cursor('devnet:1 '), cursor('other:1')]) {
      const { status, json } = await history(bob, `cursor=${bad}`)
      expect([status, json], bad).toEqual([400, { message: 'Invalid cursor' }])
    }
  })

  test('error: a chain that is down is a 502', async () => {
    expect((await get(`/v1/account/${bob}/history`, Q, down.url)).status).toBe(502)
    // An address no chain is read for answers without it.
    expect((await get(`/v1/account/${solOwner}/history`, Q, down.url)).json).toEqual({ data: [], next: null })
  })
})

describe('GET /v1/account/{address}/nfts', () => {
  test('edge: other chains and malformed addresses have none; foreign cursors are refused', async () => {
    expect((await get(`/v1/account/${solOwner}/nfts`)).json).toEqual({ data: [], next: null })
    expect((await get(`/v1/account/${bob}/nfts?chainId=eip155:1`)).json).toEqual({ data: [], next: null })
    expect((await get(`/v1/account/${bob}/nfts?cursor=nope`)).status).toBe(400)
  })
})

describe('POST /v1/fungible/price', () => {
  const price = async (body: unknown) => {
    const response = await fetch(`${api.url}/v1/fungible/price?${Q}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
    return { status: response.status, json: (await response.json()) as Record<string, unknown> }
  }
  type Fungible = { name: string; symbol: string; price: number; iconUrl: string }
  const priced = async (addresses: unknown[]) =>
    ((await price({ currency: 'usd', addresses })).json.fungibles as Fungible[]).map((f) => [f.symbol, f.price])

  test('behavior: CAIP-10 or bare addresses, any case for EVM, in request order; unknown ones left out', async () => {
    expect(
      await priced([
        `${evmCaip2}:${ptk.address.toLowerCase()}`,
        usdc.address,
        `eip155:31337:${usdc.address.toUpperCase().replace('0X', '0x')}`,
        '0x0000000000000000000000000000000000000000',
        'eip155:1:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
        `${solanaCaip2}:So11111111111111111111111111111111111111112`,
        solanaTokens[0].mint,
        'eip155:31337:0x0000000000000000000000000000000000000001',
      ]),
    ).toEqual([
      ['PTK', 0.5],
      ['USDC', 1],
      ['USDC', 1],
      ['ETH', 3000],
      ['ETH', 3000],
      ['SOL', 150],
      ['USDC', 1],
    ])
  })

  test('edge: Solana mints are case-sensitive; entries that are not strings are skipped', async () => {
    expect(await priced([solanaTokens[0].mint.toLowerCase(), 42, null, { address: usdc.address }, ['x']])).toEqual([])
    expect(await priced([])).toEqual([])
  })

  test('behavior: each fungible names the token and links its icon on the emulator', async () => {
    const { json } = await price({ addresses: [usdc.address] })
    expect(json.fungibles).toEqual([
      {
        name: usdc.name,
        symbol: 'USDC',
        price: 1,
        iconUrl: `${api.url}/public/getTokenImage/USDC?projectId=p&st=appkit&sv=1`,
      },
    ])
  })

  test('error: no addresses array, or a body that is not JSON, is 400', async () => {
    for (const body of [{ currency: 'usd' }, { addresses: usdc.address }, [usdc.address], null])
      expect(await price(body)).toEqual({ status: 400, json: { message: 'Expected { addresses: string[] }' } })
    expect(await price('{')).toEqual({ status: 400, json: { message: 'Body is not valid JSON' } })
  })
})

describe('identity and supported chains', () => {
  test('behavior: alice is named whatever the address case; other addresses are anonymous', async () => {
    for (const address of [alice, alice.toLowerCase(), `0x${alice.slice(2).toUpperCase()}`])
      expect((await get(`/v1/identity/${address}`)).json, address).toEqual({ name: 'alice.portico', avatar: null })
    expect((await get(`/v1/identity/${bob}`)).json).toEqual({ name: null, avatar: null })
    expect((await get(`/v1/identity/${solOwner}`)).json).toEqual({ name: null, avatar: null })
    expect((await get(`/v1/identity/${alice}`, 'st=appkit&sv=1')).status).toBe(400)
  })

  test('behavior: the supported chains are the two devnet chains in CAIP-2 form, over HTTP only', async () => {
    expect((await get('/v1/supported-chains')).json).toEqual({ http: [evmCaip2, solanaCaip2], ws: [] })
    expect(evmCaip2).toBe('eip155:31337')
    expect(solanaCaip2).toMatch(/^solana:[1-9A-HJ-NP-Za-km-z]{32}$/)
  })
})
