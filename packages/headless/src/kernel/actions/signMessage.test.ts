import { address, getBase58Encoder, getPublicKeyFromAddress, type SignatureBytes, verifySignature } from '@solana/kit'
import { verifyMessage } from 'viem'
import { describe, expect, test } from 'vitest'
import { devnetSuite } from '../../test/devnetSuite.js'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { hostAdapter, hostConnector, rpcError } from '../../test/hostConnector.js'
import { createTestEip1193Wallet } from '../../testing/eip1193Wallet.js'
import { createTestSolanaWallet } from '../../testing/solanaWallet.js'
import { eip155Adapter } from '../adapters/eip155/eip155Adapter.js'
import { solanaAdapter } from '../adapters/solana/solanaAdapter.js'
import { createPortico } from '../createPortico.js'
import { RequestNotApprovedError } from '../errors/walletConnect.js'
import { connect } from './connect.js'
import { initialize } from './initialize.js'
import { signMessage } from './signMessage.js'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

const suite = devnetSuite()
const { stops } = suite

const host = suite.host

describe('contract (host connector)', () => {
  test('behavior: goes through account.connector with namespace, address, message and network', async () => {
    const { portico, wallet, networks } = await host({ signMessage: async () => '0xsigned' })
    const bytes = new Uint8Array([1, 2, 3])
    expect(await signMessage(portico, { message: 'hello' })).toBe('0xsigned')
    expect(await signMessage(portico, { message: bytes, namespace: 'eip155' })).toBe('0xsigned')
    expect(wallet.callsOf('signMessage')).toEqual([
      { namespace: 'eip155', address: alice, message: 'hello', network: networks.devnet },
      { namespace: 'eip155', address: alice, message: bytes, network: networks.devnet },
    ])
  })

  test('behavior: NotConnectedError when nothing is connected', async () => {
    const { devnet: net } = testNetworks()
    const wallet = hostConnector({ signMessage: async () => '0x' })
    const portico = createPortico({
      projectId: 'p',
      walletConnect: false,
      networks: [net],
      adapters: [hostAdapter('eip155', [wallet.connector])],
      storage: memoryStorage(),
    })
    await expect(signMessage(portico, { message: 'hi' })).rejects.toMatchObject({ name: 'NotConnectedError' })
    expect(wallet.calls).toEqual([])
  })

  test('behavior: NotConnectedError for a configured namespace that is not connected', async () => {
    const { portico, wallet } = await host({ signMessage: async () => '0x' })
    await expect(signMessage(portico, { message: 'hi', namespace: 'solana' })).rejects.toMatchObject({
      name: 'NotConnectedError',
    })
    expect(wallet.callsOf('signMessage')).toEqual([])
  })

  test('behavior: a user rejection becomes UserRejectedRequestError', async () => {
    const rejection = rpcError(4001, 'User rejected the request.')
    const { portico } = await host({
      signMessage: async () => {
        throw rejection
      },
    })
    const error = await signMessage(portico, { message: 'hi' }).catch((e) => e)
    expect(error).toMatchObject({ name: 'UserRejectedRequestError', shortMessage: 'User rejected the request.' })
    expect(error.cause).toBe(rejection)
  })

  test('behavior: another failure becomes SignMessageFailedError with the cause', async () => {
    const failure = new Error('device locked')
    const { portico } = await host({
      signMessage: async () => {
        throw failure
      },
    })
    const error = await signMessage(portico, { message: 'hi' }).catch((e) => e)
    expect(error).toMatchObject({ name: 'SignMessageFailedError', shortMessage: 'Error signing message' })
    expect(error.cause).toBe(failure)
  })

  test('behavior: a BaseError thrown by the connector passes through unchanged', async () => {
    const typed = new RequestNotApprovedError({ method: 'personal_sign', chainId: 'eip155:31337', reason: 'method' })
    const { portico } = await host({
      signMessage: async () => {
        throw typed
      },
    })
    expect(await signMessage(portico, { message: 'hi' }).catch((e) => e)).toBe(typed)
  })
})

describe('real wallets (devnet)', () => {
  test('behavior: eip155 personal_sign through the test wallet, verified with viem', async () => {
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
    const signature = (await signMessage(portico, { message: 'hello portico' })) as `0x${string}`
    expect(await verifyMessage({ address: wallet.address, message: 'hello portico', signature })).toBe(true)
    expect(await verifyMessage({ address: wallet.address, message: 'tampered', signature })).toBe(false)
    expect(wallet.requests.at(-1)?.method).toBe('personal_sign')

    wallet.rejectNext('personal_sign')
    await expect(signMessage(portico, { message: 'again' })).rejects.toMatchObject({ name: 'UserRejectedRequestError' })
  })

  test('behavior: solana signMessage through the Wallet Standard test wallet, verified with ed25519', async () => {
    const wallet = await createTestSolanaWallet({
      seeds: suite.devnet.solana.accounts.map((a) => a.seed),
      rpcUrl: suite.devnet.solana.rpcUrl,
    })
    stops.push(wallet.register())
    const { all } = testNetworks({
      solanaRpcUrl: suite.devnet.solana.rpcUrl,
      genesisHash: suite.devnet.solana.genesisHash,
    })
    const portico = createPortico({
      projectId: 'p',
      walletConnect: false,
      networks: all,
      adapters: [eip155Adapter(), solanaAdapter()],
      storage: memoryStorage(),
    })
    stops.push(initialize(portico))
    await connect(portico, { connectorId: 'Devnet Wallet', namespace: 'solana' })
    const message = new TextEncoder().encode('bytes to sign')
    const signature = await signMessage(portico, { message, namespace: 'solana' })
    const key = await getPublicKeyFromAddress(address(suite.devnet.solana.accounts[0].address))
    expect(await verifySignature(key, getBase58Encoder().encode(signature) as SignatureBytes, message)).toBe(true)

    wallet.rejectNext('solana:signMessage')
    await expect(signMessage(portico, { message: 'no', namespace: 'solana' })).rejects.toMatchObject({
      name: 'UserRejectedRequestError',
    })
  })
})
