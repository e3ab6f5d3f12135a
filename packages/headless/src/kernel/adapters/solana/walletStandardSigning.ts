import { base58, base64 } from '@scure/base'
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignInFeature,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import type { IdentifierString, Wallet, WalletAccount } from '@wallet-standard/base'
import { RequestNotApprovedError } from '../../errors/walletConnect.js'
import type { CaipNetworkId } from '../../utils/caip.js'
import { walletFeature as feature } from '../../utils/walletStandard.js'

// A Wallet Standard wallet's signing, for its connector (walletStandardConnector.ts), which loads
// this module with the first signature. Transactions travel base64 and signatures base58, through
// @scure/base's codecs (@solana/kit's pull its whole error catalogue). @scure/base builds every codec
// it has when its module runs, which is why this module is not at page start.

/**
 * The spec's preflight commitments, and what each is sent to the wallet as: Wallet Standard wallets
 * take only the three current ones, so web3.js's deprecated names go as the commitment they stand for.
 */
const commitments = {
  processed: 'processed',
  confirmed: 'confirmed',
  finalized: 'finalized',
  recent: 'processed',
  single: 'confirmed',
  singleGossip: 'confirmed',
  root: 'finalized',
  max: 'finalized',
} as const

/**
 * @internal `solana:signMessage` on `account`, the signature base58 (the connector's `signMessage`).
 *
 * @example
 * const signature = await signWalletMessage(wallet, account, new TextEncoder().encode('Hello'))
 */
export async function signWalletMessage(wallet: Wallet, account: WalletAccount, message: Uint8Array): Promise<string> {
  return base58.encode(await signMessageBytes(wallet, account, message))
}

/**
 * @internal
 * A request in WalletConnect's Solana JSON-RPC format (`solana_signMessage`,
 * `solana_signTransaction`, `solana_signAllTransactions`, `solana_signAndSendTransaction`,
 * `solana_signIn`) mapped onto the wallet's features (the connector's `request`). Any other
 * method is refused with `RequestNotApprovedError`.
 *
 * @example
 * await requestWallet(wallet, account, 'solana:devnet', { chainId, method: 'solana_signMessage', params: { message } }) // { signature }
 */
export async function requestWallet(
  wallet: Wallet,
  account: WalletAccount,
  chain: IdentifierString,
  { chainId, method, params }: { chainId: CaipNetworkId; method: string; params?: unknown },
): Promise<unknown> {
  const input = (params ?? {}) as Record<string, unknown>
  switch (method) {
    case 'solana_signMessage': {
      const signature = await signMessageBytes(wallet, account, base58.decode(stringParam(input, 'message')))
      return { signature: base58.encode(signature) }
    }
    case 'solana_signTransaction': {
      const [signed = ''] = await signTransactions(wallet, account, chain, [stringParam(input, 'transaction')], input)
      return { signature: firstSignature(signed), transaction: signed }
    }
    case 'solana_signAllTransactions': {
      const list = input.transactions
      if (!Array.isArray(list) || list.length === 0 || !list.every((t) => typeof t === 'string'))
        throw new TypeError('`transactions` must be a non-empty list of base64 transactions')
      return { transactions: await signTransactions(wallet, account, chain, list as string[], input) }
    }
    case 'solana_signAndSendTransaction': {
      const send = feature<SolanaSignAndSendTransactionFeature>(wallet, 'solana:signAndSendTransaction')
      const [output] = await send.signAndSendTransaction({
        account,
        chain,
        transaction: base64.decode(stringParam(input, 'transaction')),
        options: sendOptions(input),
      })
      if (!(output?.signature instanceof Uint8Array) || output.signature.length !== 64)
        throw new TypeError('The wallet returned a malformed signature')
      return { signature: base58.encode(output.signature) }
    }
    case 'solana_signIn': {
      // Sign In With Solana through the wallet's own `solana:signIn` (it builds the text);
      // a wallet without the feature gets the refusal below, and sign-in falls back to signMessage.
      if (!wallet.features['solana:signIn']) break
      const [output] = await feature<SolanaSignInFeature>(wallet, 'solana:signIn').signIn(input)
      return (
        output && {
          address: output.account.address,
          signedMessage: base58.encode(output.signedMessage),
          signature: base58.encode(output.signature),
        }
      )
    }
  }
  throw new RequestNotApprovedError({ method, chainId, reason: 'method' })
}

async function signMessageBytes(wallet: Wallet, account: WalletAccount, message: Uint8Array): Promise<Uint8Array> {
  const [output] = await feature<SolanaSignMessageFeature>(wallet, 'solana:signMessage').signMessage({
    account,
    message,
  })
  if (!output || !(output.signature instanceof Uint8Array) || output.signature.length !== 64)
    throw new TypeError('The wallet returned a malformed signature')
  return output.signature
}

async function signTransactions(
  wallet: Wallet,
  account: WalletAccount,
  chain: IdentifierString,
  transactions: readonly string[],
  input: Record<string, unknown>,
): Promise<string[]> {
  const sign = feature<SolanaSignTransactionFeature>(wallet, 'solana:signTransaction')
  const options = sendOptions(input)
  const outputs = await sign.signTransaction(
    ...transactions.map((transaction) => ({
      account,
      chain,
      transaction: base64.decode(transaction),
      ...(options?.preflightCommitment ? { options: { preflightCommitment: options.preflightCommitment } } : {}),
    })),
  )
  if (outputs.length !== transactions.length)
    throw new TypeError('The wallet returned the wrong number of transactions')
  return outputs.map((output) => {
    if (!(output?.signedTransaction instanceof Uint8Array)) throw new TypeError('The wallet returned no transaction')
    return base64.encode(output.signedTransaction)
  })
}

/** The first signature of a serialised transaction (after its compact-u16 signature count). */
function firstSignature(transaction: string): string {
  const bytes = base64.decode(transaction)
  return base58.encode(bytes.slice(1, 65))
}

function stringParam(input: Record<string, unknown>, name: string): string {
  const value = input[name]
  if (typeof value !== 'string' || value.length === 0) throw new TypeError(`\`${name}\` must be a non-empty string`)
  return value
}

/** The spec's preflight commitments, checked: an unknown one is refused, not passed to the wallet. */
function sendOptions(input: Record<string, unknown>) {
  const options = (input.options ?? input.sendOptions) as Record<string, unknown> | undefined
  if (!options) return undefined
  const requested = options.preflightCommitment
  if (requested !== undefined && (typeof requested !== 'string' || !Object.hasOwn(commitments, requested)))
    throw new TypeError(`preflightCommitment must be one of ${Object.keys(commitments).join(', ')}`)
  const preflightCommitment = requested === undefined ? undefined : commitments[requested as keyof typeof commitments]
  const skipPreflight = options.skipPreflight
  if (skipPreflight !== undefined && typeof skipPreflight !== 'boolean')
    throw new TypeError('skipPreflight must be a boolean')
  return {
    ...(preflightCommitment ? { preflightCommitment } : {}),
    ...(skipPreflight !== undefined ? { skipPreflight } : {}),
  }
}
