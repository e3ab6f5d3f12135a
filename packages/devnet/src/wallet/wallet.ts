/**
 * The devnet WalletConnect wallet peer: `@reown/walletkit` holding the devnet keys of five
 * namespaces and signing with each chain's real cryptography. Isomorphic (Node and browser).
 */
import type { WalletKit, WalletKitTypes } from '@reown/walletkit'
import type { CoreTypes, ProposalTypes, SessionTypes, Verify } from '@walletconnect/types'
import { privateKeyToAccount } from 'viem/accounts'
import { evmChainId } from '../accounts.js'
import { createDevnetGrants, devnetPermissionTypes, type GrantUse, withoutPermissionsCapability } from './grants.js'
import { type DevnetKeys, type DevnetNamespace, devnetChainIds, devnetKeys, devnetNamespaces } from './keys.js'
import { answerDevnetRequest, type DevnetSignerRpc, DevnetWalletError, devnetEvents, devnetMethods } from './signers.js'
import { answerSmartRequest, type DevnetSmartAccountOptions, devnetSmartAccount } from './smartAccount.js'

/** The key-value storage the WalletConnect core persists to (pairings, sessions, keys). */
export type DevnetWalletStorage = NonNullable<CoreTypes.Options['storage']>

/** `approve` or `reject` everything automatically, or `manual`: the caller decides via the handles. */
export type DevnetWalletMode = 'approve' | 'reject' | 'manual'

/**
 * Options for {@link createDevnetWallet}.
 *
 * @example
 * ```ts
 * const options: DevnetWalletOptions = { relayUrl: relay.url, verifyUrl: relay.verifyUrl, evmRpcUrl: devnet.evm.rpcUrl }
 * ```
 */
export interface DevnetWalletOptions {
  /** The local relay, e.g. `ws://127.0.0.1:43125` (see `startRelay`). */
  relayUrl: string
  /** Default `portico-devnet`. */
  projectId?: string
  /**
   * The local Verify service (`startRelay().verifyUrl`). The wallet resolves attestations there
   * instead of the SDK's pinned verify.walletconnect.org; without it the wallet resolves none
   * (validation stays `UNKNOWN`). Either way the wallet makes no request off loopback.
   */
  verifyUrl?: string
  /**
   * Where the core persists its state. Default: a fresh in-memory store (the SDK's own default
   * in Node is a file shared by every client of the process). `'sdk-default'` keeps the SDK's
   * default (IndexedDB in a browser, so sessions survive a page reload).
   */
  storage?: DevnetWalletStorage | 'sdk-default'
  /** `customStoragePrefix` of the core; give every wallet sharing a storage its own. */
  storagePrefix?: string
  /** Devnet account (0..4) in every namespace. Default 0. */
  accountIndex?: number
  /** JSON-RPC URL `eth_sendTransaction` sends to (any chain of `evmChainIds`; the RPC must serve that chain). */
  evmRpcUrl?: string
  /** JSON-RPC URL `solana_signAndSendTransaction` sends to. */
  solanaRpcUrl?: string
  /** eip155 chains the wallet offers and can switch among. Default `[31337]`. */
  evmChainIds?: number[]
  /** The wallet's metadata as dapps see it. */
  metadata?: Partial<CoreTypes.Metadata>
  /** Default: `{ proposals: 'approve', requests: 'approve' }`. */
  autoApprove?: { proposals?: DevnetWalletMode; requests?: DevnetWalletMode }
  /**
   * Answer `wc_sessionAuthenticate` (one-click auth: connect and sign in with one approval,
   * signing a SIWE message per requested chain). Default true; `false` makes the wallet one that
   * does not support it, so dapps get the fallback session proposal. Authentications follow
   * `autoApprove.proposals` (`manual` approves them too: they carry no separate handle).
   */
  oneClickAuth?: boolean
  /**
   * Makes the wallet a smart wallet: its eip155 account is the SimpleAccount (ERC-4337 v0.8, the
   * devnet's EntryPoint and factory) owned by the devnet key, counterfactual until its first
   * operation. `wallet_getCapabilities` reports atomic batches and `paymasterService`;
   * `wallet_sendCalls` sends one user operation through `bundlerUrl`, sponsored by the
   * `paymasterService.url` the dapp gives (ERC-7677), else paid by the account. Needs `evmRpcUrl`.
   *
   * @example
   * ```ts
   * await createDevnetWallet({ relayUrl, evmRpcUrl: devnet.evm.rpcUrl, smartAccount: { bundlerUrl: devnet.aa.bundlerUrl } })
   * ```
   */
  smartAccount?: DevnetSmartAccountOptions
}

/**
 * A session proposal awaiting a decision (manual mode), or one just decided (automatic modes).
 *
 * @example
 * ```ts
 * const proposal = await wallet.nextProposal()
 * if (proposal.verifyContext.verified.validation !== 'INVALID') await proposal.approve()
 * ```
 */
export interface PendingProposal {
  id: number
  proposer: CoreTypes.Metadata
  requiredNamespaces: ProposalTypes.RequiredNamespaces
  optionalNamespaces: ProposalTypes.OptionalNamespaces
  verifyContext: Verify.Context
  /** The namespaces {@link PendingProposal.approve} would grant (computed with `buildApprovedNamespaces`); throws if the proposal cannot be satisfied. */
  approvedNamespaces(): SessionTypes.Namespaces
  /** Approves with `namespaces` (default {@link PendingProposal.approvedNamespaces}) and resolves with the session. */
  approve(namespaces?: SessionTypes.Namespaces): Promise<SessionTypes.Struct>
  /** Rejects with USER_REJECTED (or `reason`). */
  reject(reason?: { code: number; message: string }): Promise<void>
}

/** The JSON-RPC answer the wallet sent for a request. */
export type DevnetWalletResponse =
  | { id: number; jsonrpc: '2.0'; result: unknown }
  | { id: number; jsonrpc: '2.0'; error: { code: number; message: string } }

/**
 * A session request awaiting a decision (manual mode).
 *
 * @example
 * ```ts
 * const request = await wallet.nextRequest()
 * const response = request.method === 'personal_sign' ? await request.approve() : await request.reject()
 * ```
 */
export interface PendingRequest {
  id: number
  topic: string
  /** CAIP-2 chain the dapp addressed, e.g. `eip155:31337`. */
  chainId: string
  method: string
  params: unknown
  /** The requesting dapp's metadata. */
  peer: CoreTypes.Metadata | undefined
  verifyContext: Verify.Context
  /** Signs (or sends) and answers; resolves with the answer, which is an error response if signing failed. */
  approve(): Promise<DevnetWalletResponse>
  /** Answers with USER_REJECTED (or `error`). */
  reject(error?: { code: number; message: string }): Promise<DevnetWalletResponse>
}

/** What the wallet reports to {@link DevnetWallet.subscribe} listeners. */
export type DevnetWalletEvent =
  | { type: 'proposal'; proposal: PendingProposal }
  | { type: 'request'; request: PendingRequest }
  | { type: 'response'; request: PendingRequest; response: DevnetWalletResponse }
  | { type: 'sessions'; sessions: SessionTypes.Struct[] }

/** The wallet's account in one namespace. `publicKey` is in the chain's usual encoding (see `accounts.ts`). */
export interface DevnetWalletAccount {
  address: string
  publicKey: string
  /** Default CAIP-2 chain of the namespace. */
  chainId: string
}

/**
 * A running devnet wallet peer.
 *
 * @example
 * ```ts
 * const wallet = await createDevnetWallet({ relayUrl: relay.url, autoApprove: { requests: 'manual' } })
 * await wallet.pair(uri)
 * const request = await wallet.nextRequest()
 * await request.approve()
 * await wallet.close()
 * ```
 */
export interface DevnetWallet {
  accounts: Record<DevnetNamespace, DevnetWalletAccount>
  /** eip155 chain ids the wallet can switch among. */
  evmChainIds: readonly number[]
  /** The underlying WalletKit, for anything this API does not cover. */
  walletKit: InstanceType<typeof WalletKit>
  /** Pairs with a `wc:` URI; proposals then arrive (see `autoApprove.proposals`). */
  pair(uri: string): Promise<void>
  /** The next proposal in manual mode (queued if it already arrived). */
  nextProposal(): Promise<PendingProposal>
  /** The next request in manual mode (queued if it already arrived). */
  nextRequest(): Promise<PendingRequest>
  /** Active sessions. */
  sessions(): SessionTypes.Struct[]
  /** Listens to proposals, requests, responses and session changes; returns the unsubscribe function. */
  subscribe(listener: (event: DevnetWalletEvent) => void): () => void
  /** Disconnects one session, or every session without `topic`. */
  disconnect(topic?: string): Promise<void>
  /** Emits a session event, e.g. `emit(topic, 'accountsChanged', [address], 'eip155:31337')`. */
  emit(topic: string, name: string, data: unknown, chainId: string): Promise<void>
  /** Switches a session's eip155 chain (adding it to the session if needed) and emits `chainChanged`. */
  switchChain(topic: string, chainId: number): Promise<void>
  /**
   * Takes the wallet off the network, as a phone that suspended its wallet app: its relay socket
   * closes and it does not redial. Sessions and pairings are kept; what dapps send meanwhile waits
   * in the relay's mailbox (until its expiry). Resolves once the socket is closed.
   */
  goOffline(): Promise<void>
  /**
   * Brings the wallet back: it reopens its relay socket, subscribes again and receives what the
   * relay kept for it. Resolves once connected.
   */
  goOnline(): Promise<void>
  /** False between {@link DevnetWallet.goOffline} and {@link DevnetWallet.goOnline}. */
  readonly online: boolean
  /** Closes the relay connection and fails pending `next*()` calls. Does not disconnect sessions. */
  close(): Promise<void>
}

class MemoryStorage implements DevnetWalletStorage {
  private readonly entries = new Map<string, unknown>()
  async getKeys() {
    return [...this.entries.keys()]
  }
  async getEntries<T>() {
    return [...this.entries] as [string, T][]
  }
  async getItem<T>(key: string) {
    return this.entries.get(key) as T | undefined
  }
  async setItem<T>(key: string, value: T) {
    this.entries.set(key, value)
  }
  async removeItem(key: string) {
    this.entries.delete(key)
  }
}

/**
 * A fresh in-memory key-value storage for one WalletConnect client (dapp or wallet).
 *
 * @example
 * ```ts
 * const dapp = await SignClient.init({ projectId, relayUrl, storage: createMemoryStorage(), customStoragePrefix: 'dapp' })
 * ```
 */
export function createMemoryStorage(): DevnetWalletStorage {
  return new MemoryStorage()
}

class Queue<T> {
  private readonly items: T[] = []
  private readonly waiters: { resolve(item: T): void; reject(error: Error): void }[] = []
  private closed: Error | undefined
  push(item: T) {
    const waiter = this.waiters.shift()
    if (waiter) waiter.resolve(item)
    else this.items.push(item)
  }
  next(): Promise<T> {
    const item = this.items.shift()
    if (item !== undefined) return Promise.resolve(item)
    if (this.closed) return Promise.reject(this.closed)
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }))
  }
  close(error: Error) {
    this.closed = error
    for (const waiter of this.waiters.splice(0)) waiter.reject(error)
  }
}

function errorOf(error: unknown): { code: number; message: string } {
  if (error instanceof DevnetWalletError) return { code: error.code, message: error.message }
  const e = error as { shortMessage?: string; message?: string; details?: unknown }
  // A viem error keeps the node's own words in `details` (e.g. "insufficient funds for gas * price
  // + value") and its JSON-RPC code further down: pass both on, so the dapp can tell what failed.
  let code = -32603
  for (let c: unknown = error, depth = 0; c && typeof c === 'object' && depth < 10; depth++) {
    const own = (c as { code?: unknown }).code
    if (typeof own === 'number') code = own
    c = (c as { cause?: unknown }).cause
  }
  const text = e?.shortMessage ?? e?.message ?? String(error)
  const details = typeof e?.details === 'string' && e.details && !text.includes(e.details) ? `: ${e.details}` : ''
  return { code, message: `${text}${details}` }
}

/** Namespace of a CAIP-2 chain id. */
function namespaceOf(chainId: string): string {
  return chainId.split(':')[0] ?? ''
}

/** Supported namespaces (every chain, account, method and event) for `buildApprovedNamespaces`. */
function supportedNamespaces(keys: DevnetKeys, evmChainIds: readonly number[]) {
  const ns = (namespace: DevnetNamespace, chains: string[], address: string) => ({
    chains,
    methods: [...devnetMethods[namespace]],
    events: [...devnetEvents[namespace]],
    accounts: chains.map((chain) => `${chain}:${address}`),
  })
  return {
    eip155: ns(
      'eip155',
      evmChainIds.map((id) => `eip155:${id}`),
      keys.eip155.address,
    ),
    solana: ns('solana', [devnetChainIds.solana], keys.solana.address),
    polkadot: ns('polkadot', [devnetChainIds.polkadot], keys.polkadot.address),
    bip122: ns('bip122', [devnetChainIds.bip122], keys.bip122.address),
    cosmos: ns('cosmos', [devnetChainIds.cosmos], keys.cosmos.address),
  }
}

/**
 * Starts a devnet wallet peer on the given relay. It approves every proposal with all five
 * namespaces the dapp asked for (required or optional) and answers every request by default;
 * `autoApprove: { proposals: 'manual', requests: 'manual' }` hands each one to the caller instead.
 *
 * It makes no request off loopback: telemetry's start-up event is switched off, and Verify
 * lookups go to `verifyUrl` (or nowhere).
 *
 * @example
 * ```ts
 * const relay = await startRelay()
 * const wallet = await createDevnetWallet({
 *   relayUrl: relay.url,
 *   verifyUrl: relay.verifyUrl,
 *   evmRpcUrl: devnet.evm.rpcUrl,
 *   solanaRpcUrl: devnet.solana.rpcUrl,
 * })
 * await wallet.pair(uriFromTheDapp)
 * ```
 */
export async function createDevnetWallet(options: DevnetWalletOptions): Promise<DevnetWallet> {
  const ownerKeys = devnetKeys(options.accountIndex ?? 0)
  const evmChainIds = [...(options.evmChainIds ?? [evmChainId])]
  if (evmChainIds.length === 0) throw new Error('evmChainIds must not be empty')
  const { smartAccount: smart } = options
  if (smart && !options.evmRpcUrl) throw new Error('smartAccount needs evmRpcUrl')
  const smartAccount =
    smart && options.evmRpcUrl
      ? await devnetSmartAccount(ownerKeys.eip155.privateKey, evmChainIds[0] as number, options.evmRpcUrl)
      : undefined
  // A smart wallet shows its account's address; the devnet key stays its owner and signer.
  const keys = smartAccount
    ? { ...ownerKeys, eip155: { ...ownerKeys.eip155, address: smartAccount.address } }
    : ownerKeys
  // Permission grants (ERC-7715) made to dapps, and the spends reserved by sends a grant covers
  // (answered with no prompt), by request id.
  const grants = createDevnetGrants()
  const covered = new Map<number, GrantUse>()
  const proposalsMode = options.autoApprove?.proposals ?? 'approve'
  const requestsMode = options.autoApprove?.requests ?? 'approve'
  const { evmRpcUrl } = options
  const rpc: DevnetSignerRpc = {
    evmRpcUrls: Object.fromEntries(evmRpcUrl ? evmChainIds.map((id) => [id, evmRpcUrl]) : []),
    solanaRpcUrl: options.solanaRpcUrl,
  }

  // WalletConnect's SDK loads with the first wallet, not with the package: most files that import
  // the devnet make none (~0.3 s of module loading each).
  const [{ WalletKit }, { Core }, { buildApprovedNamespaces, buildAuthObject, getSdkError, populateAuthPayload }] =
    await Promise.all([import('@reown/walletkit'), import('@walletconnect/core'), import('@walletconnect/utils')])
  const core = new Core({
    projectId: options.projectId ?? 'portico-devnet',
    relayUrl: options.relayUrl,
    customStoragePrefix: options.storagePrefix ?? 'portico-devnet-wallet',
    ...(options.storage === 'sdk-default' ? {} : { storage: options.storage ?? createMemoryStorage() }),
    telemetryEnabled: false,
  })
  // Keep the SDK on loopback. These are instance fields of @walletconnect/core 2.25 (checked in
  // its dist): WalletKit.init() calls eventClient.init(), which posts an INIT event to
  // pulse.walletconnect.org whatever `telemetryEnabled` says; Verify pins its hosts to
  // verify.walletconnect.org and ignores any other `verifyUrl`.
  const eventClient = core.eventClient as unknown as { init(): Promise<void> }
  eventClient.init = async () => undefined
  const verify = core.verify as unknown as {
    verifyUrlV3: string
    getVerifyUrl(url?: string): string
    resolve(params: unknown): Promise<unknown>
  }
  const { verifyUrl } = options
  if (verifyUrl) {
    verify.verifyUrlV3 = `${verifyUrl.replace(/\/+$/, '')}/v3`
    verify.getVerifyUrl = () => verifyUrl.replace(/\/+$/, '')
  } else {
    verify.resolve = async () => undefined
  }

  const walletKit = await WalletKit.init({
    core,
    // Without this the SDK hands out one request at a time with a 1 s pause after each answer.
    signConfig: { disableRequestQueue: true },
    metadata: {
      name: 'Portico Devnet Wallet',
      description: 'Devnet WalletConnect wallet with public test keys. Never use it with real funds.',
      url: 'http://127.0.0.1',
      icons: [],
      ...options.metadata,
    },
  })

  const listeners = new Set<(event: DevnetWalletEvent) => void>()
  const notify = (event: DevnetWalletEvent) => {
    for (const listener of listeners) listener(event)
  }
  const sessions = () => Object.values(walletKit.getActiveSessions())
  const notifySessions = () => notify({ type: 'sessions', sessions: sessions() })
  const proposals = new Queue<PendingProposal>()
  const requests = new Queue<PendingRequest>()

  const supported = () => supportedNamespaces(keys, evmChainIds)

  async function ensureEvmChain(topic: string, chainId: number) {
    const session = walletKit.getActiveSessions()[topic]
    if (!session) throw new DevnetWalletError(getSdkError('USER_DISCONNECTED').code, `no session ${topic}`)
    const caip = `eip155:${chainId}`
    const eip155 = session.namespaces.eip155
    if (!eip155)
      throw new DevnetWalletError(getSdkError('UNSUPPORTED_NAMESPACE_KEY').code, 'no eip155 namespace in the session')
    if (eip155.chains?.includes(caip)) return
    const namespaces = {
      ...session.namespaces,
      eip155: {
        ...eip155,
        chains: [...(eip155.chains ?? []), caip],
        accounts: [...eip155.accounts, `${caip}:${keys.eip155.address}`],
      },
    }
    const { acknowledged } = await walletKit.updateSession({ topic, namespaces })
    await acknowledged()
    notifySessions()
  }

  async function switchChain(topic: string, chainId: number) {
    if (!evmChainIds.includes(chainId))
      throw new DevnetWalletError(
        4902,
        `Unrecognized chain ID 0x${chainId.toString(16)}; this wallet has ${evmChainIds.join(', ')}`,
      )
    await ensureEvmChain(topic, chainId)
    await walletKit.emitSessionEvent({
      topic,
      event: { name: 'chainChanged', data: chainId },
      chainId: `eip155:${chainId}`,
    })
  }

  function makeProposal(event: WalletKitTypes.SessionProposal): PendingProposal {
    const { params, verifyContext } = event
    const approvedNamespaces = () => {
      const namespaces = buildApprovedNamespaces({ proposal: params, supportedNamespaces: supported() })
      if (Object.keys(namespaces).length === 0)
        throw new DevnetWalletError(
          getSdkError('UNSUPPORTED_CHAINS').code,
          'none of the requested chains is served by the devnet wallet',
        )
      return namespaces
    }
    return {
      id: params.id,
      proposer: params.proposer.metadata,
      requiredNamespaces: params.requiredNamespaces,
      optionalNamespaces: params.optionalNamespaces,
      verifyContext,
      approvedNamespaces,
      async approve(namespaces) {
        const session = await walletKit.approveSession({
          id: params.id,
          namespaces: namespaces ?? approvedNamespaces(),
        })
        notifySessions()
        return session
      },
      async reject(reason) {
        await walletKit.rejectSession({ id: params.id, reason: reason ?? getSdkError('USER_REJECTED') })
      },
    }
  }

  async function answer(event: WalletKitTypes.SessionRequest): Promise<unknown> {
    const { topic, params, id } = event
    const { chainId, request } = params
    const session = walletKit.getActiveSessions()[topic]
    if (!session) throw new DevnetWalletError(getSdkError('USER_DISCONNECTED').code, `no session ${topic}`)
    const namespace = session.namespaces[namespaceOf(chainId)]
    if (!namespace?.chains?.includes(chainId) && !namespace?.accounts.some((a) => a.startsWith(`${chainId}:`)))
      throw new DevnetWalletError(getSdkError('UNSUPPORTED_CHAINS').code, `chain ${chainId} is not in this session`)
    if (!namespace.methods.includes(request.method))
      throw new DevnetWalletError(
        getSdkError('UNSUPPORTED_METHODS').code,
        `method ${request.method} is not in this session`,
      )
    if (request.method === 'wallet_switchEthereumChain') {
      const [target] = (Array.isArray(request.params) ? request.params : []) as { chainId?: string }[]
      if (typeof target?.chainId !== 'string') throw new DevnetWalletError(-32602, 'expected [{ chainId: "0x…" }]')
      // The switch is answered first; chainChanged follows (see `respond`).
      const next = Number(BigInt(target.chainId))
      if (!evmChainIds.includes(next))
        throw new DevnetWalletError(
          4902,
          `Unrecognized chain ID ${target.chainId}; this wallet has ${evmChainIds.join(', ')}`,
        )
      await ensureEvmChain(topic, next)
      return null
    }
    const origin = dappOrigin(event)
    const evmChain = Number(chainId.split(':')[1])
    const account = keys.eip155.address
    switch (request.method) {
      case 'wallet_grantPermissions':
        return grants.grant({ params: request.params, origin, account, chainId: evmChain })
      case 'wallet_revokePermissions':
        return grants.revoke({ params: request.params, origin })
      case 'wallet_getGrantedExecutionPermissions':
        return grants.list({ origin, account, chainId: evmChain })
      case 'wallet_getCapabilities': {
        // Every chain the wallet answers for also grants and enforces permissions.
        const answered = (await answerPlain(event)) as Record<string, Record<string, unknown>>
        for (const chain of Object.values(answered ?? {}))
          chain.permissions = { supported: true, signerTypes: ['account'], permissionTypes: [...devnetPermissionTypes] }
        return answered
      }
      case 'wallet_sendCalls': {
        // The grant was checked (and its spend reserved) when the request came; the send itself
        // carries no permissions capability. A failed send gives the reservation back.
        const used = covered.get(id)
        covered.delete(id)
        try {
          return await answerPlain(event, withoutPermissionsCapability(request.params))
        } catch (error) {
          if (used) grants.refund(used)
          throw error
        }
      }
    }
    return answerPlain(event)
  }

  /** The dapp's origin as Verify attested it, else as its metadata says. */
  function dappOrigin(event: WalletKitTypes.SessionRequest): string {
    const verified = event.verifyContext?.verified?.origin
    const url = verified || walletKit.getActiveSessions()[event.topic]?.peer.metadata.url || ''
    try {
      return new URL(url).origin
    } catch {
      return url
    }
  }

  async function answerPlain(event: WalletKitTypes.SessionRequest, params = event.params.request.params) {
    const { id } = event
    const { chainId, request } = event.params
    if (smart && smartAccount) {
      const smartAnswer = await answerSmartRequest(smartAccount, rpc.evmRpcUrls, smart, {
        chainId,
        method: request.method,
        params,
      })
      if (smartAnswer) return smartAnswer.answer
    }
    return answerDevnetRequest(keys, rpc, { chainId, method: request.method, params, id })
  }

  function makeRequest(event: WalletKitTypes.SessionRequest): PendingRequest {
    const { topic, params, id, verifyContext } = event
    let answered: Promise<DevnetWalletResponse> | undefined
    const respond = (compute: () => Promise<DevnetWalletResponse>) => {
      answered ??= (async () => {
        const response = await compute()
        await walletKit.respondSessionRequest({ topic, response })
        if (params.request.method === 'wallet_switchEthereumChain' && 'result' in response) {
          const [target] = params.request.params as { chainId: string }[]
          const chainId = Number(BigInt(target?.chainId ?? 0))
          await walletKit.emitSessionEvent({
            topic,
            event: { name: 'chainChanged', data: chainId },
            chainId: `eip155:${chainId}`,
          })
        }
        notify({ type: 'response', request: pending, response })
        return response
      })()
      return answered
    }
    const pending: PendingRequest = {
      id,
      topic,
      chainId: params.chainId,
      method: params.request.method,
      params: params.request.params,
      peer: walletKit.getActiveSessions()[topic]?.peer.metadata,
      verifyContext,
      approve: () =>
        respond(async () => {
          try {
            return { id, jsonrpc: '2.0', result: (await answer(event)) ?? null }
          } catch (error) {
            return { id, jsonrpc: '2.0', error: errorOf(error) }
          }
        }),
      reject: (error) =>
        respond(async () => ({ id, jsonrpc: '2.0', error: error ?? { ...getSdkError('USER_REJECTED') } })),
    }
    return pending
  }

  walletKit.on('session_proposal', (event) => {
    const proposal = makeProposal(event)
    notify({ type: 'proposal', proposal })
    const decide = async () => {
      if (proposalsMode === 'manual') return proposals.push(proposal)
      if (proposalsMode === 'reject') return proposal.reject()
      try {
        await proposal.approve()
      } catch (error) {
        const { code, message } = errorOf(error)
        await proposal.reject({ code: code === -32603 ? getSdkError('UNSUPPORTED_NAMESPACE_KEY').code : code, message })
      }
    }
    decide().catch(() => undefined)
  })
  walletKit.on('session_request', (event) => {
    const request = makeRequest(event)
    notify({ type: 'request', request })
    const { method, params } = event.params.request
    // Revoking takes power away and listing shows the dapp only its own grants: no prompt.
    if (method === 'wallet_revokePermissions' || method === 'wallet_getGrantedExecutionPermissions') {
      request.approve().catch(() => undefined)
      return
    }
    if (method === 'wallet_sendCalls') {
      const use = grants.use({
        params,
        origin: dappOrigin(event),
        account: keys.eip155.address,
        chainId: Number(event.params.chainId.split(':')[1]),
      })
      if (use && 'used' in use) {
        // Within a grant: sent with no prompt.
        covered.set(event.id, use.used)
        request.approve().catch(() => undefined)
        return
      }
      if (use && !use.optional) {
        request
          .reject({ code: 4100, message: `Permission does not cover this request: ${use.reason}` })
          .catch(() => undefined)
        return
      }
    }
    if (requestsMode === 'manual') requests.push(request)
    else if (requestsMode === 'reject') request.reject().catch(() => undefined)
    else request.approve().catch(() => undefined)
  })
  if (options.oneClickAuth ?? true)
    walletKit.on('session_authenticate', (event) => {
      const { id, params } = event
      const decide = async () => {
        if (proposalsMode === 'reject')
          return walletKit.rejectSessionAuthenticate({ id, reason: getSdkError('USER_REJECTED') })
        // Only the chains and methods this wallet has; one SIWE signature (a CACAO) per chain.
        const supportedEip155 = supported().eip155
        const payload = populateAuthPayload({
          authPayload: params.authPayload,
          chains: supportedEip155.chains,
          methods: supportedEip155.methods,
        })
        const signer = privateKeyToAccount(keys.eip155.privateKey)
        const auths = []
        for (const chain of payload.chains) {
          const iss = `did:pkh:${chain}:${keys.eip155.address}`
          const message = walletKit.formatAuthMessage({ request: payload, iss })
          const signature = await signer.signMessage({ message })
          auths.push(buildAuthObject(payload, { t: 'eip191', s: signature }, iss))
        }
        if (auths.length === 0)
          return walletKit.rejectSessionAuthenticate({ id, reason: getSdkError('UNSUPPORTED_CHAINS') })
        await walletKit.approveSessionAuthenticate({ id, auths })
        notifySessions()
      }
      decide().catch(() => undefined)
    })
  walletKit.on('session_delete', () => notifySessions())

  let closing: Promise<void> | undefined
  let online = true
  const accounts = {
    eip155: {
      address: keys.eip155.address,
      publicKey: privateKeyToAccount(keys.eip155.privateKey).publicKey,
      chainId: `eip155:${evmChainIds[0]}`,
    },
    solana: { address: keys.solana.address, publicKey: keys.solana.address, chainId: devnetChainIds.solana },
    polkadot: {
      address: keys.polkadot.address,
      publicKey: `0x${[...keys.polkadot.publicKey].map((b) => b.toString(16).padStart(2, '0')).join('')}`,
      chainId: devnetChainIds.polkadot,
    },
    bip122: {
      address: keys.bip122.address,
      publicKey: [...keys.bip122.publicKey].map((b) => b.toString(16).padStart(2, '0')).join(''),
      chainId: devnetChainIds.bip122,
    },
    cosmos: {
      address: keys.cosmos.address,
      publicKey: [...keys.cosmos.publicKey].map((b) => b.toString(16).padStart(2, '0')).join(''),
      chainId: devnetChainIds.cosmos,
    },
  } satisfies Record<DevnetNamespace, DevnetWalletAccount>
  for (const ns of devnetNamespaces) if (!accounts[ns]) throw new Error(`missing account for ${ns}`)

  return {
    accounts,
    evmChainIds,
    walletKit,
    async pair(uri) {
      await walletKit.pair({ uri })
    },
    nextProposal: () => proposals.next(),
    nextRequest: () => requests.next(),
    sessions,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async disconnect(topic) {
      const topics = topic ? [topic] : Object.keys(walletKit.getActiveSessions())
      for (const t of topics) await walletKit.disconnectSession({ topic: t, reason: getSdkError('USER_DISCONNECTED') })
      notifySessions()
    },
    async emit(topic, name, data, chainId) {
      await walletKit.emitSessionEvent({ topic, event: { name, data }, chainId })
    },
    switchChain,
    get online() {
      return online
    },
    async goOffline() {
      online = false
      // Closed on purpose, the SDK does not redial by itself (it would for a dropped socket).
      await core.relayer.transportClose()
    },
    async goOnline() {
      if (closing) throw new Error('the devnet wallet was closed')
      await core.relayer.transportOpen()
      online = true
    },
    close() {
      closing ??= (async () => {
        const closed = new Error('the devnet wallet was closed')
        proposals.close(closed)
        requests.close(closed)
        listeners.clear()
        core.heartbeat.stop()
        await core.relayer.transportClose()
      })()
      return closing
    },
  }
}
