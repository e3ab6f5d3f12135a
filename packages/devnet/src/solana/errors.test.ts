// litesvm's transaction errors turned into the validator's JSON (`toRpcTransactionError`) and its
// display text (`describeTransactionError`), checked against real failures of a litesvm chain, against
// litesvm's own enum declarations, and against @solana/kit's decoder of those shapes. How the RPC
// puts them in a -32002 answer is ledger.test.ts and methods.test.ts (server.test.ts for one end to end).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import {
  AccountRole,
  type Address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getSolanaErrorFromTransactionError,
  type Instruction,
  isSolanaError,
  type KeyPairSigner,
  lamports,
  pipe,
  SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM,
  SOLANA_ERROR__INSTRUCTION_ERROR__MISSING_REQUIRED_SIGNATURE,
  SOLANA_ERROR__TRANSACTION_ERROR__ACCOUNT_NOT_FOUND,
  SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND,
  SOLANA_ERROR__TRANSACTION_ERROR__DUPLICATE_INSTRUCTION,
  SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { FailedTransactionMetadata, LiteSVM } from 'litesvm'
import {
  type FailedTransactionMetadata as InternalFailed,
  TransactionErrorInstructionError,
} from 'litesvm/dist/internal.js'
import { beforeAll, describe, expect, test } from 'vitest'
import { describeTransactionError, toRpcTransactionError } from './errors.js'

const SOL = 1_000_000_000n
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111' as Address
const UNKNOWN_BLOCKHASH = '4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM'

let svm: LiteSVM
let payer: KeyPairSigner

beforeAll(async () => {
  svm = new LiteSVM()
  payer = await generateKeyPairSigner()
  svm.airdrop(payer.address, lamports(10n * SOL))
})

/** Sends through litesvm and returns the failure it reports (the test fails if it succeeds). */
async function failure(
  instructions: readonly Instruction[],
  options: { feePayer?: KeyPairSigner; blockhash?: string } = {},
): Promise<InternalFailed> {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(options.feePayer ?? payer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: (options.blockhash ?? svm.latestBlockhash()) as never, lastValidBlockHeight: 0n },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const result = svm.sendTransaction(await signTransactionMessageWithSigners(message))
  if (!(result instanceof FailedTransactionMetadata)) throw new Error('expected the transaction to fail')
  return result as unknown as InternalFailed
}

function computeUnitLimit(units: number): Instruction {
  const data = new Uint8Array(5)
  data[0] = 2
  new DataView(data.buffer).setUint32(1, units, true)
  return { programAddress: COMPUTE_BUDGET_PROGRAM, data }
}

/** Member names of a `const enum` in litesvm's declarations, by value. */
function declaredEnum(name: string): Map<number, string> {
  const declarations = createRequire(import.meta.url)
    .resolve('litesvm/dist/internal.js')
    .replace(/\.js$/, '.d.ts')
  const body = new RegExp(`export declare const enum ${name} \\{([^}]*)\\}`).exec(readFileSync(declarations, 'utf8'))
  if (!body?.[1]) throw new Error(`${name} not declared`)
  return new Map([...body[1].matchAll(/(\w+) = (\d+)/g)].map(([, member, value]) => [Number(value), member ?? '']))
}

describe('toRpcTransactionError on real litesvm failures', () => {
  test('behavior: a program error is {"InstructionError":[index,{"Custom":code}]} and kit reads it as that custom code', async () => {
    const recipient = (await generateKeyPairSigner()).address
    const err = toRpcTransactionError(
      await failure([
        getTransferSolInstruction({ source: payer, destination: recipient, amount: SOL }),
        getTransferSolInstruction({ source: payer, destination: recipient, amount: 100n * SOL }),
      ]),
    )
    expect(err).toEqual({ InstructionError: [1, { Custom: 1 }] })
    const kitError = getSolanaErrorFromTransactionError(err as never)
    expect(isSolanaError(kitError, SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM)).toBe(true)
    expect(kitError.context).toMatchObject({ code: 1, index: 1 })
  })

  test('behavior: a fieldless instruction error is its variant name (MissingRequiredSignature for an unsigned debit)', async () => {
    const victim = await generateKeyPairSigner()
    svm.airdrop(victim.address, lamports(SOL))
    const transfer = getTransferSolInstruction({ source: victim, destination: payer.address, amount: 1n })
    // The victim is debited but listed as a plain writable account, not a signer.
    const unsigned: Instruction = {
      ...transfer,
      accounts: [{ address: victim.address, role: AccountRole.WRITABLE }, ...(transfer.accounts?.slice(1) ?? [])],
    }
    const err = toRpcTransactionError(await failure([unsigned]))
    expect(err).toEqual({ InstructionError: [0, 'MissingRequiredSignature'] })
    expect(
      isSolanaError(
        getSolanaErrorFromTransactionError(err as never),
        SOLANA_ERROR__INSTRUCTION_ERROR__MISSING_REQUIRED_SIGNATURE,
      ),
    ).toBe(true)
  })

  test('behavior: an account left below rent is {"InsufficientFundsForRent":{"account_index":n}}, the serde shape kit\'s decoder reads', async () => {
    const newcomer = (await generateKeyPairSigner()).address
    const err = toRpcTransactionError(
      await failure([getTransferSolInstruction({ source: payer, destination: newcomer, amount: 1n })]),
    )
    expect(err).toEqual({ InsufficientFundsForRent: { account_index: 1 } })
    const kitError = getSolanaErrorFromTransactionError(err as never)
    expect(isSolanaError(kitError, SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT)).toBe(true)
    expect(kitError.context).toMatchObject({ accountIndex: 1 })
    expect(describeTransactionError(err)).toBe('Transaction results in an account (1) with insufficient funds for rent')
  })

  test('behavior: a repeated compute-budget instruction is {"DuplicateInstruction":index}', async () => {
    const err = toRpcTransactionError(await failure([computeUnitLimit(10_000), computeUnitLimit(20_000)]))
    expect(err).toEqual({ DuplicateInstruction: 1 })
    const kitError = getSolanaErrorFromTransactionError(err as never)
    expect(isSolanaError(kitError, SOLANA_ERROR__TRANSACTION_ERROR__DUPLICATE_INSTRUCTION)).toBe(true)
    expect(kitError.context).toMatchObject({ index: 1 })
  })

  test('behavior: fieldless transaction errors are bare strings: AccountNotFound for an unfunded payer, BlockhashNotFound for an unknown hash', async () => {
    const ghost = await generateKeyPairSigner()
    const notFound = toRpcTransactionError(
      await failure([getTransferSolInstruction({ source: ghost, destination: payer.address, amount: 1n })], {
        feePayer: ghost,
      }),
    )
    expect(notFound).toBe('AccountNotFound')
    expect(
      isSolanaError(
        getSolanaErrorFromTransactionError(notFound as never),
        SOLANA_ERROR__TRANSACTION_ERROR__ACCOUNT_NOT_FOUND,
      ),
    ).toBe(true)

    svm.withBlockhashCheck(true)
    try {
      const stale = toRpcTransactionError(
        await failure([getTransferSolInstruction({ source: payer, destination: payer.address, amount: 1n })], {
          blockhash: UNKNOWN_BLOCKHASH,
        }),
      )
      expect(stale).toBe('BlockhashNotFound')
      expect(
        isSolanaError(
          getSolanaErrorFromTransactionError(stale as never),
          SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND,
        ),
      ).toBe(true)
    } finally {
      svm.withBlockhashCheck(false)
    }
  })
})

describe("toRpcTransactionError against litesvm's enum declarations", () => {
  test('behavior: every TransactionErrorFieldless value maps to the variant litesvm declares for it', () => {
    const declared = declaredEnum('TransactionErrorFieldless')
    expect(declared.size).toBeGreaterThan(30)
    for (const [value, name] of declared) {
      const standIn = { err: () => value } as unknown as InternalFailed
      expect([value, toRpcTransactionError(standIn)]).toEqual([value, name])
    }
  })

  test('behavior: every InstructionErrorFieldless value maps to the variant litesvm declares for it, at the failing index', () => {
    const declared = declaredEnum('InstructionErrorFieldless')
    expect(declared.size).toBeGreaterThan(50)
    for (const [value, name] of declared) {
      const inner = Object.create(TransactionErrorInstructionError.prototype) as TransactionErrorInstructionError
      Object.defineProperty(inner, 'index', { value: 3 })
      Object.defineProperty(inner, 'err', { value: () => value })
      const standIn = { err: () => inner } as unknown as InternalFailed
      expect([value, toRpcTransactionError(standIn)]).toEqual([value, { InstructionError: [3, name] }])
    }
  })

  test('edge: a value past the known variants is reported by number rather than as a wrong name', () => {
    const standIn = { err: () => 999 } as unknown as InternalFailed
    expect(toRpcTransactionError(standIn)).toBe('UnknownTransactionError999')
  })
})

describe('describeTransactionError', () => {
  test('behavior: known variants print the Rust Display text; unlisted ones print their name', () => {
    expect(describeTransactionError('BlockhashNotFound')).toBe('Blockhash not found')
    expect(describeTransactionError('AlreadyProcessed')).toBe('This transaction has already been processed')
    expect(describeTransactionError('InsufficientFundsForFee')).toBe('Insufficient funds for fee')
    expect(describeTransactionError('CommitCancelled')).toBe('CommitCancelled')
    expect(describeTransactionError({ DuplicateInstruction: 2 })).toBe('DuplicateInstruction')
  })

  test('behavior: instruction errors print "Error processing Instruction i: …" with hex custom codes and Borsh messages', () => {
    expect(describeTransactionError({ InstructionError: [2, 'InvalidAccountData'] })).toBe(
      'Error processing Instruction 2: invalid account data for instruction',
    )
    expect(describeTransactionError({ InstructionError: [0, { Custom: 6001 }] })).toBe(
      'Error processing Instruction 0: custom program error: 0x1771',
    )
    expect(describeTransactionError({ InstructionError: [1, { BorshIoError: 'Unexpected length' }] })).toBe(
      'Error processing Instruction 1: Failed to serialize or deserialize account data: Unexpected length',
    )
    expect(describeTransactionError({ InstructionError: [4, 'Immutable'] })).toBe(
      'Error processing Instruction 4: Immutable',
    )
    expect(describeTransactionError({ InstructionError: [0, { Unheard: 1 }] })).toBe(
      'Error processing Instruction 0: instruction error',
    )
  })

  test('edge: the account index is substituted into the rent message; a variant with an index but no template prints its name', () => {
    expect(describeTransactionError({ InsufficientFundsForRent: { account_index: 7 } })).toBe(
      'Transaction results in an account (7) with insufficient funds for rent',
    )
    expect(describeTransactionError({ ProgramExecutionTemporarilyRestricted: { account_index: 7 } })).toBe(
      'ProgramExecutionTemporarilyRestricted',
    )
  })

  test('edge: values that are not a transaction error print a neutral text instead of throwing', () => {
    expect(describeTransactionError(null)).toBe('Unknown transaction error')
    expect(describeTransactionError(42)).toBe('Unknown transaction error')
    expect(describeTransactionError(['BlockhashNotFound'])).toBe('Unknown transaction error')
    expect(describeTransactionError({})).toBe('Unknown')
  })
})
