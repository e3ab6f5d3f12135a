// @portico/headless/send: sending a native token or an ERC-20/SPL token (the `sendToken` and
// `estimateSendFee` actions, amount parsing, query and mutation options, typed errors), without
// React (hooks: '/send/react'). Its own entry, not the main one: esbuild splits by file, so
// anything the main entry re-exports that a lazily loaded view uses lands on every page's start
// (see pageStart.test.ts in @portico/ui).

export {
  type InsufficientBalanceErrorType,
  type InsufficientFundsForFeeErrorType,
  type InvalidAmountErrorType,
  type InvalidAmountReason,
  InvalidTokenError,
  type InvalidTokenErrorType,
  type ReceiverIsTokenContractErrorType,
  SendParametersRequiredError,
  type SendParametersRequiredErrorType,
  type TokenNetworkMismatchErrorType,
  TokenRequiredError,
  type TokenRequiredErrorType,
  type TooManyPendingTransactionsErrorType,
  type UnsupportedChainErrorType,
} from '../features/send/errors.js'
export {
  type EstimateSendFeeErrorType,
  type EstimateSendFeeParameters,
  type EstimateSendFeeReturnType,
  estimateSendFee,
} from '../features/send/estimateSendFee.js'
export { type ParseAmountErrorType, parseAmount } from '../features/send/parseAmount.js'
export {
  type EstimateSendFeeQueryKeyParameters,
  type EstimateSendFeeQueryOptionsParameters,
  estimateSendFeeQueryOptions,
  sendTokenMutationOptions,
} from '../features/send/query.js'
export {
  type SendTokenErrorType,
  type SendTokenParameters,
  type SendTokenReturnType,
  type SendTokenValidationErrorType,
  sendToken,
} from '../features/send/sendToken.js'
