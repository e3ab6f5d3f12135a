import {
  type ContractFunctionRevertedErrorType,
  type ContractFunctionZeroDataErrorType,
  type CounterfactualDeploymentFailedErrorType,
  ExecutionRevertedError,
  UnknownNodeError,
  BaseError as ViemBaseError,
} from 'viem'
import { type GetNodeErrorReturnType, getNodeError } from 'viem/utils'
import { BaseError } from './base.js'
import { isUserRejection } from './isUserRejection.js'

/**
 * Every node and contract error a failed send or contract call can give: viem's own classes
 * (`ExecutionRevertedError`, `NonceTooLowError`, `InsufficientFundsError`… and the contract call's
 * `ContractFunctionRevertedError`, `ContractFunctionZeroDataError`, `CounterfactualDeploymentFailedError`),
 * as viem types them.
 */
export type NodeErrorType =
  | GetNodeErrorReturnType
  | ContractFunctionRevertedErrorType
  | ContractFunctionZeroDataErrorType
  | CounterfactualDeploymentFailedErrorType

// viem's node and contract error names: what crossed no JSON boundary (viem's RPC client, an
// in-page wallet built on viem) already carries one.
const viemErrorNames = new Set([
  'ExecutionRevertedError',
  'FeeCapTooHighError',
  'FeeCapTooLowError',
  'NonceTooHighError',
  'NonceTooLowError',
  'NonceMaxValueError',
  'InsufficientFundsError',
  'IntrinsicGasTooHighError',
  'IntrinsicGasTooLowError',
  'TransactionTypeNotSupportedError',
  'TipAboveFeeCapError',
  'UnknownNodeError',
  'ContractFunctionRevertedError',
  'ContractFunctionZeroDataError',
  'CounterfactualDeploymentFailedError',
])

/**
 * Reads a failed send or contract call the way viem does: a viem node or contract error anywhere
 * in the cause chain is returned as it is; otherwise the node's words (what survives a JSON-RPC hop
 * through a wallet) go through viem's `getNodeError`, which names execution reverted, fee cap too
 * high or too low, nonce too high, too low or at its maximum, insufficient funds, intrinsic gas too
 * high or too low, transaction type not supported and tip above fee cap. An unnamed failure with
 * JSON-RPC code 3 is a revert; one in the server-error range (-32000 to -32099) is
 * `UnknownNodeError`. A user rejection, the embedded smart account's `UserOperationRevertedError`, a Portico error that is no node error (not connected…) or an
 * error naming nothing known is returned unchanged: a wrong guess would hide the real cause.
 *
 * @example
 * try { await sendTransaction(portico, tx) } catch (e) {
 *   const error = toNodeError(e)
 *   if (error instanceof InsufficientFundsError) showTopUp() // viem's class
 * }
 */
export function toNodeError(error: unknown): unknown {
  if (isUserRejection(error)) return error
  // The embedded smart account's reverted operation is typed already (reason, revert data, hashes);
  // viem's ExecutionRevertedError would keep less of it.
  if (error instanceof BaseError && error.name === 'UserOperationRevertedError') return error
  const chain = causes(error)
  for (const e of chain)
    if (!(e instanceof BaseError) && viemErrorNames.has(String((e as { name?: unknown }).name))) return e
  // The deepest words first: a wallet's own wrapping says less than the node it relays.
  for (const e of [...chain].reverse()) {
    const text = ownText(e)
    if (!text) continue
    const named = getNodeError(nodeWords(text), {})
    if (named.name !== 'UnknownNodeError') return withCause(named, error)
  }
  for (const e of chain) {
    const code = (e as { code?: unknown }).code
    const text = nodeText(chain)
    if (code === 3) return withCause(new ExecutionRevertedError({ cause: nodeWords(text), message: text }), error)
    // EIP-1474 "server error" range: the node failed for a reason it did not name in a way we know.
    if (typeof code === 'number' && code <= -32000 && code >= -32099)
      return withCause(new UnknownNodeError({ cause: nodeWords(text) }), error)
  }
  return error
}

/** The node's words, as viem reads them (its `details`). */
function nodeWords(text: string | undefined): ViemBaseError {
  return new ViemBaseError(text ?? 'The node refused the request.', { details: text })
}

/** viem worded the error from the node's words; its cause is the error they came in (the wallet's, typed). */
function withCause<error extends ViemBaseError>(named: error, cause: unknown): error {
  return Object.assign(named, { cause })
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
  return [details, shortMessage, message].filter((t): t is string => typeof t === 'string').join('\n')
}

/** The node's own words: the deepest message in the chain, first line. */
function nodeText(chain: readonly unknown[]): string | undefined {
  for (let i = chain.length - 1; i >= 0; i--) {
    const e = chain[i] as { details?: unknown; shortMessage?: unknown; message?: unknown }
    const text = [e.details, e.shortMessage, e.message].find((t) => typeof t === 'string' && t.trim())
    if (typeof text === 'string') return text.split('\n')[0]?.slice(0, 300)
  }
  return undefined
}
