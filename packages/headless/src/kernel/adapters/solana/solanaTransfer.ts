import {
  type Address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  type Instruction,
  pipe,
  type Signature,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type TransactionMessageBytesBase64,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { TransactionConfirmationTimeoutError, TransactionFailedError } from '../../errors/transaction.js'
import type { SolanaRpc } from '../../rpc/solanaClient.js'

const token2022Program = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address

// The Solana side of a token transfer (building, fee, confirmation), on @solana/kit: loaded by the
// send feature on its first send or fee quote, like the balance reader beside it.

// The RPC is the instance's one client of the network (`solanaRpcFor`): its transport times out
// each attempt and retries, so no call here sets a signal of its own.

/** Bytes of an SPL token account (what its rent-exempt deposit is computed for). */
const tokenAccountSize = 165n

/**
 * @internal
 * The fee of a transfer (`getFeeForMessage` on the message it builds) and, when it creates the
 * receiver's token account, that account's rent-exempt deposit. `fee` is `undefined` when the
 * cluster no longer knows the blockhash the message was built on (it expired meanwhile).
 *
 * @example
 * const { fee, createsAccount, accountRent } = await estimateSolanaTransfer({ rpc, from, to, amount, decimals })
 */
export async function estimateSolanaTransfer(
  parameters: SolanaTransferParameters,
): Promise<{ fee: bigint | undefined; createsAccount: boolean; accountRent: bigint | undefined }> {
  const { rpc } = parameters
  const { message, createsAccount } = await buildSolanaTransfer(parameters)
  const [{ value }, accountRent] = await Promise.all([
    rpc.getFeeForMessage(message).send(),
    createsAccount ? rpc.getMinimumBalanceForRentExemption(tokenAccountSize).send() : undefined,
  ])
  return {
    fee: value === null ? undefined : BigInt(value),
    createsAccount,
    accountRent: accountRent === undefined ? undefined : BigInt(accountRent),
  }
}

/** @internal */
export type SolanaTransferParameters = {
  rpc: SolanaRpc
  from: Address
  to: Address
  /** In lamports or the mint's base units. */
  amount: bigint
  /** The SPL mint; absent for SOL. */
  mint?: Address | undefined
  decimals: number
}

/** @internal An unsigned transfer, ready for the wallet and for a fee quote. */
export type SolanaTransfer = {
  /** The base64 wire transaction (no signatures yet) a wallet signs and sends. */
  transaction: string
  /** The base64 message, for `getFeeForMessage`. */
  message: TransactionMessageBytesBase64
  /** Whether the transfer creates the receiver's associated token account (it pays its rent). */
  createsAccount: boolean
}

/**
 * @internal
 * Builds an unsigned SOL or SPL transfer from `from` (the fee payer) on a recent blockhash. SPL:
 * `transferChecked` between the associated token accounts, after creating the receiver's account
 * when it does not exist (idempotent, so a race with another sender cannot fail it). The mint's
 * owner says which token program it belongs to (classic or Token-2022).
 */
export async function buildSolanaTransfer({
  rpc,
  from,
  to,
  amount,
  mint,
  decimals,
}: SolanaTransferParameters): Promise<SolanaTransfer> {
  // Only an address is needed to build the message: the wallet signs it later.
  const signer = createNoopSigner(from)
  const instructions: Instruction[] = []
  let createsAccount = false
  const blockhash = rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()
  if (!mint) {
    instructions.push(getTransferSolInstruction({ source: signer, destination: to, amount }))
  } else {
    const mintAccount = await rpc.getAccountInfo(mint, { encoding: 'base64' }).send()
    const tokenProgram = mintAccount.value?.owner === token2022Program ? token2022Program : TOKEN_PROGRAM_ADDRESS
    const [source] = await findAssociatedTokenPda({ owner: from, mint, tokenProgram })
    const [destination] = await findAssociatedTokenPda({ owner: to, mint, tokenProgram })
    const existing = await rpc.getAccountInfo(destination, { encoding: 'base64' }).send()
    if (!existing.value) {
      createsAccount = true
      instructions.push(
        getCreateAssociatedTokenIdempotentInstruction({
          payer: signer,
          ata: destination,
          owner: to,
          mint,
          tokenProgram,
        }),
      )
    }
    instructions.push(
      getTransferCheckedInstruction(
        { source, mint, destination, authority: signer, amount, decimals },
        { programAddress: tokenProgram },
      ),
    )
  }
  const { value: lifetime } = await blockhash
  const compiled = compileTransaction(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(from, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    ),
  )
  return {
    transaction: getBase64EncodedWireTransaction(compiled),
    message: getBase64Decoder().decode(compiled.messageBytes) as TransactionMessageBytesBase64,
    createsAccount,
  }
}

/** How long a sent Solana transaction gets to be confirmed (a blockhash lives about 60-90 s). */
export const solanaConfirmTimeoutMs = 90_000
const pollIntervalMs = 400

/**
 * @internal
 * Waits until `signature` is confirmed by polling `getSignatureStatuses` (the devnet RPC, and many
 * hosted ones, have no websocket subscriptions). A failed transaction throws
 * {@link TransactionFailedError}; none in time throws {@link TransactionConfirmationTimeoutError}.
 */
export async function confirmSolanaSignature(
  rpc: SolanaRpc,
  signature: string,
  { timeoutMs = solanaConfirmTimeoutMs }: { timeoutMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let lastError: unknown
  for (;;) {
    try {
      const {
        value: [status],
      } = await rpc.getSignatureStatuses([signature as Signature]).send()
      if (status?.err)
        throw new TransactionFailedError({
          hash: signature,
          reason: JSON.stringify(status.err, (_, v) => (typeof v === 'bigint' ? v.toString() : v)),
        })
      if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return
    } catch (error) {
      if (error instanceof TransactionFailedError) throw error
      lastError = error // a failed poll is retried until the deadline: the transaction is already out
    }
    if (Date.now() + pollIntervalMs > deadline)
      throw new TransactionConfirmationTimeoutError({ hash: signature, timeoutMs, cause: lastError })
    await new Promise((resolve) => setTimeout(resolve, pollIntervalMs))
  }
}
