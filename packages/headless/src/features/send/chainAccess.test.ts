import type { IncomingMessage, ServerResponse } from 'node:http'
import { afterEach, expect, test } from 'vitest'
import { json, offlinePortico, startHttpServer, testNetworks } from '../../test/fixtures.js'
import { loadEvm, loadSolana } from './chainAccess.js'

const from = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const solanaOwner = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'

type RpcCall = { jsonrpc: '2.0'; id: number; method: string; params: unknown[] }

const servers: { close(): Promise<void> }[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})

/** A JSON-RPC node on loopback answering `results[method]`; it records each method asked, batches included. */
async function rpcNode(results: Record<string, unknown>) {
  const methods: string[] = []
  const node = await startHttpServer((req: IncomingMessage, res: ServerResponse) => {
    let body = ''
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => {
      const parsed = JSON.parse(body) as RpcCall | RpcCall[]
      const answer = (call: RpcCall) => {
        methods.push(call.method)
        return call.method in results
          ? { jsonrpc: '2.0', id: call.id, result: results[call.method] }
          : { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: 'Method not found' } }
      }
      json(res, 200, Array.isArray(parsed) ? parsed.map(answer) : answer(parsed))
    })
  })
  servers.push(node)
  return { url: node.url, methods }
}

test('behavior: loadEvm reads through the instance’s one client of the network, the one every later load gets', async () => {
  const node = await rpcNode({ eth_estimateGas: '0xfde8', eth_gasPrice: '0x3b9aca00' })
  const networks = testNetworks({ evmRpcUrl: node.url })
  const portico = offlinePortico('p', { networks: networks.all, rpcPing: false })
  const evm = await loadEvm()
  const client = evm.evmPublicClient(portico, networks.devnet)
  // A send and its fee quote each load the chain code; both get the same client of the network.
  expect((await loadEvm()).evmPublicClient(portico, networks.devnet)).toBe(client)
  // Another network and another instance have their own.
  expect(evm.evmPublicClient(portico, networks.devnet2)).not.toBe(client)
  const other = offlinePortico('p', { networks: networks.all, rpcPing: false })
  expect(evm.evmPublicClient(other, networks.devnet)).not.toBe(client)

  const transfer = evm.erc20Transfer({ contract: usdc, receiver, units: 5_000_000n })
  expect(await evm.estimateEvmFee(client, { account: from, ...transfer })).toEqual({
    gas: 65_000n,
    feePerGas: 1_000_000_000n,
  })
  expect([...node.methods].sort()).toEqual(['eth_estimateGas', 'eth_gasPrice'])
})

test('behavior: loadEvm’s transfer is the ERC20 transfer(receiver, units) call on the token contract', async () => {
  const { erc20Transfer } = await loadEvm()
  expect(erc20Transfer({ contract: usdc, receiver, units: 5_000_000n })).toEqual({
    to: usdc,
    data:
      '0xa9059cbb' +
      '00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8' +
      '00000000000000000000000000000000000000000000000000000000004c4b40',
  })
})

test('behavior: loadSolana reads through the instance’s one RPC of the network, the one every later load gets', async () => {
  const node = await rpcNode({ getBalance: { context: { slot: 1 }, value: 1_500_000_000 } })
  const networks = testNetworks({ solanaRpcUrl: node.url })
  const portico = offlinePortico('p', { networks: networks.all, rpcPing: false })
  const solana = await loadSolana()
  const rpc = solana.solanaRpcFor(portico, networks.solanaLocal)
  expect((await loadSolana()).solanaRpcFor(portico, networks.solanaLocal)).toBe(rpc)
  const other = offlinePortico('p', { networks: networks.all, rpcPing: false })
  expect(solana.solanaRpcFor(other, networks.solanaLocal)).not.toBe(rpc)

  const { value } = await rpc.getBalance(solanaOwner as never).send()
  expect(value).toBe(1_500_000_000n)
  expect(node.methods).toEqual(['getBalance'])
  // The transfer code a send and a quote use comes with it.
  expect(Object.keys(solana)).toEqual(
    expect.arrayContaining(['buildSolanaTransfer', 'estimateSolanaTransfer', 'confirmSolanaSignature']),
  )
})
