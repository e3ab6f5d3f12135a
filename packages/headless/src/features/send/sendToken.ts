import { type RequestErrorType, request, WalletRequestError } from '../../kernel/actions/request.js'
import { sendTransaction } from '../../kernel/actions/sendTransaction.js'
import type { NodeErrorType } from '../../kernel/errors/nodeError.js'
import {
  TransactionConfirmationTimeoutError,
  type TransactionConfirmationTimeoutErrorType,
  TransactionFailedError,
  type TransactionFailedErrorType,
} from '../../kernel/errors/transaction.js'
import { defineFeatureState, featureState } from '../../kernel/featureState.js'
import type { Portico } from '../../kernel/portico.js'
import type { NameResolutionErrorType } from '../names/errors.js'
import { loadEvm, loadSolana } from './chainAccess.js'
import {
  InsufficientFundsForFeeError,
  TooManyPendingTransactionsError,
  type TooManyPendingTransactionsErrorType,
} from './errors.js'
import { estimateSendFee } from './estimateSendFee.js'
import {
  type PreparedSend,
  prepareSendToken,
  type SendTokenParameters,
  type SendTokenValidationErrorType,
} from './prepareSendToken.js'
import { resolveReceiver } from './resolveReceiver.js'

export type { SendTokenParameters, SendTokenValidationErrorType } from './prepareSendToken.js'
/** The EVM transaction hash or the Solana signature (base58). */
export type SendTokenReturnType = string
export type SendTokenErrorType =
  | SendTokenValidationErrorType
  | TooManyPendingTransactionsErrorType
  | RequestErrorType
  | NodeErrorType
  | TransactionFailedErrorType
  | TransactionConfirmationTimeoutErrorType
  | NameResolutionErrorType

/** The spec's limit on pending transactions. */
export const pendingTransactionsLimit = 99
/** How long an EVM transfer gets to be mined before the send gives up waiting. */
export const evmConfirmTimeoutMs = 120_000

/** The sends of an instance still waiting for their confirmation (the spec allows 99). */
const sendState = defineFeatureState('send', () => ({ pending: 0 }))

/**
 * Sends a token from the connected wallet and waits until the chain confirms it, so balances read
 * afterwards include it. The input is validated before the wallet is asked (the spec's texts
 * 'An amount and receiver address are required' and 'A token is required', the receiver's format
 * for the namespace, the amount in exact base units against the token's decimals and balance, and
 * a receiver that is the token contract). Then, by the active namespace: eip155 sends the native
 * currency or calls the ERC20's `transfer`; solana sends SOL or an SPL `transferChecked`, creating
 * the receiver's associated token account when missing; anything else is 'Unsupported chain'.
 * Node and contract failures are viem's typed errors ({@link toNodeError}); a user rejection is
 * `UserRejectedRequestError`. At most 99 sends may be pending at once (spec). The namespace's chain
 * code (viem's client, the Solana transaction kit) loads on the first send, not with the feature.
 *
 * @example
 * const [native, usdc] = await getBalance(portico)
 * const hash = await sendToken(portico, { token: usdc, amount: '12.5', receiver: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
 */
export async function sendToken(portico: Portico, parameters: SendTokenParameters): Promise<SendTokenReturnType> {
  const resolved = await resolveReceiver(portico, parameters)
  const prepared = prepareSendToken(portico, resolved)
  if (prepared.token.address === undefined) await assertFeeLeftNow(portico, resolved)
  const state = featureState(portico, sendState)
  if (state.pending >= pendingTransactionsLimit)
    throw new TooManyPendingTransactionsError({ limit: pendingTransactionsLimit })
  state.pending++
  try {
    return prepared.namespace === 'eip155' ? await sendEvm(portico, prepared) : await sendSolana(portico, prepared)
  } finally {
    state.pending--
  }
}

/**
 * A native send is estimated first: one that leaves too little for the fee is refused here, not
 * by the wallet. Only that refusal stops the send; an estimate that fails otherwise (a node
 * hiccup) leaves the judgement to the wallet and the chain, as before.
 */
async function assertFeeLeftNow(portico: Portico, parameters: SendTokenParameters): Promise<void> {
  try {
    await estimateSendFee(portico, parameters)
  } catch (error) {
    if (error instanceof InsufficientFundsForFeeError) throw error
  }
}

async function sendEvm(portico: Portico, prepared: Extract<PreparedSend, { namespace: 'eip155' }>) {
  // A native transfer goes to the wallet at once; an ERC20 one needs viem's ABI coder first.
  const transaction = prepared.contract
    ? (await loadEvm()).erc20Transfer({ ...prepared, contract: prepared.contract })
    : { to: prepared.receiver, value: prepared.units }
  // sendTransaction gives node errors their viem types already.
  const hash = await sendTransaction(portico, transaction)
  const { waitForReceiptStatus, evmPublicClient } = await loadEvm()
  let status: 'success' | 'reverted'
  try {
    status = await waitForReceiptStatus(
      evmPublicClient(portico, prepared.connection.network),
      hash,
      evmConfirmTimeoutMs,
    )
  } catch (error) {
    throw new TransactionConfirmationTimeoutError({ hash, timeoutMs: evmConfirmTimeoutMs, cause: error })
  }
  if (status === 'reverted') throw new TransactionFailedError({ hash, reason: 'reverted' })
  return hash
}

async function sendSolana(portico: Portico, prepared: Extract<PreparedSend, { namespace: 'solana' }>) {
  const solana = await loadSolana()
  const rpc = solana.solanaRpcFor(portico, prepared.connection.network)
  const { transaction } = await solana
    .buildSolanaTransfer({
      rpc,
      from: prepared.connection.account.address as never,
      to: prepared.receiver,
      amount: prepared.units,
      mint: prepared.mint,
      decimals: prepared.decimals,
    })
    .catch(async (error: unknown) => {
      // viem's node errors name the failure; their code loads on this path only (as in sendTransaction).
      const { toNodeError } = await import('../../kernel/errors/nodeError.js')
      throw toNodeError(error)
    })
  let signature: unknown
  try {
    ;({ signature } = await request<{ signature?: unknown }>(portico, {
      namespace: 'solana',
      method: 'solana_signAndSendTransaction',
      params: { transaction },
    }))
  } catch (error) {
    const { toNodeError } = await import('../../kernel/errors/nodeError.js')
    throw toNodeError(error)
  }
  if (typeof signature !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{64,90}$/.test(signature))
    throw new WalletRequestError({
      method: 'solana_signAndSendTransaction',
      cause: new Error('The wallet returned no signature'),
    })
  await solana.confirmSolanaSignature(rpc, signature)
  return signature
}
