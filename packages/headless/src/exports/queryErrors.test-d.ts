import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { expectTypeOf } from 'vitest'
import type { TransactionHistoryErrorType } from './activity.js'
import type { GetCallsStatusErrorType, GetCapabilitiesErrorType } from './calls.js'
import {
  type BlockchainApiErrorType,
  balanceQueryOptions,
  type GetBalanceErrorType,
  type Portico,
  type WalletDirectoryErrorType,
  walletDirectoryInfiniteQueryOptions,
} from './core.js'
import {
  type EmbeddedWalletRequestErrorType,
  type GetSmartAccountErrorType,
  smartAccountQueryOptions,
} from './embedded.js'
import { useBalance, useWalletDirectory } from './index.js'
import type { GetNameSuggestionsErrorType, GetNamesForAddressErrorType, ResolveNameErrorType } from './names.js'
import type { FetchNftsErrorType } from './nfts.js'
import type { GetPermissionsErrorType } from './permissions.js'
import { useTransactions } from './react/activity.js'
import { useCallsStatus, useCapabilities } from './react/calls.js'
import { useEmbeddedWallet, useSmartAccount } from './react/embedded.js'
import { useIdentity } from './react/identity.js'
import { useNameSuggestions, useNamesForAddress, useResolveName } from './react/names.js'
import { useNfts } from './react/nfts.js'
import { useOnrampOptions, useOnrampQuote } from './react/onramp.js'
import { usePermissions } from './react/permissions.js'
import { useEstimateSendFee } from './react/send.js'
import { useSwapAllowance, useSwapGasPrice, useSwapQuote, useSwapTokens } from './react/swap.js'
import type { EstimateSendFeeErrorType } from './send.js'
import type { FetchSwapAllowanceErrorType, FetchSwapQuoteErrorType, FetchSwapTokensErrorType } from './swap.js'

// Type-level checks (tsc runs them in `npm test`): every query hook's `error` is its verb's typed
// error union, narrowed by `name`, as the mutation hooks' are (kernel/react/mutations.test-d.ts);
// and so is the error of a host's own useQuery over a core entry's options factory.
declare const portico: Portico

// Hooks run inside a component; this one is never rendered, only type-checked.
export function TypeChecks() {
  expectTypeOf(useBalance().error).toEqualTypeOf<GetBalanceErrorType | null>()
  expectTypeOf(useQuery(balanceQueryOptions(portico)).error).toEqualTypeOf<GetBalanceErrorType | null>()
  expectTypeOf(useWalletDirectory().error).toEqualTypeOf<WalletDirectoryErrorType | null>()
  expectTypeOf(
    useInfiniteQuery(walletDirectoryInfiniteQueryOptions(portico)).error,
  ).toEqualTypeOf<WalletDirectoryErrorType | null>()
  expectTypeOf(useTransactions().error).toEqualTypeOf<TransactionHistoryErrorType | null>()
  expectTypeOf(useNfts().error).toEqualTypeOf<FetchNftsErrorType | null>()
  expectTypeOf(useCallsStatus({ id: '0x1' }).error).toEqualTypeOf<GetCallsStatusErrorType | null>()
  expectTypeOf(useCapabilities().error).toEqualTypeOf<GetCapabilitiesErrorType | null>()
  expectTypeOf(useEmbeddedWallet().user.error).toEqualTypeOf<EmbeddedWalletRequestErrorType | null>()
  expectTypeOf(useSmartAccount().status.error).toEqualTypeOf<GetSmartAccountErrorType | null>()
  expectTypeOf(
    useQuery(smartAccountQueryOptions(portico, { address: null })).error,
  ).toEqualTypeOf<GetSmartAccountErrorType | null>()
  expectTypeOf(useIdentity().error).toEqualTypeOf<BlockchainApiErrorType | null>()
  expectTypeOf(useResolveName({ name: 'alice.eth' }).error).toEqualTypeOf<ResolveNameErrorType | null>()
  expectTypeOf(useNameSuggestions({ name: 'alice' }).error).toEqualTypeOf<GetNameSuggestionsErrorType | null>()
  expectTypeOf(useNamesForAddress().error).toEqualTypeOf<GetNamesForAddressErrorType | null>()
  // The on-ramp's reads never fail (sample options and a placeholder quote stand in).
  expectTypeOf(useOnrampOptions().error).toEqualTypeOf<null>()
  expectTypeOf(useOnrampQuote({}).query.error).toEqualTypeOf<null>()
  expectTypeOf(usePermissions().error).toEqualTypeOf<GetPermissionsErrorType | null>()
  expectTypeOf(useEstimateSendFee().error).toEqualTypeOf<EstimateSendFeeErrorType | null>()
  expectTypeOf(useSwapTokens().error).toEqualTypeOf<FetchSwapTokensErrorType | null>()
  expectTypeOf(useSwapQuote({}).error).toEqualTypeOf<FetchSwapQuoteErrorType | null>()
  expectTypeOf(useSwapAllowance({}).error).toEqualTypeOf<FetchSwapAllowanceErrorType | null>()
  expectTypeOf(useSwapGasPrice().error).toEqualTypeOf<BlockchainApiErrorType | null>()
  // A host narrows by name.
  const { error } = useSwapQuote({})
  if (error?.name === 'InvalidSwapAmountError') expectTypeOf(error.name).toEqualTypeOf<'InvalidSwapAmountError'>()
  return null
}
