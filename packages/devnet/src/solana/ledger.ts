/**
 * The chain model behind the devnet Solana RPC: a litesvm instance plus the bookkeeping a
 * validator has and litesvm does not (slots, a window of valid blockhashes, transaction
 * statuses with their metadata).
 *
 * Block model: every landed transaction (or airdrop) closes a block. The next
 * `getLatestBlockhash` therefore returns a fresh hash, so two identical transfers built one
 * after the other get different signatures instead of failing as duplicates, while a blockhash
 * stays usable for {@link BLOCKHASH_VALIDITY} blocks like on a real cluster. Time never advances
 * a block on its own: nothing expires while a test is thinking.
 */
import {
  type Address,
  appendTransactionMessageInstruction,
  type Blockhash,
  type CompiledTransactionMessage,
  type CompiledTransactionMessageWithLifetime,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  getAddressDecoder,
  getBase58Decoder,
  getBase64Decoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  isSolanaError,
  type KeyPairSigner,
  lamports,
  pipe,
  type ReadonlyUint8Array,
  type Signature,
  SOLANA_ERROR__TRANSACTION__SIGNATURES_MISSING,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Transaction,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  AccountState,
  findAssociatedTokenPda,
  getMintEncoder,
  getTokenEncoder,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm'
import { solanaAccounts } from '../accounts.js'
import { solanaInitialLamports, solanaTokens } from '../tokens.js'
import { type AccountLookup, type LedgerAccount, readTokenAccount, uiTokenAmount } from './encoding.js'
import { describeTransactionError, type RpcTransactionError, toRpcTransactionError } from './errors.js'
import { type JsonValue, RpcError } from './json.js'

/** Blocks a blockhash stays valid for (the cluster's MAX_PROCESSING_AGE). */
export const BLOCKHASH_VALIDITY = 150n
const LAMPORTS_PER_SIGNATURE = 5_000n
/** The requestAirdrop faucet: a plain system account (seed `sha256("portico-devnet-solana-faucet")`). */
const FAUCET_SEED = 'c5033d14776ba890cbdab5f1e4952bb4b202058cf961ae649f03508de24c54dc'
/** Large enough that requestAirdrop never runs dry in a dev session. */
const FAUCET_LAMPORTS = 100_000_000n * 1_000_000_000n
const SYSTEM_PROGRAM_ADDRESS = '11111111111111111111111111111111' as Address
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
/** Builtins reserve 3,000 CUs by default, other programs 200,000 (SIMD-0170). */
const BUILTIN_PROGRAMS = new Set([
  '11111111111111111111111111111111',
  COMPUTE_BUDGET_PROGRAM,
  'Vote111111111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
])

/** Legacy and v0 messages: what mainnet validators accept today (v1 is not supported here). */
export type CompiledMessage = Exclude<CompiledTransactionMessage, { version: 1 }> &
  CompiledTransactionMessageWithLifetime

/** A wire transaction decoded once and reused by every step that needs it. */
export interface DecodedTransaction {
  transaction: Transaction
  message: CompiledMessage
  wireBytes: Uint8Array
  /** All signatures, base58 (an unsigned slot is all-zero, printed as "1111…"). */
  signatures: string[]
  /** The fee payer's signature, i.e. the transaction id; null if the fee payer has not signed. */
  signature: string | null
}

/** Account keys of a message in execution order: static keys, then writable and readonly lookup-table keys. */
export interface ResolvedKeys {
  keys: Address[]
  writable: boolean[]
  signer: boolean[]
  loaded: { writable: Address[]; readonly: Address[] }
}

/** What running a transaction produced, in the terms the RPC reports. */
export interface ExecutionOutcome {
  err: RpcTransactionError | null
  logs: string[]
  unitsConsumed: bigint
  fee: bigint
  returnData: JsonValue
  innerInstructions: JsonValue
  keys: ResolvedKeys
  preBalances: bigint[]
  postBalances: bigint[]
  preTokenBalances: JsonValue[]
  postTokenBalances: JsonValue[]
  /** Post-state of the accounts the transaction touched (simulation only). */
  postAccounts: Map<string, LedgerAccount>
}

/** A transaction that landed (successfully or not). */
export interface TransactionRecord {
  signature: string
  slot: bigint
  blockTime: bigint
  decoded: DecodedTransaction
  outcome: ExecutionOutcome
}

export interface SimulateOptions {
  sigVerify?: boolean
  replaceRecentBlockhash?: boolean
}

export class SolanaLedger {
  slot: bigint
  blockHeight: bigint
  transactionCount = 0n
  private readonly recentBlockhashes = new Map<string, bigint>()
  private readonly records = new Map<string, TransactionRecord>()
  private airdropQueue: Promise<unknown> = Promise.resolve()

  private constructor(
    readonly svm: LiteSVM,
    private readonly faucet: KeyPairSigner,
  ) {
    this.slot = svm.getClock().slot
    // One block per slot since genesis: no skipped slots on a single-node devnet.
    this.blockHeight = this.slot
    this.setClock()
    this.rememberLatestBlockhash()
  }

  /** Creates the devnet genesis: funded accounts and the SPL token mints with their holders. */
  static async create(): Promise<SolanaLedger> {
    const svm = new LiteSVM()
      .withNativeMints()
      // Blockhashes are checked here against a 150-block window; litesvm only knows the latest one.
      .withBlockhashCheck(false)
    const faucet = await createKeyPairSignerFromPrivateKeyBytes(hexToBytes(FAUCET_SEED))
    const ledger = new SolanaLedger(svm, faucet)
    ledger.writeAccount(faucet.address, SYSTEM_PROGRAM_ADDRESS, new Uint8Array(0), FAUCET_LAMPORTS)
    for (const account of solanaAccounts) {
      const result = svm.airdrop(account.address as Address, lamports(solanaInitialLamports))
      if (!result || result instanceof FailedTransactionMetadata) {
        throw new Error(`genesis airdrop to ${account.address} failed: ${result?.toString()}`)
      }
    }
    await ledger.createTokens()
    return ledger
  }

  /**
   * Writes the mints and the holders' associated token accounts directly. The bytes are exactly
   * what InitializeMint2 / the ATA program would leave (same codecs as the Token program client,
   * rent-exempt lamports), so the real Token program then operates on them normally.
   */
  private async createTokens(): Promise<void> {
    const mintAuthority = solanaAccounts[0].address as Address
    for (const token of solanaTokens) {
      const mint = token.mint as Address
      const supply = token.initialBalance * BigInt(solanaAccounts.length)
      this.writeAccount(
        mint,
        TOKEN_PROGRAM_ADDRESS,
        getMintEncoder().encode({
          mintAuthority,
          supply,
          decimals: token.decimals,
          isInitialized: true,
          freezeAuthority: null,
        }),
      )
      for (const holder of solanaAccounts) {
        const owner = holder.address as Address
        const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
        this.writeAccount(
          ata,
          TOKEN_PROGRAM_ADDRESS,
          getTokenEncoder().encode({
            mint,
            owner,
            amount: token.initialBalance,
            delegate: null,
            state: AccountState.Initialized,
            isNative: null,
            delegatedAmount: 0n,
            closeAuthority: null,
          }),
        )
      }
    }
  }

  /** Creates an account; lamports default to the rent-exempt minimum, as real programs allocate them. */
  private writeAccount(address: Address, owner: Address, data: ReadonlyUint8Array, balance?: bigint): void {
    const bytes = Uint8Array.from(data)
    this.svm.setAccount({
      address,
      programAddress: owner,
      data: bytes,
      executable: false,
      lamports: lamports(balance ?? this.svm.minimumBalanceForRentExemption(BigInt(bytes.length))),
      space: BigInt(bytes.length),
    })
  }

  // ---------------------------------------------------------------- accounts & blocks

  /** Current state of an account, or null if it does not exist. */
  readonly getAccount: AccountLookup = (address) => {
    const account = this.svm.getAccount(address)
    if (!account.exists) return null
    return {
      lamports: account.lamports,
      data: account.data as Uint8Array,
      owner: account.programAddress,
      executable: account.executable,
    }
  }

  latestBlockhash(): { blockhash: string; lastValidBlockHeight: bigint } {
    const blockhash = this.svm.latestBlockhash()
    return { blockhash, lastValidBlockHeight: this.blockHeight + BLOCKHASH_VALIDITY }
  }

  isBlockhashValid(blockhash: string): boolean {
    // Also accept litesvm's current hash, in case a test expired it directly through `svm`.
    if (blockhash === this.svm.latestBlockhash()) return true
    const lastValid = this.recentBlockhashes.get(blockhash)
    return lastValid !== undefined && lastValid >= this.blockHeight
  }

  private rememberLatestBlockhash(): void {
    this.recentBlockhashes.set(this.svm.latestBlockhash(), this.blockHeight + BLOCKHASH_VALIDITY)
    for (const [hash, lastValid] of this.recentBlockhashes) {
      if (lastValid < this.blockHeight) this.recentBlockhashes.delete(hash)
    }
  }

  private setClock(): void {
    const clock = this.svm.getClock()
    clock.slot = this.slot
    clock.epoch = this.slot / this.svm.getEpochSchedule().slotsPerEpoch
    clock.unixTimestamp = BigInt(Math.floor(Date.now() / 1000))
    this.svm.setClock(clock)
  }

  /** Closes the current block: next slot, new clock, new latest blockhash. */
  private produceBlock(): void {
    this.slot += 1n
    this.blockHeight += 1n
    this.setClock()
    this.svm.expireBlockhash()
    this.rememberLatestBlockhash()
  }

  // ---------------------------------------------------------------- transactions

  /** Parses wire bytes; throws -32602 for anything that is not a transaction we can run. */
  decodeTransaction(wireBytes: Uint8Array): DecodedTransaction {
    let transaction: Transaction
    let compiled: CompiledTransactionMessage & CompiledTransactionMessageWithLifetime
    try {
      transaction = getTransactionDecoder().decode(wireBytes)
      compiled = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
    } catch (error) {
      throw new RpcError(
        -32602,
        `failed to deserialize solana_transaction::versioned::VersionedTransaction: ${(error as Error).message}`,
      )
    }
    if (compiled.version === 1) throw new RpcError(-32602, 'unsupported transaction version 1')
    const message: CompiledMessage = compiled
    const base58 = getBase58Decoder()
    const signatures = Object.values(transaction.signatures).map((bytes) => base58.decode(bytes ?? new Uint8Array(64)))
    const feePayerSignature = transaction.signatures[message.staticAccounts[0] as Address]
    return {
      transaction,
      message,
      wireBytes,
      signatures,
      signature: feePayerSignature ? base58.decode(feePayerSignature) : null,
    }
  }

  /** Resolves static and address-lookup-table keys, as the runtime orders them. */
  resolveKeys(message: CompiledMessage): ResolvedKeys {
    const { header, staticAccounts } = message
    const keys: Address[] = [...staticAccounts]
    const writable = staticAccounts.map((_, i) =>
      i < header.numSignerAccounts
        ? i < header.numSignerAccounts - header.numReadonlySignerAccounts
        : i < staticAccounts.length - header.numReadonlyNonSignerAccounts,
    )
    const signer = staticAccounts.map((_, i) => i < header.numSignerAccounts)
    const loaded = { writable: [] as Address[], readonly: [] as Address[] }
    const lookups = message.version === 0 ? (message.addressTableLookups ?? []) : []
    for (const lookup of lookups) {
      const table = this.getAccount(lookup.lookupTableAddress)
      const entry = (index: number) => {
        // Lookup-table accounts: a 56-byte header, then 32-byte addresses.
        const start = 56 + index * 32
        return table && start + 32 <= table.data.length
          ? getAddressDecoder().decode(table.data.subarray(start, start + 32))
          : null
      }
      for (const index of lookup.writableIndexes) {
        const key = entry(index)
        if (key) loaded.writable.push(key)
      }
      for (const index of lookup.readonlyIndexes) {
        const key = entry(index)
        if (key) loaded.readonly.push(key)
      }
    }
    keys.push(...loaded.writable, ...loaded.readonly)
    writable.push(...loaded.writable.map(() => true), ...loaded.readonly.map(() => false))
    signer.push(...[...loaded.writable, ...loaded.readonly].map(() => false))
    return { keys, writable, signer, loaded }
  }

  /**
   * Fee the message would pay: 5,000 lamports per signature plus the priority fee
   * (compute-unit price × limit). Used for getFeeForMessage and as a fallback for landed txs.
   */
  estimateFee(message: CompiledMessage): bigint {
    let price = 0n
    let limit: bigint | undefined
    let defaultLimit = 0n
    for (const instruction of message.instructions) {
      const program = message.staticAccounts[instruction.programAddressIndex]
      const data = instruction.data
      if (program === COMPUTE_BUDGET_PROGRAM && data && data.length > 0) {
        const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
        if (data[0] === 2 && data.length >= 5) limit = BigInt(view.getUint32(1, true))
        if (data[0] === 3 && data.length >= 9) price = view.getBigUint64(1, true)
      }
      defaultLimit += program && BUILTIN_PROGRAMS.has(program) ? 3_000n : 200_000n
    }
    const units = limit ?? (defaultLimit < 1_400_000n ? defaultLimit : 1_400_000n)
    const priority = (price * units + 999_999n) / 1_000_000n
    return LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts) + priority
  }

  /** Runs a transaction without committing it (`simulateTransaction`). */
  simulate(decoded: DecodedTransaction, options: SimulateOptions = {}): ExecutionOutcome {
    const knownBlockhash = options.replaceRecentBlockhash || this.isBlockhashValid(decoded.message.lifetimeToken)
    return this.withRuntimeChecks({ sigVerify: options.sigVerify ?? false, blockhashCheck: !knownBlockhash }, () => {
      const keys = this.resolveKeys(decoded.message)
      const pre = keys.keys.map((key) => this.getAccount(key))
      let result: ReturnType<LiteSVM['simulateTransaction']>
      try {
        result = this.svm.simulateTransaction(decoded.transaction)
      } catch (error) {
        return this.outcomeWithoutExecution(decoded, keys, pre, missingSignatureError(error))
      }
      if (result instanceof FailedTransactionMetadata) {
        return this.buildOutcome(decoded, keys, pre, pre, result.meta(), toRpcTransactionError(result))
      }
      const postAccounts = new Map<string, LedgerAccount>()
      for (const account of result.postAccounts()) {
        postAccounts.set(account.address, {
          lamports: account.lamports,
          data: account.data as Uint8Array,
          owner: account.programAddress,
          executable: account.executable,
        })
      }
      const post = keys.keys.map((key, i) => postAccounts.get(key) ?? pre[i] ?? null)
      const outcome = this.buildOutcome(decoded, keys, pre, post, result.meta(), null)
      outcome.postAccounts = postAccounts
      return outcome
    })
  }

  /**
   * `sendTransaction`: preflight (unless skipped), execute, record, close the block.
   *
   * One deliberate deviation: a validator silently drops a transaction that cannot even be
   * charged (unknown blockhash, fee payer without funds...) when preflight is skipped, and the
   * client notices when the blockhash expires. This chain only advances on transactions, so
   * that moment would never come; such transactions are rejected with the preflight error instead.
   */
  send(decoded: DecodedTransaction, options: { skipPreflight?: boolean } = {}): string {
    const signature = decoded.signature
    if (!signature) throw signatureVerificationFailure()
    if (this.records.has(signature)) {
      if (options.skipPreflight) return signature
      throw preflightFailure(
        this.outcomeWithoutExecution(decoded, this.resolveKeys(decoded.message), [], 'AlreadyProcessed'),
      )
    }
    if (!options.skipPreflight) {
      const simulated = this.simulate(decoded, { sigVerify: true })
      if (simulated.err === 'SignatureFailure') throw signatureVerificationFailure()
      if (simulated.err) throw preflightFailure(simulated)
    }

    const knownBlockhash = this.isBlockhashValid(decoded.message.lifetimeToken)
    const outcome = this.withRuntimeChecks({ sigVerify: true, blockhashCheck: !knownBlockhash }, () => {
      const keys = this.resolveKeys(decoded.message)
      const pre = keys.keys.map((key) => this.getAccount(key))
      let result: ReturnType<LiteSVM['sendTransaction']>
      try {
        result = this.svm.sendTransaction(decoded.transaction)
      } catch (error) {
        return this.outcomeWithoutExecution(decoded, keys, pre, missingSignatureError(error))
      }
      const post = keys.keys.map((key) => this.getAccount(key))
      if (result instanceof FailedTransactionMetadata) {
        return this.buildOutcome(decoded, keys, pre, post, result.meta(), toRpcTransactionError(result))
      }
      return this.buildOutcome(decoded, keys, pre, post, result, null)
    })

    // litesvm keeps a failed transaction in its history exactly when it was charged (landed).
    const landed = outcome.err === null || this.svm.getTransaction(signature as Signature) !== null
    if (!landed) {
      if (outcome.err === 'SignatureFailure') throw signatureVerificationFailure()
      throw preflightFailure(outcome)
    }
    this.commit(signature, decoded, outcome)
    return signature
  }

  /**
   * `requestAirdrop`: a real, signed system transfer from the devnet faucet, so the airdrop has
   * a status and a full getTransaction record like any other transaction. Airdrops are queued:
   * two identical requests in the same block would otherwise be one duplicate transaction.
   */
  airdrop(to: Address, amount: bigint): Promise<string> {
    const run = async () => {
      const { blockhash, lastValidBlockHeight } = this.latestBlockhash()
      const message = pipe(
        createTransactionMessage({ version: 'legacy' }),
        (m) => setTransactionMessageFeePayerSigner(this.faucet, m),
        (m) =>
          setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash as Blockhash, lastValidBlockHeight }, m),
        (m) =>
          appendTransactionMessageInstruction(
            getTransferSolInstruction({ source: this.faucet, destination: to, amount }),
            m,
          ),
      )
      const signed = await signTransactionMessageWithSigners(message)
      return this.send(this.decodeTransaction(Uint8Array.from(getTransactionEncoder().encode(signed))))
    }
    const result = this.airdropQueue.then(run, run)
    this.airdropQueue = result.catch(() => undefined)
    return result
  }

  getRecord(signature: string): TransactionRecord | undefined {
    return this.records.get(signature)
  }

  /** Landed transactions, newest first. */
  recordsNewestFirst(): TransactionRecord[] {
    return [...this.records.values()].reverse()
  }

  private commit(signature: string, decoded: DecodedTransaction, outcome: ExecutionOutcome): void {
    this.records.set(signature, {
      signature,
      slot: this.slot,
      blockTime: this.svm.getClock().unixTimestamp,
      decoded,
      outcome,
    })
    this.transactionCount += 1n
    this.produceBlock()
  }

  /** Temporarily sets litesvm's global signature / blockhash checks for one call. */
  private withRuntimeChecks<T>(checks: { sigVerify: boolean; blockhashCheck: boolean }, run: () => T): T {
    // litesvm can only check "is it THE latest blockhash (or a durable nonce)"; we enable that
    // check only for blockhashes outside our window, which leaves exactly the durable-nonce path.
    this.svm.withSigverify(checks.sigVerify).withBlockhashCheck(checks.blockhashCheck)
    try {
      return run()
    } finally {
      this.svm.withSigverify(true).withBlockhashCheck(false)
    }
  }

  private outcomeWithoutExecution(
    decoded: DecodedTransaction,
    keys: ResolvedKeys,
    pre: (LedgerAccount | null)[],
    err: RpcTransactionError,
  ): ExecutionOutcome {
    const balances = pre.map((account) => account?.lamports ?? 0n)
    return {
      err,
      logs: [],
      unitsConsumed: 0n,
      fee: this.estimateFee(decoded.message),
      returnData: null,
      innerInstructions: [],
      keys,
      preBalances: balances,
      postBalances: balances,
      preTokenBalances: [],
      postTokenBalances: [],
      postAccounts: new Map(),
    }
  }

  private buildOutcome(
    decoded: DecodedTransaction,
    keys: ResolvedKeys,
    pre: (LedgerAccount | null)[],
    post: (LedgerAccount | null)[],
    meta: TransactionMetadata,
    err: RpcTransactionError | null,
  ): ExecutionOutcome {
    const base58 = getBase58Decoder()
    const innerInstructions = meta
      .innerInstructions()
      .map((list, index) => ({
        index,
        instructions: list.map((inner) => {
          const compiled = inner.instruction()
          return {
            accounts: Array.from(compiled.accounts()),
            data: base58.decode(compiled.data()),
            programIdIndex: compiled.programIdIndex(),
            stackHeight: inner.stackHeight(),
          }
        }),
      }))
      .filter((entry) => entry.instructions.length > 0)
    const returned = meta.returnData()
    const returnedData = returned.data()
    return {
      err,
      logs: meta.logs(),
      unitsConsumed: meta.computeUnitsConsumed(),
      fee: chargedFee(meta) ?? this.estimateFee(decoded.message),
      returnData:
        returnedData.length > 0
          ? {
              data: [getBase64Decoder().decode(returnedData), 'base64'],
              programId: getAddressDecoder().decode(returned.programId()),
            }
          : null,
      innerInstructions,
      keys,
      preBalances: pre.map((account) => account?.lamports ?? 0n),
      postBalances: post.map((account) => account?.lamports ?? 0n),
      preTokenBalances: this.tokenBalances(pre),
      postTokenBalances: this.tokenBalances(post),
      postAccounts: new Map(),
    }
  }

  /** `TokenBalance` entries (pre/postTokenBalances) for the token accounts among `accounts`. */
  private tokenBalances(accounts: (LedgerAccount | null)[]): JsonValue[] {
    const balances: JsonValue[] = []
    accounts.forEach((account, accountIndex) => {
      const token = readTokenAccount(account, this.getAccount)
      if (!token) return
      balances.push({
        accountIndex,
        mint: token.mint,
        owner: token.owner,
        programId: token.programId,
        uiTokenAmount: uiTokenAmount(token.amount, token.decimals),
      })
    })
    return balances
  }
}

/**
 * The fee litesvm actually charged. Its JS binding does not expose it, but the Rust metadata's
 * Debug text (`toString()`) does; when that format changes we fall back to our estimate.
 */
function chargedFee(meta: TransactionMetadata): bigint | null {
  const match = /\bfee: (\d+)/.exec(meta.toString())
  return match?.[1] ? BigInt(match[1]) : null
}

/**
 * litesvm's JS wrapper refuses a transaction with a missing signature (kit's
 * assertIsFullySignedTransaction) before running it; a validator reports that as a signature
 * failure. Anything else is a real fault and propagates.
 */
function missingSignatureError(error: unknown): RpcTransactionError {
  if (isSolanaError(error, SOLANA_ERROR__TRANSACTION__SIGNATURES_MISSING)) return 'SignatureFailure'
  throw error
}

/** -32003, what validators answer when a signature does not verify (even with skipPreflight). */
function signatureVerificationFailure(): RpcError {
  return new RpcError(-32003, 'Transaction signature verification failure')
}

/** -32002 with the simulation result as `data`, the shape `@solana/kit` turns into a SolanaError. */
export function preflightFailure(outcome: ExecutionOutcome): RpcError {
  return new RpcError(-32002, `Transaction simulation failed: ${describeTransactionError(outcome.err)}`, {
    accounts: null,
    err: outcome.err,
    innerInstructions: null,
    loadedAccountsDataSize: 0,
    logs: outcome.logs,
    replacementBlockhash: null,
    returnData: outcome.returnData,
    unitsConsumed: outcome.unitsConsumed,
  })
}

function hexToBytes(hex: string): Uint8Array {
  return Uint8Array.from(hex.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16))
}
