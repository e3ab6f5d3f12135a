import { BaseError } from './base.js'
import { isUserRejection } from './isUserRejection.js'

// The nodes' messages, as viem matches them (viem's `nodeMessage` patterns, written out here so
// this module, which page start reaches, does not import viem; node.test.ts checks them against viem's).

/** A node or contract error: one class per condition the spec lists, the node's own text in `details`. */
abstract class NodeError extends BaseError {
  constructor(shortMessage: string, { cause }: { cause?: unknown } = {}) {
    super(shortMessage, { cause, details: nodeText(cause) })
  }
}

export type ExecutionRevertedErrorType = ExecutionRevertedError & { name: 'ExecutionRevertedError' }
/** The node refused the transaction because executing it reverted (e.g. a token transfer above the balance). */
export class ExecutionRevertedError extends NodeError {
  override name = 'ExecutionRevertedError' as const
  constructor(parameters: { cause?: unknown } = {}) {
    super('Execution reverted', parameters)
  }
}

export type FeeCapTooHighErrorType = FeeCapTooHighError & { name: 'FeeCapTooHighError' }
/** The max fee per gas is above what the node accepts (2^256-1). */
export class FeeCapTooHighError extends NodeError {
  override name = 'FeeCapTooHighError' as const
  constructor(parameters: { cause?: unknown } = {}) {
    super('The fee cap is too high', parameters)
  }
}

export type FeeCapTooLowErrorType = FeeCapTooLowError & { name: 'FeeCapTooLowError' }
/** The max fee per gas is below the block's base fee. */
export class FeeCapTooLowError extends NodeError {
  override name = 'FeeCapTooLowError' as const
  constructor(parameters: { cause?: unknown } = {}) {
    super('The fee cap is too low', parameters)
  }
}

export type NonceTooHighErrorType = NonceTooHighError & { name: 'NonceTooHighError' }
/** The nonce is ahead of the account's next nonce. */
export class NonceTooHighError extends NodeError {
  override name = 'NonceTooHighError' as const
  constructor(parameters: { cause?: unknown } = {}) {
    super('Nonce is too high', parameters)
  }
}

export type NonceTooLowErrorType = NonceTooLowError & { name: 'NonceTooLowError' }
/** The nonce was already used (a transaction with it is mined or pending). */
export class NonceTooLowError extends NodeError {
  override name = 'NonceTooLowError' as const
  constructor(parameters: { cause?: unknown } = {}) {
    super('Nonce is too low', parameters)
  }
}

export type NonceMaxValueErrorType = NonceMaxValueError & { name: 'NonceMaxValueError' }
/** The account's nonce reached its maximum value. */
export class NonceMaxValueError extends NodeError {
  override name = 'NonceMaxValueError' as const
  constructor(parameters: { cause?: unknown } = {}) {
    super('Nonce has reached its maximum value', parameters)
  }
}

export type InsufficientFundsErrorType = InsufficientFundsError & { name: 'InsufficientFundsError' }
/** The account cannot pay value + gas × fee per gas. */
export class InsufficientFundsError extends NodeError {
  override name = 'InsufficientFundsError' as const
  constructor(parameters: { cause?: unknown } = {}) {
    super('Insufficient funds for gas and value', parameters)
  }
}

export type IntrinsicGasTooHighErrorType = IntrinsicGasTooHighError & { name: 'IntrinsicGasTooHighError' }
/** The gas limit is above the block gas limit. */
export class IntrinsicGasTooHighError extends NodeError {
  override name = 'IntrinsicGasTooHighError' as const
  constructor(parameters: { cause?: unknown } = {}) {
    super('The gas limit is too high', parameters)
  }
}

export type IntrinsicGasTooLowErrorType = IntrinsicGasTooLowError & { name: 'IntrinsicGasTooLowError' }
/** The gas limit is below the transaction's intrinsic cost. */
export class IntrinsicGasTooLowError extends NodeError {
  override name = 'IntrinsicGasTooLowError' as const
  constructor(parameters: { cause?: unknown } = {}) {
    super('The gas limit is too low', parameters)
  }
}

export type TransactionTypeNotSupportedErrorType = TransactionTypeNotSupportedError & {
  name: 'TransactionTypeNotSupportedError'
}
/** The chain does not support the transaction's type (e.g. EIP-1559 on a legacy chain). */
export class TransactionTypeNotSupportedError extends NodeError {
  override name = 'TransactionTypeNotSupportedError' as const
  constructor(parameters: { cause?: unknown } = {}) {
    super('Transaction type not supported', parameters)
  }
}

export type TipAboveFeeCapErrorType = TipAboveFeeCapError & { name: 'TipAboveFeeCapError' }
/** The max priority fee is above the max fee per gas. */
export class TipAboveFeeCapError extends NodeError {
  override name = 'TipAboveFeeCapError' as const
  constructor(parameters: { cause?: unknown } = {}) {
    super('The priority fee is higher than the fee cap', parameters)
  }
}

export type UnknownNodeErrorType = UnknownNodeError & { name: 'UnknownNodeError' }
/** The node failed the request for a reason it did not name in a way we know. */
export class UnknownNodeError extends NodeError {
  override name = 'UnknownNodeError' as const
  constructor(parameters: { cause?: unknown } = {}) {
    super('An unknown node error occurred', parameters)
  }
}

export type ContractRevertErrorType = ContractRevertError & { name: 'ContractRevertError' }
/** A contract call reverted; `reason` is the decoded revert reason or custom error, when known. */
export class ContractRevertError extends NodeError {
  override name = 'ContractRevertError' as const
  readonly reason: string | undefined
  constructor({ cause, reason }: { cause?: unknown; reason?: string | undefined } = {}) {
    super('The contract reverted', { cause })
    this.reason = reason
  }
}

export type ContractZeroDataErrorType = ContractZeroDataError & { name: 'ContractZeroDataError' }
/** A contract call returned no data ("0x"): no contract at the address, or the wrong ABI. */
export class ContractZeroDataError extends NodeError {
  override name = 'ContractZeroDataError' as const
  constructor(parameters: { cause?: unknown } = {}) {
    super('The contract returned no data', parameters)
  }
}

export type ContractDeploymentFailedErrorType = ContractDeploymentFailedError & {
  name: 'ContractDeploymentFailedError'
}
/** Deploying a contract (e.g. a counterfactual smart account's factory call) failed. */
export class ContractDeploymentFailedError extends NodeError {
  override name = 'ContractDeploymentFailedError' as const
  constructor(parameters: { cause?: unknown } = {}) {
    super('Contract deployment failed', parameters)
  }
}

/** Every node and contract error {@link toNodeError} can give. */
export type NodeErrorType =
  | ExecutionRevertedErrorType
  | FeeCapTooHighErrorType
  | FeeCapTooLowErrorType
  | NonceTooHighErrorType
  | NonceTooLowErrorType
  | NonceMaxValueErrorType
  | InsufficientFundsErrorType
  | IntrinsicGasTooHighErrorType
  | IntrinsicGasTooLowErrorType
  | TransactionTypeNotSupportedErrorType
  | TipAboveFeeCapErrorType
  | UnknownNodeErrorType
  | ContractRevertErrorType
  | ContractZeroDataErrorType
  | ContractDeploymentFailedErrorType

type NodeErrorClass = new (parameters: { cause?: unknown }) => BaseError

// viem's own node-message patterns (the texts geth, anvil and other nodes send), so a wallet's
// plain JSON-RPC error is read exactly as viem reads it. Order matters: the first match wins.
const byNodeMessage: readonly (readonly [RegExp, NodeErrorClass])[] = [
  [/execution reverted|gas required exceeds allowance/, ExecutionRevertedError],
  [/max fee per gas higher than 2\^256-1|fee cap higher than 2\^256-1/, FeeCapTooHighError],
  [
    /max fee per gas less than block base fee|fee cap less than block base fee|transaction is outdated/,
    FeeCapTooLowError,
  ],
  [/nonce too high/, NonceTooHighError],
  [/nonce too low|transaction already imported|already known/, NonceTooLowError],
  [/nonce has max value/, NonceMaxValueError],
  [/insufficient funds|exceeds transaction sender account balance/, InsufficientFundsError],
  [/intrinsic gas too high|gas limit reached/, IntrinsicGasTooHighError],
  [/intrinsic gas too low/, IntrinsicGasTooLowError],
  [/transaction type not valid/, TransactionTypeNotSupportedError],
  [/max priority fee per gas higher than max fee per gas|tip higher than fee cap/, TipAboveFeeCapError],
  [/returned no data \("0x"\)/i, ContractZeroDataError],
  [/deployment failed|contract creation (code storage )?(out of gas|failed)/i, ContractDeploymentFailedError],
]

// viem's class names, for errors that crossed no JSON boundary (an in-page wallet built on viem).
const byViemName: Readonly<Record<string, NodeErrorClass>> = {
  ExecutionRevertedError,
  FeeCapTooHighError,
  FeeCapTooLowError,
  NonceTooHighError,
  NonceTooLowError,
  NonceMaxValueError,
  InsufficientFundsError,
  IntrinsicGasTooHighError,
  IntrinsicGasTooLowError,
  TransactionTypeNotSupportedError,
  TipAboveFeeCapError,
  UnknownNodeError,
  ContractFunctionZeroDataError: ContractZeroDataError,
  CounterfactualDeploymentFailedError: ContractDeploymentFailedError,
}

const nodeErrorClasses: readonly NodeErrorClass[] = [...new Set(Object.values(byViemName)), ContractRevertError]

/**
 * Maps a failed send or contract call to a typed node or contract error, by viem's error class
 * where the error carries one, else by the node's message (what survives a JSON-RPC hop through a
 * wallet). A user rejection, a Portico error that is not a node error at all (not connected…), or
 * an error naming nothing we know is returned unchanged: a wrong guess would hide the real cause.
 * JSON-RPC "server error" codes with an unknown message give {@link UnknownNodeError}.
 *
 * @example
 * try { await sendTransaction(portico, tx) } catch (e) {
 *   const error = toNodeError(e)
 *   if (error.name === 'InsufficientFundsError') showTopUp()
 * }
 */
export function toNodeError(error: unknown): unknown {
  if (nodeErrorClasses.some((c) => error instanceof c)) return error
  if (isUserRejection(error)) return error
  const chain = causes(error)
  for (const e of chain) {
    const name = (e as { name?: unknown }).name
    if (e instanceof BaseError) continue // ours: the viem or wallet error is further down
    if (name === 'ContractFunctionRevertedError') {
      const reason = (e as { reason?: string; data?: { errorName?: string } }).reason ?? errorName(e)
      return new ContractRevertError({ cause: error, reason })
    }
    if (typeof name === 'string' && Object.hasOwn(byViemName, name)) {
      const ErrorClass = byViemName[name] as NodeErrorClass
      return new ErrorClass({ cause: error })
    }
  }
  for (const e of chain) {
    const text = ownText(e)
    if (!text) continue
    for (const [pattern, ErrorClass] of byNodeMessage)
      if (new RegExp(pattern.source, 'i').test(text)) return new ErrorClass({ cause: error })
  }
  for (const e of chain) {
    const code = (e as { code?: unknown }).code
    if (code === 3) return new ExecutionRevertedError({ cause: error })
    // EIP-1474 "server error" range: the node failed for a reason it did not name in a known way.
    if (typeof code === 'number' && code <= -32000 && code >= -32099) return new UnknownNodeError({ cause: error })
  }
  return error
}

function causes(error: unknown): unknown[] {
  const chain: unknown[] = []
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 10;
    e = (e as { cause?: unknown }).cause, depth++
  )
    chain.push(e)
  return chain
}

function ownText(error: unknown): string {
  const { message, details, shortMessage } = error as { message?: unknown; details?: unknown; shortMessage?: unknown }
  return [message, details, shortMessage].filter((t): t is string => typeof t === 'string').join('\n')
}

function errorName(error: unknown): string | undefined {
  const name = (error as { data?: { errorName?: unknown } }).data?.errorName
  return typeof name === 'string' ? name : undefined
}

/** The node's own words for the details line: the deepest message in the chain, trimmed. */
function nodeText(cause: unknown): string | undefined {
  const chain = causes(cause)
  for (let i = chain.length - 1; i >= 0; i--) {
    const e = chain[i] as { details?: unknown; shortMessage?: unknown; message?: unknown }
    const text = [e.details, e.shortMessage, e.message].find((t) => typeof t === 'string' && t.trim())
    if (typeof text === 'string') return text.split('\n')[0]?.slice(0, 300)
  }
  return undefined
}
