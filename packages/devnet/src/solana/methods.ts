/**
 * The Solana JSON-RPC methods the devnet serves. Shapes, defaults and error codes follow the
 * Agave validator's RPC, because `@solana/kit` and wallets parse responses strictly (u64 as JSON
 * integers, `{ context, value }` wrappers, the -32002 preflight error with its `data`).
 */
import {
  type Address,
  getAddressDecoder,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getCompiledTransactionMessageDecoder,
  isAddress,
  isSignature,
} from '@solana/kit'
import { solanaGenesisHash } from '../accounts.js'
import {
  type AccountEncoding,
  type DataSlice,
  encodeAccount,
  isTokenProgram,
  type LedgerAccount,
  parseDataSlice,
  parseEncoding,
  readMint,
  readTokenAccount,
  uiTokenAmount,
} from './encoding.js'
import { invalidParams, type JsonValue, RpcError } from './json.js'
import type { CompiledMessage, ExecutionOutcome, SolanaLedger, TransactionRecord } from './ledger.js'

/** Version reported in `getVersion` and every response's `context.apiVersion` (litesvm 1.5 runs the Agave 3.0 runtime). */
const SOLANA_CORE_VERSION = '3.0.0'
const FEATURE_SET = 3_604_001_754
const MAX_MULTIPLE_ACCOUNTS = 100
const MAX_SIGNATURE_STATUSES = 256
const PACKET_DATA_SIZE = 1232

type Config = Record<string, unknown>
export type RpcHandler = (params: readonly unknown[]) => JsonValue | Promise<JsonValue>

/** Builds the method table for one ledger. */
export function createRpcMethods(ledger: SolanaLedger): Record<string, RpcHandler> {
  const withContext = (value: JsonValue): JsonValue => ({
    context: { apiVersion: SOLANA_CORE_VERSION, slot: ledger.slot },
    value,
  })

  /** Validators refuse to answer from a slot older than the client has already seen. */
  const readConfig = (value: unknown): Config => {
    if (value === undefined || value === null) return {}
    if (typeof value !== 'object' || Array.isArray(value))
      throw invalidParams('Invalid params: config must be an object')
    const config = value as Config
    // A validator knows these three and refuses any other (a typo works nowhere but here otherwise).
    const { commitment } = config as { commitment?: unknown }
    if (commitment !== undefined && !['processed', 'confirmed', 'finalized'].includes(commitment as string))
      throw invalidParams(
        `Invalid params: unknown variant \`${String(commitment)}\`, expected one of \`processed\`, \`confirmed\`, \`finalized\``,
      )
    if (config.minContextSlot !== undefined && BigInt(requireInteger(config.minContextSlot)) > ledger.slot) {
      throw new RpcError(-32016, 'Minimum context slot has not been reached', { contextSlot: ledger.slot })
    }
    return config
  }

  const encodeWith = (encoding: AccountEncoding, dataSlice?: DataSlice) => (account: LedgerAccount | null) =>
    account ? encodeAccount(account, encoding, ledger.getAccount, dataSlice) : null

  /** Accounts owned by `program` as `{ pubkey, account }` pairs. */
  const programAccounts = (program: Address): { pubkey: Address; account: LedgerAccount }[] =>
    ledger.svm.getProgramAccounts(program).map((account) => ({
      pubkey: account.address,
      account: {
        lamports: account.lamports,
        data: account.data as Uint8Array,
        owner: account.programAddress,
        executable: account.executable,
      },
    }))

  const tokenAccountsByOwner = (params: readonly unknown[]): JsonValue => {
    const owner = requireAddress(params[0])
    const filter = (params[1] ?? {}) as { mint?: unknown; programId?: unknown }
    const config = readConfig(params[2])
    let program: Address
    let mint: Address | undefined
    if (filter.mint !== undefined) {
      mint = requireAddress(filter.mint)
      const mintAccount = ledger.getAccount(mint)
      if (!mintAccount || !isTokenProgram(mintAccount.owner)) throw invalidParams('Invalid param: could not find mint')
      program = mintAccount.owner
    } else if (filter.programId !== undefined) {
      program = requireAddress(filter.programId)
      if (!isTokenProgram(program)) throw invalidParams('Invalid param: unrecognized Token program id')
    } else {
      throw invalidParams('Invalid params: expected `{ mint }` or `{ programId }` filter')
    }
    const addressDecoder = getAddressDecoder()
    const encode = encodeWith(parseEncoding(config.encoding, 'binary'), parseDataSlice(config.dataSlice))
    const matches = programAccounts(program).filter(({ account }) => {
      const { data } = account
      // Token accounts are 165 bytes; longer Token-2022 accounts carry AccountType=2 at byte 165.
      if (data.length < 165 || (data.length > 165 && data[165] !== 2)) return false
      if (addressDecoder.decode(data.subarray(32, 64)) !== owner) return false
      return !mint || addressDecoder.decode(data.subarray(0, 32)) === mint
    })
    return withContext(matches.map(({ pubkey, account }) => ({ pubkey, account: encode(account) })))
  }

  const decodeWire = (value: unknown, encoding: unknown) => {
    if (typeof value !== 'string') throw invalidParams('Invalid params: expected an encoded transaction string')
    return ledger.decodeTransaction(decodeBinaryParam(value, encoding ?? 'base58', PACKET_DATA_SIZE))
  }

  const signatureStatus = (record: TransactionRecord | undefined): JsonValue =>
    record
      ? {
          confirmationStatus: 'finalized',
          confirmations: null,
          err: record.outcome.err,
          slot: record.slot,
          status: record.outcome.err ? { Err: record.outcome.err } : { Ok: null },
        }
      : null

  return {
    getHealth: () => 'ok',
    getVersion: () => ({ 'feature-set': FEATURE_SET, 'solana-core': SOLANA_CORE_VERSION }),
    getGenesisHash: () => solanaGenesisHash,
    getSlot: ([config]) => {
      readConfig(config)
      return ledger.slot
    },
    getBlockHeight: ([config]) => {
      readConfig(config)
      return ledger.blockHeight
    },
    getTransactionCount: ([config]) => {
      readConfig(config)
      return ledger.transactionCount
    },
    getEpochInfo: ([config]) => {
      readConfig(config)
      const slotsInEpoch = ledger.svm.getEpochSchedule().slotsPerEpoch
      return {
        absoluteSlot: ledger.slot,
        blockHeight: ledger.blockHeight,
        epoch: ledger.slot / slotsInEpoch,
        slotIndex: ledger.slot % slotsInEpoch,
        slotsInEpoch,
        transactionCount: ledger.transactionCount,
      }
    },
    getEpochSchedule: () => {
      const schedule = ledger.svm.getEpochSchedule()
      return {
        firstNormalEpoch: schedule.firstNormalEpoch,
        firstNormalSlot: schedule.firstNormalSlot,
        leaderScheduleSlotOffset: schedule.leaderScheduleSlotOffset,
        slotsPerEpoch: schedule.slotsPerEpoch,
        warmup: schedule.warmup,
      }
    },
    getMinimumBalanceForRentExemption: ([size, config]) => {
      readConfig(config)
      return ledger.svm.minimumBalanceForRentExemption(BigInt(requireInteger(size ?? 0)))
    },
    getRecentPrioritizationFees: () => [],

    getLatestBlockhash: ([config]) => {
      readConfig(config)
      const { blockhash, lastValidBlockHeight } = ledger.latestBlockhash()
      return withContext({ blockhash, lastValidBlockHeight })
    },
    isBlockhashValid: ([blockhash, config]) => {
      readConfig(config)
      if (typeof blockhash !== 'string') throw invalidParams('Invalid param: blockhash must be a string')
      // A blockhash is 32 bytes in base58, an address's shape: a validator parses it before looking it up.
      if (!isAddress(blockhash)) throw invalidParams('Invalid param: invalid blockhash')
      return withContext(ledger.isBlockhashValid(blockhash))
    },
    getFeeForMessage: ([message, config]) => {
      readConfig(config)
      if (typeof message !== 'string') throw invalidParams('Invalid params: expected a base64 message')
      let compiled: CompiledMessage
      try {
        const decoded = getCompiledTransactionMessageDecoder().decode(decodeBinaryParam(message, 'base64'))
        if (decoded.version === 1) throw new Error('unsupported transaction version 1')
        compiled = decoded
      } catch (error) {
        if (error instanceof RpcError) throw error
        throw invalidParams(`Invalid params: invalid message: ${(error as Error).message}`)
      }
      // Like a validator: no fee for a message whose blockhash it does not know.
      return withContext(ledger.isBlockhashValid(compiled.lifetimeToken) ? ledger.estimateFee(compiled) : null)
    },

    getBalance: ([address, config]) => {
      readConfig(config)
      return withContext(ledger.getAccount(requireAddress(address))?.lamports ?? 0n)
    },
    getAccountInfo: ([address, rawConfig]) => {
      const config = readConfig(rawConfig)
      const encode = encodeWith(parseEncoding(config.encoding, 'binary'), parseDataSlice(config.dataSlice))
      return withContext(encode(ledger.getAccount(requireAddress(address))))
    },
    getMultipleAccounts: ([addresses, rawConfig]) => {
      const config = readConfig(rawConfig)
      if (!Array.isArray(addresses)) throw invalidParams('Invalid params: expected an array of addresses')
      if (addresses.length > MAX_MULTIPLE_ACCOUNTS) {
        throw invalidParams(`Too many inputs provided; max ${MAX_MULTIPLE_ACCOUNTS}`)
      }
      const encode = encodeWith(parseEncoding(config.encoding, 'base64'), parseDataSlice(config.dataSlice))
      return withContext(addresses.map((address) => encode(ledger.getAccount(requireAddress(address)))))
    },
    getProgramAccounts: ([program, rawConfig]) => {
      const config = readConfig(rawConfig)
      const encode = encodeWith(parseEncoding(config.encoding, 'binary'), parseDataSlice(config.dataSlice))
      const filters = parseFilters(config.filters)
      const matches = programAccounts(requireAddress(program))
        .filter(({ account }) => filters.every((accepts) => accepts(account.data)))
        .map(({ pubkey, account }) => ({ pubkey, account: encode(account) }))
      return config.withContext ? withContext(matches) : matches
    },
    getTokenAccountsByOwner: tokenAccountsByOwner,
    getTokenAccountBalance: ([address, config]) => {
      readConfig(config)
      const token = readTokenAccount(ledger.getAccount(requireAddress(address)), ledger.getAccount)
      if (!token) throw invalidParams('Invalid param: not a Token account')
      return withContext(uiTokenAmount(token.amount, token.decimals))
    },
    getTokenSupply: ([address, config]) => {
      readConfig(config)
      const mint = readMint(ledger.getAccount(requireAddress(address)))
      if (!mint) throw invalidParams('Invalid param: not a Token mint')
      return withContext(uiTokenAmount(mint.supply, mint.decimals))
    },

    sendTransaction: ([wire, rawConfig]) => {
      const config = readConfig(rawConfig)
      return ledger.send(decodeWire(wire, config.encoding), { skipPreflight: config.skipPreflight === true })
    },
    simulateTransaction: ([wire, rawConfig]) => {
      const config = readConfig(rawConfig)
      const sigVerify = config.sigVerify === true
      const replaceRecentBlockhash = config.replaceRecentBlockhash === true
      if (sigVerify && replaceRecentBlockhash)
        throw invalidParams('sigVerify may not be used with replaceRecentBlockhash')
      const decoded = decodeWire(wire, config.encoding)
      const outcome = ledger.simulate(decoded, { sigVerify, replaceRecentBlockhash })
      const accountsConfig = config.accounts as { addresses?: unknown; encoding?: unknown } | undefined
      let accounts: JsonValue = null
      if (accountsConfig) {
        if (!Array.isArray(accountsConfig.addresses))
          throw invalidParams('Invalid params: accounts.addresses must be an array')
        const encode = encodeWith(parseEncoding(accountsConfig.encoding, 'base64'))
        accounts = accountsConfig.addresses.map((address) => {
          const key = requireAddress(address)
          return encode(outcome.postAccounts.get(key) ?? ledger.getAccount(key))
        })
      }
      return withContext({
        accounts,
        err: outcome.err,
        fee: outcome.fee,
        innerInstructions: config.innerInstructions === true ? outcome.innerInstructions : null,
        loadedAddresses: outcome.keys.loaded,
        logs: outcome.logs,
        postBalances: outcome.postBalances,
        postTokenBalances: outcome.postTokenBalances,
        preBalances: outcome.preBalances,
        preTokenBalances: outcome.preTokenBalances,
        replacementBlockhash: replaceRecentBlockhash ? ledger.latestBlockhash() : null,
        returnData: outcome.returnData,
        unitsConsumed: outcome.unitsConsumed,
      })
    },
    requestAirdrop: async ([address, amount, config]) => {
      readConfig(config)
      return ledger.airdrop(requireAddress(address), BigInt(requireInteger(amount)))
    },
    getSignatureStatuses: ([signatures, config]) => {
      readConfig(config)
      if (!Array.isArray(signatures)) throw invalidParams('Invalid params: expected an array of signatures')
      if (signatures.length > MAX_SIGNATURE_STATUSES) {
        throw invalidParams(`Too many inputs provided; max ${MAX_SIGNATURE_STATUSES}`)
      }
      return withContext(signatures.map((signature) => signatureStatus(ledger.getRecord(requireSignature(signature)))))
    },
    getSignaturesForAddress: ([address, rawConfig]) => {
      const config = readConfig(rawConfig)
      const key = requireAddress(address)
      const limit = config.limit === undefined ? 1000 : requireInteger(config.limit)
      let records = ledger.recordsNewestFirst().filter((record) => record.outcome.keys.keys.includes(key))
      if (typeof config.before === 'string') {
        const index = records.findIndex((record) => record.signature === config.before)
        records = index === -1 ? [] : records.slice(index + 1)
      }
      if (typeof config.until === 'string') {
        const index = records.findIndex((record) => record.signature === config.until)
        if (index !== -1) records = records.slice(0, index)
      }
      return records.slice(0, limit).map((record) => ({
        blockTime: record.blockTime,
        confirmationStatus: 'finalized',
        err: record.outcome.err,
        memo: null,
        signature: record.signature,
        slot: record.slot,
      }))
    },
    getTransaction: ([signature, rawConfig]) => {
      const config = typeof rawConfig === 'string' ? { encoding: rawConfig } : readConfig(rawConfig)
      if (config.commitment === 'processed') throw invalidParams('Method does not support commitment below `confirmed`')
      const record = ledger.getRecord(requireSignature(signature))
      if (!record) return null
      const version = record.decoded.message.version
      const maxVersion = config.maxSupportedTransactionVersion
      if (version === 0 && (maxVersion === undefined || maxVersion === null)) {
        throw new RpcError(
          -32015,
          'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
        )
      }
      const encoding = (config.encoding ?? 'json') as string
      if (!['json', 'jsonParsed', 'base64', 'base58'].includes(encoding)) {
        throw invalidParams(
          `Invalid params: unknown variant \`${encoding}\`, expected one of \`binary\`, \`base64\`, \`base58\`, \`json\`, \`jsonParsed\``,
        )
      }
      return {
        blockTime: record.blockTime,
        meta: transactionMeta(record.outcome, encoding === 'jsonParsed'),
        slot: record.slot,
        transaction: encodeTransaction(record, encoding),
        // Only clients that declared a max version get the field (validator behaviour).
        version: maxVersion === undefined || maxVersion === null ? undefined : version,
      }
    },
  }
}

function requireAddress(value: unknown): Address {
  if (typeof value !== 'string' || !isAddress(value)) throw invalidParams('Invalid param: Invalid')
  return value
}

function requireSignature(value: unknown): string {
  if (typeof value !== 'string' || !isSignature(value)) throw invalidParams('Invalid param: Invalid')
  return value
}

function requireInteger(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalidParams('Invalid params: expected a non-negative integer')
  }
  return value
}

/** Decodes a base58/base64 request parameter, enforcing the validator's size limit when given. */
function decodeBinaryParam(value: string, encoding: unknown, maxBytes?: number): Uint8Array {
  let bytes: Uint8Array
  if (encoding === 'base64') {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value)) throw invalidParams('invalid base64 encoding: InvalidByte')
    bytes = new Uint8Array(Buffer.from(value, 'base64'))
  } else if (encoding === 'base58') {
    try {
      bytes = Uint8Array.from(getBase58Encoder().encode(value))
    } catch {
      throw invalidParams('invalid base58 encoding: InvalidCharacter')
    }
  } else {
    throw invalidParams(`Invalid params: unknown variant \`${String(encoding)}\`, expected \`base58\` or \`base64\``)
  }
  if (maxBytes !== undefined && bytes.length > maxBytes) {
    throw invalidParams(
      `${encoding} encoded solana_transaction::versioned::VersionedTransaction too large: ${bytes.length} bytes (max: ${maxBytes} bytes)`,
    )
  }
  return bytes
}

/** `getProgramAccounts` filters (`dataSize`, `memcmp`) as byte predicates. */
function parseFilters(value: unknown): ((data: Uint8Array) => boolean)[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) throw invalidParams('Invalid params: filters must be an array')
  return value.map(
    (filter: { dataSize?: unknown; memcmp?: { offset?: unknown; bytes?: unknown; encoding?: unknown } }) => {
      if (filter.dataSize !== undefined) {
        const size = requireInteger(filter.dataSize)
        return (data: Uint8Array) => data.length === size
      }
      if (filter.memcmp && typeof filter.memcmp.bytes === 'string') {
        const offset = requireInteger(filter.memcmp.offset ?? 0)
        const expected = decodeBinaryParam(filter.memcmp.bytes, filter.memcmp.encoding ?? 'base58')
        return (data: Uint8Array) =>
          data.length >= offset + expected.length && expected.every((byte, i) => data[offset + i] === byte)
      }
      throw invalidParams('Invalid params: unsupported filter')
    },
  )
}

/** `meta` of getTransaction. */
function transactionMeta(outcome: ExecutionOutcome, parsed: boolean): JsonValue {
  return {
    computeUnitsConsumed: outcome.unitsConsumed,
    err: outcome.err,
    fee: outcome.fee,
    innerInstructions: parsed ? partiallyDecodeInner(outcome) : outcome.innerInstructions,
    loadedAddresses: outcome.keys.loaded,
    logMessages: outcome.logs,
    postBalances: outcome.postBalances,
    postTokenBalances: outcome.postTokenBalances,
    preBalances: outcome.preBalances,
    preTokenBalances: outcome.preTokenBalances,
    returnData: outcome.returnData ?? undefined,
    rewards: [],
    status: outcome.err ? { Err: outcome.err } : { Ok: null },
  }
}

/** jsonParsed inner instructions: program and accounts by address (the RPC's "partially decoded" form). */
function partiallyDecodeInner(outcome: ExecutionOutcome): JsonValue {
  const keys = outcome.keys.keys
  const groups = outcome.innerInstructions as {
    index: number
    instructions: { accounts: number[]; data: string; programIdIndex: number; stackHeight: number }[]
  }[]
  return groups.map(({ index, instructions }) => ({
    index,
    instructions: instructions.map((instruction) => ({
      accounts: instruction.accounts.map((i) => keys[i] ?? null),
      data: instruction.data,
      programId: keys[instruction.programIdIndex] ?? null,
      stackHeight: instruction.stackHeight,
    })),
  }))
}

/**
 * The `transaction` field of getTransaction. jsonParsed instructions are returned partially
 * decoded (programId, accounts, base58 data) — a form the RPC uses for programs it has no parser
 * for and that clients must already handle.
 */
function encodeTransaction(record: TransactionRecord, encoding: string): JsonValue {
  const { decoded, outcome } = record
  if (encoding === 'base64') return [getBase64Decoder().decode(decoded.wireBytes), 'base64']
  if (encoding === 'base58') return [getBase58Decoder().decode(decoded.wireBytes), 'base58']

  const { message } = decoded
  const base58 = getBase58Decoder()
  const lookups =
    message.version === 0
      ? {
          addressTableLookups: (message.addressTableLookups ?? []).map((lookup) => ({
            accountKey: lookup.lookupTableAddress,
            readonlyIndexes: [...lookup.readonlyIndexes],
            writableIndexes: [...lookup.writableIndexes],
          })),
        }
      : {}

  if (encoding === 'jsonParsed') {
    const { keys, writable, signer } = outcome.keys
    const staticCount = message.staticAccounts.length
    return {
      message: {
        accountKeys: keys.map((pubkey, i) => ({
          pubkey,
          signer: signer[i] ?? false,
          source: i < staticCount ? 'transaction' : 'lookupTable',
          writable: writable[i] ?? false,
        })),
        instructions: message.instructions.map((instruction) => ({
          accounts: (instruction.accountIndices ?? []).map((i) => keys[i] ?? null),
          data: base58.decode(instruction.data ?? new Uint8Array(0)),
          programId: keys[instruction.programAddressIndex] ?? null,
          stackHeight: null,
        })),
        recentBlockhash: message.lifetimeToken,
        ...lookups,
      },
      signatures: decoded.signatures,
    }
  }

  return {
    message: {
      accountKeys: message.staticAccounts,
      header: {
        numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
        numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
        numRequiredSignatures: message.header.numSignerAccounts,
      },
      instructions: message.instructions.map((instruction) => ({
        accounts: instruction.accountIndices ?? [],
        data: base58.decode(instruction.data ?? new Uint8Array(0)),
        programIdIndex: instruction.programAddressIndex,
        stackHeight: null,
      })),
      recentBlockhash: message.lifetimeToken,
      ...lookups,
    },
    signatures: decoded.signatures,
  }
}
