import { createSolanaRpc } from '@solana/kit'
import { createPublicClient, http } from 'viem'
import { request, WalletRequestError } from '../../kernel/actions/request.js'
import { sendTransaction } from '../../kernel/actions/sendTransaction.js'
import {
  buildSolanaTransfer,
  confirmSolanaSignature,
  type SolanaRpc,
} from '../../kernel/adapters/solana/solanaTransfer.js'
import { rpcUrlFor } from '../../kernel/api/rpcUrl.js'
import { toNodeError } from '../../kernel/errors/node.js'
import { defineFeatureState, featureState } from '../../kernel/featureState.js'
import type { Portico } from '../../kernel/portico.js'
import type { PorticoNetwork } from '../../kernel/types.js'
import {
  TooManyPendingTransactionsError,
  TransactionConfirmationTimeoutError,
  TransactionFailedError,
} from './errors.js'
import { type PreparedSend, prepareSendToken, type SendTokenParameters } from './prepareSendToken.js'
import { resolveReceiver } from './resolveReceiver.js'
import { evmConfirmTimeoutMs, pendingTransactionsLimit, type SendTokenReturnType } from './sendToken.js'

/** The sends of an instance still waiting for their confirmation (the spec allows 99). */
const sendState = defineFeatureState('send', () => ({ pending: 0 }))

/**
 * @internal The body of {@link sendToken}, loaded on the first send: viem's client and the Solana
 * transaction builders stay off the page until someone sends.
 */
export async function sendTokenNow(portico: Portico, parameters: SendTokenParameters): Promise<SendTokenReturnType> {
  const prepared = prepareSendToken(portico, await resolveReceiver(portico, parameters))
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

async function sendEvm(portico: Portico, prepared: Extract<PreparedSend, { namespace: 'eip155' }>) {
  let hash: `0x${string}`
  try {
    hash = await sendTransaction(portico, prepared.transaction)
  } catch (error) {
    throw toNodeError(error)
  }
  const client = createPublicClient({
    transport: http(rpcUrl(portico, prepared.connection.network), { retryCount: 1, retryDelay: 250 }),
  })
  let status: 'success' | 'reverted'
  try {
    status = await waitForReceiptStatus(client, hash)
  } catch (error) {
    throw new TransactionConfirmationTimeoutError({ hash, timeoutMs: evmConfirmTimeoutMs, cause: error })
  }
  if (status === 'reverted') throw new TransactionFailedError({ hash, reason: 'reverted' })
  return hash
}

/**
 * Polls for the receipt. A receipt not found yet is waited for (up to the confirmation timeout);
 * an RPC that keeps failing ends the wait after three failed reads in a row, so a node that goes
 * away mid-send gives a clear error within seconds instead of a send stuck loading.
 */
async function waitForReceiptStatus(
  client: { getTransactionReceipt(p: { hash: `0x${string}` }): Promise<{ status: 'success' | 'reverted' }> },
  hash: `0x${string}`,
): Promise<'success' | 'reverted'> {
  const deadline = Date.now() + evmConfirmTimeoutMs
  let failures = 0
  for (;;) {
    try {
      return (await client.getTransactionReceipt({ hash })).status
    } catch (error) {
      if ((error as { name?: unknown }).name !== 'TransactionReceiptNotFoundError' && ++failures >= 3) throw error
      if ((error as { name?: unknown }).name === 'TransactionReceiptNotFoundError') failures = 0
    }
    if (Date.now() > deadline) throw new Error(`No receipt for ${hash} within ${evmConfirmTimeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

async function sendSolana(portico: Portico, prepared: Extract<PreparedSend, { namespace: 'solana' }>) {
  const rpc = solanaRpc(portico, prepared.connection.network)
  const { transaction } = await buildSolanaTransfer({
    rpc,
    from: prepared.connection.account.address as never,
    to: prepared.receiver,
    amount: prepared.units,
    mint: prepared.mint,
    decimals: prepared.decimals,
  }).catch((error: unknown) => {
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
    throw toNodeError(error)
  }
  if (typeof signature !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{64,90}$/.test(signature))
    throw new WalletRequestError({
      method: 'solana_signAndSendTransaction',
      cause: new Error('The wallet returned no signature'),
    })
  await confirmSolanaSignature(rpc, signature)
  return signature
}

function rpcUrl(portico: Portico, network: PorticoNetwork): string {
  const url = rpcUrlFor(portico, network)
  if (!url) throw new TypeError(`Network ${network.caipNetworkId} has no RPC URL`)
  return url
}

/** @internal The Solana RPC client for a network, on the URL Portico reads it from. */
export function solanaRpc(portico: Portico, network: PorticoNetwork): SolanaRpc {
  return createSolanaRpc(rpcUrl(portico, network))
}
