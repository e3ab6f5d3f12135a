// The EVM balance reader on the shared devnet's anvil and its ERC-20 tokens (USDC and PTK, which the
// devnet package deploys): the native balance, then each configured token in order, with what the
// configuration leaves out (name, symbol, decimals) read from the contract. The reads reach anvil
// through a loopback server that forwards them and records each HTTP request, so the test sees what
// the module promises: every read of one call goes out in one JSON-RPC batch. Fresh accounts funded
// here keep the values exact whatever other files do with the devnet. Balances through the adapter
// and the `getBalance` action (the hosted API off, the spec's alert and lockout) are in
// kernel/actions/getBalance.devnet.test.ts.
import { createTestClient, createWalletClient, http, parseAbi, publicActions } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil } from 'viem/chains'
import { afterEach, expect, inject, test, vi } from 'vitest'
import { offlinePortico, startHttpServer } from '../../../test/fixtures.js'
import { eip155Network } from '../../networks.js'
import type { NetworkToken, PorticoNetwork } from '../../types.js'
import { readEvmBalances } from './readEvmBalances.js'

const devnet = inject('devnet')
const tokenOf = (symbol: string) => {
  const token = devnet.evmTokens.find((t) => t.symbol === symbol)
  if (!token) throw new Error(`the devnet deploys no ${symbol}`)
  return { ...token, address: token.address as `0x${string}` }
}
const usdc = tokenOf('USDC')
const ptk = tokenOf('PTK')

const testClient = createTestClient({ mode: 'anvil', transport: http(devnet.evmRpcUrl) })
const chain = createWalletClient({ chain: anvil, transport: http(devnet.evmRpcUrl) }).extend(publicActions)
const tokenAbi = parseAbi(['function mint(address to, uint256 amount)', 'function minter() view returns (address)'])

// ERC-20 selectors, to tell which reads went to the chain.
const selectors: Record<string, string> = {
  '0x70a08231': 'balanceOf',
  '0x313ce567': 'decimals',
  '0x95d89b41': 'symbol',
  '0x06fdde03': 'name',
}

const stops: (() => Promise<void>)[] = []
afterEach(async () => {
  vi.restoreAllMocks()
  for (const stop of stops.splice(0)) await stop()
})

/** Mints `units` of `token` to `to` as the token's minter (the devnet treasury, impersonated). */
async function mint(token: `0x${string}`, to: `0x${string}`, units: bigint) {
  const minter = await chain.readContract({ address: token, abi: tokenAbi, functionName: 'minter' })
  await testClient.impersonateAccount({ address: minter })
  try {
    const hash = await chain.writeContract({
      account: minter,
      address: token,
      abi: tokenAbi,
      functionName: 'mint',
      args: [to, units],
    })
    expect((await chain.waitForTransactionReceipt({ hash })).status).toBe('success')
  } finally {
    await testClient.stopImpersonatingAccount({ address: minter })
  }
}

/** A fresh account holding exactly `wei` of ETH and the given token units. */
async function fundedAccount(wei: bigint, tokens: { usdc?: bigint; ptk?: bigint } = {}) {
  const address = privateKeyToAccount(generatePrivateKey()).address
  await testClient.setBalance({ address, value: wei })
  if (tokens.usdc) await mint(usdc.address, address, tokens.usdc)
  if (tokens.ptk) await mint(ptk.address, address, tokens.ptk)
  return address
}

type RpcCall = { method: string; params?: unknown[] }

/**
 * A Portico whose devnet network lists `tokens` and reaches anvil through a loopback server that
 * forwards each request and keeps its calls: `requests` holds one entry per HTTP request, the
 * JSON-RPC calls it carried.
 */
async function setup(tokens?: readonly NetworkToken[], nativeCurrency?: PorticoNetwork['nativeCurrency']) {
  const requests: RpcCall[][] = []
  const proxy = await startHttpServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const parsed = JSON.parse(body) as RpcCall | RpcCall[]
      requests.push(Array.isArray(parsed) ? parsed : [parsed])
      const answer = await fetch(devnet.evmRpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      res.writeHead(answer.status, { 'content-type': 'application/json' })
      res.end(await answer.text())
    })
  })
  stops.push(proxy.close)
  const network = eip155Network({
    id: 31337,
    name: 'Devnet',
    rpcUrl: proxy.url,
    imageUrl: 'http://127.0.0.1/eth.svg',
    testnet: true,
    tokens,
    nativeCurrency,
  })
  const portico = offlinePortico('p', { networks: [network], rpcPing: false })
  /** Each call as `method` or `eth_call:<contract>.<function>`, in the order sent. */
  const calls = () =>
    requests.flat().map((call) => {
      if (call.method !== 'eth_call') return call.method
      const { to = '', data = '' } = (call.params?.[0] ?? {}) as { to?: string; data?: string }
      return `eth_call:${to.toLowerCase()}.${selectors[data.slice(0, 10)] ?? data.slice(0, 10)}`
    })
  return { portico, network, requests, calls }
}

test('behavior: the native balance first, then each configured devnet token in order, in its decimals', async () => {
  const address = await fundedAccount(3_000_000_000_000_000_001n, { usdc: 1_234_567n, ptk: 2_500_000_000_000_000_000n })
  const { portico, network } = await setup(devnet.evmTokens)
  expect(await readEvmBalances({ address, network, portico })).toEqual([
    {
      name: 'Ether',
      symbol: 'ETH',
      chainId: 'eip155:31337',
      quantity: { decimals: '18', numeric: '3.000000000000000001' },
      iconUrl: 'http://127.0.0.1/eth.svg',
    },
    {
      // The configuration gives no name: it is the contract's.
      name: 'USD Coin (Devnet)',
      symbol: 'USDC',
      chainId: 'eip155:31337',
      address: usdc.address,
      quantity: { decimals: '6', numeric: '1.234567' },
      iconUrl: undefined,
    },
    {
      name: 'Portico Token',
      symbol: 'PTK',
      chainId: 'eip155:31337',
      address: ptk.address,
      quantity: { decimals: '18', numeric: '2.5' },
      iconUrl: undefined,
    },
  ])
})

test('behavior: every read of one call goes to the chain in one JSON-RPC batch, not one request per token', async () => {
  const address = await fundedAccount(1n)
  const { portico, network, requests, calls } = await setup([
    { address: usdc.address },
    { address: ptk.address, symbol: 'PTK', decimals: 18 },
  ])
  await readEvmBalances({ address, network, portico })
  expect(requests).toHaveLength(1)
  const [u, p] = [usdc.address.toLowerCase(), ptk.address.toLowerCase()]
  expect(calls().sort()).toEqual(
    [
      'eth_getBalance',
      `eth_call:${u}.balanceOf`,
      `eth_call:${u}.decimals`,
      `eth_call:${u}.symbol`,
      `eth_call:${u}.name`,
      `eth_call:${p}.balanceOf`,
      `eth_call:${p}.name`,
    ].sort(),
  )
})

test('edge: a token configured by address alone gets its decimals, symbol and name from the contract', async () => {
  const address = await fundedAccount(0n, { ptk: 750_000_000_000_000_000n })
  const { portico, network } = await setup([{ address: ptk.address.toLowerCase() }])
  const [native, token] = await readEvmBalances({ address, network, portico })
  expect(native?.quantity).toEqual({ decimals: '18', numeric: '0' })
  // The address comes back checksummed, as the chain's other reads name it.
  expect(token).toMatchObject({
    name: 'Portico Token',
    symbol: 'PTK',
    address: ptk.address,
    quantity: { decimals: '18', numeric: '0.75' },
  })
})

test('edge: configured decimals, symbol, name and icon are taken as given, and the contract is not asked for them', async () => {
  const address = await fundedAccount(0n, { usdc: 5_000_000n })
  const { portico, network, calls } = await setup([
    // Deliberately not USDC's own values: the configuration wins, and the units are read in its decimals.
    { address: usdc.address, symbol: 'dUSD', name: 'Dollar', decimals: 3, iconUrl: 'http://127.0.0.1/usd.svg' },
  ])
  const [, token] = await readEvmBalances({ address, network, portico })
  expect(token).toEqual({
    name: 'Dollar',
    symbol: 'dUSD',
    chainId: 'eip155:31337',
    address: usdc.address,
    quantity: { decimals: '3', numeric: '5000' },
    iconUrl: 'http://127.0.0.1/usd.svg',
  })
  expect(calls().sort()).toEqual([`eth_call:${usdc.address.toLowerCase()}.balanceOf`, 'eth_getBalance'])
})

test("edge: the native balance is named and scaled as the network's native currency is configured", async () => {
  const address = await fundedAccount(1_500_000n)
  const { portico, network } = await setup([], { name: 'Devnet Gas', symbol: 'DGAS', decimals: 6 })
  expect(await readEvmBalances({ address, network, portico })).toEqual([
    {
      name: 'Devnet Gas',
      symbol: 'DGAS',
      chainId: 'eip155:31337',
      quantity: { decimals: '6', numeric: '1.5' },
      iconUrl: 'http://127.0.0.1/eth.svg',
    },
  ])
})

test('default: a network without tokens reads only the native balance, in one request', async () => {
  const address = await fundedAccount(42n)
  for (const tokens of [undefined, []]) {
    const { portico, network, requests, calls } = await setup(tokens)
    expect(await readEvmBalances({ address, network, portico })).toEqual([
      expect.objectContaining({ symbol: 'ETH', quantity: { decimals: '18', numeric: '0.000000000000000042' } }),
    ])
    expect(requests).toHaveLength(1)
    expect(calls()).toEqual(['eth_getBalance'])
  }
})

test('error: a configured token with no contract at its address is left out with a warning naming it; the native balance and the other tokens still show', async () => {
  const address = await fundedAccount(1n)
  const nowhere = privateKeyToAccount(generatePrivateKey()).address
  const { portico, network } = await setup([usdc, { address: nowhere, symbol: 'GONE', decimals: 6 }])
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const balances = await readEvmBalances({ address, network, portico })
  expect(balances.map((b) => b.symbol)).toEqual(['ETH', 'USDC'])
  expect(warn).toHaveBeenCalledTimes(1)
  expect(warn.mock.calls[0]?.[0]).toBe(
    `[portico] Left out the token GONE on ${network.caipNetworkId}: its balance could not be read`,
  )
  expect(warn.mock.calls[0]?.[1]).toMatchObject({
    name: 'ContractFunctionExecutionError',
    contractAddress: nowhere,
    functionName: 'balanceOf',
    cause: expect.objectContaining({ name: 'ContractFunctionZeroDataError' }),
  })
})

test('error: a configured token whose contract reverts, or whose address is none, is left out with a warning; a revert is not retried', async () => {
  const address = await fundedAccount(1n)
  const reverting = privateKeyToAccount(generatePrivateKey()).address
  // PUSH1 0, PUSH1 0, REVERT: every call to it reverts with no data.
  await testClient.setCode({ address: reverting, bytecode: '0x60006000fd' })
  const { portico, network, requests } = await setup([{ address: reverting }, { address: '0x1234', symbol: 'BAD' }])
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const balances = await readEvmBalances({ address, network, portico })
  expect(balances.map((b) => b.symbol)).toEqual(['ETH'])
  expect(warn).toHaveBeenCalledTimes(2)
  expect(warn.mock.calls.map((call) => call[1])).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        name: 'ContractFunctionExecutionError',
        contractAddress: reverting,
        cause: expect.objectContaining({ name: 'ContractFunctionRevertedError' }),
      }),
      expect.objectContaining({ name: 'InvalidAddressError' }),
    ]),
  )
  // A revert is an answer, not an RPC failure: it is not retried.
  expect(requests).toHaveLength(1)
})

test('error: an owner that is not an EVM address is refused before the chain is asked', async () => {
  const { portico, network, requests } = await setup(devnet.evmTokens)
  for (const address of ['0x1234', 'not an address', '7jNc8exmQkp6LZdBAsR6d9pRpjQDnp4XuX4L7U9nbVnQ']) {
    await expect(readEvmBalances({ address, network, portico })).rejects.toMatchObject({
      name: 'InvalidAddressError',
    })
  }
  expect(requests).toEqual([])
})
