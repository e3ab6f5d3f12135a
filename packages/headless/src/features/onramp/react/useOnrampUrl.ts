'use client'
import { useMutation } from '@tanstack/react-query'
import type { UseMutationParameters } from '../../../kernel/react/useMutationParameters.js'
import { usePortico } from '../../../kernel/react/usePortico.js'
import type {
  CreateOnrampUrlErrorType,
  CreateOnrampUrlParameters,
  CreateOnrampUrlReturnType,
} from '../createOnrampUrl.js'
import { createOnrampUrlMutationOptions } from '../query.js'

export type UseOnrampUrlParameters = {
  /** TanStack mutation options, e.g. `onSuccess`; the function and key are Portico's. */
  mutation?:
    | UseMutationParameters<CreateOnrampUrlReturnType, CreateOnrampUrlErrorType, CreateOnrampUrlParameters>
    | undefined
}

/**
 * Creates the provider checkout link for a purchase delivered to the connected wallet: the
 * blockchain API's generator with destination wallets, default network, the buyer id and the
 * preset amounts, or a direct provider's URL with publicKey, destinationCurrencyCode (SOL on
 * Solana, else USDC), walletAddress and externalCustomerId. Errors are typed
 * (`OnrampNotAvailableError` in a restricted time zone or outside eip155/solana,
 * `NotConnectedError`, `OnrampApiError`). Returns the TanStack mutation unchanged.
 *
 * @example
 * const onrampUrl = useOnrampUrl()
 * const url = await onrampUrl.mutateAsync({ network: 'ethereum', asset: 'USDC', presetFiatAmount: 100 })
 * window.open(url, 'portico-onramp', 'popup')
 */
export function useOnrampUrl({ mutation }: UseOnrampUrlParameters = {}) {
  const { portico, queryClient } = usePortico('useOnrampUrl')
  return useMutation<CreateOnrampUrlReturnType, CreateOnrampUrlErrorType, CreateOnrampUrlParameters>(
    { ...mutation, ...createOnrampUrlMutationOptions(portico) },
    queryClient,
  )
}
