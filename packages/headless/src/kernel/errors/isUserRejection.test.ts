// isUserRejection and providerErrorCode on the error shapes wallets really throw: the EIP-1193 test
// wallet's own refusals (raw and through viem's client), the Solana test wallet's error, ethers'
// ACTION_REJECTED and Wallet Standard names and messages. How the verbs turn a rejection into
// their typed errors is tested beside them (kernel/actions/request.test.ts, signMessage.test.ts,
// connect.test.ts); the connector's use of providerErrorCode in eip1193Connector.test.ts.
import { createWalletClient, custom, UserRejectedRequestError as ViemUserRejectedRequestError } from 'viem'
import { describe, expect, test } from 'vitest'
import { createTestEip1193Wallet } from '../../testing/eip1193Wallet.js'
import { TestProviderRpcError } from '../../testing/testProviderRpcError.js'
import { TestSolanaWalletError } from '../../testing/testSolanaWalletError.js'
import { ConnectionRejectedError } from './connection.js'
import { isUserRejection, providerErrorCode } from './isUserRejection.js'
import { UserRejectedRequestError } from './network.js'

const key = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

/** The test wallet on an unreachable loopback RPC: signing and connecting never reach a chain. */
function testWallet() {
  return createTestEip1193Wallet({ accounts: [key], chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:1' }] })
}

/** `error` wrapped `depth` times as the cause of a plain error. */
function nested(error: unknown, depth: number): unknown {
  let outer = error
  for (let i = 0; i < depth; i++) outer = new Error(`wrapper ${i}`, { cause: outer })
  return outer
}

describe('isUserRejection', () => {
  test('behavior: the EIP-1193 test wallet’s declined prompt (code 4001) is a rejection, raw and through viem', async () => {
    const wallet = testWallet()
    wallet.rejectNext('eth_requestAccounts')
    const raw = await wallet.provider.request({ method: 'eth_requestAccounts' }).catch((e: unknown) => e)
    expect(raw).toMatchObject({ code: 4001 })
    expect(isUserRejection(raw)).toBe(true)

    // viem's client turns the wallet's error into its own, keeping the wallet's as the cause.
    const client = createWalletClient({ transport: custom(wallet.provider) })
    const [account] = await client.requestAddresses()
    wallet.rejectNext('personal_sign')
    const viaViem = await client.signMessage({ account: account as `0x${string}`, message: 'hi' }).catch((e) => e)
    expect(viaViem).toBeInstanceOf(ViemUserRejectedRequestError)
    expect(isUserRejection(viaViem)).toBe(true)
  })

  test('behavior: the test wallet’s other refusals are not rejections (4100 unauthorized, 4902 unknown chain)', async () => {
    const wallet = testWallet()
    const unauthorized = await wallet.provider
      .request({ method: 'personal_sign', params: ['0x68', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'] })
      .catch((e: unknown) => e)
    expect(unauthorized).toMatchObject({ code: 4100 })
    expect(isUserRejection(unauthorized)).toBe(false)
    const unknownChain = await wallet.provider
      .request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })
      .catch((e: unknown) => e)
    expect(unknownChain).toMatchObject({ code: 4902 })
    expect(isUserRejection(unknownChain)).toBe(false)
  })

  test('behavior: ethers’ ACTION_REJECTED code and the Solana test wallet’s 4001 are rejections', () => {
    const ethers = Object.assign(new Error('user rejected action (action="signMessage")'), { code: 'ACTION_REJECTED' })
    expect(isUserRejection(Object.assign(new Error('no words to match'), { code: 'ACTION_REJECTED' }))).toBe(true)
    expect(isUserRejection(ethers)).toBe(true)
    const solana = new TestSolanaWalletError({ name: 'WalletSignMessageError', code: 4001, message: 'Declined' })
    expect(isUserRejection(solana)).toBe(true)
    expect(
      isUserRejection(new TestSolanaWalletError({ name: 'WalletSignMessageError', code: -32603, message: 'RPC down' })),
    ).toBe(false)
  })

  test.each([
    ['UserRejectedRequestError'],
    ['UserRejectedError'],
    ['RejectedError'],
    ['RequestRejectedError'],
    ['WalletRejectedRequestError'],
  ])('behavior: a Wallet Standard error named %s (no code, neutral message) is a rejection', (name) => {
    const error = Object.assign(new Error('Something happened'), { name })
    expect(isUserRejection(error)).toBe(true)
  })

  test.each([
    ['User rejected the request.'],
    ['MetaMask Tx Signature: User denied transaction signature.'],
    ['The user declined the connection'],
    ['User canceled'],
    ['User cancelled the prompt'],
    ['Transaction rejected by the user'],
    ['Request rejected by user'],
  ])('behavior: an error with no code or telling name whose message reads %j is a rejection', (message) => {
    expect(isUserRejection(new Error(message))).toBe(true)
  })

  test.each([
    [
      'a chain’s rejection',
      Object.assign(new Error('Transaction creation failed.'), { name: 'TransactionRejectedRpcError' }),
    ],
    ['a name that only contains the words', Object.assign(new Error('x'), { name: 'RejectedErrorHandler' })],
    ['a revert', new Error('execution reverted: ERC20: transfer amount exceeds balance')],
    ['insufficient funds', Object.assign(new Error('insufficient funds for gas * price + value'), { code: -32000 })],
    ['the code as a string', Object.assign(new Error('Request failed'), { code: '4001' })],
    ['an internal error', new TestProviderRpcError({ code: -32603, message: 'Internal JSON-RPC error.' })],
    ['a user that is not rejecting', new Error('user not found')],
  ])('edge: %s is not a rejection', (_, error) => {
    expect(isUserRejection(error)).toBe(false)
  })

  test('edge: nothing, primitives and a plain object without the marks are not rejections', () => {
    for (const value of [undefined, null, 0, '', 'User rejected the request.', 4001, {}, []]) {
      expect(isUserRejection(value)).toBe(false)
    }
    // A plain object (not an Error) with the code is one: wallets often throw bare objects.
    expect(isUserRejection({ code: 4001, message: 'x' })).toBe(true)
  })

  test('behavior: a rejection wrapped as the cause, up to four levels deep, is found; our own rejection errors count', () => {
    const rejection = new TestProviderRpcError({ code: 4001, message: 'Declined' })
    expect(isUserRejection(nested(rejection, 1))).toBe(true)
    expect(isUserRejection(nested(rejection, 4))).toBe(true)
    expect(isUserRejection(new UserRejectedRequestError())).toBe(true)
    expect(isUserRejection(new ConnectionRejectedError())).toBe(true)
    expect(isUserRejection(nested(new ConnectionRejectedError(), 2))).toBe(true)
  })

  test('edge: a rejection five levels down is not looked for, nor is a cause that is not an object', () => {
    const rejection = new TestProviderRpcError({ code: 4001, message: 'Declined' })
    expect(isUserRejection(nested(rejection, 5))).toBe(false)
    expect(isUserRejection(new Error('wrapper', { cause: 'User rejected the request.' }))).toBe(false)
  })

  test('edge: a cause that points back to the error ends the search (no endless loop)', () => {
    const error = new Error('wrapper') as Error & { cause?: unknown }
    error.cause = error
    expect(isUserRejection(error)).toBe(false)
    const a = new Error('a') as Error & { cause?: unknown }
    const b = new Error('b', { cause: a })
    a.cause = b
    expect(isUserRejection(a)).toBe(false)
  })
})

describe('providerErrorCode', () => {
  test('behavior: the test wallet’s numeric code is read, raw and under viem’s wrapping', async () => {
    const wallet = testWallet()
    const unknownChain = await wallet.provider
      .request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })
      .catch((e: unknown) => e)
    expect(providerErrorCode(unknownChain)).toBe(4902)
    expect(providerErrorCode(nested(unknownChain, 3))).toBe(4902)
  })

  test('behavior: MetaMask’s data.originalError.code wins over the outer code', () => {
    const metaMask = new TestProviderRpcError({
      code: -32603,
      message: 'Unrecognized chain ID "0x1". Try adding the chain using wallet_addEthereumChain first.',
      data: { originalError: { code: 4902 } },
    })
    expect(providerErrorCode(metaMask)).toBe(4902)
    // An original error without a numeric code leaves the outer one.
    expect(providerErrorCode({ code: -32603, data: { originalError: { code: '4902' } } })).toBe(-32603)
    expect(providerErrorCode({ code: -32603, data: { originalError: null } })).toBe(-32603)
  })

  test('edge: the outer code is read before the cause’s; zero is a code', () => {
    expect(providerErrorCode(Object.assign(new Error('outer'), { code: 4100, cause: { code: 4001 } }))).toBe(4100)
    expect(providerErrorCode({ code: 0 })).toBe(0)
    expect(providerErrorCode({ code: '4001', cause: { code: 4001 } })).toBe(4001)
  })

  test('default: nothing, primitives and errors without a numeric code give undefined', () => {
    for (const value of [undefined, null, 4001, 'code 4001', {}, new Error('plain'), { code: 'ACTION_REJECTED' }]) {
      expect(providerErrorCode(value)).toBeUndefined()
    }
    expect(providerErrorCode(new Error('wrapper', { cause: new Error('no code') }))).toBeUndefined()
  })

  test('edge: a cause chain that loops without a code gives undefined, and a code five causes deep is not read', () => {
    const error = new Error('wrapper') as Error & { cause?: unknown }
    error.cause = error
    expect(providerErrorCode(error)).toBeUndefined()
    const deep = (levels: number) => {
      let e: unknown = Object.assign(new Error('wallet'), { code: 4001 })
      for (let i = 0; i < levels; i++) e = new Error('wrapper', { cause: e })
      return e
    }
    expect(providerErrorCode(deep(4))).toBe(4001)
    expect(providerErrorCode(deep(5))).toBeUndefined()
  })
})
