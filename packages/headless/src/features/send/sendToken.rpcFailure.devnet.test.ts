// An RPC that starts failing in the middle of a send: a real loopback HTTP proxy in front of anvil
// that is cut once the signed transaction has gone through it. No mocks: the wallet and Portico
// both talk to the proxy, as a dapp and wallet share a node provider.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createPublicClient, erc20Abi, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { getBalance } from '../../kernel/actions/getBalance.js'
import { initialize } from '../../kernel/actions/initialize.js'
import { eip155Adapter } from '../../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../../kernel/createPortico.js'
import type { TokenBalance } from '../../kernel/types.js'
import { devnetSuite } from '../../test/devnetSuite.js'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { createTestEip1193Wallet } from '../../testing/eip1193Wallet.js'
import { sendToken } from './sendToken.js'

const suite = devnetSuite()
let proxy: Server
let proxyUrl: string
/** `up`: forwards; `cutAfterSend`: forwards until a raw transaction passed, then fails; `down`: fails. */
let mode: 'up' | 'cutAfterSend' | 'down' = 'up'
const forwarded: string[] = []

beforeAll(async () => {
  proxy = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString()
    if (mode === 'down') {
      res.writeHead(503).end('node unavailable')
      return
    }
    const upstream = await fetch(suite.devnet.evm.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    const text = await upstream.text()
    const methods = ([] as { method?: string }[]).concat(JSON.parse(body)).map((m) => String(m.method))
    forwarded.push(...methods)
    if (mode === 'cutAfterSend' && methods.includes('eth_sendRawTransaction')) mode = 'down'
    res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(text)
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())))

test('behavior: the RPC failing mid-send gives a typed error, nothing is sent twice, and the next send works', async () => {
  const wallet = createTestEip1193Wallet({
    accounts: [suite.devnet.evm.accounts[4].privateKey],
    chains: [{ id: 31337, rpcUrl: proxyUrl }],
  })
  suite.stops.push(wallet.announce())
  const usdcAddress = suite.devnet.evm.tokens[0]?.address as `0x${string}`
  const portico = createPortico({
    projectId: 'p',
    blockchainApi: false,
    walletConnect: false,
    networks: [testNetworks({ evmRpcUrl: proxyUrl, evmTokens: [{ address: usdcAddress }] }).devnet],
    adapters: [eip155Adapter()],
    storage: memoryStorage(),
  })
  suite.stops.push(initialize(portico))
  await connect(portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
  const usdc = (await getBalance(portico)).find((b) => b.symbol === 'USDC') as TokenBalance
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  const chain = createPublicClient({ transport: http(suite.devnet.evm.rpcUrl) })
  const received = () =>
    chain.readContract({ address: usdcAddress, abi: erc20Abi, functionName: 'balanceOf', args: [receiver] })

  // The node goes away right after the wallet broadcast: the send cannot learn the outcome.
  mode = 'cutAfterSend'
  const error = await sendToken(portico, { token: usdc, amount: '1.5', receiver }).catch((e) => e)
  expect(error).toMatchObject({ name: 'TransactionConfirmationTimeoutError' })
  expect(error.hash).toMatch(/^0x[0-9a-f]{64}$/)
  expect(forwarded.filter((m) => m === 'eth_sendRawTransaction')).toHaveLength(1)
  // The chain has it exactly once (read around the proxy).
  expect((await chain.getTransactionReceipt({ hash: error.hash })).status).toBe('success')
  expect(await received()).toBe(1_500_000n)

  // Still down: the wallet cannot reach the node; a typed error, nothing broadcast.
  const down = await sendToken(portico, { token: usdc, amount: '1', receiver }).catch((e) => e)
  expect(down.name).toMatch(/Error$/)
  expect(down.name).not.toBe('TooManyPendingTransactionsError')
  expect(forwarded.filter((m) => m === 'eth_sendRawTransaction')).toHaveLength(1)

  // Back up: the next send goes through; no pending state was lost or left behind.
  mode = 'up'
  await sendToken(portico, { token: usdc, amount: '1', receiver })
  expect(await received()).toBe(2_500_000n)
  expect(forwarded.filter((m) => m === 'eth_sendRawTransaction')).toHaveLength(2)
})
