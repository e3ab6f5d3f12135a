import { expect, inject, test } from 'vitest'
import { createPortico } from '../../kernel/createPortico.js'
import { startHttpServer, testAdapters, testNetworks } from '../../test/fixtures.js'
import { resolveNameQueryOptions } from './query.js'
import { resolveName } from './resolveName.js'

const devnet = inject('devnet')
const portico = (blockchain = devnet.apiUrl) =>
  createPortico({
    projectId: 'p',
    networks: testNetworks().all,
    adapters: testAdapters(),
    storage: null,
    walletConnect: false,
    remoteConfig: false,
    apiUrls: { blockchain, api: devnet.apiUrl },
  })

test('resolveName: the emulator profile gives the EVM address (checksummed) and the Solana one by coin type', async () => {
  const p = portico()
  expect(await resolveName(p, { name: 'Bob.reown.id', namespace: 'eip155' })).toEqual({
    name: 'Bob.reown.id',
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  })
  const solana = await resolveName(p, { name: 'bob.reown.id', namespace: 'solana' })
  expect(solana.address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
})

test("resolveName: unknown name, no address for the namespace, not a name: 'Error resolving name' with the reason", async () => {
  const p = portico()
  await expect(resolveName(p, { name: 'nobody.reown.id', namespace: 'eip155' })).rejects.toMatchObject({
    name: 'NameResolutionError',
    shortMessage: 'Error resolving name',
    reason: 'not-found',
  })
  await expect(resolveName(p, { name: 'carol.wcn.id', namespace: 'solana' })).rejects.toMatchObject({
    reason: 'no-address',
  })
  await expect(
    resolveName(p, { name: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', namespace: 'eip155' }),
  ).rejects.toMatchObject({
    reason: 'invalid-name',
  })
})

test('resolveName: a hostile answer (an address the namespace refuses, a malformed body) is an error, never passed on', async () => {
  const answers = [
    { addresses: { '60': { address: '0x7099' } } },
    { addresses: { '60': { address: 'javascript:alert(1)' } } },
    { addresses: 'nope' },
    'not json',
  ]
  let next = 0
  const server = await startHttpServer((_req, res) => {
    const answer = answers[next++]
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(typeof answer === 'string' ? answer : JSON.stringify(answer))
  })
  try {
    const p = portico(server.url)
    for (const reason of ['no-address', 'no-address', 'not-found', 'not-found'])
      await expect(resolveName(p, { name: 'evil.reown.id', namespace: 'eip155' })).rejects.toMatchObject({
        shortMessage: 'Error resolving name',
        reason,
      })
  } finally {
    await server.close()
  }
})

test('resolveNameQueryOptions: keyed by the lower-case name and namespace; idle for something that is not a name', () => {
  const p = portico()
  expect(resolveNameQueryOptions(p, { name: ' Bob.reown.id', namespace: 'eip155' }).queryKey).toEqual([
    'portico',
    'name',
    { name: 'bob.reown.id', namespace: 'eip155' },
  ])
  expect(resolveNameQueryOptions(p, { name: '0x7099', namespace: 'eip155' }).enabled).toBe(false)
  expect(resolveNameQueryOptions(p, { name: 'bob.reown.id', namespace: undefined }).enabled).toBe(false)
})

test('sendToken and estimateSendFee: a name receiver is resolved and the ether lands at its address on anvil', async () => {
  const { createPublicClient, http, parseEther } = await import('viem')
  const { generatePrivateKey, privateKeyToAccount } = await import('viem/accounts')
  const { installTestWindow, removeTestWindow } = await import('../../test/window.js')
  const { createTestEip1193Wallet } = await import('../../testing/eip1193Wallet.js')
  const { eip155Adapter } = await import('../../kernel/adapters/eip155/eip155Adapter.js')
  const { connect } = await import('../../kernel/actions/connect.js')
  const { initialize } = await import('../../kernel/actions/initialize.js')
  const { getBalance } = await import('../../kernel/actions/getBalance.js')
  const { sendToken } = await import('../send/sendToken.js')
  const { estimateSendFee } = await import('../send/estimateSendFee.js')
  installTestWindow()
  const key = generatePrivateKey()
  const sender = privateKeyToAccount(key).address
  const rpc = (method: string, params: unknown[]) =>
    fetch(devnet.evmRpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
  await rpc('anvil_setBalance', [sender, '0x8ac7230489e80000'])
  const wallet = createTestEip1193Wallet({ accounts: [key], chains: [{ id: 31337, rpcUrl: devnet.evmRpcUrl }] })
  const p = createPortico({
    projectId: 'p',
    networks: [testNetworks({ evmRpcUrl: devnet.evmRpcUrl }).devnet],
    adapters: [eip155Adapter({ eip6963: false, connectors: [{ id: 'w', name: 'W', provider: wallet.provider }] })],
    storage: null,
    walletConnect: false,
    remoteConfig: false,
    blockchainApi: false,
    apiUrls: { blockchain: devnet.apiUrl, api: devnet.apiUrl },
  })
  const stop = initialize(p)
  try {
    await connect(p, { connectorId: 'w', namespace: 'eip155' })
    const [eth] = await getBalance(p)
    const dave = '0x00000000000000000000000000000000000DA7e0'
    const client = createPublicClient({ transport: http(devnet.evmRpcUrl) })
    const before = await client.getBalance({ address: dave })
    const fee = await estimateSendFee(p, { token: eth!, amount: '0.25', receiver: 'dave.reown.id' })
    expect(fee.fee).toBeGreaterThan(0n)
    await sendToken(p, { token: eth!, amount: '0.25', receiver: 'dave.reown.id' })
    expect((await client.getBalance({ address: dave })) - before).toBe(parseEther('0.25'))
    await expect(sendToken(p, { token: eth!, amount: '0.25', receiver: 'nobody.reown.id' })).rejects.toMatchObject({
      shortMessage: 'Error resolving name',
    })
    expect(wallet.requests.filter((r) => r.method === 'eth_sendTransaction')).toHaveLength(1)
  } finally {
    stop()
    removeTestWindow()
  }
})
