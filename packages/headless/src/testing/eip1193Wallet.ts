import type { EIP6963ProviderDetail, EIP6963ProviderInfo } from 'mipd'
import {
  type Address,
  type Chain,
  createWalletClient,
  decodeFunctionResult,
  defineChain,
  type EIP1193Provider,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  hexToBigInt,
  http,
  isAddress,
  isAddressEqual,
  isHex,
  numberToHex,
  BaseError as ViemBaseError,
  type WalletClient,
} from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { devnetWalletIcon } from './devnetWalletIcon.js'
import { createCustomEvent, resolveEventTarget, type TestWalletEventTarget } from './eventTarget.js'
import { TestProviderRpcError } from './testProviderRpcError.js'
import { TestWalletUsageError } from './testWalletUsageError.js'

/**
 * A chain the EIP-1193 test wallet knows. `rpcUrl` serves reads and receives sent transactions.
 *
 * @example
 * const anvil: TestEip1193WalletChain = { id: 31337, name: 'Portico Devnet', rpcUrl: devnet.evm.rpcUrl }
 */
export type TestEip1193WalletChain = {
  id: number
  rpcUrl: string
  /** Defaults to `Chain <id>`. */
  name?: string | undefined
  /** Defaults to Ether (ETH, 18 decimals). */
  nativeCurrency?: { name: string; symbol: string; decimals: number } | undefined
  /** ERC20 contracts `wallet_getAssets` (EIP-7811) reports besides the native balance. */
  tokens?: readonly Address[] | undefined
}

/**
 * Options of {@link createTestEip1193Wallet}.
 *
 * @example
 * const options: CreateTestEip1193WalletParameters = {
 *   accounts: evmAccounts.map((a) => a.privateKey),
 *   chains: [{ id: 31337, rpcUrl: devnet.evm.rpcUrl }],
 *   info: { name: 'Devnet Wallet' },
 * }
 */
export type CreateTestEip1193WalletParameters = {
  /**
   * Private keys, one per account; the first is selected. Required on purpose: the wallet does
   * not bundle keys, so a host app decides which (devnet) accounts it exposes.
   */
  accounts: readonly Hex[]
  /** Chains the wallet knows; `wallet_switchEthereumChain` to any other chain fails with 4902. */
  chains: readonly TestEip1193WalletChain[]
  /** Defaults to the first chain. */
  initialChainId?: number | undefined
  /**
   * EIP-5792 batched calls (`wallet_sendCalls`, `wallet_getCallsStatus`, `wallet_getCapabilities`).
   * Default `true`: the calls run one after the other as real transactions (not atomically, so
   * `atomic` is reported `unsupported`). `false` makes a wallet without them (4200), as most are.
   */
  eip5792?: boolean | undefined
  /**
   * Makes the wallet a smart-contract account (ERC-1271), as a Safe or a smart wallet is: it
   * exposes `address`, a contract on the chain whose `isValidSignature` accepts signatures of the
   * selected key, and signs messages (`personal_sign`, `eth_sign`) with that key as the account's
   * owner. Verifiers must then check the signature on chain (ERC-1271), as a real smart account
   * needs. Only messages: transactions, typed data and batched calls are refused with 4200 (a
   * smart account sends through its own contract, which this test wallet does not model).
   *
   * With `send`, the account also sends (and typed data is signed by the owner key, as for
   * messages): see {@link TestEip1193SmartAccount}.
   *
   * @example
   * createTestEip1193Wallet({ accounts: [ownerKey], chains, smartAccount: { address: deployedWallet } })
   */
  smartAccount?: TestEip1193SmartAccount | undefined
  /** EIP-6963 metadata. */
  info?:
    | {
        /** Defaults to a fresh UUIDv4, as EIP-6963 asks (one per page session). */
        uuid?: string | undefined
        /** Defaults to `Devnet Wallet`. */
        name?: string | undefined
        /** Defaults to {@link devnetWalletIcon}. */
        icon?: `data:image/${string}` | undefined
        /** Defaults to `dev.portico.devnet`. */
        rdns?: string | undefined
      }
    | undefined
}

/**
 * A smart-contract account for the test wallet. With `address` alone it only signs messages
 * (ERC-1271, see `smartAccount`). With `send` it is a full smart wallet: the test wallet still
 * checks the connection and asks the "user" (so `rejectNext` works), then hands
 * `wallet_getCapabilities`, `wallet_sendCalls`, `wallet_getCallsStatus` and `eth_sendTransaction`
 * to `send`, which answers them through the account's own machinery (e.g. ERC-4337 user
 * operations through a bundler, sponsored by the `paymasterService` URL the dapp passes). The
 * test wallet holds no account-abstraction code itself: `@portico/devnet`'s `devnetSmartWallet`
 * gives one for the devnet's SimpleAccount, bundler and paymaster. `send` answers
 * `{ answer }`, or `undefined` to leave a method to the wallet; an error with a numeric `code`
 * reaches the dapp with that code.
 *
 * @example
 * import { devnetSmartWallet } from '@portico/devnet'
 *
 * const smartAccount = await devnetSmartWallet(ownerKey, { evmRpcUrls: { 31337: devnet.evm.rpcUrl }, bundlerUrl: devnet.aa.bundlerUrl })
 * createTestEip1193Wallet({ accounts: [ownerKey], chains, smartAccount }) // exposes the SimpleAccount, batches as one user operation
 */
export type TestEip1193SmartAccount = {
  /** The account's contract address (counterfactual until deployed), exposed instead of the key's. */
  address: Address
  /** Answers the sending methods for the account; without it the account only signs messages. */
  send?:
    | ((request: {
        /** CAIP-2, e.g. `eip155:31337`: the wallet's current chain. */
        chainId: string
        method: string
        params: readonly unknown[]
      }) => Promise<{ answer: unknown } | undefined>)
    | undefined
}

/**
 * The wallet's EIP-1193 provider. Typed as viem's `EIP1193Provider` so it can be handed to
 * viem (`custom(provider)`), wagmi or Portico as is. `isPorticoTestWallet` lets code that scans
 * `window.ethereum` recognise it.
 *
 * @example
 * const client = createWalletClient({ transport: custom(wallet.provider) })
 */
export type TestEip1193Provider = EIP1193Provider & { readonly isPorticoTestWallet: true }

/**
 * One entry of {@link CreateTestEip1193WalletReturnType.requests}.
 *
 * @example
 * expect(wallet.requests.map((r: TestEip1193WalletRequest) => r.method)).toContain('personal_sign')
 */
export type TestEip1193WalletRequest = { readonly method: string; readonly params: unknown }

/**
 * What {@link createTestEip1193Wallet} returns: the provider plus the "user's" controls.
 *
 * @example
 * const wallet: CreateTestEip1193WalletReturnType = createTestEip1193Wallet(options)
 * wallet.setAccount(1) // emits accountsChanged if connected
 */
export type CreateTestEip1193WalletReturnType = {
  /** The EIP-1193 provider a dapp talks to. */
  provider: TestEip1193Provider
  /** The frozen EIP-6963 info this wallet announces. */
  info: Readonly<EIP6963ProviderInfo>
  /**
   * Announces the wallet via EIP-6963 on `target` (default `window`) and again on every
   * `eip6963:requestProvider`. Returns a function that stops re-announcing.
   */
  announce(target?: TestWalletEventTarget): () => void
  /**
   * Sets `target.ethereum` (default `window.ethereum`) for dapps that only know the legacy
   * injection, and dispatches `ethereum#initialized`. Returns a function that restores the previous value.
   */
  injectAsWindowEthereum(target?: object): () => void
  /**
   * Makes the next prompt (of `method`, or of any method) fail with 4001. Calls queue up. Only
   * requests a real wallet would prompt for consume it: e.g. `eth_requestAccounts` while already
   * connected does not.
   */
  rejectNext(method?: string): void
  /** While `true`, every prompt fails with 4001. */
  setRejectAll(reject: boolean): void
  /** Selects another account (the user switching in the wallet); emits `accountsChanged` if connected. */
  setAccount(index: number): void
  /** Switches chain from the wallet's side; emits `chainChanged` (hex) if it changes. */
  setChain(chainId: number): void
  /**
   * The user disconnects the site in the wallet: emits `accountsChanged` `[]` and `disconnect`
   * (4900). The next successful connection emits `connect` before `accountsChanged`, as EIP-1193 pairs them.
   */
  disconnectFromWallet(): void
  /** Every `request` received, in order, including rejected and failed ones. */
  readonly requests: readonly TestEip1193WalletRequest[]
  /** The selected account's address (whether or not it is exposed to the dapp). */
  readonly address: Address
  /** The current chain id. */
  readonly chainId: number
  /** Whether the dapp is connected (authorised to see the account). */
  readonly connected: boolean
}

/**
 * Errors `provider.request` rejects with (the usage error only from the controls and the factory);
 * see {@link TestProviderRpcError} for the codes.
 *
 * @example
 * const error = (await request().catch((e) => e)) as CreateTestEip1193WalletErrorType
 */
export type CreateTestEip1193WalletErrorType = TestProviderRpcError | TestWalletUsageError

// Signing-only or subscription methods that start with `eth_` but must not be forwarded to the
// chain's RPC: anvil would happily sign with its own unlocked keys, which would hide dapp bugs.
const unsupportedEthMethods = new Set([
  'eth_signTransaction',
  'eth_signTypedData',
  'eth_signTypedData_v1',
  'eth_signTypedData_v3',
  'eth_getEncryptionPublicKey',
  'eth_decrypt',
  'eth_subscribe',
  'eth_unsubscribe',
])

/**
 * Creates an EIP-1193 wallet backed by local private keys, for tests and the demo's "Devnet
 * Wallet". It signs with viem locally, sends raw transactions to the current chain's RPC,
 * forwards other `eth_*` reads there, emits `accountsChanged` / `chainChanged` / `connect` /
 * `disconnect`, and can be told to reject like a user would. Touches no global until
 * `announce()` or `injectAsWindowEthereum()` is called, so it is safe to import during SSR.
 *
 * @example
 * import { evmAccounts } from '@portico/devnet'
 * import { createTestEip1193Wallet } from '@portico/headless/testing'
 *
 * const wallet = createTestEip1193Wallet({
 *   accounts: evmAccounts.map((a) => a.privateKey),
 *   chains: [{ id: 31337, name: 'Portico Devnet', rpcUrl: devnet.evm.rpcUrl }],
 * })
 * const stop = wallet.announce() // now discoverable via EIP-6963
 * wallet.rejectNext('personal_sign') // the next signature prompt is declined (4001)
 */
export function createTestEip1193Wallet(
  parameters: CreateTestEip1193WalletParameters,
): CreateTestEip1193WalletReturnType {
  const accounts = parseAccounts(parameters.accounts)
  const chains = new Map<number, Chain>()
  for (const chain of parameters.chains ?? []) chains.set(chain.id, toViemChain(chain))
  if (chains.size === 0)
    throw new TestWalletUsageError('The test wallet needs at least one chain.', {
      fix: 'Pass `chains: [{ id: 31337, rpcUrl }]`.',
    })
  let chainId = parameters.initialChainId ?? (parameters.chains[0] as TestEip1193WalletChain).id
  if (!chains.has(chainId))
    throw new TestWalletUsageError(`\`initialChainId\` ${chainId} is not among \`chains\`.`, {
      fix: 'Add the chain to `chains` or drop `initialChainId`.',
    })

  const info: Readonly<EIP6963ProviderInfo> = Object.freeze({
    uuid: parameters.info?.uuid ?? uuidV4(),
    name: parameters.info?.name ?? 'Devnet Wallet',
    icon: parameters.info?.icon ?? devnetWalletIcon,
    rdns: parameters.info?.rdns ?? 'dev.portico.devnet',
  })

  const eip5792 = parameters.eip5792 ?? true
  const tokensByChain = new Map(parameters.chains.map((c) => [c.id, c.tokens ?? []]))
  let accountIndex = 0
  let connected = false
  // EIP-1193 pairs `disconnect` with a later `connect`; remember that we owe one.
  let owesConnectEvent = false
  let rejectAll = false
  const pendingRejections: (string | undefined)[] = []
  const requests: TestEip1193WalletRequest[] = []
  const listeners = new Map<string, Set<(...args: never[]) => void>>()
  const clients = new Map<number, WalletClient>()
  let rpcId = 0

  const account = () => accounts[accountIndex] as PrivateKeyAccount
  const smartAccount = parseSmartAccount(parameters.smartAccount)
  const smartSend = parameters.smartAccount?.send
  /** The address the wallet exposes: the smart account's contract, else the key's own address. */
  const accountAddress = (): Address => smartAccount ?? account().address
  const exposedAccounts = (): Address[] => (connected ? [accountAddress()] : [])
  /** A smart account without `send` only signs messages (see `smartAccount`). */
  const messagesOnly = (method: string) => {
    if (smartAccount && !smartSend)
      throw rpcError(4200, `This test smart account signs messages only; ${method} is not supported.`)
  }
  /** Hands a request to the smart account's `send` (see {@link TestEip1193SmartAccount}). */
  async function sendThroughSmartAccount(
    send: NonNullable<TestEip1193SmartAccount['send']>,
    method: string,
    params: readonly unknown[],
  ): Promise<unknown> {
    let answered: { answer: unknown } | undefined
    try {
      answered = await send({ chainId: `eip155:${chainId}`, method, params })
    } catch (cause) {
      throw fromSmartAccountError(cause)
    }
    if (!answered) throw rpcError(4200, `The smart account does not answer "${method}".`)
    return answered.answer
  }

  function emit(event: string, payload: unknown) {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        ;(listener as (payload: unknown) => void)(payload)
      } catch (error) {
        // A throwing dapp listener must not leave the wallet half-updated; surface it instead.
        queueMicrotask(() => {
          throw error
        })
      }
    }
  }

  /** The "user" looks at a prompt: rejected when told to, approved otherwise. */
  function prompt(method: string) {
    const index = pendingRejections.findIndex((m) => m === undefined || m === method)
    if (index !== -1) pendingRejections.splice(index, 1)
    if (rejectAll || index !== -1) throw rpcError(4001, 'User rejected the request.')
  }

  function connect() {
    if (connected) return
    connected = true
    if (owesConnectEvent) {
      owesConnectEvent = false
      emit('connect', { chainId: numberToHex(chainId) })
    }
    emit('accountsChanged', exposedAccounts())
  }

  function switchTo(id: number) {
    if (id === chainId) return
    chainId = id
    emit('chainChanged', numberToHex(id))
  }

  function requireConnected(address?: unknown) {
    if (!connected) throw rpcError(4100, 'The requested account and/or method has not been authorized by the user.')
    if (address === undefined) return
    if (typeof address !== 'string' || !isAddress(address, { strict: false }))
      throw rpcError(-32602, `Invalid parameters: ${JSON.stringify(address)} is not an address.`)
    if (!isAddressEqual(address, accountAddress()))
      throw rpcError(4100, `The requested account ${address} has not been authorized by the user.`)
  }

  function client(): WalletClient {
    let walletClient = clients.get(chainId)
    if (!walletClient) {
      const chain = chains.get(chainId) as Chain
      // No retries: a test should see an unreachable RPC at once, not after viem's backoff.
      walletClient = createWalletClient({ chain, transport: http(chain.rpcUrls.default.http[0], { retryCount: 0 }) })
      clients.set(chainId, walletClient)
    }
    return walletClient
  }

  function forward(method: string, params: unknown): Promise<unknown> {
    return rpc(chainId, method, params)
  }

  /** The account's native and token balances on a chain, read from its RPC (EIP-7811 shape). */
  async function assetsOn(id: number) {
    const owner = accountAddress()
    const call = (to: Address, data: Hex) => rpc(id, 'eth_call', [{ to, data }, 'latest']) as Promise<Hex>
    const native = (await rpc(id, 'eth_getBalance', [owner, 'latest'])) as Hex
    const currency = (chains.get(id) as Chain).nativeCurrency
    const assets: unknown[] = [{ address: 'native', balance: native, type: 'native', metadata: currency }]
    for (const token of tokensByChain.get(id) ?? []) {
      const [balance, decimals, symbol, name] = await Promise.all([
        call(token, encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] })),
        call(token, encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' })),
        call(token, encodeFunctionData({ abi: erc20Abi, functionName: 'symbol' })),
        call(token, encodeFunctionData({ abi: erc20Abi, functionName: 'name' })),
      ])
      assets.push({
        address: token,
        balance: numberToHex(hexToBigInt(balance)),
        type: 'erc20',
        metadata: {
          decimals: decodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', data: decimals }),
          symbol: decodeFunctionResult({ abi: erc20Abi, functionName: 'symbol', data: symbol }),
          name: decodeFunctionResult({ abi: erc20Abi, functionName: 'name', data: name }),
        },
      })
    }
    return assets
  }

  async function waitForReceipt(id: number, hash: Hex): Promise<unknown> {
    // anvil mines on arrival; a chain with block times gets a minute.
    for (let tries = 0; tries < 600; tries++) {
      const receipt = await rpc(id, 'eth_getTransactionReceipt', [hash])
      if (receipt) return receipt
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw rpcError(-32603, `Transaction ${hash} was not mined in time.`)
  }

  async function rpc(id: number, method: string, params: unknown): Promise<unknown> {
    const url = (chains.get(id) as Chain).rpcUrls.default.http[0] as string
    let body: { result?: unknown; error?: { code: number; message: string; data?: unknown } }
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params: params ?? [] }),
      })
      body = await response.json()
    } catch (cause) {
      throw new TestProviderRpcError({ code: -32603, message: `Internal JSON-RPC error: ${url} failed.`, cause })
    }
    if (body.error)
      throw new TestProviderRpcError({ code: body.error.code, message: body.error.message, data: body.error.data })
    return body.result
  }

  async function handle(method: string, params: readonly unknown[]): Promise<unknown> {
    switch (method) {
      case 'eth_requestAccounts':
        if (!connected) {
          prompt(method)
          connect()
        }
        return exposedAccounts()
      case 'eth_accounts':
        return exposedAccounts()
      case 'eth_coinbase':
        return exposedAccounts()[0] ?? null
      case 'eth_chainId':
        return numberToHex(chainId)
      case 'net_version':
        return String(chainId)

      case 'personal_sign': {
        const [data, address] = params
        requireConnected(address)
        const message = parseMessage(data)
        prompt(method)
        return account().signMessage({ message })
      }
      case 'eth_sign': {
        // EIP-1474: eth_sign prefixes like personal_sign, with the parameters the other way round.
        const [address, data] = params
        requireConnected(address)
        const message = parseMessage(data)
        prompt(method)
        return account().signMessage({ message })
      }
      case 'eth_signTypedData_v4': {
        messagesOnly(method)
        const [address, data] = params
        requireConnected(address)
        const typedData = parseTypedData(data, chainId)
        prompt(method)
        try {
          return await account().signTypedData(typedData as Parameters<PrivateKeyAccount['signTypedData']>[0])
        } catch (cause) {
          throw rpcError(-32602, `Invalid typed data: ${errorMessage(cause)}`, cause)
        }
      }
      case 'eth_sendTransaction': {
        messagesOnly(method)
        const [tx] = params
        if (!isRecord(tx)) throw rpcError(-32602, 'Invalid parameters: expected a transaction object.')
        requireConnected(tx.from)
        const request = parseTransaction(tx, chainId)
        prompt(method)
        if (smartSend) return sendThroughSmartAccount(smartSend, method, params)
        try {
          return await client().sendTransaction({ ...request, account: account(), chain: chains.get(chainId) as Chain })
        } catch (cause) {
          throw fromViemError(cause)
        }
      }

      case 'wallet_switchEthereumChain': {
        const [p] = params
        const id = parseChainId(isRecord(p) ? p.chainId : undefined)
        if (!chains.has(id))
          throw rpcError(
            4902,
            `Unrecognized chain ID "${numberToHex(id)}". Try adding the chain using wallet_addEthereumChain first.`,
          )
        if (id === chainId) return null
        prompt(method)
        switchTo(id)
        return null
      }
      case 'wallet_addEthereumChain': {
        const chain = parseAddChain(params[0])
        prompt(method)
        // Like MetaMask: adding also asks to switch, in the same approval.
        chains.set(chain.id, toViemChain(chain))
        clients.delete(chain.id)
        switchTo(chain.id)
        return null
      }

      case 'wallet_getCapabilities': {
        if (!eip5792) break
        const [address, ids] = params
        requireConnected(address)
        if (ids !== undefined && (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')))
          throw rpcError(-32602, 'Invalid parameters: chain ids must be hex strings.')
        const wanted = (ids ? (ids as string[]).map((id) => parseChainId(id)) : [...chains.keys()]).filter((id) =>
          chains.has(id),
        )
        // A smart account adds its own (atomic batches, paymasters) to what the wallet has.
        const smart = smartSend
          ? ((await sendThroughSmartAccount(smartSend, method, [
              accountAddress(),
              wanted.map((id) => numberToHex(id)),
            ])) as Record<string, unknown>)
          : {}
        return Object.fromEntries(
          wanted.map((id) => [
            numberToHex(id),
            {
              atomic: { status: 'unsupported' },
              assetDiscovery: { supported: true },
              ...(isRecord(smart[numberToHex(id)]) ? (smart[numberToHex(id)] as Record<string, unknown>) : {}),
            },
          ]),
        )
      }
      case 'wallet_getAssets': {
        if (!eip5792) break
        const [query] = params
        if (!isRecord(query)) throw rpcError(-32602, 'Invalid parameters: expected { account, chainFilter? }.')
        requireConnected(query.account)
        const filter = query.chainFilter
        if (filter !== undefined && (!Array.isArray(filter) || !filter.every((id) => typeof id === 'string')))
          throw rpcError(-32602, 'Invalid parameters: chainFilter must be hex chain ids.')
        const ids = (filter ? (filter as string[]).map((id) => parseChainId(id)) : [...chains.keys()]).filter((id) =>
          chains.has(id),
        )
        const entries = await Promise.all(ids.map(async (id) => [numberToHex(id), await assetsOn(id)] as const))
        return Object.fromEntries(entries)
      }
      case 'wallet_sendCalls': {
        messagesOnly(method)
        if (!eip5792) break
        const [batch] = params
        if (!isRecord(batch) || !Array.isArray(batch.calls) || batch.calls.length === 0)
          throw rpcError(-32602, 'Invalid parameters: expected { chainId, calls: [...] }.')
        requireConnected(batch.from ?? accountAddress())
        if (parseChainId(batch.chainId) !== chainId)
          throw rpcError(5710, `Chain ${String(batch.chainId)} is not the wallet's current chain.`)
        if (smartSend) {
          // The smart account runs the batch atomically and judges the capabilities itself.
          prompt(method)
          return sendThroughSmartAccount(smartSend, method, params)
        }
        // Calls run one by one as separate transactions: refuse what that cannot honour.
        if (batch.atomicRequired === true) throw rpcError(5760, 'Atomicity not supported.')
        const required = [batch.capabilities, ...batch.calls.map((c) => (isRecord(c) ? c.capabilities : undefined))]
          .filter(isRecord)
          .flatMap((caps) => Object.entries(caps).filter(([, v]) => !(isRecord(v) && v.optional === true)))
        if (required.length > 0)
          throw rpcError(5700, `Unsupported non-optional capability: ${required.map(([k]) => k).join(', ')}.`)
        const requests = batch.calls.map((call) => {
          if (!isRecord(call)) throw rpcError(-32602, 'Invalid parameters: each call must be an object.')
          return parseTransaction(call, chainId)
        })
        prompt(method)
        const hashes: Hex[] = []
        for (const tx of requests) {
          let hash: Hex
          try {
            hash = await client().sendTransaction({ ...tx, account: account(), chain: chains.get(chainId) as Chain })
          } catch (cause) {
            if (hashes.length === 0) throw fromViemError(cause)
            break // the rest is not sent: the status reports a partial failure (600)
          }
          hashes.push(hash)
          // Later calls usually build on earlier ones (approve, then swap): wait for each one.
          const receipt = (await waitForReceipt(chainId, hash)) as { status?: string }
          if (receipt.status !== '0x1') break
        }
        return { id: encodeCallsId(chainId, requests.length, hashes) }
      }
      case 'wallet_getCallsStatus': {
        if (!eip5792) break
        if (smartSend) return sendThroughSmartAccount(smartSend, method, params)
        const batch = decodeCallsId(params[0])
        if (!batch || !chains.has(batch.chainId)) throw rpcError(5730, 'Unknown bundle id.')
        const receipts = await Promise.all(
          batch.hashes.map((hash) => rpc(batch.chainId, 'eth_getTransactionReceipt', [hash])),
        )
        const mined = receipts.filter((r): r is Record<string, unknown> => isRecord(r))
        const reverted = mined.filter((r) => r.status !== '0x1').length
        const status =
          mined.length < batch.hashes.length
            ? 100
            : reverted === 0 && batch.hashes.length === batch.count
              ? 200
              : reverted === mined.length && batch.hashes.length === batch.count
                ? 500
                : 600
        return {
          version: '2.0.0',
          id: params[0],
          chainId: numberToHex(batch.chainId),
          status,
          atomic: false,
          receipts: mined.map((r) => ({
            logs: r.logs,
            status: r.status,
            blockHash: r.blockHash,
            blockNumber: r.blockNumber,
            gasUsed: r.gasUsed,
            transactionHash: r.transactionHash,
          })),
        }
      }

      case 'wallet_requestPermissions': {
        const [p] = params
        if (!isRecord(p) || !('eth_accounts' in p) || Object.keys(p).length !== 1)
          throw rpcError(-32602, 'Invalid parameters: only the `eth_accounts` permission is supported.')
        // Unlike eth_requestAccounts this always prompts, as in MetaMask.
        prompt(method)
        connect()
        return permissions()
      }
      case 'wallet_getPermissions':
        return permissions()
      case 'wallet_revokePermissions':
        if (connected) {
          connected = false
          emit('accountsChanged', [])
        }
        return null
    }
    if (method.startsWith('eth_') && !unsupportedEthMethods.has(method)) return forward(method, params)
    throw rpcError(4200, `The method "${method}" is not supported by this Ethereum provider.`)
  }

  function permissions() {
    if (!connected) return []
    return [
      {
        parentCapability: 'eth_accounts',
        invoker: (globalThis as { location?: { origin?: string } }).location?.origin ?? 'null',
        caveats: [{ type: 'restrictReturnedAccounts', value: exposedAccounts() }],
      },
    ]
  }

  async function request(args: { method: string; params?: unknown }): Promise<unknown> {
    if (!isRecord(args) || typeof args.method !== 'string')
      throw rpcError(-32600, 'Invalid request: expected { method: string, params?: unknown[] }.')
    const { method, params } = args
    requests.push(Object.freeze({ method, params }))
    if (params !== undefined && !Array.isArray(params))
      throw rpcError(-32602, `Invalid parameters: "${method}" takes positional parameters (an array).`)
    return handle(method, params ?? [])
  }

  const provider = {
    isPorticoTestWallet: true,
    request,
    on(event: string, listener: (...args: never[]) => void) {
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set.add(listener))
    },
    removeListener(event: string, listener: (...args: never[]) => void) {
      listeners.get(event)?.delete(listener)
    },
  } as unknown as TestEip1193Provider

  return {
    provider,
    info,
    announce(target) {
      const eventTarget = resolveEventTarget(target, 'announce')
      const detail: Readonly<EIP6963ProviderDetail<TestEip1193Provider, string>> = Object.freeze({ info, provider })
      const dispatch = () => {
        eventTarget.dispatchEvent(createCustomEvent(eventTarget, 'eip6963:announceProvider', detail))
      }
      eventTarget.addEventListener('eip6963:requestProvider', dispatch)
      dispatch()
      return () => eventTarget.removeEventListener('eip6963:requestProvider', dispatch)
    },
    injectAsWindowEthereum(target) {
      const host = resolveEventTarget(
        target as (object & Partial<TestWalletEventTarget>) | undefined,
        'injectAsWindowEthereum',
      )
      const previous = Object.getOwnPropertyDescriptor(host, 'ethereum')
      Object.defineProperty(host, 'ethereum', { value: provider, configurable: true, writable: true, enumerable: true })
      // MetaMask's convention; some libraries wait for it instead of polling `window.ethereum`.
      host.dispatchEvent?.(createCustomEvent(host, 'ethereum#initialized', undefined))
      return () => {
        if ((host as { ethereum?: unknown }).ethereum !== provider) return
        if (previous) Object.defineProperty(host, 'ethereum', previous)
        else delete (host as { ethereum?: unknown }).ethereum
      }
    },
    rejectNext(method) {
      pendingRejections.push(method)
    },
    setRejectAll(reject) {
      rejectAll = reject
    },
    setAccount(index) {
      if (!Number.isInteger(index) || index < 0 || index >= accounts.length)
        throw new TestWalletUsageError(`Account index ${index} is out of range.`, {
          fix: `The wallet has ${accounts.length} account(s): use 0 to ${accounts.length - 1}.`,
        })
      if (index === accountIndex) return
      accountIndex = index
      if (connected) emit('accountsChanged', exposedAccounts())
    },
    setChain(id) {
      if (!chains.has(id))
        throw new TestWalletUsageError(`Chain ${id} is not known to the test wallet.`, {
          fix: 'Add it to `chains`, or through `wallet_addEthereumChain`.',
        })
      switchTo(id)
    },
    disconnectFromWallet() {
      if (!connected) return
      connected = false
      owesConnectEvent = true
      emit('accountsChanged', [])
      emit('disconnect', rpcError(4900, 'The provider is disconnected from all chains.'))
    },
    get requests() {
      return requests
    },
    get address() {
      return accountAddress()
    },
    get chainId() {
      return chainId
    },
    get connected() {
      return connected
    },
  }
}

function rpcError(code: number, message: string, cause?: unknown) {
  return new TestProviderRpcError({ code, message, cause })
}

function errorMessage(error: unknown): string {
  if (error instanceof ViemBaseError) return error.shortMessage
  return error instanceof Error ? error.message : String(error)
}

/** Keeps the RPC's own code (e.g. -32000 insufficient funds) when viem's error carries one. */
function fromViemError(error: unknown): TestProviderRpcError {
  const withCode =
    error instanceof ViemBaseError
      ? (error.walk((e) => typeof (e as { code?: unknown }).code === 'number') as {
          code: number
          data?: unknown
        } | null)
      : null
  return new TestProviderRpcError({
    code: withCode?.code ?? -32603,
    message: errorMessage(error),
    data: withCode?.data,
    cause: error,
  })
}

/** A smart account's error keeps its EIP-1193 / EIP-5792 code (e.g. 5700); viem's are read as above. */
function fromSmartAccountError(error: unknown): TestProviderRpcError {
  if (error instanceof TestProviderRpcError) return error
  const code = (error as { code?: unknown } | null)?.code
  if (!(error instanceof ViemBaseError) && typeof code === 'number')
    return new TestProviderRpcError({ code, message: errorMessage(error), cause: error })
  return fromViemError(error)
}

// A batch id carries what the status needs (chain, call count, sent hashes), so the wallet keeps
// no state and an id survives a page reload: 32-byte words, ending with a marker word.
const callsIdMarker = '5792'.padStart(64, '0')
const word = (value: number) => value.toString(16).padStart(64, '0')

function encodeCallsId(chainId: number, count: number, hashes: readonly Hex[]): Hex {
  return `0x${word(chainId)}${word(count)}${hashes.map((h) => h.slice(2)).join('')}${callsIdMarker}`
}

function decodeCallsId(id: unknown): { chainId: number; count: number; hashes: Hex[] } | undefined {
  if (typeof id !== 'string' || !/^0x([0-9a-f]{64}){3,}$/.test(id) || !id.endsWith(callsIdMarker)) return undefined
  const words = id.slice(2, -64).match(/.{64}/g) ?? []
  const [chainWord, countWord, ...hashes] = words
  return {
    chainId: Number.parseInt(chainWord as string, 16),
    count: Number.parseInt(countWord as string, 16),
    hashes: hashes.map((h) => `0x${h}` as Hex),
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function parseSmartAccount(smartAccount: TestEip1193SmartAccount | undefined): Address | undefined {
  if (smartAccount === undefined) return undefined
  if (!isRecord(smartAccount) || typeof smartAccount.address !== 'string' || !isAddress(smartAccount.address))
    throw new TestWalletUsageError('`smartAccount.address` is not an address.', {
      fix: 'Pass the address of the ERC-1271 contract deployed on the chain.',
    })
  if (smartAccount.send !== undefined && typeof smartAccount.send !== 'function')
    throw new TestWalletUsageError('`smartAccount.send` is not a function.', {
      fix: "Pass `devnetSmartWallet(...)` from '@portico/devnet', or leave `send` out for a signing-only account.",
    })
  return smartAccount.address
}

function parseAccounts(keys: readonly Hex[] | undefined): PrivateKeyAccount[] {
  if (!keys?.length)
    throw new TestWalletUsageError('The test wallet needs at least one private key.', {
      fix: "Pass `accounts: evmAccounts.map((a) => a.privateKey)` (from '@portico/devnet') or your own keys.",
    })
  return keys.map((key, i) => {
    if (!isHex(key) || key.length !== 66)
      throw new TestWalletUsageError(`\`accounts[${i}]\` is not a 32-byte hex private key.`)
    return privateKeyToAccount(key)
  })
}

function toViemChain(chain: TestEip1193WalletChain): Chain {
  return defineChain({
    id: chain.id,
    name: chain.name ?? `Chain ${chain.id}`,
    nativeCurrency: chain.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  })
}

/** Hex is signed as bytes, anything else as UTF-8 text: what MetaMask does. */
function parseMessage(data: unknown): string | { raw: Hex } {
  if (typeof data !== 'string') throw rpcError(-32602, 'Invalid parameters: the message must be a string.')
  return isHex(data) ? { raw: data } : data
}

function parseChainId(value: unknown): number {
  // MetaMask's rule: 0x-prefixed, no leading zeros, a safe integer.
  if (typeof value !== 'string' || !/^0x[1-9a-fA-F][0-9a-fA-F]*$/.test(value) || !Number.isSafeInteger(Number(value)))
    throw rpcError(-32602, `Invalid parameters: chainId ${JSON.stringify(value)} must be a 0x-prefixed hex number.`)
  return Number(value)
}

function parseTypedData(data: unknown, chainId: number): Record<string, unknown> {
  let typedData: unknown = data
  if (typeof data === 'string') {
    try {
      typedData = JSON.parse(data)
    } catch (cause) {
      throw rpcError(-32602, 'Invalid parameters: typed data is not valid JSON.', cause)
    }
  }
  if (
    !isRecord(typedData) ||
    !isRecord(typedData.types) ||
    typeof typedData.primaryType !== 'string' ||
    !isRecord(typedData.message)
  )
    throw rpcError(-32602, 'Invalid parameters: typed data needs `types`, `primaryType`, `domain` and `message`.')
  const domain = isRecord(typedData.domain) ? typedData.domain : {}
  if (domain.chainId !== undefined && domain.chainId !== null) {
    const domainChainId = Number(domain.chainId)
    if (domainChainId !== chainId)
      throw rpcError(-32602, `Provided chainId "${domainChainId}" must match the active chainId "${chainId}".`)
  }
  return { ...typedData, domain }
}

function parseQuantity(tx: Record<string, unknown>, key: string): bigint | undefined {
  const value = tx[key]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !isHex(value))
    throw rpcError(-32602, `Invalid parameters: \`${key}\` must be a hex quantity.`)
  return hexToBigInt(value)
}

function parseTransaction(tx: Record<string, unknown>, chainId: number) {
  const to = tx.to ?? undefined
  if (to !== undefined && (typeof to !== 'string' || !isAddress(to, { strict: false })))
    throw rpcError(-32602, 'Invalid parameters: `to` must be an address.')
  const data = tx.data ?? tx.input ?? undefined
  if (data !== undefined && (typeof data !== 'string' || !isHex(data)))
    throw rpcError(-32602, 'Invalid parameters: `data` must be hex.')
  const txChainId = parseQuantity(tx, 'chainId')
  if (txChainId !== undefined && Number(txChainId) !== chainId)
    throw rpcError(-32602, `Provided chainId "${txChainId}" must match the active chainId "${chainId}".`)
  const nonce = parseQuantity(tx, 'nonce')
  const gasPrice = parseQuantity(tx, 'gasPrice')
  // viem fills whatever is missing (nonce, gas, fees) from the RPC.
  const fees =
    gasPrice !== undefined
      ? { gasPrice }
      : {
          maxFeePerGas: parseQuantity(tx, 'maxFeePerGas'),
          maxPriorityFeePerGas: parseQuantity(tx, 'maxPriorityFeePerGas'),
        }
  return {
    to: to as Address | undefined,
    data: data as Hex | undefined,
    value: parseQuantity(tx, 'value'),
    gas: parseQuantity(tx, 'gas'),
    nonce: nonce === undefined ? undefined : Number(nonce),
    ...fees,
  }
}

function parseAddChain(value: unknown): TestEip1193WalletChain {
  if (!isRecord(value)) throw rpcError(-32602, 'Invalid parameters: expected an AddEthereumChainParameter object.')
  const id = parseChainId(value.chainId)
  const rpcUrls = value.rpcUrls
  if (!Array.isArray(rpcUrls) || rpcUrls.length === 0 || !rpcUrls.every(isHttpUrl))
    throw rpcError(-32602, 'Invalid parameters: `rpcUrls` must be a non-empty array of http(s) URLs.')
  if (value.chainName !== undefined && typeof value.chainName !== 'string')
    throw rpcError(-32602, 'Invalid parameters: `chainName` must be a string.')
  const currency = value.nativeCurrency
  if (
    currency !== undefined &&
    (!isRecord(currency) ||
      typeof currency.name !== 'string' ||
      typeof currency.symbol !== 'string' ||
      typeof currency.decimals !== 'number')
  )
    throw rpcError(-32602, 'Invalid parameters: `nativeCurrency` needs `name`, `symbol` and `decimals`.')
  return {
    id,
    rpcUrl: rpcUrls[0] as string,
    name: value.chainName as string | undefined,
    nativeCurrency: currency as TestEip1193WalletChain['nativeCurrency'],
  }
}

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false
  try {
    const { protocol } = new URL(value)
    return protocol === 'http:' || protocol === 'https:'
  } catch {
    return false
  }
}

/** `crypto.randomUUID` only exists in secure contexts; a page served over plain http still needs an id. */
function uuidV4(): string {
  if (typeof globalThis.crypto?.randomUUID === 'function') return globalThis.crypto.randomUUID()
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
