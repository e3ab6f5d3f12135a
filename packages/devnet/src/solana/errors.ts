/**
 * Converts litesvm's transaction errors into the JSON shape and message text of a real Solana
 * validator, so clients (`@solana/kit`'s `getSolanaErrorFromTransactionError`, wallets that
 * show `err`) behave as they do against a real cluster.
 */
import {
  type FailedTransactionMetadata,
  InstructionErrorBorshIo,
  InstructionErrorCustom,
  TransactionErrorDuplicateInstruction,
  TransactionErrorInstructionError,
  TransactionErrorInsufficientFundsForRent,
  TransactionErrorProgramExecutionTemporarilyRestricted,
} from 'litesvm/dist/internal.js'
import type { JsonValue } from './json.js'

/** `TransactionError` as serialized by the RPC (serde's externally tagged enum). */
export type RpcTransactionError = JsonValue

// Index = litesvm's numeric `TransactionErrorFieldless` (same order as the Rust enum). litesvm
// declares these as `const enum`s, which cannot be read at runtime under isolatedModules.
const TRANSACTION_ERROR_NAMES = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const

// Index = litesvm's numeric `InstructionErrorFieldless`.
const INSTRUCTION_ERROR_NAMES = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
] as const

// Display strings of the Rust errors, for the errors a dapp developer is likely to hit; the
// rest fall back to the variant name. They end up in "Transaction simulation failed: …".
const TRANSACTION_ERROR_MESSAGES: Record<string, string> = {
  AccountInUse: 'Account in use',
  AccountLoadedTwice: 'Account loaded twice',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  MissingSignatureForFee: 'Transaction requires a fee but has no signature present',
  InvalidAccountIndex: 'Transaction contains an invalid account reference',
  SignatureFailure: 'Transaction did not pass signature verification',
  InvalidProgramForExecution: 'This program may not be used for executing instructions',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
  UnsupportedVersion: 'Transaction version is unsupported',
  InvalidWritableAccount: 'Transaction loads a writable account that cannot be written',
  TooManyAccountLocks: 'Transaction locked too many accounts',
  AddressLookupTableNotFound: "Transaction loads an address table account that doesn't exist",
  InsufficientFundsForRent: 'Transaction results in an account ({account_index}) with insufficient funds for rent',
  UnbalancedTransaction: 'Sum of account balances before and after transaction do not match',
}

const INSTRUCTION_ERROR_MESSAGES: Record<string, string> = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  AccountDataTooSmall: 'account data too small for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  UnbalancedInstruction: 'sum of account balances before and after instruction do not match',
  ExternalAccountLamportSpend: 'instruction spent from the balance of an account it does not own',
  ReadonlyLamportChange: 'instruction changed the balance of a read-only account',
  ReadonlyDataModified: 'instruction modified data of a read-only account',
  NotEnoughAccountKeys: 'insufficient account keys for instruction',
  AccountNotExecutable: 'instruction expected an executable account',
  ComputationalBudgetExceeded: 'Computational budget exceeded',
  PrivilegeEscalation: 'Cross-program invocation with unauthorized signer or writable account',
  ProgramFailedToComplete: 'Program failed to complete',
  IncorrectAuthority: 'Incorrect authority provided',
  InvalidAccountOwner: 'Invalid account owner',
  ArithmeticOverflow: 'Program arithmetic overflowed',
  MissingAccount: 'An account required by the instruction is missing',
}

/** JSON form of a litesvm transaction error, e.g. `"BlockhashNotFound"` or `{"InstructionError":[0,{"Custom":1}]}`. */
export function toRpcTransactionError(failed: FailedTransactionMetadata): RpcTransactionError {
  const err = failed.err()
  if (typeof err === 'number') return TRANSACTION_ERROR_NAMES[err] ?? `UnknownTransactionError${err}`
  if (err instanceof TransactionErrorInstructionError) {
    const inner = err.err()
    let detail: JsonValue
    if (typeof inner === 'number') detail = INSTRUCTION_ERROR_NAMES[inner] ?? 'InvalidError'
    else if (inner instanceof InstructionErrorCustom) detail = { Custom: inner.code }
    else if (inner instanceof InstructionErrorBorshIo) detail = { BorshIoError: inner.msg }
    else detail = 'InvalidError'
    return { InstructionError: [err.index, detail] }
  }
  if (err instanceof TransactionErrorDuplicateInstruction) return { DuplicateInstruction: err.index }
  if (err instanceof TransactionErrorInsufficientFundsForRent) {
    return { InsufficientFundsForRent: { account_index: err.accountIndex } }
  }
  if (err instanceof TransactionErrorProgramExecutionTemporarilyRestricted) {
    return { ProgramExecutionTemporarilyRestricted: { account_index: err.accountIndex } }
  }
  return 'InvalidAccountIndex'
}

/** Human-readable text of a serialized transaction error, as a validator would print it. */
export function describeTransactionError(err: RpcTransactionError): string {
  if (typeof err === 'string') return TRANSACTION_ERROR_MESSAGES[err] ?? err
  if (err && typeof err === 'object' && !Array.isArray(err)) {
    const record = err as Record<string, JsonValue>
    const instruction = record.InstructionError
    if (Array.isArray(instruction)) {
      const [index, detail] = instruction as [number, JsonValue]
      return `Error processing Instruction ${index}: ${describeInstructionError(detail)}`
    }
    const [name, value] = Object.entries(record)[0] ?? ['Unknown', null]
    const template = TRANSACTION_ERROR_MESSAGES[name]
    if (template && value && typeof value === 'object' && 'account_index' in value) {
      return template.replace('{account_index}', String(value.account_index))
    }
    return template ?? name
  }
  return 'Unknown transaction error'
}

function describeInstructionError(detail: JsonValue): string {
  if (typeof detail === 'string') return INSTRUCTION_ERROR_MESSAGES[detail] ?? detail
  if (detail && typeof detail === 'object' && 'Custom' in detail) {
    return `custom program error: 0x${Number(detail.Custom).toString(16)}`
  }
  if (detail && typeof detail === 'object' && 'BorshIoError' in detail) {
    return `Failed to serialize or deserialize account data: ${String(detail.BorshIoError)}`
  }
  return 'instruction error'
}
