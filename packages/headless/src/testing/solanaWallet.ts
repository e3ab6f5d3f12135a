import {
  type Address,
  createKeyPairFromPrivateKeyBytes,
  createSolanaRpcFromTransport,
  getAddressEncoder,
  getAddressFromPublicKey,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  type RpcTransport,
  type Signature,
  signBytes,
  type Transaction,
} from '@solana/kit'
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignAndSendTransactionInput,
  SolanaSignAndSendTransactionOutput,
  SolanaSignInFeature,
  SolanaSignInInput,
  SolanaSignInOutput,
  SolanaSignMessageFeature,
  SolanaSignMessageInput,
  SolanaSignMessageOutput,
  SolanaSignTransactionFeature,
  SolanaSignTransactionInput,
  SolanaSignTransactionOutput,
  SolanaTransactionCommitment,
} from '@solana/wallet-standard-features'
import type {
  IdentifierArray,
  IdentifierString,
  Wallet,
  WalletAccount,
  WalletIcon,
  WindowAppReadyEventAPI,
} from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardConnectInput,
  StandardConnectOutput,
  StandardDisconnectFeature,
  StandardEventsFeature,
  StandardEventsListeners,
} from '@wallet-standard/features'
import { devnetWalletIcon } from './devnetWalletIcon.js'
import { createCustomEvent, resolveEventTarget, type TestWalletEventTarget } from './eventTarget.js'
import { TestSolanaWalletError, type TestSolanaWalletErrorName } from './testSolanaWalletError.js'
import { TestWalletUsageError } from './testWalletUsageError.js'

/**
 * Options of {@link createTestSolanaWallet}.
 *
 * @example
 * const options: CreateTestSolanaWalletParameters = {
 *   seeds: solanaAccounts.map((a) => a.seed),
 *   rpcUrl: devnet.solana.rpcUrl,
 *   chains: [solanaCaipNetworkId],
 * }
 */
export type CreateTestSolanaWalletParameters = {
  /** 32-byte ed25519 secrets (hex, with or without `0x`, or bytes), one per account; the first is selected. */
  seeds: readonly (string | Uint8Array)[]
  /** JSON-RPC URL `solana:signAndSendTransaction` sends to. */
  rpcUrl: string
  /** CAIP-2 chains the wallet claims, e.g. the devnet's `solanaCaipNetworkId`. Defaults to `['solana:localnet']`. */
  chains?: readonly IdentifierString[] | undefined
  /** Defaults to `Devnet Wallet`. */
  name?: string | undefined
  /** Defaults to {@link devnetWalletIcon}. */
  icon?: WalletIcon | undefined
  /**
   * Whether the wallet has the Wallet Standard `solana:signIn` feature (Sign In With Solana).
   * Default `true`; `false` makes a wallet that only signs messages, as many do, so sign-in falls
   * back to signing the text with `solana:signMessage`.
   *
   * @example
   * await createTestSolanaWallet({ seeds, rpcUrl, signIn: false })
   */
  signIn?: boolean | undefined
}

/**
 * The features the Solana test wallet implements.
 *
 * @example
 * const { signMessage } = solana.wallet.features['solana:signMessage'] satisfies TestSolanaWalletFeatures['solana:signMessage']
 */
export type TestSolanaWalletFeatures = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignMessageFeature &
  SolanaSignInFeature &
  SolanaSignTransactionFeature &
  SolanaSignAndSendTransactionFeature

/**
 * The Wallet Standard wallet, with its features typed.
 *
 * @example
 * const wallet: TestSolanaWalletStandardWallet = solana.wallet
 * await wallet.features['standard:connect'].connect()
 */
export type TestSolanaWalletStandardWallet = Wallet & { readonly features: TestSolanaWalletFeatures }

/**
 * Names of the features that prompt and can therefore be rejected.
 *
 * @example
 * const feature: TestSolanaWalletPromptFeature = 'solana:signTransaction'
 * solana.rejectNext(feature)
 */
export type TestSolanaWalletPromptFeature =
  | 'standard:connect'
  | 'solana:signMessage'
  | 'solana:signIn'
  | 'solana:signTransaction'
  | 'solana:signAndSendTransaction'

/**
 * One entry of {@link CreateTestSolanaWalletReturnType.requests}.
 *
 * @example
 * expect(solana.requests.map((r: TestSolanaWalletRequest) => r.feature)).toContain('solana:signMessage')
 */
export type TestSolanaWalletRequest = { readonly feature: string; readonly input: unknown }

/**
 * What {@link createTestSolanaWallet} resolves to: the wallet plus the "user's" controls.
 *
 * @example
 * const solana: CreateTestSolanaWalletReturnType = await createTestSolanaWallet(options)
 * solana.setAccount(1) // emits change if connected
 */
export type CreateTestSolanaWalletReturnType = {
  /** The Wallet Standard wallet an app discovers. */
  wallet: TestSolanaWalletStandardWallet
  /**
   * Registers the wallet with apps on `target` (default `window`) through the Wallet Standard
   * app-ready protocol, whether the app loaded before or after. Returns an unregister function.
   */
  register(target?: TestWalletEventTarget): () => void
  /**
   * Makes the next prompt (of `feature`, or of any) fail with a 4001 {@link TestSolanaWalletError}.
   * Calls queue up. Silent connects and connects while already connected do not prompt.
   */
  rejectNext(feature?: TestSolanaWalletPromptFeature): void
  /** While `true`, every prompt fails with 4001. */
  setRejectAll(reject: boolean): void
  /** Selects another account (the user switching in the wallet); emits `change` if connected. */
  setAccount(index: number): void
  /** The user disconnects and revokes the site in the wallet: emits `change` `{ accounts: [] }`, and a later silent connect returns no accounts. */
  disconnectFromWallet(): void
  /** Every feature call received, in order, including rejected and failed ones. */
  readonly requests: readonly TestSolanaWalletRequest[]
  /** The selected account's address (whether or not it is exposed to the app). */
  readonly address: Address
  /** Whether the app is connected (sees the account). */
  readonly connected: boolean
}

/**
 * Errors the wallet's features reject with (the usage error only from the controls and the
 * factory); see {@link TestSolanaWalletError} for the codes.
 *
 * @example
 * const error = (await connect().catch((e) => e)) as CreateTestSolanaWalletErrorType
 */
export type CreateTestSolanaWalletErrorType = TestSolanaWalletError | TestWalletUsageError

type Key = { address: Address; keyPair: CryptoKeyPair; account: WalletAccount }

const errorNames: Record<TestSolanaWalletPromptFeature, TestSolanaWalletErrorName> = {
  'standard:connect': 'WalletConnectionError',
  'solana:signMessage': 'WalletSignMessageError',
  'solana:signIn': 'WalletSignInError',
  'solana:signTransaction': 'WalletSignTransactionError',
  'solana:signAndSendTransaction': 'WalletSendTransactionError',
}

const commitmentRank: Record<string, number> = { processed: 0, confirmed: 1, finalized: 2 }

/**
 * Creates a Wallet Standard Solana wallet backed by local ed25519 keys (WebCrypto via
 * `@solana/kit`), for tests and the demo's "Devnet Wallet". It connects (also silently, once
 * authorised), signs messages and wire-format transactions (legacy and v0), sends them to
 * `rpcUrl`, emits `change`, and can be told to reject like a user would. Async because WebCrypto
 * key import is; touches no global until `register()`, so it is safe to import during SSR.
 *
 * @example
 * import { solanaAccounts, solanaCaipNetworkId } from '@portico/devnet'
 * import { createTestSolanaWallet } from '@portico/headless/testing'
 *
 * const solana = await createTestSolanaWallet({
 *   seeds: solanaAccounts.map((a) => a.seed),
 *   rpcUrl: devnet.solana.rpcUrl,
 *   chains: [solanaCaipNetworkId],
 * })
 * const unregister = solana.register() // apps using getWallets() now list "Devnet Wallet"
 * solana.rejectNext('solana:signTransaction') // the next transaction prompt is declined (4001)
 */
export async function createTestSolanaWallet(
  parameters: CreateTestSolanaWalletParameters,
): Promise<CreateTestSolanaWalletReturnType> {
  const chains: IdentifierArray = Object.freeze([...(parameters.chains ?? ['solana:localnet'])])
  if (chains.length === 0)
    throw new TestWalletUsageError('The Solana test wallet needs at least one chain.', {
      fix: "Drop `chains` for `['solana:localnet']`, or pass the devnet's `solanaCaipNetworkId`.",
    })
  const withSignIn = parameters.signIn ?? true
  const keys = await createKeys(parameters.seeds, chains, withSignIn)
  const rpc = createSolanaRpcFromTransport(createFetchTransport(parameters.rpcUrl))

  let keyIndex = 0
  let connected = false
  // Survives the app's `standard:disconnect` (the site stays trusted), so a later silent connect
  // reconnects as with a real wallet; only the user revoking it in the wallet clears it.
  let authorized = false
  let rejectAll = false
  const pendingRejections: (TestSolanaWalletPromptFeature | undefined)[] = []
  const requests: TestSolanaWalletRequest[] = []
  const changeListeners = new Set<StandardEventsListeners['change']>()

  const key = () => keys[keyIndex] as Key
  const exposedAccounts = (): readonly WalletAccount[] => (connected ? [key().account] : [])

  function emitChange() {
    const properties = { accounts: exposedAccounts() }
    for (const listener of [...changeListeners]) {
      try {
        listener(properties)
      } catch (error) {
        // A throwing app listener must not leave the wallet half-updated; surface it instead.
        queueMicrotask(() => {
          throw error
        })
      }
    }
  }

  function log(feature: string, input: unknown) {
    requests.push(Object.freeze({ feature, input }))
  }

  /** The "user" looks at a prompt: rejected when told to, approved otherwise. */
  function prompt(feature: TestSolanaWalletPromptFeature) {
    const index = pendingRejections.findIndex((f) => f === undefined || f === feature)
    if (index !== -1) pendingRejections.splice(index, 1)
    if (rejectAll || index !== -1)
      throw new TestSolanaWalletError({ name: errorNames[feature], code: 4001, message: 'User rejected the request.' })
  }

  /** Each input must name the account the wallet exposed; anything else is unauthorised (4100). */
  function keyFor(account: WalletAccount | undefined, name: TestSolanaWalletErrorName): Key {
    if (!connected)
      throw new TestSolanaWalletError({ name, code: 4100, message: 'The wallet is not connected to this app.' })
    if (account?.address !== key().address)
      throw new TestSolanaWalletError({
        name,
        code: 4100,
        message: `The account ${String(account?.address)} has not been authorized by the user.`,
      })
    return key()
  }

  function checkChain(chain: IdentifierString | undefined, name: TestSolanaWalletErrorName, required: boolean) {
    if (chain === undefined && !required) return
    if (chain === undefined || !chains.includes(chain))
      throw new TestSolanaWalletError({
        name,
        code: -32602,
        message: `Unsupported chain ${String(chain)}; the wallet supports ${chains.join(', ')}.`,
      })
  }

  /** What both transaction features do before their own part: check, prompt once, sign each. */
  async function checkPromptAndSign(
    feature: 'solana:signTransaction' | 'solana:signAndSendTransaction',
    name: TestSolanaWalletErrorName,
    inputs: readonly SolanaSignTransactionInput[],
    chainRequired: boolean,
  ): Promise<Transaction[]> {
    log(feature, inputs)
    const signers = inputs.map((input) => {
      checkChain(input.chain, name, chainRequired)
      return keyFor(input.account, name)
    })
    prompt(feature)
    return Promise.all(inputs.map((input, i) => sign(input, name, signers[i] as Key)))
  }

  async function sign(
    input: SolanaSignTransactionInput,
    name: TestSolanaWalletErrorName,
    signer: Key,
  ): Promise<Transaction> {
    let transaction: Transaction
    try {
      transaction = getTransactionDecoder().decode(input.transaction)
    } catch (cause) {
      throw new TestSolanaWalletError({
        name,
        code: -32602,
        message: 'The transaction bytes could not be decoded.',
        cause,
      })
    }
    try {
      // Partial: other signers (e.g. a co-signing fee payer) may still have to sign.
      return await partiallySignTransaction([signer.keyPair], transaction)
    } catch (cause) {
      throw new TestSolanaWalletError({
        name,
        code: -32602,
        message: `${signer.address} is not a signer of this transaction.`,
        cause,
      })
    }
  }

  async function confirm(signature: Signature, commitment: SolanaTransactionCommitment) {
    // Polls because the devnet RPC has no websocket subscriptions; bounded so a stuck chain fails.
    for (let attempt = 0; attempt < 120; attempt++) {
      const { value } = await rpc.getSignatureStatuses([signature]).send()
      const status = value[0]
      if (status?.err)
        throw new TestSolanaWalletError({
          name: 'WalletSendTransactionError',
          code: -32603,
          message: `Transaction ${signature} failed: ${JSON.stringify(status.err, (_, v) => (typeof v === 'bigint' ? String(v) : v))}`,
        })
      const reached = status?.confirmationStatus ? (commitmentRank[status.confirmationStatus] ?? -1) : -1
      if (reached >= (commitmentRank[commitment] ?? 0)) return
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    throw new TestSolanaWalletError({
      name: 'WalletSendTransactionError',
      code: -32603,
      message: `Transaction ${signature} was not ${commitment} within 30 s.`,
    })
  }

  const features: TestSolanaWalletFeatures = {
    'standard:connect': {
      version: '1.0.0',
      async connect(input?: StandardConnectInput): Promise<StandardConnectOutput> {
        log('standard:connect', input)
        if (!connected) {
          if (input?.silent) {
            if (!authorized) return { accounts: [] }
          } else {
            prompt('standard:connect')
            authorized = true
          }
          connected = true
          emitChange()
        }
        return { accounts: exposedAccounts() }
      },
    },
    'standard:disconnect': {
      version: '1.0.0',
      async disconnect() {
        log('standard:disconnect', undefined)
        if (!connected) return
        connected = false
        emitChange()
      },
    },
    'standard:events': {
      version: '1.0.0',
      on(event, listener) {
        // 'change' is the only event the standard defines; ignore others rather than throw.
        if (event !== 'change') return () => {}
        changeListeners.add(listener)
        return () => {
          changeListeners.delete(listener)
        }
      },
    },
    'solana:signMessage': {
      version: '1.1.0',
      async signMessage(...inputs: readonly SolanaSignMessageInput[]): Promise<readonly SolanaSignMessageOutput[]> {
        log('solana:signMessage', inputs)
        const signers = inputs.map((input) => keyFor(input.account, 'WalletSignMessageError'))
        prompt('solana:signMessage')
        return Promise.all(
          inputs.map(async (input, i) => ({
            signedMessage: input.message,
            signature: new Uint8Array(await signBytes((signers[i] as Key).keyPair.privateKey, input.message)),
            signatureType: 'ed25519' as const,
          })),
        )
      },
    },
    'solana:signIn': {
      version: '1.0.0',
      // Sign In With Solana as a wallet does it: the wallet writes the text from the input (filling
      // in its own account and the page's domain), shows it, and signs the bytes with ed25519.
      async signIn(...inputs: readonly SolanaSignInInput[]): Promise<readonly SolanaSignInOutput[]> {
        log('solana:signIn', inputs)
        const signers = inputs.map((input) =>
          keyFor(
            input.address === undefined ? key().account : { ...key().account, address: input.address },
            'WalletSignInError',
          ),
        )
        prompt('solana:signIn')
        return Promise.all(
          inputs.map(async (input, i) => {
            const signer = signers[i] as Key
            const host = (globalThis as { location?: { host?: string } }).location?.host ?? ''
            const message = new TextEncoder().encode(
              signInText({ ...input, domain: input.domain ?? host, address: signer.address }),
            )
            return {
              account: signer.account,
              signedMessage: message,
              signature: new Uint8Array(await signBytes(signer.keyPair.privateKey, message)),
              signatureType: 'ed25519' as const,
            }
          }),
        )
      },
    },
    'solana:signTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      async signTransaction(
        ...inputs: readonly SolanaSignTransactionInput[]
      ): Promise<readonly SolanaSignTransactionOutput[]> {
        const signed = await checkPromptAndSign('solana:signTransaction', 'WalletSignTransactionError', inputs, false)
        return signed.map((transaction) => ({
          signedTransaction: new Uint8Array(getTransactionEncoder().encode(transaction)),
        }))
      },
    },
    'solana:signAndSendTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      async signAndSendTransaction(
        ...inputs: readonly SolanaSignAndSendTransactionInput[]
      ): Promise<readonly SolanaSignAndSendTransactionOutput[]> {
        const signed = await checkPromptAndSign(
          'solana:signAndSendTransaction',
          'WalletSendTransactionError',
          inputs,
          true,
        )
        const outputs: SolanaSignAndSendTransactionOutput[] = []
        // In order: later transactions may depend on earlier ones.
        for (const [i, transaction] of signed.entries()) {
          const options = inputs[i]?.options
          let signature: Signature
          try {
            signature = await rpc
              .sendTransaction(getBase64EncodedWireTransaction(transaction), {
                encoding: 'base64',
                skipPreflight: options?.skipPreflight,
                preflightCommitment: options?.preflightCommitment,
                maxRetries: options?.maxRetries === undefined ? undefined : BigInt(options.maxRetries),
                minContextSlot: options?.minContextSlot === undefined ? undefined : BigInt(options.minContextSlot),
              })
              .send()
          } catch (cause) {
            throw new TestSolanaWalletError({
              name: 'WalletSendTransactionError',
              code: -32603,
              message: `Sending the transaction failed: ${cause instanceof Error ? cause.message : String(cause)}`,
              cause,
            })
          }
          if (options?.commitment) await confirm(signature, options.commitment)
          outputs.push({ signature: new Uint8Array(getBase58Encoder().encode(signature)) })
        }
        return outputs
      },
    },
  }

  // A wallet without Sign In With Solana does not list the feature at all, as such wallets do.
  if (!withSignIn) Reflect.deleteProperty(features, 'solana:signIn')

  const wallet: TestSolanaWalletStandardWallet = Object.freeze({
    version: '1.0.0' as const,
    name: parameters.name ?? 'Devnet Wallet',
    icon: parameters.icon ?? devnetWalletIcon,
    chains,
    features,
    get accounts() {
      return exposedAccounts()
    },
  })

  return {
    wallet,
    register(target) {
      const eventTarget = resolveEventTarget(target, 'register')
      const unregisters: (() => void)[] = []
      const callback = ({ register }: WindowAppReadyEventAPI) => {
        unregisters.push(register(wallet))
      }
      // Apps that load later announce themselves with app-ready; apps already listening get register-wallet.
      const onAppReady = (event: Event) => callback((event as CustomEvent<WindowAppReadyEventAPI>).detail)
      eventTarget.addEventListener('wallet-standard:app-ready', onAppReady)
      eventTarget.dispatchEvent(createCustomEvent(eventTarget, 'wallet-standard:register-wallet', callback))
      return () => {
        eventTarget.removeEventListener('wallet-standard:app-ready', onAppReady)
        for (const unregister of unregisters.splice(0)) unregister()
      }
    },
    rejectNext(feature) {
      pendingRejections.push(feature)
    },
    setRejectAll(reject) {
      rejectAll = reject
    },
    setAccount(index) {
      if (!Number.isInteger(index) || index < 0 || index >= keys.length)
        throw new TestWalletUsageError(`Account index ${index} is out of range.`, {
          fix: `The wallet has ${keys.length} account(s): use 0 to ${keys.length - 1}.`,
        })
      if (index === keyIndex) return
      keyIndex = index
      if (connected) emitChange()
    },
    disconnectFromWallet() {
      authorized = false
      if (!connected) return
      connected = false
      emitChange()
    },
    get requests() {
      return requests
    },
    get address() {
      return key().address
    },
    get connected() {
      return connected
    },
  }
}

async function createKeys(
  seeds: readonly (string | Uint8Array)[] | undefined,
  chains: IdentifierArray,
  withSignIn: boolean,
): Promise<Key[]> {
  if (!seeds?.length)
    throw new TestWalletUsageError('The Solana test wallet needs at least one seed.', {
      fix: "Pass `seeds: solanaAccounts.map((a) => a.seed)` (from '@portico/devnet') or your own 32-byte secrets.",
    })
  return Promise.all(
    seeds.map(async (seed, i) => {
      const bytes = typeof seed === 'string' ? hexToBytes(seed) : seed
      if (bytes?.length !== 32) throw new TestWalletUsageError(`\`seeds[${i}]\` is not a 32-byte ed25519 secret.`)
      const keyPair = await createKeyPairFromPrivateKeyBytes(bytes)
      const address = await getAddressFromPublicKey(keyPair.publicKey)
      // One frozen object per key, reused: apps compare WalletAccounts by identity.
      const account: WalletAccount = Object.freeze({
        address,
        publicKey: new Uint8Array(getAddressEncoder().encode(address)),
        chains,
        features: Object.freeze(
          (
            ['solana:signAndSendTransaction', 'solana:signTransaction', 'solana:signMessage', 'solana:signIn'] as const
          ).filter((feature) => withSignIn || feature !== 'solana:signIn'),
        ),
      })
      return { address, keyPair, account }
    }),
  )
}

/**
 * A plain `fetch` JSON-RPC transport. Kit's default transport subclasses the global
 * `AbortController` and passes its signal to Node's `events.setMaxListeners`, which throws under
 * happy-dom (its AbortSignal is not a Node EventTarget); this one works in browsers, Node and
 * happy-dom alike. Bigints go out as plain numbers: the wallet only sends small ones
 * (`maxRetries`, `minContextSlot`), and it only reads strings back (signatures, statuses).
 */
function createFetchTransport(url: string): RpcTransport {
  return (async ({ payload, signal }: { payload: unknown; signal?: AbortSignal }) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload, (_, value) => (typeof value === 'bigint' ? Number(value) : value)),
      signal: signal ?? null,
    })
    if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}.`)
    return response.json()
  }) as RpcTransport
}

function hexToBytes(hex: string): Uint8Array | undefined {
  const digits = hex.startsWith('0x') ? hex.slice(2) : hex
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(digits)) return undefined
  return Uint8Array.from(digits.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16))
}

/**
 * The Sign In With Solana text of an input (the layout of the Solana sign-in spec: the
 * "wants you to sign in" line, the address, the statement, then the fields present, in order).
 * The wallet's own writer, independent of Portico's formatter, so tests compare the two.
 */
function signInText(input: SolanaSignInInput & { domain: string; address: string }): string {
  let text = `${input.domain} wants you to sign in with your Solana account:\n${input.address}`
  if (input.statement) text += `\n\n${input.statement}`
  const fields: string[] = []
  if (input.uri) fields.push(`URI: ${input.uri}`)
  if (input.version) fields.push(`Version: ${input.version}`)
  if (input.chainId) fields.push(`Chain ID: ${input.chainId}`)
  if (input.nonce) fields.push(`Nonce: ${input.nonce}`)
  if (input.issuedAt) fields.push(`Issued At: ${input.issuedAt}`)
  if (input.expirationTime) fields.push(`Expiration Time: ${input.expirationTime}`)
  if (input.notBefore) fields.push(`Not Before: ${input.notBefore}`)
  if (input.requestId) fields.push(`Request ID: ${input.requestId}`)
  if (input.resources?.length) fields.push('Resources:', ...input.resources.map((resource) => `- ${resource}`))
  if (fields.length) text += `\n\n${fields.join('\n')}`
  return text
}
