/**
 * The `name` of a {@link TestSolanaWalletError}: the `@solana/wallet-adapter` error name for the failed step.
 *
 * @example
 * if ((error as TestSolanaWalletError).name === ('WalletSignTransactionError' satisfies TestSolanaWalletErrorName)) retry()
 */
export type TestSolanaWalletErrorName =
  | 'WalletConnectionError'
  | 'WalletDisconnectionError'
  | 'WalletSignMessageError'
  | 'WalletSignTransactionError'
  | 'WalletSendTransactionError'
  | 'WalletSignInError'

/**
 * What the Solana test wallet throws. The Wallet Standard defines no error shape, so this follows
 * what apps meet in practice: `name` is the wallet-adapter error name for the step
 * (`WalletSignTransactionError`, …) and `code` is the EIP-1193-style number Phantom and others
 * attach: `4001` user rejected, `4100` unauthorized (not connected, or an account the wallet did
 * not expose), `-32602` invalid input (undecodable transaction, unknown chain, not a signer),
 * `-32603` internal (the RPC failed; `cause` holds the RPC error).
 *
 * @example
 * wallet.rejectNext('solana:signMessage')
 * await expect(signMessage({ account, message })).rejects.toMatchObject({
 *   name: 'WalletSignMessageError',
 *   code: 4001,
 * })
 */
export class TestSolanaWalletError extends Error {
  override name: TestSolanaWalletErrorName
  /** `4001` rejected, `4100` unauthorized, `-32602` invalid input, `-32603` internal. */
  readonly code: number

  constructor({ name, code, message, cause }: TestSolanaWalletErrorParameters) {
    super(message, cause === undefined ? undefined : { cause })
    this.name = name
    this.code = code
  }
}

/**
 * Parameters of {@link TestSolanaWalletError}.
 *
 * @example
 * new TestSolanaWalletError({ name: 'WalletConnectionError', code: 4001, message: 'User rejected the request.' })
 */
export type TestSolanaWalletErrorParameters = {
  name: TestSolanaWalletErrorName
  code: number
  message: string
  cause?: unknown
}
