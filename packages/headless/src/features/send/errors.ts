import { BaseError } from '../../kernel/errors/base.js'
import { describe } from '../../kernel/errors/validation.js'

export type SendParametersRequiredErrorType = SendParametersRequiredError & { name: 'SendParametersRequiredError' }
/** A send without an amount or a receiver (spec text). */
export class SendParametersRequiredError extends BaseError {
  override name = 'SendParametersRequiredError' as const
  constructor() {
    super('An amount and receiver address are required')
  }
}

export type TokenRequiredErrorType = TokenRequiredError & { name: 'TokenRequiredError' }
/** A send without a token to send (spec text). */
export class TokenRequiredError extends BaseError {
  override name = 'TokenRequiredError' as const
  constructor() {
    super('A token is required')
  }
}

export type UnsupportedChainErrorType = UnsupportedChainError & { name: 'UnsupportedChainError' }
/** Sending is built for eip155 and solana only (spec text). */
export class UnsupportedChainError extends BaseError {
  override name = 'UnsupportedChainError' as const
  constructor({ namespace }: { namespace: string }) {
    super('Unsupported chain', { details: `Sending tokens is not supported on ${namespace}.` })
  }
}

/** Why an amount was refused. */
export type InvalidAmountReason = 'format' | 'exponent' | 'negative' | 'zero' | 'decimals'

export type InvalidAmountErrorType = InvalidAmountError & { name: 'InvalidAmountError' }
/** An amount that is not a plain positive decimal the token can represent. */
export class InvalidAmountError extends BaseError {
  override name = 'InvalidAmountError' as const
  readonly reason: InvalidAmountReason
  constructor({ amount, reason, decimals }: { amount: unknown; reason: InvalidAmountReason; decimals?: number }) {
    const why: Record<InvalidAmountReason, string> = {
      format: 'is not a decimal number',
      exponent: 'uses exponent notation; write the digits out',
      negative: 'is negative',
      zero: 'is zero',
      decimals: `has more than the token's ${decimals} decimals`,
    }
    super('Amount is invalid', { details: `${describe(amount)} ${why[reason]}.` })
    this.reason = reason
  }
}

export type InsufficientBalanceErrorType = InsufficientBalanceError & { name: 'InsufficientBalanceError' }
/** The amount is above the token balance the send was given. */
export class InsufficientBalanceError extends BaseError {
  override name = 'InsufficientBalanceError' as const
  constructor({ symbol, balance }: { symbol: string; balance: string }) {
    super('Insufficient balance', { details: `The balance is ${balance} ${symbol}.`.replace(' .', '.') })
  }
}

export type InsufficientFundsForFeeErrorType = InsufficientFundsForFeeError & { name: 'InsufficientFundsForFeeError' }
/**
 * The native currency sent would leave too little to pay the network fee (the whole balance, or
 * close to it): refused before the wallet is asked, which would otherwise fail or refuse it.
 *
 * @example
 * const error = await sendToken(portico, { token: eth, amount: eth.quantity.numeric, receiver }).catch((e) => e)
 * error.shortMessage // 'Not enough ETH left for the network fee'
 */
export class InsufficientFundsForFeeError extends BaseError {
  override name = 'InsufficientFundsForFeeError' as const
  /** The fee the network asks, in native base units (wei, lamports). */
  readonly fee: bigint
  constructor({ symbol, fee, feeFormatted }: { symbol: string; fee: bigint; feeFormatted: string }) {
    super(`Not enough ${symbol} left for the network fee`, {
      details: `The network fee is about ${feeFormatted} ${symbol}.`,
      metaMessages: ['Send less, or use Max: it keeps the fee back.'],
    })
    this.fee = fee
  }
}

export type ReceiverIsTokenContractErrorType = ReceiverIsTokenContractError & { name: 'ReceiverIsTokenContractError' }
/** Tokens sent to their own contract (or mint) are lost: refused before the wallet is asked. */
export class ReceiverIsTokenContractError extends BaseError {
  override name = 'ReceiverIsTokenContractError' as const
  constructor() {
    super('The receiver is the token contract', {
      metaMessages: ["Send to the recipient's wallet address, not to the token's address."],
    })
  }
}

export type TokenNetworkMismatchErrorType = TokenNetworkMismatchError & { name: 'TokenNetworkMismatchError' }
/** The token's balance is from another network than the one the wallet is on. */
export class TokenNetworkMismatchError extends BaseError {
  override name = 'TokenNetworkMismatchError' as const
  constructor({ token, network }: { token: string; network: string }) {
    super('The token is not on the connected network', {
      details: `The token is on ${token}; the wallet is on ${network}.`,
      metaMessages: ['Switch the network, or pick a token of this network.'],
    })
  }
}

export type TooManyPendingTransactionsErrorType = TooManyPendingTransactionsError & {
  name: 'TooManyPendingTransactionsError'
}
/** The spec's cap of 99 pending transactions was reached. */
export class TooManyPendingTransactionsError extends BaseError {
  override name = 'TooManyPendingTransactionsError' as const
  constructor({ limit }: { limit: number }) {
    super('Too many pending transactions', { details: `At most ${limit} transactions can be pending at once.` })
  }
}

export type InvalidTokenErrorType = InvalidTokenError & { name: 'InvalidTokenError' }
/** A token whose address or decimals cannot be used to build a transfer. */
export class InvalidTokenError extends BaseError {
  override name = 'InvalidTokenError' as const
  constructor({ details }: { details: string }) {
    super('Token is invalid', { details })
  }
}
