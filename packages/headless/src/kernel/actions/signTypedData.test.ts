import { verifyTypedData } from 'viem'
import { describe, expect, test } from 'vitest'
import { devnetSuite } from '../../test/devnetSuite.js'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { hostAdapter, hostConnector, rpcError } from '../../test/hostConnector.js'
import { createTestEip1193Wallet } from '../../testing/eip1193Wallet.js'
import { eip155Adapter } from '../adapters/eip155/eip155Adapter.js'
import { createPortico } from '../createPortico.js'
import { RequestNotApprovedError } from '../errors/walletConnect.js'
import { connect } from './connect.js'
import { initialize } from './initialize.js'
import { signTypedData, type TypedData } from './signTypedData.js'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const signature = `0x${'11'.repeat(65)}` as const

const typedData = {
  domain: {
    name: 'Portico',
    version: '1',
    chainId: 31337,
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' as const,
  },
  types: {
    Transfer: [
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
  },
  primaryType: 'Transfer',
  message: { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: 12345678901234567890123n },
} satisfies TypedData

const suite = devnetSuite()
const { stops } = suite

const host = suite.host

describe('contract (host connector)', () => {
  test('behavior: eth_signTypedData_v4 through account.connector with [address, JSON], bigints as decimal strings', async () => {
    const { portico, wallet } = await host({ request: async () => signature })
    expect(await signTypedData(portico, { typedData })).toBe(signature)
    const [call] = wallet.callsOf('request') as [{ params: [string, string] }]
    expect(call).toMatchObject({
      namespace: 'eip155',
      chainId: 'eip155:31337',
      address: alice,
      method: 'eth_signTypedData_v4',
    })
    expect(call.params[0]).toBe(alice)
    expect(JSON.parse(call.params[1])).toEqual({
      ...typedData,
      message: { ...typedData.message, amount: '12345678901234567890123' },
    })
  })

  test('behavior: NotConnectedError when nothing is connected', async () => {
    const { devnet: net } = testNetworks()
    const wallet = hostConnector({ request: async () => signature })
    const portico = createPortico({
      projectId: 'p',
      walletConnect: false,
      networks: [net],
      adapters: [hostAdapter('eip155', [wallet.connector])],
      storage: memoryStorage(),
    })
    await expect(signTypedData(portico, { typedData })).rejects.toMatchObject({ name: 'NotConnectedError' })
    expect(wallet.calls).toEqual([])
  })

  test('behavior: a user rejection becomes UserRejectedRequestError', async () => {
    const { portico } = await host({
      request: async () => {
        throw rpcError(4001, 'User rejected the request.')
      },
    })
    await expect(signTypedData(portico, { typedData })).rejects.toMatchObject({ name: 'UserRejectedRequestError' })
  })

  test('behavior: another failure becomes WalletRequestError', async () => {
    const { portico } = await host({
      request: async () => {
        throw rpcError(-32602, 'invalid typed data')
      },
    })
    await expect(signTypedData(portico, { typedData })).rejects.toMatchObject({
      name: 'WalletRequestError',
      details: 'eth_signTypedData_v4 failed: invalid typed data',
    })
  })

  test('behavior: an answer that is not a signature is a WalletRequestError', async () => {
    const { portico } = await host({ request: async () => ({ signature }) })
    await expect(signTypedData(portico, { typedData })).rejects.toMatchObject({
      name: 'WalletRequestError',
      details: 'eth_signTypedData_v4 failed: The wallet returned no signature',
    })
  })

  test('behavior: a BaseError thrown by the connector passes through unchanged', async () => {
    const typed = new RequestNotApprovedError({
      method: 'eth_signTypedData_v4',
      chainId: 'eip155:31337',
      reason: 'method',
    })
    const { portico } = await host({
      request: async () => {
        throw typed
      },
    })
    expect(await signTypedData(portico, { typedData }).catch((e) => e)).toBe(typed)
  })
})

describe('real EIP-1193 wallet (devnet)', () => {
  test('behavior: the test wallet signs EIP-712 data that verifies for its address; a decline is UserRejectedRequestError', async () => {
    const wallet = createTestEip1193Wallet({
      accounts: suite.devnet.evm.accounts.map((a) => a.privateKey),
      chains: [{ id: 31337, rpcUrl: suite.devnet.evm.rpcUrl }],
    })
    stops.push(wallet.announce())
    const portico = createPortico({
      projectId: 'p',
      walletConnect: false,
      networks: [testNetworks({ evmRpcUrl: suite.devnet.evm.rpcUrl }).devnet],
      adapters: [eip155Adapter()],
      storage: memoryStorage(),
    })
    stops.push(initialize(portico))
    await connect(portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })

    const signed = await signTypedData(portico, { typedData })
    const verify = (message: typeof typedData.message) =>
      verifyTypedData({
        address: wallet.address,
        domain: typedData.domain,
        types: typedData.types,
        primaryType: 'Transfer',
        message,
        signature: signed,
      })
    expect(await verify(typedData.message)).toBe(true)
    expect(await verify({ ...typedData.message, amount: 1n })).toBe(false)

    wallet.rejectNext('eth_signTypedData_v4')
    await expect(signTypedData(portico, { typedData })).rejects.toMatchObject({ name: 'UserRejectedRequestError' })
  })
})
