/**
 * The devnet wallet as a smart wallet: its eip155 account is the SimpleAccount (v0.8) of its devnet
 * key, on the devnet's EntryPoint and factory (the embedded wallet's own account is another one,
 * PorticoAccount). Messages are still signed by the devnet key, and SimpleAccount has no ERC-1271:
 * such a signature does not verify for the smart account's address. Batches go out as
 * ONE user operation through the bundler (viem's account-abstraction module), paid by the
 * paymaster the dapp names (`paymasterService.url`, ERC-7677) or else by the account.
 * Isomorphic, like `signers.ts`.
 */
import { type Address, createPublicClient, type Hex, http, toHex } from 'viem'
import {
  createBundlerClient,
  createPaymasterClient,
  entryPoint08Address,
  type SmartAccount,
  UserOperationReceiptNotFoundError,
} from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import { devnetAccountAbstraction } from '../aa/contracts.js'
import { devnetEvmChain } from '../evmChain.js'
import { DevnetWalletError } from './signers.js'

/**
 * Where the smart wallet sends its user operations.
 *
 * @example
 * ```ts
 * const smart: DevnetSmartAccountOptions = { bundlerUrl: devnet.aa.bundlerUrl }
 * ```
 */
export interface DevnetSmartAccountOptions {
  /** The ERC-4337 bundler's JSON-RPC URL (`startDevnet().aa.bundlerUrl`). */
  bundlerUrl: string
}

const accounts = new Map<string, Promise<SmartAccount>>()
// Which devnet key owns each smart account, to build it again on another chain.
const ownerKeys = new Map<string, Hex>()

/**
 * The SimpleAccount of `ownerKey` on the chain behind `rpcUrl` (counterfactual until its first
 * operation deploys it), made once per chain and key.
 *
 * @example
 * ```ts
 * const account = await devnetSmartAccount(devnetKeys(0).eip155.privateKey, 31337, devnet.evm.rpcUrl)
 * ```
 */
export function devnetSmartAccount(ownerKey: Hex, chainId: number, rpcUrl: string): Promise<SmartAccount> {
  const key = `${chainId}|${rpcUrl}|${ownerKey}`
  let account = accounts.get(key)
  if (!account) {
    const chain = devnetEvmChain(rpcUrl, chainId)
    // permissionless loads with the first smart account, not with the package.
    account = import('permissionless/accounts').then(({ toSimpleSmartAccount }) =>
      toSimpleSmartAccount({
        client: createPublicClient({ chain, transport: http(rpcUrl) }),
        owner: privateKeyToAccount(ownerKey),
        entryPoint: { address: entryPoint08Address, version: '0.8' },
        factoryAddress: devnetAccountAbstraction.simpleAccountFactory,
      }),
    )
    account.then((a) => ownerKeys.set(a.address, ownerKey)).catch(() => accounts.delete(key))
    accounts.set(key, account)
  }
  return account
}

/** `wallet_getCapabilities` of the smart wallet: atomic batches and paymasters on every chain it has. */
export function smartGetCapabilities(chainIds: readonly number[]) {
  return Object.fromEntries(
    chainIds.map((id) => [toHex(id), { atomic: { status: 'supported' }, paymasterService: { supported: true } }]),
  )
}

function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new DevnetWalletError(-32602, `${what} must be an object`)
  return value as Record<string, unknown>
}

const big = (value: unknown) => (value === undefined || value === null ? 0n : BigInt(value as string))

// The batch id is the user operation's hash followed by the chain id (one 32-byte word each), so
// the status needs no state.
const word = (value: number) => value.toString(16).padStart(64, '0')

/**
 * `wallet_sendCalls` of the smart wallet: every call in ONE user operation (atomic), sponsored
 * through `capabilities.paymasterService.url` when the dapp gives one, else paid by the account.
 * Other non-optional capabilities are refused (5700).
 */
export async function smartSendCalls(
  account: SmartAccount,
  params: unknown,
  chainId: number,
  smart: DevnetSmartAccountOptions,
): Promise<{ id: Hex }> {
  if (!Array.isArray(params)) throw new DevnetWalletError(-32602, 'wallet_sendCalls params must be [batch]')
  const batch = record(params[0], 'batch')
  if (typeof batch.from === 'string' && batch.from.toLowerCase() !== account.address.toLowerCase())
    throw new DevnetWalletError(4100, `from ${batch.from} is not an account of this wallet (${account.address})`)
  if (typeof batch.chainId !== 'string' || Number(BigInt(batch.chainId)) !== chainId)
    throw new DevnetWalletError(5710, `chain ${String(batch.chainId)} is not the request's chain`)
  if (!Array.isArray(batch.calls) || batch.calls.length === 0)
    throw new DevnetWalletError(-32602, 'wallet_sendCalls needs calls')
  const calls = batch.calls.map((call) => record(call, 'call'))
  const capabilities = batch.capabilities === undefined ? {} : record(batch.capabilities, 'capabilities')
  const required = [capabilities, ...calls.map((c) => c.capabilities)]
    .filter((c): c is Record<string, unknown> => typeof c === 'object' && c !== null)
    .flatMap((c) => Object.entries(c))
    .filter(([key, v]) => key !== 'paymasterService' && (v as { optional?: unknown } | null)?.optional !== true)
  if (required.length > 0)
    throw new DevnetWalletError(5700, `Unsupported non-optional capability: ${required.map(([k]) => k).join(', ')}`)
  const paymasterUrl = (capabilities.paymasterService as { url?: unknown } | undefined)?.url
  const bundler = createBundlerClient({
    client: account.client,
    transport: http(smart.bundlerUrl, { retryCount: 0 }),
    ...(typeof paymasterUrl === 'string'
      ? { paymaster: createPaymasterClient({ transport: http(paymasterUrl, { retryCount: 0 }) }) }
      : {}),
  })
  const hash = await bundler.sendUserOperation({
    account,
    calls: calls.map((call) => ({
      to: call.to as Hex,
      value: big(call.value),
      data: typeof call.data === 'string' ? (call.data as Hex) : '0x',
    })),
  })
  return { id: `${hash}${word(chainId)}` }
}

/**
 * `wallet_getCallsStatus` of the smart wallet, from the bundler's user-operation receipt: 100
 * while it has none, 200 when the operation succeeded, 500 when it reverted (atomic: all or none).
 */
export async function smartGetCallsStatus(
  params: unknown,
  rpcUrls: Readonly<Record<number, string>>,
  smart: DevnetSmartAccountOptions,
) {
  const id = Array.isArray(params) ? params[0] : undefined
  if (typeof id !== 'string' || !/^0x[0-9a-f]{128}$/.test(id)) throw new DevnetWalletError(5730, 'Unknown bundle id')
  const hash = id.slice(0, 66) as Hex
  const chainId = Number.parseInt(id.slice(66), 16)
  const rpcUrl = rpcUrls[chainId]
  if (!rpcUrl) throw new DevnetWalletError(5730, 'Unknown bundle id')
  const bundler = createBundlerClient({
    client: createPublicClient({ transport: http(rpcUrl) }),
    transport: http(smart.bundlerUrl, { retryCount: 0 }),
  })
  const base = { version: '2.0.0', id, chainId: toHex(chainId), atomic: true }
  let receipt: Awaited<ReturnType<typeof bundler.getUserOperationReceipt>>
  try {
    receipt = await bundler.getUserOperationReceipt({ hash })
  } catch (error) {
    if (error instanceof UserOperationReceiptNotFoundError) return { ...base, status: 100 }
    throw error
  }
  const r = receipt.receipt
  return {
    ...base,
    status: receipt.success ? 200 : 500,
    receipts: [
      {
        logs: r.logs.map((log) => ({ address: log.address, data: log.data, topics: log.topics })),
        status: r.status === 'success' ? '0x1' : '0x0',
        blockHash: r.blockHash,
        blockNumber: toHex(r.blockNumber),
        gasUsed: toHex(r.gasUsed),
        transactionHash: r.transactionHash,
      },
    ],
  }
}

/**
 * Answers the eip155 requests a smart wallet handles itself (`wallet_sendCalls`,
 * `wallet_getCallsStatus`, `wallet_getCapabilities`, and `eth_sendTransaction` as a one-call user
 * operation, answered with its transaction hash); `undefined` for the rest, which the owner key
 * answers as the plain wallet does.
 *
 * @example
 * ```ts
 * const answer = await answerSmartRequest(account, { evmRpcUrls }, smart, { chainId: 'eip155:31337', method, params })
 * ```
 */
export async function answerSmartRequest(
  account: SmartAccount,
  evmRpcUrls: Readonly<Record<number, string>>,
  smart: DevnetSmartAccountOptions,
  request: { chainId: string; method: string; params: unknown },
): Promise<{ answer: unknown } | undefined> {
  const [namespace, reference = ''] = request.chainId.split(':')
  if (namespace !== 'eip155') return undefined
  const chainId = Number(reference)
  switch (request.method) {
    case 'wallet_getCapabilities': {
      const [address, wanted] = (Array.isArray(request.params) ? request.params : []) as unknown[]
      if (typeof address !== 'string' || address.toLowerCase() !== account.address.toLowerCase())
        throw new DevnetWalletError(4100, `address ${String(address)} is not an account of this wallet`)
      const own = Object.keys(evmRpcUrls).map(Number)
      const ids = Array.isArray(wanted) ? wanted.map((id) => Number(BigInt(id as string))) : own
      return { answer: smartGetCapabilities(ids.filter((id) => own.includes(id))) }
    }
    case 'wallet_sendCalls':
      return {
        answer: await smartSendCalls(await accountOn(account, chainId, evmRpcUrls), request.params, chainId, smart),
      }
    case 'wallet_getCallsStatus':
      return { answer: await smartGetCallsStatus(request.params, evmRpcUrls, smart) }
    case 'eth_sendTransaction': {
      const tx = record((request.params as unknown[] | undefined)?.[0], 'transaction')
      const batch = { chainId: toHex(chainId), from: tx.from, calls: [{ to: tx.to, value: tx.value, data: tx.data }] }
      const on = await accountOn(account, chainId, evmRpcUrls)
      const { id } = await smartSendCalls(on, [batch], chainId, smart)
      const bundler = createBundlerClient({ client: on.client, transport: http(smart.bundlerUrl, { retryCount: 0 }) })
      const receipt = await bundler.waitForUserOperationReceipt({ hash: id.slice(0, 66) as Hex, pollingInterval: 100 })
      return { answer: receipt.receipt.transactionHash }
    }
    default:
      return undefined
  }
}

/** The same account on the request's chain (the address is the same on every chain: CREATE2). */
async function accountOn(
  account: SmartAccount,
  chainId: number,
  evmRpcUrls: Readonly<Record<number, string>>,
): Promise<SmartAccount> {
  if (account.client.chain?.id === chainId) return account
  const rpcUrl = evmRpcUrls[chainId]
  if (!rpcUrl) throw new DevnetWalletError(4901, `no RPC URL configured for eip155:${chainId}`)
  const owner = ownerKeys.get(account.address)
  if (!owner) throw new DevnetWalletError(4901, `no owner key for ${account.address}`)
  return devnetSmartAccount(owner, chainId, rpcUrl)
}

/**
 * What {@link devnetSmartWallet} returns: the account's address and the requests it answers.
 * Shaped like `TestEip1193SmartAccount` of `@portico/headless/testing` (the devnet does not import
 * headless), so an installed test wallet can be the same smart wallet as the WalletConnect one.
 *
 * @example
 * ```ts
 * const smart: DevnetSmartWallet = await devnetSmartWallet(ownerKey, { evmRpcUrls, bundlerUrl })
 * ```
 */
export interface DevnetSmartWallet {
  /** The SimpleAccount's address (the same on every chain). */
  address: Address
  /** {@link answerSmartRequest} for this account: `undefined` for what the owner key answers. */
  send(request: { chainId: string; method: string; params: unknown }): Promise<{ answer: unknown } | undefined>
}

/**
 * The devnet smart wallet (the SimpleAccount of `ownerKey`, batches as one user operation through
 * the bundler, sponsored by the dapp's `paymasterService` URL) for a wallet other than the devnet
 * WalletConnect wallet, e.g. the installed test wallet of `@portico/headless/testing`.
 *
 * @example
 * ```ts
 * const smartAccount = await devnetSmartWallet(devnetKeys(2).eip155.privateKey, {
 *   evmRpcUrls: { 31337: devnet.evm.rpcUrl },
 *   bundlerUrl: devnet.aa.bundlerUrl,
 * })
 * createTestEip1193Wallet({ accounts: [ownerKey], chains, smartAccount })
 * ```
 */
export async function devnetSmartWallet(
  ownerKey: Hex,
  options: DevnetSmartAccountOptions & { evmRpcUrls: Readonly<Record<number, string>> },
): Promise<DevnetSmartWallet> {
  const { evmRpcUrls, ...smart } = options
  const [first] = Object.entries(evmRpcUrls)
  if (!first) throw new Error('devnetSmartWallet needs at least one chain in evmRpcUrls')
  const account = await devnetSmartAccount(ownerKey, Number(first[0]), first[1])
  return {
    address: account.address,
    send: (request) => answerSmartRequest(account, evmRpcUrls, smart, request),
  }
}
