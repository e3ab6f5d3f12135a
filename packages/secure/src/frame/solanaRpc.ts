import { ed25519 } from '@noble/curves/ed25519.js'
import { base58, base64 } from '@scure/base'
import type { ApprovalRequest } from './approval.js'
import { forward } from './chainRpc.js'
import { RpcError } from './rpcError.js'
import {
  describeTransaction,
  InvalidTransactionError,
  parseTransaction,
  signTransactionBytes,
} from './solanaTransaction.js'

/** The Solana requests the frame signs (each on the wallet policy's unsafe list: the user approves it). */
export type SolanaRpcMethod =
  | 'solana_signMessage'
  | 'solana_signTransaction'
  | 'solana_signAndSendTransaction'
  | 'solana_signAllTransactions'

/** What a Solana request needs from the frame. */
export type SolanaRpcContext = {
  /** The wallet's Solana address (base58): the only signer the frame signs for. */
  address: string
  /** The Solana network's RPC, where `solana_signAndSendTransaction` sends. */
  rpcUrl: string | undefined
  /** Runs `use` with the rebuilt ed25519 secret (wiped afterwards). */
  withSecret<T>(use: (secret: Uint8Array) => Promise<T> | T): Promise<T>
  /** Asks the user in the frame's origin; throws the rejection when they refuse. */
  approve(request: Omit<ApprovalRequest, 'origin'>): Promise<void>
}

/**
 * Answers one Solana signing request in WalletConnect's Solana format: a base58 message or base64
 * transactions in, base58 signatures (and base64 signed transactions) out. Every request is
 * checked before the user is asked (a transaction the wallet does not sign is refused), and signs
 * only after {@link SolanaRpcContext.approve} returns.
 *
 * @example
 * const { signature } = await handleSolanaRpc(context, 'solana_signAndSendTransaction', { transaction })
 */
export async function handleSolanaRpc(
  context: SolanaRpcContext,
  method: SolanaRpcMethod,
  params: unknown,
): Promise<unknown> {
  if (method === 'solana_signMessage') {
    const request = (Array.isArray(params) ? params[0] : params) as { message?: unknown; pubkey?: unknown }
    if (typeof request?.message !== 'string' || request.pubkey !== context.address)
      throw new RpcError('Invalid params', -32602)
    const bytes = base58.decode(request.message)
    await context.approve({
      title: 'Sign message',
      rows: [{ label: 'Message', value: new TextDecoder().decode(bytes) }],
    })
    const signature = await context.withSecret((secret) => ed25519.sign(bytes, secret))
    return { signature: base58.encode(signature) }
  }
  const request = (Array.isArray(params) ? params[0] : params) as {
    transaction?: unknown
    transactions?: unknown
    options?: Record<string, unknown>
    sendOptions?: Record<string, unknown>
  }
  const encoded =
    method === 'solana_signAllTransactions' ? request?.transactions : [request?.transaction].filter(Boolean)
  if (!Array.isArray(encoded) || encoded.length === 0 || !encoded.every((t) => typeof t === 'string'))
    throw new RpcError('Invalid params', -32602)
  const solana = context.address
  let transactions: Uint8Array[]
  try {
    transactions = (encoded as string[]).map((t) => base64.decode(t))
    for (const bytes of transactions)
      if (!parseTransaction(bytes).signers.includes(solana))
        throw new InvalidTransactionError('the wallet is not a signer of this transaction')
  } catch (error) {
    throw new RpcError(error instanceof InvalidTransactionError ? error.message : 'Invalid transaction', -32602)
  }
  const send = method === 'solana_signAndSendTransaction'
  if (send && !context.rpcUrl) throw new RpcError('No RPC URL for this network', -32603)
  await context.approve({
    title: send
      ? 'Send transaction'
      : transactions.length > 1
        ? `Sign ${transactions.length} transactions`
        : 'Sign transaction',
    rows: transactions.flatMap((bytes, index) =>
      describeTransaction(parseTransaction(bytes)).map((row) => ({
        label: transactions.length > 1 ? `#${index + 1} ${row.label}` : row.label,
        value: row.value,
      })),
    ),
  })
  const signed = await context.withSecret((secret) =>
    transactions.map((bytes) => signTransactionBytes(bytes, solana, (message) => ed25519.sign(message, secret))),
  )
  if (method === 'solana_signAllTransactions') return { transactions: signed.map((s) => base64.encode(s.transaction)) }
  const [first] = signed as [(typeof signed)[number]]
  if (!send) return { signature: base58.encode(first.signature), transaction: base64.encode(first.transaction) }
  const options = request.options ?? request.sendOptions ?? {}
  const config: Record<string, unknown> = { encoding: 'base64' }
  for (const key of ['skipPreflight', 'preflightCommitment', 'maxRetries', 'minContextSlot'] as const)
    if (options[key] !== undefined) config[key] = options[key]
  const signature = await forward(context.rpcUrl, 'sendTransaction', [base64.encode(first.transaction), config])
  return { signature }
}
