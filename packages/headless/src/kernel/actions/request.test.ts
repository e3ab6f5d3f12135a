import {
  address,
  appendTransactionMessageInstruction,
  type Base64EncodedWireTransaction,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Decoder,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  pipe,
  type Signature,
  type SignatureBytes,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  verifySignature,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { describe, expect, test } from 'vitest'
import { devnetSuite } from '../../test/devnetSuite.js'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { hostAdapter, hostConnector, rpcError } from '../../test/hostConnector.js'
import { createTestEip1193Wallet } from '../../testing/eip1193Wallet.js'
import { createTestSolanaWallet } from '../../testing/solanaWallet.js'
import { eip155Adapter } from '../adapters/eip155/eip155Adapter.js'
import { solanaAdapter } from '../adapters/solana/solanaAdapter.js'
import { createPortico } from '../createPortico.js'
import { BaseError } from '../errors/base.js'
import { RequestNotApprovedError } from '../errors/walletConnect.js'
import type { ConnectorConnection } from '../types.js'
import { connect } from './connect.js'
import { initialize } from './initialize.js'
import { request } from './request.js'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

const suite = devnetSuite()
const { stops } = suite

const networks = () =>
  testNetworks({
    evmRpcUrl: suite.devnet.evm.rpcUrl,
    solanaRpcUrl: suite.devnet.solana.rpcUrl,
    genesisHash: suite.devnet.solana.genesisHash,
  })

/** A host-supplied connector on eip155, connected; its `request` answers as the test says. */
async function hostConnected(answer: (parameters: { method: string }) => Promise<unknown>) {
  const { devnet: net, devnet2, solanaLocal } = testNetworks()
  const wallet = hostConnector({
    connect: async () =>
      [{ namespace: 'eip155', accounts: [alice], caipNetworkId: net.caipNetworkId }] as ConnectorConnection[],
    request: answer,
  })
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [net, devnet2, solanaLocal],
    adapters: [hostAdapter('eip155', [wallet.connector]), hostAdapter('solana')],
    storage: memoryStorage(),
  })
  stops.push(initialize(portico))
  await connect(portico, { connector: wallet.connector })
  return { portico, wallet }
}

describe('contract (host connector)', () => {
  test('behavior: goes through account.connector with namespace, chainId, address, method and params', async () => {
    const { portico, wallet } = await hostConnected(async () => '0x1')
    expect(await request(portico, { method: 'eth_blockNumber', params: ['latest'] })).toBe('0x1')
    expect(wallet.callsOf('request')).toEqual([
      { namespace: 'eip155', chainId: 'eip155:31337', address: alice, method: 'eth_blockNumber', params: ['latest'] },
    ])
  })

  test('parameters: caipNetworkId overrides the chain; params default to []', async () => {
    const { portico, wallet } = await hostConnected(async () => null)
    await request(portico, { method: 'eth_gasPrice', caipNetworkId: 'eip155:31338' })
    expect(wallet.callsOf('request')).toEqual([
      { namespace: 'eip155', chainId: 'eip155:31338', address: alice, method: 'eth_gasPrice', params: [] },
    ])
  })

  test('behavior: NotConnectedError when nothing is connected', async () => {
    const { devnet: net } = testNetworks()
    const wallet = hostConnector()
    const portico = createPortico({
      projectId: 'p',
      walletConnect: false,
      networks: [net],
      adapters: [hostAdapter('eip155', [wallet.connector])],
      storage: memoryStorage(),
    })
    const error = await request(portico, { method: 'eth_chainId' }).catch((e) => e)
    expect(error).toMatchObject({ name: 'NotConnectedError', shortMessage: 'No ActiveCaipAddress found' })
    expect(wallet.calls).toEqual([])
  })

  test('behavior: NotConnectedError for a namespace that is not connected', async () => {
    const { portico, wallet } = await hostConnected(async () => null)
    const error = await request(portico, { namespace: 'solana', method: 'solana_signMessage' }).catch((e) => e)
    expect(error).toMatchObject({ name: 'NotConnectedError' })
    expect(wallet.callsOf('request')).toEqual([])
  })

  test('behavior: a user rejection (4001) becomes UserRejectedRequestError with the cause', async () => {
    const rejection = rpcError(4001, 'User rejected the request.')
    const { portico } = await hostConnected(async () => {
      throw rejection
    })
    const error = (await request(portico, { method: 'eth_sendTransaction' }).catch((e) => e)) as BaseError
    expect(error).toMatchObject({ name: 'UserRejectedRequestError', shortMessage: 'User rejected the request.' })
    expect(error.cause).toBe(rejection)
  })

  test('behavior: another wallet failure becomes WalletRequestError naming the method and message', async () => {
    const failure = rpcError(-32603, 'execution reverted')
    const { portico } = await hostConnected(async () => {
      throw failure
    })
    const error = (await request(portico, { method: 'eth_call' }).catch((e) => e)) as BaseError
    expect(error).toMatchObject({
      name: 'WalletRequestError',
      shortMessage: 'Something went wrong',
      details: 'eth_call failed: execution reverted',
    })
    expect(error.cause).toBe(failure)
  })

  test('behavior: a BaseError thrown by the connector passes through unchanged', async () => {
    const typed = new RequestNotApprovedError({ method: 'eth_sign', chainId: 'eip155:31337', reason: 'method' })
    const { portico } = await hostConnected(async () => {
      throw typed
    })
    expect(await request(portico, { method: 'eth_sign' }).catch((e) => e)).toBe(typed)
  })
})

describe('real EIP-1193 wallet (devnet)', () => {
  async function evmConnected() {
    const wallet = createTestEip1193Wallet({
      accounts: suite.devnet.evm.accounts.map((a) => a.privateKey),
      chains: [{ id: 31337, rpcUrl: suite.devnet.evm.rpcUrl }],
    })
    stops.push(wallet.announce())
    const portico = createPortico({
      projectId: 'p',
      walletConnect: false,
      networks: [networks().devnet],
      adapters: [eip155Adapter()],
      storage: memoryStorage(),
    })
    stops.push(initialize(portico))
    await connect(portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
    return { portico, wallet }
  }

  test('behavior: the request reaches the wallet and its answer comes back', async () => {
    const { portico, wallet } = await evmConnected()
    expect(await request(portico, { method: 'eth_chainId' })).toBe('0x7a69')
    expect(await request(portico, { method: 'eth_accounts' })).toEqual([wallet.address])
  })

  test('behavior: the user declining in the wallet is UserRejectedRequestError', async () => {
    const { portico, wallet } = await evmConnected()
    wallet.rejectNext('personal_sign')
    const error = await request(portico, { method: 'personal_sign', params: ['0x68656c6c6f', wallet.address] }).catch(
      (e) => e,
    )
    expect(error).toMatchObject({ name: 'UserRejectedRequestError', cause: { code: 4001 } })
  })
})

describe('installed Solana wallet (Wallet Standard) against the devnet Solana RPC', () => {
  async function solanaConnected() {
    const wallet = await createTestSolanaWallet({
      seeds: suite.devnet.solana.accounts.map((a) => a.seed),
      rpcUrl: suite.devnet.solana.rpcUrl,
    })
    stops.push(wallet.register())
    const portico = createPortico({
      projectId: 'p',
      walletConnect: false,
      networks: networks().all,
      defaultNetwork: suite.devnet.solana.caipNetworkId,
      adapters: [eip155Adapter(), solanaAdapter()],
      storage: memoryStorage(),
    })
    stops.push(initialize(portico))
    await connect(portico, { connectorId: 'Devnet Wallet', namespace: 'solana' })
    return { portico, wallet }
  }

  const rpc = () => createSolanaRpc(suite.devnet.solana.rpcUrl)
  const from = () => suite.devnet.solana.accounts[0].address
  const to = () => suite.devnet.solana.accounts[1].address

  /** An unsigned System Program SOL transfer in base64 wire format, as an app hands it to a wallet. */
  async function transfer(lamports: bigint): Promise<string> {
    const { value: lifetime } = await rpc().getLatestBlockhash().send()
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(address(from()), m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) =>
        appendTransactionMessageInstruction(
          getTransferSolInstruction({
            source: createNoopSigner(address(from())),
            destination: address(to()),
            amount: lamports,
          }),
          m,
        ),
    )
    return getBase64EncodedWireTransaction(compileTransaction(message))
  }

  /** The fee payer's signature in a signed base64 transaction, checked against its message bytes. */
  async function verifySigned(signed: string): Promise<string> {
    const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(signed))
    const signature = transaction.signatures[address(from())]
    expect(signature).toBeTruthy()
    const key = await getPublicKeyFromAddress(address(from()))
    expect(await verifySignature(key, signature as SignatureBytes, transaction.messageBytes)).toBe(true)
    return getBase58Decoder().decode(signature as SignatureBytes)
  }

  async function balance(of: string) {
    return (await rpc().getBalance(address(of)).send()).value
  }

  async function landed(signature: string) {
    const { value } = await rpc()
      .getSignatureStatuses([signature as Signature])
      .send()
    return value[0]
  }

  test('behavior: solana_signTransaction signs (verifiable ed25519) and the transfer lands when sent', async () => {
    const { portico, wallet } = await solanaConnected()
    const before = await balance(to())
    const result = await request<{ signature: string; transaction: string }>(portico, {
      method: 'solana_signTransaction',
      params: { transaction: await transfer(1_234_567n) },
    })
    expect(result.signature).toBe(await verifySigned(result.transaction))
    // Only signed: nothing sent yet.
    expect(await balance(to())).toBe(before)
    await rpc()
      .sendTransaction(result.transaction as Base64EncodedWireTransaction, { encoding: 'base64' })
      .send()
    expect(await landed(result.signature)).toMatchObject({ err: null })
    expect(await balance(to())).toBe(before + 1_234_567n)
    expect(wallet.requests.map((r) => r.feature)).toContain('solana:signTransaction')
  })

  test('behavior: solana_signAllTransactions signs every transaction in order', async () => {
    const { portico } = await solanaConnected()
    const before = await balance(to())
    const inputs = [await transfer(1_000n), await transfer(2_000n)]
    const { transactions } = await request<{ transactions: string[] }>(portico, {
      method: 'solana_signAllTransactions',
      params: { transactions: inputs },
    })
    expect(transactions).toHaveLength(2)
    for (const signed of transactions) {
      const signature = await verifySigned(signed)
      await rpc()
        .sendTransaction(signed as Base64EncodedWireTransaction, { encoding: 'base64' })
        .send()
      expect(await landed(signature)).toMatchObject({ err: null })
    }
    expect(await balance(to())).toBe(before + 3_000n)
  })

  test('behavior: solana_signAndSendTransaction sends through the wallet; the transfer lands', async () => {
    const { portico } = await solanaConnected()
    const before = await balance(to())
    const { signature } = await request<{ signature: string }>(portico, {
      method: 'solana_signAndSendTransaction',
      params: { transaction: await transfer(7_654_321n), options: { preflightCommitment: 'confirmed' } },
    })
    expect(getBase58Encoder().encode(signature)).toHaveLength(64)
    expect(await landed(signature)).toMatchObject({ err: null })
    expect(await balance(to())).toBe(before + 7_654_321n)
  })

  test('behavior: solana_signMessage signs base58 message bytes with the account key', async () => {
    const { portico } = await solanaConnected()
    const message = new TextEncoder().encode('hello from request')
    const { signature } = await request<{ signature: string }>(portico, {
      method: 'solana_signMessage',
      params: { message: getBase58Decoder().decode(message), pubkey: from() },
    })
    const key = await getPublicKeyFromAddress(address(from()))
    const bytes = getBase58Encoder().encode(signature) as SignatureBytes
    expect(await verifySignature(key, bytes, message)).toBe(true)
    expect(await verifySignature(key, bytes, new TextEncoder().encode('something else'))).toBe(false)
  })

  test('behavior: the user declining a transaction is UserRejectedRequestError', async () => {
    const { portico, wallet } = await solanaConnected()
    wallet.rejectNext('solana:signTransaction')
    const error = await request(portico, {
      method: 'solana_signTransaction',
      params: { transaction: await transfer(1n) },
    }).catch((e) => e)
    expect(error).toMatchObject({ name: 'UserRejectedRequestError' })
  })

  test('behavior: an unsupported method is RequestNotApprovedError before any wallet call', async () => {
    const { portico, wallet } = await solanaConnected()
    const seen = wallet.requests.length
    const error = await request(portico, { method: 'solana_getAccounts' }).catch((e) => e)
    expect(error).toBeInstanceOf(BaseError)
    expect(error).toMatchObject({ name: 'RequestNotApprovedError', shortMessage: 'Requested RPC call is not allowed' })
    expect(wallet.requests).toHaveLength(seen)
  })

  test("behavior: a preflightCommitment outside the spec's list is refused before the wallet", async () => {
    const { portico, wallet } = await solanaConnected()
    const before = await balance(to())
    const seen = wallet.requests.length
    const error = (await request(portico, {
      method: 'solana_signAndSendTransaction',
      params: { transaction: await transfer(5n), options: { preflightCommitment: 'fastest' } },
    }).catch((e) => e)) as BaseError
    expect(error).toMatchObject({ name: 'WalletRequestError' })
    expect(error.details).toContain(
      'preflightCommitment must be one of processed, confirmed, finalized, recent, single, singleGossip, root, max',
    )
    expect(wallet.requests).toHaveLength(seen)
    expect(await balance(to())).toBe(before)
  })

  test('behavior: a legacy preflightCommitment from the spec (recent) goes to the wallet as processed; the transfer lands', async () => {
    const { portico, wallet } = await solanaConnected()
    const before = await balance(to())
    const { signature } = await request<{ signature: string }>(portico, {
      method: 'solana_signAndSendTransaction',
      params: { transaction: await transfer(3_333n), options: { preflightCommitment: 'recent' } },
    })
    const sent = wallet.requests.filter((r) => r.feature === 'solana:signAndSendTransaction').at(-1)
    expect((sent?.input as [{ options?: unknown }] | undefined)?.[0].options).toEqual({
      preflightCommitment: 'processed',
    })
    expect(await landed(signature)).toMatchObject({ err: null })
    expect(await balance(to())).toBe(before + 3_333n)
  })

  test('behavior: a malformed transaction param is a WalletRequestError, never sent to the wallet', async () => {
    const { portico, wallet } = await solanaConnected()
    const seen = wallet.requests.length
    const error = await request(portico, { method: 'solana_signTransaction', params: { transaction: '' } }).catch(
      (e) => e,
    )
    expect(error).toMatchObject({ name: 'WalletRequestError' })
    expect(wallet.requests).toHaveLength(seen)
  })
})
